import CNcurses
import ChatCore

/// Keys that terminals report with their modifiers once asked to, in xterm's
/// modifyOtherKeys form (`ESC [ 27 ; m ; code ~`) or the kitty keyboard
/// protocol's (`ESC [ code ; m u`). They are what lets Shift-Enter differ from
/// Enter; with the kitty protocol, Esc and Ctrl and Alt keys come this way too.
enum ModifiedKeys {
    /// The modifiers field is one more than the sum of these.
    static let shift = 1, alt = 2, control = 4

    /// Asks for modified keys: modifyOtherKeys level 1, which leaves the keys that
    /// have a traditional code alone, and, where the terminal speaks it, the
    /// kitty protocol's first level, which only disambiguates.
    static func enableSequence(kitty: Bool) -> String {
        "\u{1B}[>4;1m" + (kitty ? "\u{1B}[>1u" : "")
    }

    /// Puts both back as they were.
    static func disableSequence(kitty: Bool) -> String {
        "\u{1B}[>4m" + (kitty ? "\u{1B}[<u" : "")
    }

    /// True unless the terminal is a console or a hardware-like terminal, which
    /// may read the request as something else.
    static func mayAsk(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !term.hasPrefix("linux") && !term.hasPrefix("vt") && term != "dumb"
    }

    /// True when the environment names a terminal that speaks the kitty keyboard
    /// protocol. It is not asked for elsewhere: some terminals read the sequence
    /// that would switch it on as "restore the cursor".
    static func speaksKittyProtocol(_ environment: [String: String]) -> Bool {
        environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-kitty"
            || ["WezTerm", "ghostty"].contains(environment["TERM_PROGRAM"] ?? "")
    }

    /// Every sequence to hand to curses, with the key code it is to report: for
    /// Enter, Tab, Esc and Backspace with modifiers in both forms, and with
    /// `kitty`, the Ctrl and Alt keys that protocol reports in its own form.
    /// (Each sequence costs curses memory, so only what can arrive is defined.)
    static func sequences(kitty: Bool) -> [(sequence: String, code: Int32)] {
        var sequences: [(String, Int32)] = []
        for codePoint in [9, 13, 27, 127] {
            sequences.append(("\u{1B}[\(codePoint)u", keyCode(codePoint: codePoint, modifiers: 1)))
            for modifiers in 2...8 {
                let code = keyCode(codePoint: codePoint, modifiers: modifiers)
                sequences.append(("\u{1B}[\(codePoint);\(modifiers)u", code))
                sequences.append(("\u{1B}[27;\(modifiers);\(codePoint)~", code))
            }
        }
        guard kitty else { return sequences }
        // Ctrl, Alt and both, with Shift or without.
        for codePoint in 32...126 {
            for modifiers in 3...8 {
                sequences.append(("\u{1B}[\(codePoint);\(modifiers)u", keyCode(codePoint: codePoint, modifiers: modifiers)))
            }
        }
        return sequences
    }

    static func keyCode(codePoint: Int, modifiers: Int) -> Int32 {
        chat_key_extended_base() + Int32(modifiers * 128 + codePoint)
    }

    /// The key for a code from `sequences`; nil for any other code, or for a
    /// combination chat-tui has no use for.
    static func key(code: Int32) -> Key? {
        let offset = Int(code - chat_key_extended_base())
        guard (128..<9 * 128).contains(offset) else { return nil }
        return key(codePoint: offset % 128, modifiers: offset / 128)
    }

    /// The key a code point pressed with `modifiers` (the protocol's field) means.
    static func key(codePoint: Int, modifiers: Int) -> Key? {
        let held = (modifiers - 1) & 7  // lock keys, in the higher bits, do not count
        let withShift = held & shift != 0, withAlt = held & alt != 0, withControl = held & control != 0
        switch codePoint {
        case 13:
            if withAlt { return .alt(.enter) }
            return withShift ? .shift(.enter) : .enter
        case 27: return withAlt ? .alt(.escape) : .escape
        case 9: return withShift ? nil : .tab
        case 127, 8: return withAlt || withControl ? .alt(.backspace) : .backspace
        default: break
        }
        guard let scalar = Unicode.Scalar(codePoint) else { return nil }
        let character = withShift ? shifted(Character(scalar)) : Character(scalar)
        if withControl {
            let letter = Character(scalar).lowercased().first ?? Character(scalar)
            let control: Key? = switch letter {
            case "a"..."z": .control(letter)
            case "_", "-", "/": .control("_")  // as Ctrl-_ , Ctrl-- and Ctrl-/ send it elsewhere
            default: nil
            }
            guard let control else { return nil }
            return withAlt ? .alt(control) : control
        }
        return withAlt ? .altCharacter(character) : nil
    }

    /// What Shift makes of a key on a US keyboard, as the protocols report the
    /// unshifted key.
    static func shifted(_ character: Character) -> Character {
        let pairs: [Character: Character] = [
            "-": "_", "=": "+", "[": "{", "]": "}", "\\": "|", ";": ":", "'": "\"", ",": "<", ".": ">",
            "/": "?", "`": "~", "1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&",
            "8": "*", "9": "(", "0": ")",
        ]
        return pairs[character] ?? Character(character.uppercased())
    }
}
