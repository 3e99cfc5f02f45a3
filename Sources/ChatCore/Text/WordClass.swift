import TextWidth

/// What a character is to the word keys (Ctrl-W, Alt-B, Alt-F, Alt-D) and to
/// undo, which takes typing back a word at a time. A word is a run of one
/// script, so text written without spaces, as Japanese and Thai are, still
/// splits where the script changes: `日本語の入力テスト` is `日本語の`, `入力`
/// and `テスト`. Kanji keep the hiragana after them (their okurigana and
/// particles), as Emacs does; spaces and punctuation separate words.
enum WordClass: Equatable {
    /// Spaces, punctuation and symbols other than emoji: between words.
    case separator
    /// Letters and digits of the spaced alphabets: Latin, Greek, Cyrillic and
    /// any script not named below.
    case alphabetic
    case han
    case hiragana
    case katakana
    case hangul
    case thai
    case lao
    case khmer
    case myanmar
    /// Emoji, each run of them a word of its own.
    case emoji

    init(_ character: Character) {
        if let ascii = character.singleASCIIByte {
            let letter = (ascii | 0x20) >= 0x61 && (ascii | 0x20) <= 0x7A
            self = letter || (ascii >= 0x30 && ascii <= 0x39) ? .alphabetic : .separator
            return
        }
        guard let scalar = character.unicodeScalars.first else {
            self = .separator
            return
        }
        switch scalar.value {
        case 0x3005, 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: self = .han
        case 0x3041...0x309F: self = .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .katakana
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: self = .hangul
        case 0x0E00...0x0E7F: self = .thai
        case 0x0E80...0x0EFF: self = .lao
        case 0x1780...0x17FF, 0x19E0...0x19FF: self = .khmer
        case 0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: self = .myanmar
        default:
            if character.isLetter || character.isNumber {
                self = .alphabetic
            } else if scalar.value > 0xFF, scalar.properties.isEmoji {
                self = .emoji
            } else {
                self = .separator
            }
        }
    }

    /// True for the marks that lengthen the vowel before them (`ー`), which
    /// belong to the run they follow, hiragana or katakana.
    static func isProlongedSoundMark(_ character: Character) -> Bool {
        // By its UTF-8: comparing `Character`s normalizes both, and this is
        // asked at every typed key.
        let bytes = character.utf8
        guard bytes.count == 3 else { return false }
        let value = bytes.reduce(0) { $0 << 8 | UInt32($1) }
        return value == 0xE3_83BC || value == 0xEF_BDB0  // U+30FC, U+FF70
    }

    /// True when a character of class `right` right after one of class `left`
    /// continues the same word.
    static func joins(_ left: WordClass, _ right: WordClass) -> Bool {
        guard left != .separator else { return false }
        return left == right || left == .han && right == .hiragana
    }

    /// The class of `characters[index]` where it stands: a prolonged sound mark
    /// takes the class of the kana before it.
    static func of(_ index: Int, in characters: [Character]) -> WordClass {
        var position = index
        while position > 0, isProlongedSoundMark(characters[position]) {
            let before = WordClass(characters[position - 1])
            if before == .hiragana || before == .katakana { return before }
            if !isProlongedSoundMark(characters[position - 1]) { break }
            position -= 1
        }
        return WordClass(characters[index])
    }

    /// Where the word before `position` starts: back over separators, then
    /// over the word.
    static func wordStart(before position: Int, in characters: [Character]) -> Int {
        var start = position
        while start > 0, of(start - 1, in: characters) == .separator { start -= 1 }
        guard start > 0 else { return 0 }
        start -= 1  // the word's last character
        while start > 0, joins(of(start - 1, in: characters), of(start, in: characters)) { start -= 1 }
        return start
    }

    /// Where the word after `position` ends: on over separators, then over the word.
    static func wordEnd(after position: Int, in characters: [Character]) -> Int {
        var end = position
        while end < characters.count, of(end, in: characters) == .separator { end += 1 }
        guard end < characters.count else { return end }
        end += 1
        while end < characters.count, joins(of(end - 1, in: characters), of(end, in: characters)) { end += 1 }
        return end
    }

    /// True when `next`, typed at `position`, starts a new word rather than
    /// continuing the one before it.
    static func startsWord(_ next: Character, at position: Int, in characters: [Character]) -> Bool {
        let nextClass = isProlongedSoundMark(next) ? .katakana : WordClass(next)
        guard nextClass != .separator, position > 0 else { return false }
        if isProlongedSoundMark(next) { return of(position - 1, in: characters) == .separator }
        return !joins(of(position - 1, in: characters), nextClass)
    }
}
