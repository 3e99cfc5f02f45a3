@testable import ChatIO
import Foundation
import Glibc
import Testing

@Suite struct FileWatchTests {
    /// Whether `descriptor` is readable within `milliseconds`.
    static func readable(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, milliseconds) == 1
    }

    static func madeFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        return folder
    }

    @Test func anAppendByAnotherWriterWakesTheWatcherAndNothingElseDoes() throws {
        let folder = try Self.madeFolder()
        let path = folder.path + "/room.jsonl"
        try "first\n".write(toFile: path, atomically: false, encoding: .utf8)
        let watch = try #require(FileWatch(path: path))
        #expect(!Self.readable(watch.descriptor, within: 0), "nothing written yet")
        #expect(!watch.drain())
        let other = try #require(FileHandle(forWritingAtPath: path))
        other.seekToEndOfFile()
        other.write(Data("second\n".utf8))
        try other.close()
        // Waited on as the run loop waits, for as long as a loaded machine may take.
        #expect(Self.readable(watch.descriptor, within: 10_000))
        #expect(watch.drain())
        #expect(!Self.readable(watch.descriptor, within: 0), "drained")
        #expect(watch.isWatching)
    }

    @Test func aLinkIsFollowedToItsFile() throws {
        let folder = try Self.madeFolder()
        let target = folder.path + "/target.jsonl"
        try "".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.jsonl", withDestinationPath: target)
        let watch = try #require(FileWatch(path: folder.path + "/link.jsonl"))
        try "line\n".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(Self.readable(watch.descriptor, within: 10_000))
        #expect(watch.drain())
    }

    @Test func aFileMovedAwayEndsTheWatchSoTheFollowerLooksOnATimer() throws {
        let folder = try Self.madeFolder()
        let path = folder.path + "/room.jsonl"
        try "".write(toFile: path, atomically: false, encoding: .utf8)
        let watch = try #require(FileWatch(path: path))
        try FileManager.default.moveItem(atPath: path, toPath: folder.path + "/elsewhere.jsonl")
        #expect(Self.readable(watch.descriptor, within: 10_000))
        watch.drain()
        #expect(!watch.isWatching)
    }

    @Test func aPathWithNoFileIsNotWatched() throws {
        let folder = try Self.madeFolder()
        #expect(FileWatch(path: folder.path + "/missing.jsonl") == nil)
    }
}
