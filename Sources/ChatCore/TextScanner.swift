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
        var value = 0
        var position = index
        for _ in 0..<count {
            guard position < text.endIndex, let digit = text[position].wholeNumberValue,
                  text[position].isASCII else { return nil }
            value = value * 10 + digit
            position = text.index(after: position)
        }
        index = position
        return value
    }

    /// Reads `literal` if the text continues with it.
    @discardableResult
    mutating func skip(_ literal: String) -> Bool {
        guard rest.hasPrefix(literal) else { return false }
        index = text.index(index, offsetBy: literal.count)
        return true
    }

    /// Reads one character if it is one of `characters`, and returns it.
    mutating func skip(anyOf characters: String) -> Character? {
        guard let character = current, characters.contains(character) else { return nil }
        index = text.index(after: index)
        return character
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
