/// Walks a line character by character for the transcript readers: fixed-width
/// numbers, literal text, and the rest of the line.
struct TextScanner {
    let text: Substring
    private(set) var index: Substring.Index

    init(_ text: Substring) {
        self.text = text
        index = text.startIndex
    }

    var isAtEnd: Bool { index == text.endIndex }
    var rest: Substring { text[index...] }
    var current: Character? { isAtEnd ? nil : text[index] }

    /// Reads exactly `count` ASCII digits.
    mutating func digits(_ count: Int) -> Int? {
        // Numbers, literals and separators are ASCII, so they are read as bytes:
        // far cheaper than characters, and a byte below 0x80 is a whole character.
        let utf8 = text.utf8
        var value = 0
        var position = index
        for _ in 0..<count {
            guard position < utf8.endIndex else { return nil }
            let digit = utf8[position] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            position = utf8.index(after: position)
        }
        index = position
        return value
    }

    /// Reads `literal` (ASCII) if the text continues with it.
    @discardableResult
    mutating func skip(_ literal: String) -> Bool {
        let utf8 = text.utf8
        var position = index
        for byte in literal.utf8 {
            guard position < utf8.endIndex, utf8[position] == byte else { return false }
            position = utf8.index(after: position)
        }
        index = position
        return true
    }

    /// Reads one character if it is one of `characters` (ASCII), and returns it.
    mutating func skip(anyOf characters: String) -> Character? {
        let utf8 = text.utf8
        guard index < utf8.endIndex else { return nil }
        let byte = utf8[index]
        guard byte < 0x80, characters.utf8.contains(byte) else { return nil }
        index = utf8.index(after: index)
        return Character(Unicode.Scalar(byte))
    }

    /// Reads up to (not including) the first `terminator`, which must be found.
    mutating func upTo(_ terminator: Character) -> Substring? {
        guard let end = rest.firstIndex(of: terminator) else { return nil }
        defer { index = end }
        return text[index..<end]
    }

    /// Reads characters while `predicate` holds.
    mutating func take(while predicate: (Character) -> Bool) -> Substring {
        let start = index
        while let character = current, predicate(character) { index = text.index(after: index) }
        return text[start..<index]
    }
}
