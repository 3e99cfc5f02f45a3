import Foundation
import Glibc
import Testing

@testable import ChatIO

@Suite struct ReplaySpoolTests {
    /// A spool in `folder` holding 60 lines `line N …`, every `long`th 70 KB
    /// and the others `N × step` bytes more, appended `chunk` at a time: pages
    /// and read blocks cut lines in every kind of place.
    func spool(in folder: TemporaryFolder, long: Int, step: Int, chunk: Int) throws -> (ReplaySpool, [String]) {
        let spool = try ReplaySpool(folder: folder.path + "/cache/chat-tui/replays")
        let lines = (0..<60).map { "line \($0) " + String(repeating: "x", count: $0 % long == 0 ? 70_000 : $0 * step) }
        for start in stride(from: 0, to: lines.count, by: chunk) {
            try spool.append(Array(lines[start..<min(start + chunk, lines.count)]))
        }
        return (spool, lines)
    }

    @Test func readingBackFromALineFoundGoesToTheFirstWithoutGapsOrRepeats() throws {
        let folder = try TemporaryFolder()
        let (spool, lines) = try spool(in: folder, long: 7, step: 11, chunk: 8)
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

    @Test func readingForwardFromALineFoundGoesToTheEndWithoutGapsOrRepeats() throws {
        let folder = try TemporaryFolder()
        let (spool, lines) = try spool(in: folder, long: 9, step: 13, chunk: 7)
        #expect(!spool.isReadingForward, "the room holds the newest lines")
        #expect(spool.newerLines(5).reachedEnd)
        // The room read back let go of what came after line 12.
        #expect(spool.seekNewer(afterLineMatching: { $0.hasPrefix("line 12 ") }, within: 1000))
        #expect(spool.isReadingForward)
        var read: [String] = []
        var reads = 0
        while true {
            let newer = spool.newerLines(4)
            read += newer.lines
            reads += 1
            if newer.reachedEnd { break }
            #expect(newer.lines.count == 4, "a read short of the end is whole")
        }
        #expect(read == Array(lines[13...]))
        #expect(reads == 12, "the last read reaches the end")
        #expect(!spool.isReadingForward)
    }

    @Test func whileReadingForwardReadingBackLooksBeforeWhereItGoesOn() throws {
        let folder = try TemporaryFolder()
        let spool = try ReplaySpool(folder: folder.path + "/cache/chat-tui/replays")
        try spool.append((0..<100).map { "line \($0)" })
        #expect(spool.seekNewer(afterLineMatching: { $0 == "line 49" }, within: 1000))
        // Lines that came after are not looked through for the room's first.
        try spool.append((100..<200).map { "line \($0)" })
        #expect(
            spool.rewind(toLineMatching: { $0 == "line 40" }, within: 15),
            "ten lines back from where the room's lines end, though 160 from the spool's end")
        #expect(spool.olderLines(3) == ["line 37", "line 38", "line 39"])
        #expect(spool.newerLines(2).lines == ["line 50", "line 51"])
        // Back to the newest: the spool's last lines, and reading back goes on before them.
        #expect(spool.newestLines(3) == ["line 197", "line 198", "line 199"])
        #expect(!spool.isReadingForward)
        #expect(spool.olderLines(2) == ["line 195", "line 196"])
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
        let spoolDescriptor = try #require(
            descriptors.first { name in
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
