import Foundation
import Testing

@testable import ChatIO

@Suite struct DraftFolderTests {
    /// Leaves a draft in `folder` as a process that was killed leaves it: its
    /// draft, and its lock file held by nobody.
    func leaveOrphan(_ text: String, owner: String, in folder: String, modified: Date) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/\(owner).draft", atomically: false, encoding: .utf8)
        try "".write(toFile: folder + "/\(owner).lock", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: folder + "/\(owner).draft")
    }

    @Test func twoRunningProcessesKeepTheirOwnDraftsAndTakeNeither() throws {
        let temporary = try TemporaryFolder()
        let alice = try DraftFolder(drafts: temporary.path, room: "local")
        try alice.draft.save("alice's three rows\ntwo\nthree")
        let bob = try DraftFolder(drafts: temporary.path, room: "local")
        #expect(try bob.adoptOrphans() == [], "a draft whose process runs is not an orphan")
        try bob.draft.save("bob's own draft")
        try bob.draft.save("")  // bob sends
        #expect(try alice.draft.load() == "alice's three rows\ntwo\nthree", "bob's send leaves alice's draft alone")
        #expect(alice.draft.path != bob.draft.path)
    }

    @Test func theDraftsOfProcessesGoneAreAdoptedNewestFirstAndOnlyOnce() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.path + "/local"
        let now = Date()
        try leaveOrphan("older", owner: "101-a", in: folder, modified: now.addingTimeInterval(-60))
        try leaveOrphan("newest", owner: "102-b", in: folder, modified: now)
        let running = try DraftFolder(drafts: temporary.path, room: "local")
        try running.draft.save("still typing")
        let next = try DraftFolder(drafts: temporary.path, room: "local")
        #expect(try next.adoptOrphans() == ["newest", "older"])
        #expect(try next.draft.load() == "newest", "the newest is the new process's draft")
        let another = try DraftFolder(drafts: temporary.path, room: "local")
        #expect(try another.adoptOrphans() == [], "adopted drafts belong to a running process now")
        #expect(try running.draft.load() == "still typing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.contains { $0.hasPrefix("101-a.") || $0.hasPrefix("102-b.") }, "\(names)")
    }

    @Test func theSparesOfProcessesGoneAreRemovedAndTheirOwnersAtTheEnd() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.path + "/local"
        try leaveOrphan("killed while typing", owner: "301-a", in: folder, modified: Date())
        try "the draft before".write(toFile: folder + "/.301-a.draft.spare", atomically: false, encoding: .utf8)
        try "half a save".write(toFile: folder + "/.301-a.draft.301.tmp", atomically: false, encoding: .utf8)
        let running = try DraftFolder(drafts: temporary.path, room: "local")
        try running.draft.save(utf8: Array("one".utf8), flush: false)
        try running.draft.save(utf8: Array("two".utf8), flush: false)
        let runningSpare = try #require(running.draft.spare)
        #expect(FileManager.default.fileExists(atPath: runningSpare))
        do {
            let next = try DraftFolder(drafts: temporary.path, room: "local")
            #expect(try next.adoptOrphans() == ["killed while typing"])
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            // The orphan's by its owner whole: this process's own files are named
            // by its PID, which may hold 301.
            #expect(!names.contains { $0.hasPrefix("301-a.") || $0.hasPrefix(".301-a.") }, "\(names)")
            #expect(FileManager.default.fileExists(atPath: runningSpare), "a running process's spare is its own")
            try next.draft.save(utf8: Array("adopted, then typed on".utf8), flush: false)
            #expect(try next.draft.load() == "adopted, then typed on")
            #expect(try String(contentsOfFile: try #require(next.draft.spare), encoding: .utf8) == "killed while typing")
        }
        // The next one ended: its draft stays for the next start, its spare does not.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.filter { $0.hasPrefix(".") } == [(runningSpare as NSString).lastPathComponent], "\(names)")
        #expect(try running.draft.load() == "two")
    }

    @Test func keptDraftsStayUntilRemovedAndADraftOutlivesANormalEnd() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.path + "/local"
        try leaveOrphan("one", owner: "201-a", in: folder, modified: Date())
        try leaveOrphan("two", owner: "202-b", in: folder, modified: Date().addingTimeInterval(-5))
        do {
            let adopter = try DraftFolder(drafts: temporary.path, room: "local")
            #expect(try adopter.adoptOrphans() == ["one", "two"])
            adopter.removeKept()
        }
        // The adopter ended normally: its own draft ("one") is there for the next
        // start, the kept one ("two") is not offered again.
        let next = try DraftFolder(drafts: temporary.path, room: "local")
        #expect(try next.adoptOrphans() == ["one"])
    }

    @Test func aDraftKeptInTheEarlierSingleFileIsAdopted() throws {
        let temporary = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.path, withIntermediateDirectories: true)
        try "from an earlier chat-tui".write(toFile: temporary.path + "/local", atomically: false, encoding: .utf8)
        let drafts = try DraftFolder(drafts: temporary.path, room: "local")
        #expect(try drafts.adoptOrphans() == ["from an earlier chat-tui"])
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: temporary.path + "/local", isDirectory: &isFolder) && isFolder.boolValue)
    }
}
