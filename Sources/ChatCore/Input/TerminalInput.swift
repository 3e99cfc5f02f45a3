/// One thing the terminal sent, as `KeyDecoder` reads it from the bytes.
public enum TerminalInput: Equatable, Sendable {
    /// Typed text: a run of printable characters, such as a fast typist's burst
    /// or an input method's committed word.
    case text(String)
    /// The text of a bracketed paste, newlines and tabs included.
    case paste(String)
    /// A key that is not plain text.
    case key(Key)
    /// The answer to a cursor position request (`ESC [ 6 n`), 1-based.
    case cursorPosition(row: Int, column: Int)
    /// The answer to a device attributes request (`ESC [ c`). Every terminal
    /// answers it, and in order, so it marks the end of the answers asked before it.
    case deviceAttributes
}

extension TerminalInput {
    /// Appends `input`, joining text to text just before it: where one read
    /// ended, or a keypad key typed through a sequence, does not cut text.
    static func append(_ input: TerminalInput, to inputs: inout [TerminalInput]) {
        if case .text(let text) = input, case .text(let before)? = inputs.last {
            inputs[inputs.count - 1] = .text(before + text)
        } else {
            inputs.append(input)
        }
    }

    /// `inputs` with adjacent text joined, as decoding them in one read gives them.
    package static func joiningText(_ inputs: [TerminalInput]) -> [TerminalInput] {
        var joined: [TerminalInput] = []
        for input in inputs { append(input, to: &joined) }
        return joined
    }
}
