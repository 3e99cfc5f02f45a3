/// The modifiers field terminals send with a key (xterm's `CSI 1 ; m D`,
/// modifyOtherKeys' `CSI 27 ; m ; code ~`, the kitty protocol's `CSI code ; m u`):
/// one more than the sum of the held modifiers' bits.
struct KeyModifiers: Equatable {
    static let shiftBit = 1, altBit = 2, controlBit = 4, metaBit = 32

    let shift: Bool
    let alt: Bool
    let control: Bool

    /// Reads the field; lock keys (caps and num lock, the higher bits) do not
    /// count, and Meta counts as Alt, as terminals that report it mean it so.
    init(field: Int) {
        let held = max(0, field - 1)
        shift = held & Self.shiftBit != 0
        alt = held & (Self.altBit | Self.metaBit) != 0
        control = held & Self.controlBit != 0
    }

    init(shift: Bool = false, alt: Bool = false, control: Bool = false) {
        self.shift = shift
        self.alt = alt
        self.control = control
    }

    var isEmpty: Bool { !shift && !alt && !control }

    /// A function key (an arrow, Home, Delete...) pressed with these modifiers:
    /// Ctrl-Left and Ctrl-Right move by word, Ctrl-PgUp and Ctrl-PgDn change
    /// rooms, Alt and Shift wrap the key, and other Ctrl combinations mean
    /// nothing here.
    func apply(to key: Key) -> Key? {
        var result = key
        if control {
            switch key {
            case .left: result = .controlLeft
            case .right: result = .controlRight
            case .pageUp: result = .controlPageUp
            case .pageDown: result = .controlPageDown
            case .backspace: result = .alt(.backspace)  // Ctrl-Backspace deletes a word
            default: return nil
            }
        }
        if shift, !control { result = .shift(result) }
        if alt { result = .alt(result) }
        return result
    }

    /// The key a character key means when pressed with these modifiers, as the
    /// kitty protocol and modifyOtherKeys report it (the unshifted key's code
    /// point). Nil for plain or shifted characters, which are text, and for
    /// combinations chat-tui has no use for.
    func key(codePoint: Int) -> Key? {
        switch codePoint {
        case 13:
            if alt { return .alt(.enter) }
            return shift ? .shift(.enter) : .enter
        case 27: return alt ? .alt(.escape) : .escape
        case 9: return shift ? .shift(.tab) : .tab
        case 127, 8: return alt || control ? .alt(.backspace) : .backspace
        default: break
        }
        guard let scalar = Unicode.Scalar(codePoint) else { return nil }
        let character = shift ? Self.shifted(Character(scalar)) : Character(scalar)
        if control {
            let letter = Character(scalar).lowercased().first ?? Character(scalar)
            let control: Key? =
                switch letter {
                case "a"..."z": .control(letter)
                case "_", "-", "/": .control("_")  // as Ctrl-_ , Ctrl-- and Ctrl-/ send it elsewhere
                default: nil
                }
            guard let control else { return nil }
            return alt ? .alt(control) : control
        }
        return alt ? .altCharacter(character) : nil
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
