/// The escape sequences terminals send for keys and answers, read for
/// `KeyDecoder`: CSI (`ESC [ parameters final`) and SS3 (`ESC O final`).
enum EscapeSequence {
    typealias Parsed = KeyDecoder.Parsed

    /// Reads the CSI sequence whose Esc is at `start`.
    static func controlSequence(at start: Int, in bytes: [UInt8]) -> Parsed {
        let first = start + 2
        guard first < bytes.count else { return .incomplete }
        switch bytes[first] {
        case UInt8(ascii: "M"):
            // X10 mouse: three bytes follow, each 32 more than its value.
            guard first + 3 < bytes.count else { return .incomplete }
            let input = wheel(button: Int(bytes[first + 1]) - 32)
            return .input(input, length: first + 4 - start)
        case UInt8(ascii: "["):
            // The Linux console's F1 to F5: ESC [ [ A to E.
            guard first + 1 < bytes.count else { return .incomplete }
            return .input(nil, length: first + 2 - start)
        default:
            break
        }
        var end = first
        while end < bytes.count, isParameter(bytes[end]) { end += 1 }
        let parametersEnd = end
        while end < bytes.count, isIntermediate(bytes[end]) { end += 1 }
        // A sequence longer than any key's is dropped whole, final byte and all,
        // however the reads cut it (the decoder skips the rest of one cut off).
        if end - first > KeyDecoder.longestSequence {
            guard end < bytes.count else { return .overlong(length: end - start, inIntermediates: end > parametersEnd) }
            return .input(nil, length: end - start + (isFinal(bytes[end]) ? 1 : 0))
        }
        guard end < bytes.count else { return .incomplete }
        let final = bytes[end]
        guard isFinal(final) else {
            // Not a sequence after all: Alt-[ and what follows, typed.
            return .input(.key(.altCharacter("[")), length: 2)
        }
        let parameters = Parameters(bytes[first..<end])
        let length = end + 1 - start
        if parameters.prefix == nil, final == UInt8(ascii: "~"), parameters.number(0) == 200 {
            return .pasteStart(length: length)
        }
        return .input(controlSequence(parameters, final: Unicode.Scalar(final)), length: length)
    }

    /// A CSI sequence's parameter bytes: digits, `;`, `:` and the private `<=>?`.
    static func isParameter(_ byte: UInt8) -> Bool { (0x30...0x3F).contains(byte) }

    /// Its intermediate bytes, but `$`, with which rxvt ends Shift-modified keys.
    static func isIntermediate(_ byte: UInt8) -> Bool { (0x20...0x2F).contains(byte) && byte != UInt8(ascii: "$") }

    /// Its final byte, rxvt's `$` included.
    static func isFinal(_ byte: UInt8) -> Bool { (0x40...0x7E).contains(byte) || byte == UInt8(ascii: "$") }

    /// What a complete CSI sequence means.
    private static func controlSequence(_ parameters: Parameters, final: Unicode.Scalar) -> TerminalInput? {
        switch (parameters.prefix, final) {
        case ("<", "M"):
            return wheel(button: parameters.number(0) ?? 0)
        case ("?", "c"):
            return .deviceAttributes
        case (nil, "R"):
            guard parameters.count == 2, let row = parameters.number(0), let column = parameters.number(1) else {
                return nil
            }
            return .cursorPosition(row: row, column: column)
        case (nil, "~"):
            if parameters.number(0) == 27 {  // xterm's modifyOtherKeys: 27 ; modifiers ; code
                guard let codePoint = parameters.number(2) else { return nil }
                return characterKey(codePoint: codePoint, modifiers: KeyModifiers(field: parameters.number(1) ?? 1))
            }
            return editingKey(parameters.number(0) ?? 0)
                .flatMap(KeyModifiers(field: parameters.number(1) ?? 1).apply).map(TerminalInput.key)
        case (nil, "^"), (nil, "$"), (nil, "@"):  // rxvt: Ctrl, Shift, both
            let modifiers = KeyModifiers(shift: final != "^", control: final != "$")
            return editingKey(parameters.number(0) ?? 0).flatMap(modifiers.apply).map(TerminalInput.key)
        case (nil, "u"):
            return kittyKey(parameters)
        case (nil, "Z"):
            return .key(.shift(.tab))
        case (nil, "a"), (nil, "b"), (nil, "c"), (nil, "d"):  // rxvt's Shift with the arrows
            return cursorKey(final).map { .key(.shift($0)) }
        case (nil, _):
            guard let key = cursorKey(final) else { return nil }
            // `CSI 1 ; 5 D`: the modifiers are the second parameter.
            return KeyModifiers(field: parameters.number(1) ?? 1).apply(to: key).map(TerminalInput.key)
        default:
            return nil  // other answers (secondary attributes, modes), focus reports
        }
    }

    /// Reads the SS3 sequence whose Esc is at `start`: the cursor keys in
    /// application mode, and the keypad.
    static func singleShift(at start: Int, in bytes: [UInt8]) -> Parsed {
        var end = start + 2
        while end < bytes.count, isParameter(bytes[end]) { end += 1 }  // old forms: ESC O 5 D
        guard end < bytes.count else { return .incomplete }
        let final = bytes[end]
        guard (0x40...0x7E).contains(final) else {
            return .input(.key(.altCharacter("O")), length: 2)
        }
        let parameters = Parameters(bytes[(start + 2)..<end])
        let modifiers = KeyModifiers(field: parameters.number(parameters.count - 1) ?? 1)
        let length = end + 1 - start
        let scalar = Unicode.Scalar(final)
        switch scalar {
        case "M": return .input(modifiers.apply(to: .enter).map(TerminalInput.key), length: length)
        case "c": return .input(.key(.controlRight), length: length)  // rxvt's Ctrl-Right
        case "d": return .input(.key(.controlLeft), length: length)
        case "a", "b": return .input(nil, length: length)  // rxvt's Ctrl-Up and Ctrl-Down
        case "A", "B", "C", "D", "H", "F":
            return .input(cursorKey(scalar).flatMap(modifiers.apply).map(TerminalInput.key), length: length)
        default:
            // The keypad in application mode: ESC O p is 0, ESC O k is +...
            let keypad: [Unicode.Scalar: String] = [
                "p": "0", "q": "1", "r": "2", "s": "3", "t": "4", "u": "5", "v": "6", "w": "7", "x": "8",
                "y": "9", "j": "*", "k": "+", "l": ",", "m": "-", "n": ".", "o": "/", "X": "=",
            ]
            return .input(keypad[scalar].map(TerminalInput.text), length: length)
        }
    }

