/// Cuts text into pieces that each fit a byte budget on the wire, never inside
/// a UTF-8 sequence or a grapheme cluster, and after a space when one lies in
/// the last part of the budget, so words stay whole where they can.
public enum MessageSplitter {
    /// `text` in pieces of at most `budget` UTF-8 bytes whose concatenation is
    /// `text`. A grapheme cluster larger than the budget on its own is cut
    /// between its code points, as nothing else would fit.
    public static func pieces(of text: Substring, budget: Int) -> [Substring] {
        precondition(budget >= 4, "a budget holds at least one code point")
        var pieces: [Substring] = []
        var rest = text
        while rest.utf8.count > budget {
            var end = rest.startIndex
            var bytes = 0
            var lastSpaceEnd: String.Index?
            for index in rest.indices {
                let characterBytes = rest[index].utf8.count
                if bytes + characterBytes > budget { break }
                bytes += characterBytes
                end = rest.index(after: index)
                if rest[index] == " " { lastSpaceEnd = end }
            }
            if end == rest.startIndex {
                // One cluster larger than the budget: cut it between code points.
                var scalarEnd = rest.unicodeScalars.startIndex
                var scalarBytes = 0
                for index in rest.unicodeScalars.indices {
                    let size = UTF8.width(rest.unicodeScalars[index])
                    if scalarBytes + size > budget { break }
                    scalarBytes += size
                    scalarEnd = rest.unicodeScalars.index(after: index)
                }
                end = scalarEnd
            } else if let lastSpaceEnd,
                rest.distance(from: rest.startIndex, to: lastSpaceEnd) * 4 >= rest.distance(from: rest.startIndex, to: end) * 3
            {
                end = lastSpaceEnd
            }
            pieces.append(rest[..<end])
            rest = rest[end...]
        }
        if !rest.isEmpty { pieces.append(rest) }
        return pieces
    }

    /// `line` without the characters that would end or cut an IRC line (CR,
    /// LF, NUL): what a message may carry on the wire.
    public static func wireSafe(_ line: Substring) -> Substring {
        guard line.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else { return line }
        return Substring(String(String.UnicodeScalarView(line.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })))
    }
}
