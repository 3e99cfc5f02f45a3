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
    public func rows(of text: ArraySlice<Character>, width: Int) -> [WrappedRow] {
        var rows: [WrappedRow] = []
        var lineStart = text.startIndex
        while true {
            let lineEnd = text[lineStart...].firstIndex(where: \.isNewline) ?? text.endIndex
            appendRows(of: text[lineStart..<lineEnd], width: max(1, width), to: &rows)
            if lineEnd == text.endIndex { break }
            lineStart = lineEnd + 1
        }
        return rows
    }

    private func appendRows(of line: ArraySlice<Character>, width: Int, to rows: inout [WrappedRow]) {
        var start = line.startIndex
        while true {
            var column = 0
            var index = start
            var lastBreak: (index: Int, column: Int)?
            var previousWide = false
            var hung = false
            while index < line.endIndex {
                let character = line[index]
                let w = rules.width(of: character)
                if index > start, !character.isSpace, previousWide || w == 2,
                   Kinsoku.allowsBreak(between: line[index - 1], and: character) {
                    lastBreak = (index, column)
                }
                if column + w > width {
                    if character.isSpace, column <= width, index > start {
                        column += w
                        index += 1
                        hung = true
                    } else if let point = lastBreak {
                        index = point.index
                        column = point.column
                    } else if index > start {
                        // A word too long for the row is cut, but not where the
                        // rules forbid: the cut moves back while it can.
                        var cut = index
                        while cut - 1 > start, !Kinsoku.allowsBreak(between: line[cut - 1], and: line[cut]) {
                            cut -= 1
                        }
                        if cut < index {
                            column -= rules.width(of: line[cut..<index])
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
                if character.isSpace { lastBreak = (index, column) }
            }
            let endsLine = index == line.endIndex && !hung
            rows.append(WrappedRow(range: start..<index, width: column, endsLine: endsLine))
            if index == line.endIndex {
                if hung {
                    rows.append(WrappedRow(range: index..<index, width: 0, endsLine: true))
                }
                return
            }
            start = index
        }
    }
}

extension Character {
    /// The space at which rows break.
    var isSpace: Bool { self == " " }
}
