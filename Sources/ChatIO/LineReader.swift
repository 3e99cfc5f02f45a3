import Glibc

/// Splits what arrives on a file descriptor (a pipe or a file) into lines, as it
/// arrives, without their `\n` or `\r\n`. Bytes that are not UTF-8 become
/// U+FFFD; a last line without a newline is given when the input ends.
public final class LineReader {
    public let descriptor: Int32
    /// True once the input has ended (or failed).
    public private(set) var ended = false
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads once (the caller knows there is input, or accepts waiting) and
    /// returns the lines completed by it.
    public func readLines() -> [Substring] {
        guard !ended else { return [] }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        guard count > 0 else {
            ended = true
            defer { pending.removeAll() }
            return pending.isEmpty ? [] : [Substring(String(decoding: pending, as: UTF8.self))]
        }
        guard let lastNewline = buffer[..<count].lastIndex(of: 0x0A) else {
            pending.append(contentsOf: buffer[..<count])
            return []
        }
        pending.append(contentsOf: buffer[...lastNewline])
        var text = String(decoding: pending, as: UTF8.self)
        text.makeContiguousUTF8()  // what it is already: split below as bytes
        pending.removeAll(keepingCapacity: true)
        pending.append(contentsOf: buffer[(lastNewline + 1)..<count])
        // Split on "\n" bytes (found by memchr, in the decoded text's own
        // bytes, where each invalid byte became three): a "\r\n" pair is one
        // Character and must not hide the break. The "\r" of a "\r\n" goes
        // with the line end.
        var lines: [Substring] = []
        let utf8 = text.utf8
        _ = utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return }
            var lineStart = 0
            while lineStart < bytes.count, let found = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
                let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let end = newline > lineStart && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                lines.append(text[utf8.index(utf8.startIndex, offsetBy: lineStart)..<utf8.index(utf8.startIndex, offsetBy: end)])
                lineStart = newline + 1
            }
        }
        return lines
    }
}
