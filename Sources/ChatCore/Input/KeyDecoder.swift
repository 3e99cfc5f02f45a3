import TextWidth

/// Reads the bytes a terminal sends into text, keys, pastes and the terminal's
/// answers, and nothing is ever handed back to be read again.
///
/// It knows every form a terminal may send a key in: control bytes, Esc before a
/// key for Alt, CSI and SS3 sequences with and without modifiers (xterm, tmux,
/// the Linux console, rxvt's own), xterm's modifyOtherKeys, the kitty keyboard
/// protocol (`CSI code ; modifiers u`), bracketed pastes, mouse wheel reports in
/// the SGR and X10 encodings, and answers to cursor position and device
/// attributes requests. A read may end in the middle of any of them: what is
/// incomplete is held for the next read, and `flush()` takes it as it is when
/// nothing more comes (a lone Esc is the Esc key).
public struct KeyDecoder {
    /// Bytes held for the rest of a sequence or a character.
    private var held: [UInt8] = []
    /// What is held and the read after it, kept from read to read so that
    /// decoding a read makes no array for it.
    private var pending: [UInt8] = []
    /// A bracketed paste whose end marker has not arrived yet.
    private var paste: PasteCollector?
    /// While the rest of a sequence too long to be a key is dropped: whether its
    /// intermediate bytes have begun (after which no parameter byte belongs to it).
    private var skipping: SkippedPart?
    private enum SkippedPart { case parameters, intermediates }

    /// How long a lone Esc waits for a key after it before it is the Esc key,
    /// as ncurses' default escape delay.
    public static let escapeDelayMilliseconds = 25
    /// How long the rest of a sequence or a character that has begun is waited for.
    public static let sequenceDelayMilliseconds = 100
    /// The longest sequence read; anything longer is not from a terminal's keyboard.
    static let longestSequence = 64

    public init() {}

    /// How long to wait for more input before calling `flush()`, in milliseconds;
    /// nil when nothing is held. A paste in progress waits for its end marker.
    public var flushDelayMilliseconds: Int? {
        if skipping != nil { return Self.sequenceDelayMilliseconds }
        guard paste == nil, !held.isEmpty else { return nil }
        return held.allSatisfy { $0 == 0x1B } ? Self.escapeDelayMilliseconds : Self.sequenceDelayMilliseconds
    }

    /// True while a bracketed paste has begun and not ended.
    var isInPaste: Bool { paste != nil }

    /// Decodes `bytes` after what was held, as far as they are complete, onto
    /// the end of `output`, which a reader keeps from read to read, so that a
    /// key read makes no array.
    public mutating func decode(_ bytes: some Collection<UInt8>, into output: inout [TerminalInput]) {
        pending.removeAll(keepingCapacity: true)
        pending += held
        pending += bytes
        held = []
        decode(pending, force: false, into: &output)
    }

    /// Takes what is held as it is, because nothing more came: a lone Esc is the
    /// Esc key, Esc and a character Alt with it, an unfinished sequence the keys
    /// its bytes are; onto the end of `output`.
    public mutating func flush(into output: inout [TerminalInput]) {
        skipping = nil
        let buffer = held
        held = []
        decode(buffer, force: true, into: &output)
    }

    /// Takes what is held as it is when nothing more will come (the terminal
    /// hung up): a paste begun is taken as far as it came, so that what was
    /// pasted goes into the draft rather than being lost with the terminal.
    public mutating func finish(into output: inout [TerminalInput]) {
        if let collector = paste {
            paste = nil
            let text = collector.collected
            if !text.isEmpty { output.append(.paste(text)) }
        }
        flush(into: &output)
    }

