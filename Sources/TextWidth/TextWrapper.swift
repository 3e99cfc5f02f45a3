/// Breaks text into rows no wider than a given number of columns.
///
/// Rows break after a space where they can, and between two characters where
/// either is wide (CJK text has no spaces), following the kinsoku rules of
/// Japanese (`Kinsoku`); a word longer than the row is broken between grapheme
/// clusters, and a cluster is never split. The one space at which
/// a row breaks may hang one column past the edge, so that the caret before it has
/// a cell; a line that ends with such a space gets an empty row for the caret after it.
public struct TextWrapper: Sendable {
    public let rules: WidthRules

    public init(rules: WidthRules) {
        self.rules = rules
    }

    /// Wraps `text` (which may hold newlines) to rows at most `width` columns wide.
    /// Every text, even an empty one, has at least one row.
    public func rows(of text: [Character], width: Int) -> [WrappedRow] {
        rows(of: text[...], width: width)
    }

    /// Wraps a slice; the ranges of the rows are in the slice's indices.
    /// `ascii`, when given, is as in `row(of:ascii:from:width:)`.
    public func rows(of text: ArraySlice<Character>, ascii: ArraySlice<UInt8>? = nil, width: Int) -> [WrappedRow] {
        var rows: [WrappedRow] = []
        var start: Int? = text.startIndex
        while let from = start {
            let next = row(of: text, ascii: ascii, from: from, width: width)
            rows.append(next.row)
            start = next.next
        }
        return rows
    }

    /// The row that starts at `start` (the start of the text or of one of its
    /// rows), and where the row after it starts, nil after the last. A row depends
    /// only on the text from its start on, which is what lets a long draft be
    /// rewrapped only around an edit.
    ///
    /// `ascii`, when given, holds each character's byte when it is one ASCII
    /// byte (else 0), at the same indices as `text`: most characters are then
    /// measured without looking into them.
    package func row(
        of text: ArraySlice<Character>, ascii: ArraySlice<UInt8>? = nil, from start: Int,
        width: Int
    ) -> (row: WrappedRow, next: Int?) {
        let width = max(1, width)
        let end = text.endIndex
        func endsLine(_ index: Int) -> Bool { index == end || text[index].isLineBreak }
        var column = 0
        var index = start
        var lastBreak: (index: Int, column: Int)?
        var previousWide = false
        var hung = false
        var looked = start
        while index < end {
            // A run of printable ASCII that fits, after anything but a wide
            // character (which would ask the kinsoku rules), needs only its
            // spaces noted: most of any row.
            if let ascii, !previousWide {
                while index < end, column < width {
                    let byte = ascii[index]
                    looked = index
                    guard byte >= 0x20, byte < 0x7F else { break }
                    column += 1
                    index += 1
                    if byte == 0x20 { lastBreak = (index, column) }
                }
                guard index < end else { break }
            }
            looked = index
            // What the loop asks of a character, asked once: ASCII from its byte.
            let byte = ascii.map { $0[index] } ?? text[index].singleASCIIByte ?? 0
            let w: Int
            let space: Bool
            if byte != 0 {
                if byte >= 0x0A && byte <= 0x0D { break }
                w = byte >= 0x20 && byte < 0x7F ? 1 : rules.width(of: text[index])
                space = byte == 0x20
            } else {
                let character = text[index]
                if character.isNewline { break }
                w = rules.width(of: character)
                space = false
            }
            if index > start, !space, previousWide || w == 2,
                Kinsoku.allowsBreak(between: text[index - 1], and: text[index])
            {
                lastBreak = (index, column)
            }
            if column + w > width {
                if space, column <= width, index > start {
                    column += w
                    index += 1
                    hung = true
                } else if let point = lastBreak {
                    index = point.index
                    column = point.column
                } else if index > start {
                    // A word too long for the row is cut after its last
                    // `:` or `/` in the row's second half, so a fingerprint's
                    // bytes and an address's parts stay whole; else where the
                    // row is full. Not where the rules forbid: the cut moves
                    // back while it can.
                    var cut = index
                    var mark = index - 1
                    while mark > start + (index - start) / 2 {
                        if let byte = text[mark].singleASCIIByte, byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") {
                            cut = mark + 1
                            break
                        }
                        mark -= 1
                    }
                    while cut - 1 > start, !Kinsoku.allowsBreak(between: text[cut - 1], and: text[cut]) {
                        cut -= 1
                    }
                    if cut < index {
                        column -= rules.width(of: text[cut..<index])
                        index = cut
                    }
                } else {
                    column = w
                    index += 1
                }
                break
            }
            column += w
            index += 1
            previousWide = w == 2
            if space { lastBreak = (index, column) }
        }
        // Where the row ends is looked at too (a newline, the end of the text).
        looked = max(looked, index)
        // A line ending in a hanging space gets an empty row for the caret after it:
        // the next row starts at the line's end.
        guard !hung, endsLine(index) else {
            return (WrappedRow(range: start..<index, width: column, endsLine: false, lookedTo: looked), index)
        }
        return (
            WrappedRow(range: start..<index, width: column, endsLine: true, lookedTo: looked),
            index == end ? nil : index + 1
        )
    }
}

extension Character {
    /// The space at which rows break.
    var isSpace: Bool { singleASCIIByte == 0x20 }
}
