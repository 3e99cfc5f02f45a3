@testable import ChatIO
import Foundation
import Glibc
import Testing

@Suite struct ReplaySpoolTests {
    @Test func readingBackFromALineFoundGoesToTheFirstWithoutGapsOrRepeats() throws {
        let folder = try TemporaryFolder()
        let spool = try ReplaySpool(folder: folder.path + "/cache/chat-tui/replays")
        // Pages and read blocks cut lines in every kind of place.
        let lines = (0..<60).map { "line \($0) " + String(repeating: "x", count: $0 % 7 == 0 ? 70_000 : $0 * 11) }
        for chunk in stride(from: 0, to: lines.count, by: 8) {
            try spool.append(Array(lines[chunk..<min(chunk + 8, lines.count)]))
        }
        #expect(!spool.hasOlderLines, "nothing is read back before a line to start from is found")
        // The room holds lines 45 and on: reading back starts before line 45.
        #expect(spool.rewind(toLineMatching: { $0.hasPrefix("line 45 ") }, within: 1000))
        var read: [String] = []
        while spool.hasOlderLines {
            let older = spool.olderLines(6)
            #expect(!older.isEmpty)
            read = older + read
        }
        #expect(read == Array(lines[..<45]))
        #expect(!spool.rewind(toLineMatching: { $0.hasPrefix("line 45 ") }, within: 10), "beyond the lines looked through")
    }

    @Test func theSpoolHasNoNameInItsFolderAndIsPrivate() throws {
        let folder = try TemporaryFolder()
        let spools = folder.path + "/cache/chat-tui/replays"
        let spool = try ReplaySpool(folder: spools)
        try spool.append(["one"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: spools).isEmpty)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: spools)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        // The open file itself, through the process's descriptors.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        let spoolDescriptor = try #require(descriptors.first { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name))?.hasPrefix(spools) == true
        })
        var info = stat()
        #expect(fstat(Int32(spoolDescriptor)!, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_nlink == 0, "removed from its folder")
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorThatSaysWhere() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder.path + "/cache"))
        #expect {
            _ = try ReplaySpool(folder: folder.path + "/cache/chat-tui/replays")
        } throws: { error in
            (error as? StorageError)?.description.contains(folder.path + "/cache") == true
        }
    }

    @Test func theFolderFollowsXDGCacheHome() {
        #expect(ReplaySpool.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/chat-tui/replays")
        #expect(ReplaySpool.folder(environment: ["HOME": "/h"]) == "/h/.cache/chat-tui/replays")
    }
}