    private mutating func decode(_ bytes: [UInt8], force: Bool, into output: inout [TerminalInput]) {
        var bytes = bytes
        var index = 0
        var textStart = 0
        func flushText(upTo end: Int) {
            if textStart < end { Self.appendText(bytes[textStart..<end], to: &output) }
        }
        while true {
            if paste != nil {
                guard let text = paste!.add(bytes[index...]) else { return }
                output.append(.paste(text))
                bytes = paste!.leftover
                paste = nil
                index = 0
                textStart = 0
            }
            if var skip = skipping {
                if skip == .parameters {
                    while index < bytes.count, EscapeSequence.isParameter(bytes[index]) { index += 1 }
                }
                while index < bytes.count, EscapeSequence.isIntermediate(bytes[index]) {
                    skip = .intermediates
                    index += 1
                }
                guard index < bytes.count else {
                    skipping = skip
                    return
                }
                if EscapeSequence.isFinal(bytes[index]) { index += 1 }
                skipping = nil
                textStart = index
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x7F {
                index += 1  // text: a run is decoded as a whole when it ends
                continue
            }
            flushText(upTo: index)
            if byte == 0x1B {
                switch Self.escape(at: index, in: bytes) {
                case .incomplete where !force:
                    held = Array(bytes[index...])
                    return
                case .incomplete:
                    let (input, length) = Self.asTyped(at: index, in: bytes)
                    if let input { TerminalInput.append(input, to: &output) }
                    index += length
                case .input(let input, let length):
                    if let input { TerminalInput.append(input, to: &output) }
                    index += length
                case .pasteStart(let length):
                    paste = PasteCollector()
                    index += length
                case .overlong(let length, let inIntermediates):
                    skipping = inIntermediates ? .intermediates : .parameters
                    index += length
                }
            } else {
                if let key = Self.controlKey(byte) { output.append(.key(key)) }
                index += 1
            }
            textStart = index
        }
        // A character cut off at the end of the read waits for its other bytes.
        let end = force ? bytes.count : UTF8Cut.completeEnd(bytes, from: textStart)
        flushText(upTo: end)
        if end < bytes.count { held = Array(bytes[end...]) }
    }

    /// Appends typed text, leaving out C1 control characters (U+0080 to U+009F),
    /// which are never text; bytes that are not UTF-8 become U+FFFD.
    private static func appendText(_ bytes: ArraySlice<UInt8>, to output: inout [TerminalInput]) {
        var text = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(0xC2) {
            text.unicodeScalars.removeAll { (0x80...0x9F).contains($0.value) }
            if text.isEmpty { return }
        }
        TerminalInput.append(.text(text), to: &output)
    }

    /// The key a control byte is.
    static func controlKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1F: return .control("_")
        default: return nil  // Ctrl-Space, Ctrl-\, Ctrl-], Ctrl-^
        }
    }

    /// What an Esc and the bytes after it mean.
    enum Parsed: Equatable {
        /// Needs bytes that have not arrived.
        case incomplete
        /// `length` bytes read; nil when they mean nothing to chat-tui.
        case input(TerminalInput?, length: Int)
        /// The start marker of a bracketed paste.
        case pasteStart(length: Int)
        /// `length` bytes of a sequence too long to be a key, whose end has not
        /// arrived: the rest is dropped as it comes.
        case overlong(length: Int, inIntermediates: Bool)
    }

    static func escape(at start: Int, in bytes: [UInt8]) -> Parsed {
        let next = start + 1
        guard next < bytes.count else { return .incomplete }
        switch bytes[next] {
        case UInt8(ascii: "["):
            return EscapeSequence.controlSequence(at: start, in: bytes)
        case UInt8(ascii: "O"):
            return EscapeSequence.singleShift(at: start, in: bytes)
        case 0x1B:
            // Alt with a key that is itself a sequence (rxvt's Alt-Left is Esc Esc [ D).
            switch escape(at: next, in: bytes) {
            case .incomplete: return .incomplete
            case .input(.key(let key), let length): return .input(.key(.alt(key)), length: length + 1)
            case .input(let other, let length): return .input(other, length: length + 1)
            case .pasteStart(let length): return .pasteStart(length: length + 1)
            case .overlong(let length, let inIntermediates):
                return .overlong(length: length + 1, inIntermediates: inIntermediates)
            }
        default:
            return altKey(at: next, in: bytes).map { .input($0.input, length: $0.length + 1) } ?? .incomplete
        }
    }

    /// A key pressed with Alt, which the terminal sent after an Esc: nil when the
    /// character has not arrived whole.
    private static func altKey(at index: Int, in bytes: [UInt8]) -> (input: TerminalInput?, length: Int)? {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
            return (controlKey(byte).map { .key(.alt($0)) }, 1)
        }
        let length = UTF8Cut.sequenceLength(lead: byte)
        guard index + length <= bytes.count else { return nil }
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        guard let character = text.first else { return (nil, length) }
        return (.key(.altCharacter(character)), length)
    }

    /// What an unfinished sequence means when nothing more comes: Esc alone is
    /// the Esc key, and Esc before anything else is Alt with its first character.
    private static func asTyped(at start: Int, in bytes: [UInt8]) -> (TerminalInput?, Int) {
        let next = start + 1
        guard next < bytes.count else { return (.key(.escape), 1) }
        if bytes[next] == 0x1B { return (.key(.alt(.escape)), 2) }
        if let (input, length) = altKey(at: next, in: bytes) { return (input, length + 1) }
        return (.key(.escape), 1)
    }
}
