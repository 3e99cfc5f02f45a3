extension String {
    /// Calls `ascii` with the byte of each printable ASCII character that its
    /// bytes alone tell, and `other` with every other character, in order,
    /// while they return true.
    ///
    /// A printable ASCII byte followed by another ASCII byte, or by nothing, is
    /// a character of its own (only a mark or a joiner, never ASCII, extends
    /// one), so most of a text is walked by its bytes, with no grapheme breaking.
    @inlinable
    public func forEachCharacter(ascii: (UInt8) -> Bool, other: (Character) -> Bool) {
        let utf8 = self.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte >= 0x20, byte < 0x7F, next == utf8.endIndex || utf8[next] < 0x80 {
                guard ascii(byte) else { return }
                index = next
            } else {
                let character = self[index]
                guard other(character) else { return }
                index = utf8.index(index, offsetBy: character.utf8.count)
            }
        }
    }
}
