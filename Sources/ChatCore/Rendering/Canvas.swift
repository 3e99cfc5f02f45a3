import TextWidth

/// The last frame a `ChatView` drew and what its parts were drawn from, so
/// that the next frame is drawn over it: a part whose inputs are the same (the
/// pane while a key is typed, the composer's rows before the caret) is neither
/// drawn nor copied again, and the screen compares only the rows drawn again.
final class Canvas {
    /// The separator's row and what it was drawn from.
    struct Separator: Equatable {
        var row: Int
        var key: SeparatorKey
    }

    /// What one of the composer's rows shows: its characters' ASCII bytes
    /// (0 for any other), the others in order, and the marker in its last column.
    struct ComposerRow: Equatable {
        var ascii: [UInt8]
        var others: [Character]
        var marker: String?

        /// The row showing `range` of `draft`, and `marker`.
        init(_ draft: Draft, _ range: Range<Int>, marker: String?) {
            ascii = []
            others = []
            update(draft, range, marker: marker)
        }

        /// Makes this the row showing `range` of `draft`, and `marker`, in the
        /// storage it already has: a row drawn again at every key allocates nothing.
        mutating func update(_ draft: Draft, _ range: Range<Int>, marker: String?) {
            ascii.removeAll(keepingCapacity: true)
            ascii.append(contentsOf: draft.asciiBytes[range])
            // Made in one pass: filtering the indices first made an array of them too.
            others.removeAll(keepingCapacity: true)
            for index in range where draft.asciiBytes[index] == 0 { others.append(draft.characters[index]) }
            self.marker = marker
        }

        /// Whether the row shows `range` of `draft` and `marker`: compared
        /// without making a row of them, as at every key.
        func shows(_ draft: Draft, _ range: Range<Int>, marker: String?) -> Bool {
            guard marker == self.marker, range.count == ascii.count,
                Self.sameBytes(draft.asciiBytes, from: range.lowerBound, as: ascii)
            else { return false }
            // The bytes agree, so the characters outside ASCII are where they
            // were; by their bytes: `==` holds `é` and `e` with a combining
            // accent equal, and they are drawn in different cells.
            if others.isEmpty { return true }
            // Read in place: a character copied out costs a retain and a release.
            return draft.asciiBytes.withUnsafeBufferPointer { ascii in
                draft.characters.withUnsafeBufferPointer { characters in
                    others.withUnsafeBufferPointer { others in
                        var other = 0
                        for index in range where ascii[index] == 0 {
                            guard other < others.count,
                                Self.sameBytes(characters.baseAddress! + index, others.baseAddress! + other)
                            else { return false }
                            other += 1
                        }
                        return true
                    }
                }
            }
        }

        /// Whether `bytes` from `start` on begin with `expected`, eight bytes at a step.
        private static func sameBytes(_ bytes: [UInt8], from start: Int, as expected: [UInt8]) -> Bool {
            guard !expected.isEmpty else { return true }
            return bytes.withUnsafeBytes { all in
                expected.withUnsafeBytes { row in
                    let count = row.count
                    var offset = 0
                    while offset + 8 <= count {
                        guard
                            all.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
                                == row.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        else { return false }
                        offset += 8
                    }
                    while offset < count {
                        guard all[start + offset] == row[offset] else { return false }
                        offset += 1
                    }
                    return true
                }
            }
        }

        /// Whether two characters are the same bytes. Two characters whose
        /// values are the same bits are: the bytes held in place, or the same
        /// storage, which no one changes while two hold it. Only characters
        /// that differ, or hold equal bytes apart, are compared byte by byte.
        private static func sameBytes(_ one: UnsafePointer<Character>, _ other: UnsafePointer<Character>) -> Bool {
            let first = UnsafeRawPointer(one)
            let second = UnsafeRawPointer(other)
            var offset = 0
            while offset + 8 <= MemoryLayout<Character>.size,
                first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                offset += 8
            }
            if offset == MemoryLayout<Character>.size { return true }
            var one = String(one.pointee)
            var other = String(other.pointee)
            return one.withUTF8 { first in other.withUTF8 { first.elementsEqual($0) } }
        }
    }

    /// The composer's rows and what each shows (nil when unknown).
    private var composerRows: Range<Int> = 0..<0
    private var composerRules: WidthRules?
    private var composerShown: [ComposerRow?] = []

    /// The last frame. It is taken out while the next is drawn, so that it is
    /// the only reference to its cells and drawing over them copies nothing.
    private var frame: Frame?
    /// What the pane of `frame` was drawn from.
    private var pane: PaneKey?
    /// What the separator of `frame` was drawn from.
    private var separator: Separator?

    /// Whether the pane of the frame taken was drawn from `key`, so is drawn
    /// already. Unwrapped before it is compared: `==` between optionals copies
    /// both sides through the runtime's generic witnesses, at every frame.
    func drewPane(from key: PaneKey) -> Bool {
        guard let pane else { return false }
        return pane == key
    }

    /// What the separator of the frame taken was drawn from, for the next
    /// frame's separator key to take what is unchanged from.
    var separatorKey: SeparatorKey? { separator?.key }

    /// Whether the separator of the frame taken is `separator`, so is drawn already.
    func drewSeparator(_ separator: Separator) -> Bool {
        guard let drawn = self.separator else { return false }
        return drawn == separator
    }

    /// The frame to draw the next one in: the last one, started over, when it
    /// has `size` and `generation`; otherwise a blank one, with nothing drawn.
    func take(size: TerminalSize, generation: Int) -> Frame {
        if var last = frame.take(), last.size == size, last.generation == generation {
            last.startOver()
            return last
        }
        pane = nil
        separator = nil
        composerShown = []
        return Frame(size: size, generation: generation)
    }

    /// What the composer's `rows` of the frame taken show, measured by
    /// `rules`; all unknown when the composer had other rows or rules. Handed
    /// over rather than shared, so that a row marked drawn again copies nothing;
    /// `keepComposer` gives it back.
    func takeComposer(rows: Range<Int>, rules: WidthRules) -> [ComposerRow?] {
        var shown: [ComposerRow?] = []
        swap(&shown, &composerShown)
        guard rows == composerRows, rules == composerRules, shown.count == rows.count else {
            return Array(repeating: nil, count: rows.count)
        }
        return shown
    }

    /// Keeps what the composer's `rows` show now.
    func keepComposer(rows: Range<Int>, rules: WidthRules, shown: consuming [ComposerRow?]) {
        composerRows = rows
        composerRules = rules
        composerShown = shown
    }

    /// Keeps `frame` to draw the next one over, with what its parts were drawn from.
    func keep(_ frame: Frame, pane: consuming PaneKey, separator: consuming Separator?) {
        self.frame = frame
        self.pane = pane
        self.separator = separator
    }
}
