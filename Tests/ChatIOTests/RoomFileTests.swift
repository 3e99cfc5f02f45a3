import Foundation
import Testing

@testable import ChatIO

/// A fresh folder for one test, removed afterwards.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("chat-io-test-\(UUID().uuidString)").path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct RoomFileTests {
    @Test func olderLinesPageBackToTheFirstWithoutGapsOrRepeats() throws {
        let folder = try TemporaryFolder()
        let room = try RoomFile(folder: folder.path, room: "local")
        // Lines of different lengths, some longer than a read block, so pages
        // and blocks are cut in every kind of place.
        let lines = (0..<40).map { "line \($0) " + String(repeating: "x", count: $0 % 5 == 0 ? 70_000 : $0 * 7) }
        for line in lines { try room.append(line) }
        var read = room.recentLines(3)
        #expect(read == Array(lines.suffix(3)))
        while room.hasOlderLines {
            let older = room.olderLines(7)
            #expect(!older.isEmpty)
            read = older + read
        }
        #expect(read == lines)
        #expect(room.olderLines(7).isEmpty)
    }

    @Test func theFileAndItsFoldersAreCreatedPrivate() throws {
        let folder = try TemporaryFolder()
        let rooms = folder.path + "/data/chat-tui/rooms"
        let room = try RoomFile(folder: rooms, room: "local")
        #expect(room.path == rooms + "/local.jsonl")
        let attributes = try FileManager.default.attributesOfItem(atPath: room.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: rooms)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        #expect(room.recentLines(10).isEmpty)
    }

    @Test func appendedLinesAreTheLastLinesNextTime() throws {
        let folder = try TemporaryFolder()
        let room = try RoomFile(folder: folder.path, room: "r")
        for index in 1...5 { try room.append("line \(index)") }
        #expect(try String(contentsOfFile: room.path, encoding: .utf8) == (1...5).map { "line \($0)\n" }.joined())
        let reopened = try RoomFile(folder: folder.path, room: "r")
        #expect(reopened.recentLines(3) == ["line 3", "line 4", "line 5"])
        #expect(reopened.recentLines(100) == (1...5).map { "line \($0)" })
    }

    @Test func recentLinesReadOnlyTheEndOfALargeFileAndCutCleanlyAcrossChunks() throws {
        let folder = try TemporaryFolder()
        let room = try RoomFile(folder: folder.path, room: "big")
        // About 200 KB: several 64 KB chunks, with lines crossing their edges.
        let lines = (0..<3000).map { "message number \($0) " + String(repeating: "x", count: $0 % 97) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: room.path, atomically: false, encoding: .utf8)
        #expect(room.recentLines(1) == [lines.last!])
        #expect(room.recentLines(2500) == Array(lines.suffix(2500)))
        #expect(room.recentLines(5000) == lines)
    }

    @Test func twoWritersSeeEachOthersLinesOnceAndInOrderButNotTheirOwn() throws {
        let folder = try TemporaryFolder()
        let alice = try RoomFile(folder: folder.path, room: "shared")
        let bob = try RoomFile(folder: folder.path, room: "shared")
        _ = alice.recentLines(10)
        _ = bob.recentLines(10)
        try alice.append("a1")
        try bob.append("b1")
        try alice.append("a2")
        #expect(alice.newLines() == ["b1"])
        #expect(bob.newLines() == ["a1", "a2"])
        #expect(alice.newLines().isEmpty)
        #expect(bob.newLines().isEmpty)
    }

    @Test func linesAppendedTogetherArriveWholeInOrderAndAreNotShownToTheirWriter() throws {
        let folder = try TemporaryFolder()
        let network = try RoomFile(folder: folder.path, room: "shared")
        let follower = try RoomFile(folder: folder.path, room: "shared")
        _ = network.recentLines(10)
        _ = follower.recentLines(10)
        try network.append(["n1", "n2 日本語", "n3"])
        try network.append([])
        try follower.append("f1")
        #expect(follower.newLines() == ["n1", "n2 日本語", "n3"])
        #expect(network.newLines() == ["f1"], "each of the writer's own lines is known, not just the first")
        #expect(network.recentLines(4) == ["n1", "n2 日本語", "n3", "f1"])
    }

    @Test func historyRewoundToALineGoesOnFromBeforeItAndALineNotFoundMovesNothing() throws {
        let folder = try TemporaryFolder()
        let room = try RoomFile(folder: folder.path, room: "r")
        // Over 64 KB, so the line looked for is blocks back from the end.
        let lines = (0..<5000).map { "line \($0) " + String(repeating: "é", count: $0 % 13) }
        try room.append(lines)
        #expect(room.recentLines(10) == Array(lines.suffix(10)))
        #expect(!room.rewindHistory(toLineMatching: { $0 == "no such line" }, within: 10_000))
        #expect(room.olderLines(2) == Array(lines[4988..<4990]), "a line not found moves nothing")
        #expect(
            !room.rewindHistory(toLineMatching: { $0.hasPrefix("line 1200 ") }, within: 3000),
            "looked for no further back than asked")
        #expect(room.rewindHistory(toLineMatching: { $0.hasPrefix("line 1200 ") }, within: 10_000))
        #expect(room.olderLines(3) == Array(lines[1197..<1200]))
        #expect(room.rewindHistory(toLineMatching: { $0.hasPrefix("line 0 ") }, within: 10_000))
        #expect(room.olderLines(3).isEmpty && !room.hasOlderLines, "nothing is before the first line")
    }

    @Test func aLineStillBeingWrittenWaitsUntilItIsComplete() throws {
        let folder = try TemporaryFolder()
        let room = try RoomFile(folder: folder.path, room: "r")
        _ = room.recentLines(10)
        let other = try #require(FileHandle(forWritingAtPath: room.path))
        other.seekToEndOfFile()
        other.write(Data(#"{"from":"bob","te"#.utf8))
        #expect(room.newLines().isEmpty)
        other.write(Data((#"xt":"hi"}"# + "\n").utf8))
        #expect(room.newLines() == [#"{"from":"bob","text":"hi"}"#])
        try other.close()
    }

    @Test func aFullDiskIsReportedLeavesNothingBehindAndTheNextTryReopens() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        // /dev/full fails every write with ENOSPC, as a full file system does.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/r.jsonl", withDestinationPath: "/dev/full")
        let room = try RoomFile(folder: folder.path, room: "r")
        let failure = try room.appendFailure("lost?")
        #expect(failure.reason == "No space left on device")
        #expect(failure.description.hasPrefix("cannot write to \(room.path)"))
        // The cause goes away: the next append opens the path afresh.
        try FileManager.default.removeItem(atPath: room.path)
        try room.append("sent after all")
        #expect(try String(contentsOfFile: room.path, encoding: .utf8) == "sent after all\n")
    }

    /// Two writers and a follower on their own threads, as three processes would
    /// be (and, under the thread sanitizer, proof that the instances share nothing).
    @Test func writersAndAFollowerOnSeparateThreadsSeeEveryLineWhole() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path
        let follower = try RoomFile(folder: path, room: "r")
        _ = follower.recentLines(10)
        let count = 500
        async let first: Void = Self.append(count, as: "a", folder: path)
        async let second: Void = Self.append(count, as: "b", folder: path)
        var seen: [String] = []
        for _ in 0..<2000 where seen.count < 2 * count {
            seen += follower.newLines()
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        try await first
        try await second
        seen += follower.newLines()
        #expect(seen.count == 2 * count)
        for writer in ["a", "b"] {
            let lines = seen.filter { $0.hasPrefix(writer) }
            #expect(lines == (0..<count).map { "\(writer) \($0) " + String(repeating: "x", count: $0 % 300) })
        }
    }

    private static func append(_ count: Int, as writer: String, folder: String) async throws {
        let room = try RoomFile(folder: folder, room: "r")
        for index in 0..<count { try room.append("\(writer) \(index) " + String(repeating: "x", count: index % 300)) }
    }

    @Test func theDataFolderFollowsXDG() {
        #expect(DataFolders.rooms(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"]) == "/x/data/chat-tui/rooms")
        #expect(DataFolders.rooms(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/chat-tui/rooms")
        #expect(
            DataFolders.rooms(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.local/share/chat-tui/rooms", "a relative XDG_DATA_HOME is ignored")
    }

    @Test func aFolderThatIsAFileIsExplained() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try "".write(toFile: folder.path + "/file", atomically: false, encoding: .utf8)
        #expect(throws: StorageError.self) { try RoomFile(folder: folder.path + "/file/rooms", room: "r") }
    }
}

extension RoomFile {
    /// The error `append` throws, failing the test when it succeeds.
    func appendFailure(_ line: String) throws -> StorageError {
        do {
            try append(line)
        } catch {
            return error
        }
        Issue.record("append succeeded")
        throw StorageError("append succeeded", code: 0)
    }
}
