import TextWidth

/// The text being written in the composer and the caret in it, with the editing
/// operations the keys perform. Positions count grapheme clusters (`Character`s),
/// so the caret can never stand inside an emoji or a letter with its accents.
public struct Draft: Equatable, Sendable {
    /// The draft, one element per grapheme cluster.
    public private(set) var characters: [Character]
    /// The caret: the number of characters before it, from 0 to `characters.count`.
    public private(set) var cursor: Int
    /// The text as UTF-8, kept beside `characters` by every change, so the whole
    /// text (to save or send) costs a copy rather than a walk over every
    /// character, which takes some 50 ms in a megabyte.
    public private(set) var utf8: [UInt8]
    /// The UTF-8 length of each character, to find where a character starts in `utf8`.
    private var utf8Lengths: [UInt32]
    /// Each character's byte when it is one ASCII byte, else 0: what wrapping
    /// and drawing the composer ask of most characters at every key, without
    /// looking into a `Character`.
    public private(set) var asciiBytes: [UInt8]
    /// The changes to the text since `forgetChanges()`, oldest first.
    private(set) var changes: [DraftChange] = []
    /// Counts the changes to the text; it never goes back (a reset composer
    /// carries it on), so a remembered revision tells whether the text changed.
    public internal(set) var revision = 0

    public init(_ text: String = "", cursor: Int? = nil) {
        characters = Array(text)
        utf8 = Array(text.utf8)
        utf8Lengths = characters.map { UInt32($0.utf8.count) }
        asciiBytes = characters.map { $0.singleASCIIByte ?? 0 }
        self.cursor = min(max(0, cursor ?? characters.count), characters.count)
    }

    /// Two drafts are equal when their text and caret are.
    public static func == (lhs: Draft, rhs: Draft) -> Bool {
        lhs.cursor == rhs.cursor && lhs.characters == rhs.characters
    }

    /// Forgets the changes made to the text so far, keeping the room they took
    /// for the next: typing on in a word copies each key's change into undo's
    /// step and allocates nothing for the next.
    mutating func forgetChanges() {
        changes.removeAll(keepingCapacity: true)
    }

    /// Replaces the characters in `range` with `new`, keeping the caret on the same
    /// character when it is outside the range. Every change to the text goes
    /// through here, so none escapes undo or the composer's layout.
    mutating func replace(_ range: Range<Int>, with new: [Character]) {
        guard !range.isEmpty || !new.isEmpty else { return }
        changes.append(DraftChange(offset: range.lowerBound, removed: Array(characters[range]), inserted: new))
        revision += 1
        let start = utf8Offset(of: range.lowerBound)
        if range.isEmpty, new.count == 1, let byte = new[0].singleASCIIByte {
            // One ASCII character typed, most keys: nothing to build to splice in.
            utf8.insert(byte, at: start)
            utf8Lengths.insert(1, at: range.lowerBound)
            asciiBytes.insert(byte, at: range.lowerBound)
            characters.insert(new[0], at: range.lowerBound)
            if cursor >= range.lowerBound { cursor += 1 }
            return
        }
        var removedBytes = 0
        for length in utf8Lengths[range] { removedBytes += Int(length) }
        var newBytes: [UInt8] = []
        var newLengths: [UInt32] = []
        var newASCII: [UInt8] = []
        newLengths.reserveCapacity(new.count)
        newASCII.reserveCapacity(new.count)
        for character in new {
            let bytes = character.utf8
            newBytes.append(contentsOf: bytes)
            newLengths.append(UInt32(bytes.count))
            newASCII.append(bytes.count == 1 ? bytes.first ?? 0 : 0)
        }
        utf8.replaceSubrange(start..<start + removedBytes, with: newBytes)
        utf8Lengths.replaceSubrange(range, with: newLengths)
        asciiBytes.replaceSubrange(range, with: newASCII)
        characters.replaceSubrange(range, with: new)
        if cursor >= range.upperBound {
            cursor += new.count - range.count
        } else if cursor > range.lowerBound {
            cursor = range.lowerBound
        }
    }

    /// Makes this draft the same as `other`, text and caret, as one change.
    public mutating func replaceAll(with other: Draft) {
        replace(0..<characters.count, with: other.characters)
        cursor = other.cursor
    }

    /// Applies `change`, or with `undoing` takes it back.
    mutating func apply(_ change: DraftChange, undoing: Bool = false) {
        let change = undoing ? change.inverse : change
        replace(change.offset..<change.offset + change.removed.count, with: change.inserted)
    }

    /// The draft as a string.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Where character `index` starts in `utf8`, counted from the nearer end
    /// (edits are mostly near the end, where this costs next to nothing).
    private func utf8Offset(of index: Int) -> Int {
        var total = 0
        if index <= utf8Lengths.count / 2 {
            for length in utf8Lengths[..<index] { total += Int(length) }
            return total
        }
        for length in utf8Lengths[index...] { total += Int(length) }
        return utf8.count - total
    }

    public var isEmpty: Bool { characters.isEmpty }