    /// The arrows, Home and End by their final byte.
    private static func cursorKey(_ final: Unicode.Scalar) -> Key? {
        switch final {
        case "A", "a": return .up
        case "B", "b": return .down
        case "C", "c": return .right
        case "D", "d": return .left
        case "H": return .home
        case "F": return .end
        default: return nil
        }
    }

    /// The keys sent as `CSI number ~`, by their number (VT220's, and rxvt's 7 and 8).
    private static func editingKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        default: return nil  // Insert, function keys, the end of a paste with no start
        }
    }

    /// A character key with modifiers: the key it means, or text when only
    /// Shift (or nothing) was held.
    private static func characterKey(codePoint: Int, modifiers: KeyModifiers, text: String? = nil) -> TerminalInput? {
        if let key = modifiers.key(codePoint: codePoint) { return .key(key) }
        guard !modifiers.control, !modifiers.alt, codePoint >= 0x20, codePoint != 0x7F,
            let scalar = Unicode.Scalar(codePoint)
        else { return nil }
        return .text(text ?? String(modifiers.shift ? KeyModifiers.shifted(Character(scalar)) : Character(scalar)))
    }

    /// The kitty keyboard protocol's `CSI code[:alternates] ; modifiers[:event] ; text u`.
    private static func kittyKey(_ parameters: Parameters) -> TerminalInput? {
        guard let codePoint = parameters.number(0) else { return nil }
        let modifiers = KeyModifiers(field: parameters.number(1) ?? 1)
        if parameters.subNumber(1, 1) == 3 { return nil }  // a key released
        let text = parameters.codePoints(2).map { String(String.UnicodeScalarView($0)) }
        if let key = kittyFunctionalKey(codePoint) {
            return modifiers.apply(to: key).map(TerminalInput.key)
        }
        if let digit = kittyKeypadText(codePoint) {
            return modifiers.isEmpty || modifiers == KeyModifiers(shift: true) ? .text(digit) : nil
        }
        guard codePoint < 0xE000 || codePoint > 0xF8FF else { return nil }  // modifier keys, media keys
        return characterKey(codePoint: codePoint, modifiers: modifiers, text: text)
    }

    /// The kitty protocol's codes for keypad keys that move or edit.
    private static func kittyFunctionalKey(_ codePoint: Int) -> Key? {
        switch codePoint {
        case 57414: return .enter
        case 57417: return .left
        case 57418: return .right
        case 57419: return .up
        case 57420: return .down
        case 57421: return .pageUp
        case 57422: return .pageDown
        case 57423: return .home
        case 57424: return .end
        case 57426: return .delete
        default: return nil
        }
    }

    /// The kitty protocol's codes for keypad keys that type: 0 to 9, . / * - + =.
    private static func kittyKeypadText(_ codePoint: Int) -> String? {
        switch codePoint {
        case 57399...57408: return String(codePoint - 57399)
        case 57409: return "."
        case 57410: return "/"
        case 57411: return "*"
        case 57412: return "-"
        case 57413: return "+"
        case 57415: return "="
        default: return nil
        }
    }

    /// A mouse report: the wheel turned (buttons 64 and 65, with any modifier
    /// bits), or nothing chat-tui asked for.
    private static func wheel(button: Int) -> TerminalInput? {
        switch button & ~0x1C {
        case 64: return .key(.wheelUp)
        case 65: return .key(.wheelDown)
        default: return nil
        }
    }

    /// A sequence's parameter bytes: an optional private prefix (`<`, `=`, `>`,
    /// `?`), then numbers separated by `;`, each with `:`-separated parts.
    struct Parameters {
        let prefix: Unicode.Scalar?
        private let fields: [[Int?]]

        init(_ bytes: ArraySlice<UInt8>) {
            var body = bytes
            if let first = body.first, (0x3C...0x3F).contains(first) {
                prefix = Unicode.Scalar(first)
                body = body.dropFirst()
            } else {
                prefix = nil
            }
            fields =
                body.isEmpty
                ? []
                : body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
                    $0.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { part in
                        part.isEmpty || part.count > 9 || !part.allSatisfy({ (0x30...0x39).contains($0) })
                            ? nil : part.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                    }
                }
        }

        var count: Int { fields.count }

        /// The first part of field `index`.
        func number(_ index: Int) -> Int? { subNumber(index, 0) }

        func subNumber(_ index: Int, _ part: Int) -> Int? {
            guard fields.indices.contains(index), fields[index].indices.contains(part) else { return nil }
            return fields[index][part]
        }

        /// Field `index` read as code points (the kitty protocol's text field).
        func codePoints(_ index: Int) -> [Unicode.Scalar]? {
            guard fields.indices.contains(index) else { return nil }
            let scalars = fields[index].compactMap { $0.flatMap { Unicode.Scalar(UInt32(clamping: $0)) } }
            return scalars.isEmpty ? nil : scalars
        }
    }
}
