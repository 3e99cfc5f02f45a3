/// Where UTF-8 read in pieces can be cut: a read from the terminal or a file
/// written in place can end inside a character, whose first bytes then belong
/// to the next piece, or to none.
package enum UTF8Cut {
    /// Where the last complete character of `bytes[start...]` ends:
    /// `bytes.count`, unless the bytes end inside a character, and then where
    /// that character begins. Bytes that lead nothing are complete on their
    /// own (they decode as U+FFFD).
    package static func completeEnd(_ bytes: [UInt8], from start: Int = 0) -> Int {
        var lead = bytes.count - 1
        while lead >= start, lead > bytes.count - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= start else { return bytes.count }
        let length = sequenceLength(lead: bytes[lead])
        return length > 1 && lead + length > bytes.count ? lead : bytes.count
    }

    /// The length of the UTF-8 sequence `lead` begins; 1 for ASCII and for
    /// bytes that begin no sequence.
    package static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }
}
