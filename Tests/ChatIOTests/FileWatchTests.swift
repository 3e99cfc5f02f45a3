import Foundation
import Glibc
import Testing

@testable import ChatIO

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

    /// Appends a line to `path` as another process would.
    static func append(to path: String) throws {
        let other = try #require(FileHandle(forWritingAtPath: path))
        other.seekToEndOfFile()
        other.write(Data("line\n".utf8))
        try other.close()
    }

    @Test func watchesInOneDescriptorEachSeeTheirOwnFileAndNoChangeIsLostToAnothersDrain() throws {
        let folder = try Self.madeFolder()
        let watches = try #require(FileWatches())
        var paths: [String] = []
        for name in ["one", "two", "three"] {
            let path = folder.path + "/\(name).jsonl"
            try "".write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        let one = try #require(FileWatch(path: paths[0], in: watches))
        let two = try #require(FileWatch(path: paths[1], in: watches))
        let three = try #require(FileWatch(path: paths[2], in: watches))
        #expect(one.descriptor == watches.descriptor && two.descriptor == watches.descriptor)
        try Self.append(to: paths[1])
        #expect(Self.readable(watches.descriptor, within: 10_000))
        let ready: Set<Int32> = [watches.descriptor]
        // The first asked drains the descriptor; the second still learns of its change.
        #expect(!one.changed(ready: ready))
        #expect(two.changed(ready: ready))
        #expect(!three.changed(ready: ready))
        #expect(!Self.readable(watches.descriptor, within: 0), "drained")
        #expect(!two.changed(ready: []), "a change is seen once")
        try Self.append(to: paths[2])
        #expect(Self.readable(watches.descriptor, within: 10_000))
        one.drain()
        // Asked in a turn that did not wait on the descriptor, three still has its change.
        #expect(three.changed(ready: []))
    }

    @Test func oneFileWatchedTwiceIsSeenByBothAndStaysWatchedUntilBothLetGo() throws {
        let folder = try Self.madeFolder()
        let target = folder.path + "/room.jsonl"
        try "".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.jsonl", withDestinationPath: target)
        let watches = try #require(FileWatches())
        let first = try #require(FileWatch(path: target, in: watches))
        // Held only here, so that setting it to nil below lets the watch go.
        var second = FileWatch(path: folder.path + "/link.jsonl", in: watches)
        try #require(second != nil)
        try Self.append(to: target)
        #expect(Self.readable(watches.descriptor, within: 10_000))
        #expect(first.drain())
        #expect(second?.drain() == true)
        second = nil
        _ = first.drain()  // whatever letting go of the second reported
        try Self.append(to: target)
        #expect(Self.readable(watches.descriptor, within: 10_000), "the file is still watched for the first")
        #expect(first.drain())
        #expect(first.isWatching)
    }

    @Test func aPathWithNoFileIsNotWatched() throws {
        let folder = try Self.madeFolder()
        #expect(FileWatch(path: folder.path + "/missing.jsonl") == nil)
    }
}

extension FileWatch {
    /// Watches `path` with a descriptor of its own, as chat-tui's rooms share one.
    fileprivate convenience init?(path: String) {
        guard let watches = FileWatches() else { return nil }
        self.init(path: path, in: watches)
    }
}
