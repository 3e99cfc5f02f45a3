/// Picks cursor position reports (`ESC [ row ; column R`) out of what the
/// terminal sends, keeping every other byte (keys typed meanwhile) in order.
struct CursorReports {
    /// The columns reported, 1-based, in order.
    private(set) var columns: [Int] = []
    /// The bytes that were not part of a report.
    private(set) var otherBytes: [UInt8] = []
    /// A report begun but not finished.
    private var partial: [UInt8] = []

    mutating func consume<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for byte in bytes {
            if partial.isEmpty {
                if byte == 0x1B { partial = [byte] } else { otherBytes.append(byte) }
                continue
            }
            partial.append(byte)
            if partial.count == 2 {
                if byte != UInt8(ascii: "[") { flushPartial() }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
                if partial.count > 16 { flushPartial() }
            case UInt8(ascii: "R"):
                let fields = partial.dropFirst(2).dropLast().split(separator: UInt8(ascii: ";"))
                if fields.count == 2, let column = Int(String(decoding: fields[1], as: UTF8.self)) {
                    columns.append(column)
                    partial = []
                } else {
                    flushPartial()
                }
            default:
                flushPartial()
            }
        }
    }

    /// Gives back as typed bytes what turned out not to be a report.
    private mutating func flushPartial() {
        otherBytes += partial
        partial = []
    }
}