    /// True when the draft holds nothing but spaces, tabs and newlines.
    /// Asked at every turn of the program's loop, so its ASCII is told by byte:
    /// most drafts answer at their first character.
    public var isBlank: Bool {
        for (index, byte) in asciiBytes.enumerated() {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            case 0: if !characters[index].isWhitespace { return false }
            default: return false
            }
        }
        return true
    }

    /// Inserts `text` at the caret and puts the caret after it. A combining mark or
    /// a joiner merges with the character before it, as it would in the sent text.
    public mutating func insert(_ text: String) {
        guard !text.isEmpty else { return }
        // A printable ASCII character between two others (or the draft's ends)
        // joins neither: no cluster holds two of them.
        if let byte = text.utf8.first, text.utf8.count == 1, Self.isPrintableASCII(byte),
            cursor == 0 || Self.isPrintableASCII(asciiBytes[cursor - 1]),
            cursor == characters.count || Self.isPrintableASCII(asciiBytes[cursor])
        {
            replace(cursor..<cursor, with: [Character(Unicode.Scalar(byte))])
            return
        }
        // Re-segment the inserted text with its neighbours so clusters that join
        // across the caret (e + U+0301, two regional indicators) become one.
        let before = cursor > 0 ? cursor - 1 : cursor
        let left = String(characters[before..<cursor])
        let next = cursor < characters.count ? cursor + 1 : cursor
        let (segments, after) = segmented(left + text + String(characters[cursor..<next]), from: next)
        replace(before..<after, with: segments)
        // The caret goes after the cluster holding the last inserted code point.
        cursor = before + Self.clusters(segments, holding: left.unicodeScalars.count + text.unicodeScalars.count)
    }

    /// `text` (standing for the characters before `after`) segmented, with the
    /// characters from `after` on taken in until the next one stands as it
    /// stood: the clusters, and where in `characters` the last one taken ends.
    /// The cluster before an edit is all that what comes after it depends on
    /// (a run of regional indicators pairs from its start: that cluster says
    /// whether the run's count is odd there); what follows may pair or join
    /// anew (the rest of a run of flags; an emoji after a zero width joiner).
    private func segmented(_ text: String, from after: Int) -> (segments: [Character], end: Int) {
        var merged = text
        var segments = Array(merged)
        var end = after
        while end < characters.count, let last = segments.last,
            Array(String(last) + String(characters[end])) != [last, characters[end]]
        {
            merged += String(characters[end])
            end += 1
            segments = Array(merged)
        }
        return (segments, end)
    }

    /// How many of `segments` it takes to hold their first `scalars` code points.
    private static func clusters(_ segments: [Character], holding scalars: Int) -> Int {
        var held = 0
        var count = 0
        while count < segments.count, held < scalars {
            held += segments[count].unicodeScalars.count
            count += 1
        }
        return count
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// Moves the caret to `position`, clamped to the draft.
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    public mutating func moveLeft() { moveCursor(to: cursor - 1) }
    public mutating func moveRight() { moveCursor(to: cursor + 1) }

    /// The start of the line (between newlines) that holds the caret.
    public var lineStart: Int {
        characters[..<cursor].lastIndex(where: \.isNewline).map { $0 + 1 } ?? 0
    }

    /// The end of the line that holds the caret, before its newline.
    public var lineEnd: Int {
        characters[cursor...].firstIndex(where: \.isNewline) ?? characters.count
    }

    public mutating func moveToLineStart() { cursor = lineStart }
    public mutating func moveToLineEnd() { cursor = lineEnd }

    /// Removes the character before the caret.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        remove(cursor - 1..<cursor)
    }

    /// Removes the character after the caret.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        remove(cursor..<cursor + 1)
    }

    /// Removes from the start of the line to the caret; at the start of a line,
    /// joins it to the line before. Returns what it removed.
    @discardableResult
    public mutating func deleteToLineStart() -> String {
        remove(lineStart == cursor ? max(0, cursor - 1)..<cursor : lineStart..<cursor)
    }

    /// Removes from the caret to the end of the line; at the end of a line,
    /// joins the next line to it. Returns what it removed.
    @discardableResult
    public mutating func deleteToLineEnd() -> String {
        remove(lineEnd == cursor ? cursor..<min(characters.count, cursor + 1) : cursor..<lineEnd)
    }

    /// Removes the word before the caret and the separators between it and the caret.
    @discardableResult
    public mutating func deleteWordBackward() -> String {
        remove(wordStart(before: cursor)..<cursor)
    }

    /// Removes the separators after the caret and the word after them.
    @discardableResult
    public mutating func deleteWordForward() -> String {
        remove(cursor..<wordEnd(after: cursor))
    }

    /// Moves the caret to the start of the word before it.
    public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// Moves the caret to the end of the word after it.
    public mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

    /// Removes `range`, leaving the caret where the range started when the caret
    /// was inside or after it, and returns the removed text.
    @discardableResult
    public mutating func remove(_ range: Range<Int>) -> String {
        let removed = String(characters[range])
        replace(range, with: [])
        // The characters either side of the gap may join or pair anew (a mark
        // that followed a line end removed, a zero width joiner then an emoji,
        // CR then LF, two regional indicators).
        let seam = range.lowerBound
        if seam > 0, seam < characters.count {
            let left = characters[seam - 1]
            let (segments, end) = segmented(String(left), from: seam)
            if end > seam {
                let caretAtSeam = cursor == seam
                replace(seam - 1..<end, with: segments)
                // A caret in the gap goes after the cluster that holds the code point before it.
                if caretAtSeam { cursor = seam - 1 + Self.clusters(segments, holding: left.unicodeScalars.count) }
            }
        }
        return removed
    }

    /// Where the word before `position` starts (see `WordClass`).
    func wordStart(before position: Int) -> Int {
        WordClass.wordStart(before: position, in: characters)
    }

    /// Where the word after `position` ends (see `WordClass`).
    func wordEnd(after position: Int) -> Int {
        WordClass.wordEnd(after: position, in: characters)
    }
}
