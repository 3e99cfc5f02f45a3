import Foundation
import Testing

@testable import ChatIO
@testable import TextWidth

@Suite struct WidthCacheTests {
    @Test func measurementsAreReadBackForTheSameTerminalOnly() throws {
        let folder = try TemporaryFolder()
        let cache = WidthCache(environment: ["XDG_CACHE_HOME": folder.path])
        #expect(cache.folder == folder.path + "/chat-tui/widths")
        let identity = WidthCache.identity(environment: [
            "TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm",
            "TERM_PROGRAM_VERSION": "20240203",
        ])
        #expect(identity == "TERM=xterm-256color TERM_PROGRAM=WezTerm version=20240203")
        #expect(cache.load(identity: identity) == nil, "nothing cached yet")
        let measured: [WidthProbe.Sample: Int] = [.emojiModifier: 2, .newerEmoji: 0, .ambiguous: 1]
        try cache.save(measured, identity: identity)
        #expect(cache.load(identity: identity) == measured)
        #expect(cache.load(identity: "TERM=xterm-256color") == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.path(for: identity))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func noAnswerIsNeverTakenAsAnAnswerSoTheTerminalIsAskedAgain() throws {
        let folder = try TemporaryFolder()
        let cache = WidthCache(environment: ["XDG_CACHE_HOME": folder.path])
        try cache.save([:], identity: "TERM=dumb")  // as an earlier chat-tui left it
        #expect(cache.load(identity: "TERM=dumb") == nil)
    }

    @Test func multiplexersAreAPartOfTheIdentity() {
        let plain = WidthCache.identity(environment: ["TERM": "screen-256color"])
        let tmux = WidthCache.identity(environment: ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"])
        let screen = WidthCache.identity(environment: ["TERM": "screen-256color", "STY": "123.pts-0"])
        #expect(Set([plain, tmux, screen]).count == 3)
    }

    @Test func aFileFromAnotherVersionOrDamagedIsIgnored() throws {
        let folder = try TemporaryFolder()
        let cache = WidthCache(environment: ["XDG_CACHE_HOME": folder.path])
        try cache.save([.flag: 2], identity: "TERM=x")
        let path = cache.path(for: "TERM=x")
        try "chat-tui width probe 0\nidentity TERM=x\nflag 2\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(cache.load(identity: "TERM=x") == nil)
        try "chat-tui width probe 1\nidentity TERM=x\nflag two\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(cache.load(identity: "TERM=x") == nil)
    }

    @Test func identitiesBecomeSafeFileNames() {
        let cache = WidthCache(environment: ["XDG_CACHE_HOME": "/c"])
        #expect(cache.path(for: "TERM=../../etc TERM_PROGRAM=a/b") == "/c/chat-tui/widths/TERM=.._.._etc_TERM_PROGRAM=a_b")
    }
}
