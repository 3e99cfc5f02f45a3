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

    /// Whether a row may break between `before` and `after`.
    static func allowsBreak(between before: Character, and after: Character) -> Bool {
        !noStart.contains(after) && !noEnd.contains(before)
    }
}
