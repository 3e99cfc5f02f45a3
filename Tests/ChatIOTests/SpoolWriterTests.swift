import Glibc
import Testing

@testable import ChatIO

@Suite struct SpoolWriterTests {
    @Test func whatIsAppendedIsWrittenInOrderAcrossBuffers() throws {
        let folder = try TemporaryFolder()
        #expect(mkdir(folder.path, 0o700) == 0)
        let descriptor = open(folder.path + "/spool", O_RDWR | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let writer = SpoolWriter(descriptor: descriptor)
        var all: [UInt8] = []
        // Pieces from a byte to a buffer and a half, so that pieces cut buffers
        // everywhere and every buffer is filled again more than once.
        for piece in 0..<60 {
            let size = piece % 10 == 0 ? 3 * SpoolWriter.bufferSize / 2 + 17 : piece * 7919 % 100_000 + 1
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ piece) }
            #expect(bytes.withUnsafeBytes { writer.append($0) } == nil)
            all += bytes
        }
        #expect(writer.finish() == nil)
        var written = [UInt8](repeating: 0, count: all.count + 1)
        let count = written.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        #expect(count == all.count)
        #expect(Array(written[..<all.count]) == all)
    }

    @Test func aWriteThatFailedIsToldByALaterAppendAndByFinishing() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let writer = SpoolWriter(descriptor: descriptor)
        let piece = [UInt8](repeating: 0x41, count: SpoolWriter.bufferSize)
        var told: Int32?
        // The first buffers are written while later ones fill; by the time
        // all are in use, the first has failed.
        for _ in 0..<(SpoolWriter.bufferCount + 1) where told == nil {
            told = piece.withUnsafeBytes { writer.append($0) }
        }
        #expect(told == ENOSPC)
        #expect(writer.finish() == ENOSPC)
    }

    @Test func aSpoolThatCannotBeWrittenSaysSoWhenFinishing() throws {
        let spool = ReplaySpool(descriptor: open("/dev/full", O_RDWR))
        try spool.append(["a line that waits in a buffer"])
        #expect(throws: StorageError.self) { try spool.finishWriting() }
    }
}
