/// The basic line-breaking rules of Japanese text (JIS X 4051's kinsoku): a row
/// never starts with closing punctuation, small kana or the prolonged sound
/// mark, and never ends with an opening bracket.
enum Kinsoku {
    /// Characters a row may not start with.
    static let noStart: Set<Character> = Set(
        "、。，．・：；？！゛゜ヽヾゝゞ々〻ー」』）］｝〕〉》】〙〗〟’”｠»‐゠–〜～"
            + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
            + ")]},.!?:;")

    /// Characters a row may not end with.
    static let noEnd: Set<Character> = Set("「『（［｛〔〈《【〘〖〝‘“｟«([{")

    /// The code points of `noStart` and `noEnd`: a character of one code point
    /// is looked up by its value, without the canonical equivalence `Character`
    /// hashing works out. A code point equivalent to another one (`;` and the
    /// Greek question mark, `〈` and U+2329) is one that never appears composed,
    /// and is looked up as a `Character`.
    private static let noStartScalars = noStart.map { $0.unicodeScalars.first!.value }.sorted()
    private static let noEndScalars = noEnd.map { $0.unicodeScalars.first!.value }.sorted()

    /// Whether a row may break between `before` and `after`.
    static func allowsBreak(between before: Character, and after: Character) -> Bool {
        !contains(after, scalars: noStartScalars, characters: noStart)
            && !contains(before, scalars: noEndScalars, characters: noEnd)
    }

    private static func contains(_ character: Character, scalars: [UInt32], characters: Set<Character>) -> Bool {
        guard let value = character.singleScalarValue, let first = Unicode.Scalar(value) else {
            return characters.contains(character)
        }
        if sortedContains(scalars, value) { return true }
        // No code point below U+0340, nor among kana, kanji and hangul
        // (U+3000 to U+F8FF), stands for another.
        guard value >= 0x340, !(0x3000..<0xF900).contains(value) else { return false }
        return first.properties.isFullCompositionExclusion && characters.contains(character)
    }

    /// Whether `sorted` holds `value`, by halving.
    private static func sortedContains(_ sorted: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}
