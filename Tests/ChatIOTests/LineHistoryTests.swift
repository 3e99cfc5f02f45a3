import Foundation
import Testing

@testable import ChatIO

@Suite struct LineHistoryTests {
    /// The last `count` lines ending before `end` as splitting the whole file
    /// finds them: what reading backwards in blocks must give.
    func expected(_ bytes: [UInt8], before end: Int, count: Int) -> (lines: [String], starts: [Int64], end: Int64)? {
        guard let lastNewline = bytes[..<end].lastIndex(of: 0x0A) else { return nil }
        let pieces = bytes[..<lastNewline].split(separator: 0x0A, omittingEmptySubsequences: false).suffix(count)
        return (
            pieces.map { String(decoding: $0, as: UTF8.self) }, pieces.map { Int64($0.startIndex) },
            Int64(lastNewline + 1)
        )
    }

    @Test(arguments: [false, true])
    func linesReadBackwardsAreTheLastOfTheWholeFileWhereverBlocksCutThem(endsWithNewline: Bool) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        // Empty lines, lines of a byte, lines longer than a 64 KiB block, and
        // lines that end on a block's edge or just beside it; Japanese too.
        let lengths = [0, 1, 70_000, 0, 0, 5, 65_535, 65_536, 3, 131_072, 2, 0, 65_537, 40, 1]
        var bytes: [UInt8] = []
        for (index, length) in lengths.enumerated() {
            let text = Array("\(index) 日本語".utf8)
            bytes +=
                length < text.count
                ? Array(repeating: UInt8(0x61 + index % 26), count: length)
                : text + Array(repeating: 0x78, count: length - text.count)
            bytes.append(0x0A)
        }
        if !endsWithNewline { bytes += Array("a line still being written".utf8) }
        let path = folder.path + "/lines"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }

        var ends = bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 } + [bytes.count]
        ends += [0, 1, 65_536, 131_072]  // where no line ends, within blocks and on their edges
        for end in ends {
            for count in [1, 2, 3, 7, lengths.count + 1] {
                let found = LineHistory.lines(in: descriptor, before: Int64(end), count: count)
                guard let wanted = expected(bytes, before: end, count: count) else {
                    #expect(found.lines.isEmpty, "before \(end), \(count) lines")
                    continue
                }
                #expect(found.lines == wanted.lines, "before \(end), \(count) lines")
                #expect(found.starts == wanted.starts, "before \(end), \(count) lines")
                #expect(found.start == (wanted.starts.first ?? wanted.end), "before \(end), \(count) lines")
                #expect(found.end == wanted.end, "before \(end), \(count) lines")
            }
        }
    }
}
