/// IRC's in-band formatting codes (bold `^B`, colour `^C04,01`, reset `^O` and
/// the rest), turned into plain text plus the runs it is formatted with, so the
/// codes are shown as formatting and never reach the terminal as bytes.
public enum IRCFormatting {
    /// `text` without its formatting codes, and the formatted stretches of what is left.
    public static func parse(_ text: Substring) -> (text: String, runs: [FormatRun]) {
        guard text.unicodeScalars.contains(where: isCode) else { return (String(text), []) }
        var segments: [(text: String.UnicodeScalarView, format: TextFormat)] = [(.init(), .plain)]
        var format = TextFormat.plain
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func change(_ update: (inout TextFormat) -> Void) {
            update(&format)
            if segments[segments.count - 1].format != format {
                if segments[segments.count - 1].text.isEmpty {
                    segments[segments.count - 1].format = format
                } else {
                    segments.append((.init(), format))
                }
            }
        }
        func number(maxDigits: Int) -> Int? {
            var value: Int?
            var count = 0
            while count < maxDigits, index < scalars.count, ("0"..."9").contains(scalars[index]) {
                value = (value ?? 0) * 10 + Int(scalars[index].value - 0x30)
                index += 1
                count += 1
            }
            return value
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\u{02}": change { $0.bold.toggle() }
            case "\u{1D}": change { $0.italic.toggle() }
            case "\u{1F}": change { $0.underline.toggle() }
            case "\u{1E}": change { $0.strikethrough.toggle() }
            case "\u{16}": change { $0.reverse.toggle() }
            case "\u{11}": break  // monospace: everything in a terminal already is
            case "\u{0F}": change { $0 = .plain }
            case "\u{03}":
                guard let foreground = number(maxDigits: 2) else {
                    change {
                        $0.foreground = nil
                        $0.background = nil
                    }
                    continue
                }
                var background: Int?
                if index + 1 < scalars.count, scalars[index] == ",", ("0"..."9").contains(scalars[index + 1]) {
                    index += 1
                    background = number(maxDigits: 2)
                }
                change {
                    $0.foreground = shown(foreground)
                    if let background { $0.background = shown(background) }
                }
            case "\u{04}":
                // Hex colours: read and left out.
                let hex = { (s: Unicode.Scalar) in s.properties.isASCIIHexDigit }
                var digits = 0
                while digits < 6, index < scalars.count, hex(scalars[index]) {
                    index += 1
                    digits += 1
                }
                if digits == 6, index + 1 < scalars.count, scalars[index] == ",", hex(scalars[index + 1]) {
                    index += 1
                    digits = 0
                    while digits < 6, index < scalars.count, hex(scalars[index]) {
                        index += 1
                        digits += 1
                    }
                }
            default:
                segments[segments.count - 1].text.append(scalar)
            }
        }
        var plain = ""
        var runs: [FormatRun] = []
        var offset = 0
        for segment in segments {
            let piece = String(segment.text)
            let count = piece.count
            if segment.format != .plain, count > 0 {
                runs.append(FormatRun(range: offset..<(offset + count), format: segment.format))
            }
            plain += piece
            offset += count
        }
        return (plain, runs)
    }

    private static func isCode(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{02}", "\u{03}", "\u{04}", "\u{0F}", "\u{11}", "\u{16}", "\u{1D}", "\u{1E}", "\u{1F}": return true
        default: return false
        }
    }

    /// IRC colours 0–15 are shown (99 means the default); others are not.
    private static func shown(_ colour: Int) -> UInt8? {
        colour < 16 ? UInt8(colour) : nil
    }
}
