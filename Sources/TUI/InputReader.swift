import CNcurses
import ChatCore
import Glibc

/// Turns what the terminal sends into events: runs of typed text (so an input
/// method's committed word or a fast typist's burst is one edit), keys, and resizes.
public final class InputReader {
    private let terminal: Terminal
    /// A bracketed paste whose end marker has not arrived yet.
    private var paste: PasteCollector?

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Everything that has arrived, without waiting: call it when `poll` finds
    /// `terminal.inputDescriptor` readable or is interrupted (a resize).
    public func readPending() -> [Event] {
        var events: [Event] = []
        var text = ""
        func flushText() {
            if !text.isEmpty { events.append(.text(text)) }
            text = ""
        }
        while true {
            if paste != nil {
                // Inside a paste everything is text, Enter and Tab included; it is
                // read past curses, and what follows it goes back to curses.
                guard let pasted = readPaste() else { break }
                events.append(.text(pasted))
            }
            guard let input = next() else { break }
            switch input {
            case .code(let code) where code == chat_key_paste_start():
                flushText()
                paste = PasteCollector()
            case .character(let scalar) where Self.isPrintable(scalar):
                text.unicodeScalars.append(scalar)
            case .character(let scalar):
                flushText()
                if scalar == "\u{1B}" {
                    events.append(.key(altKey() ?? .escape))
                } else if let key = Self.controlKey(scalar) {
                    events.append(.key(key))
                }
            case .code(KEY_RESIZE):
                flushText()
                events.append(.resize(terminal.size))
            case .code(KEY_MOUSE):
                flushText()
                switch chat_wheel_direction() {
                case -1: events.append(.key(.wheelUp))
                case 1: events.append(.key(.wheelDown))
                default: break
                }
            case .code(let code):
                flushText()
                if let key = Self.functionKey(code) { events.append(.key(key)) }
            }
        }
        flushText()
        return events
    }

    /// Reads the paste in progress as far as it has arrived; returns its text once
    /// the end marker has come.
    private func readPaste() -> String? {
        while paste != nil {
            let block = terminal.readWaiting()
            if block.isEmpty { return nil }
            if let text = paste!.add(block) {
                terminal.giveBack(paste!.leftover)
                paste = nil
                return text
            }
        }
        return nil
    }

    private enum Input {
        case character(Unicode.Scalar)
        case code(Int32)
    }

    private func next() -> Input? {
        var value: wint_t = 0
        switch wget_wch(terminal.window, &value) {
        case KEY_CODE_YES: return .code(Int32(value))
        case OK: return Unicode.Scalar(UInt32(value)).map(Input.character)
        default: return nil
        }
    }

    /// The key after an Esc that arrived with it: Alt held down.
    private func altKey() -> Key? {
        switch next() {
        case nil: return nil
        case .character(let scalar) where Self.isPrintable(scalar):
            return .altCharacter(Character(scalar))
        case .character(let scalar):
            return Self.controlKey(scalar).map(Key.alt)
        case .code(let code):
            return Self.functionKey(code).map(Key.alt)
        }
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
    }

    private static func controlKey(_ scalar: Unicode.Scalar) -> Key? {
        switch scalar.value {
        case 0x0D: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        case 0x1F: return .control("_")
        default: return nil
        }
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case chat_key_control_left(): return .controlLeft
        case chat_key_control_right(): return .controlRight
        default: return ModifiedKeys.key(code: code)
        }
    }
}
