import ChatCore
import Glibc

/// Turns what the terminal sends into events: runs of typed text (so an input
/// method's committed word or a fast typist's burst is one edit), pastes, keys,
/// and resizes. It reads the terminal's bytes itself, through one `KeyDecoder`,
/// so nothing is handed back to be read twice; the terminal's answers to the
/// width probe are picked out on the way, whenever they come.
public final class InputReader {
    private let terminal: Terminal
    private var decoder = KeyDecoder()
    /// The columns of the cursor position answers since the probe was asked,
    /// while its closing device attributes answer has not come.
    private var probeColumns: [Int]?
    /// The probe's answers, once complete, until taken.
    private var probeAnswer: [Int]?
    /// What a read decodes to, and the events made of it: kept from read to
    /// read, so that a typed key makes no array.
    private var inputs: [TerminalInput] = []
    private var events: [Event] = []

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Everything that has arrived, without waiting but for the rest of a key
    /// sequence cut off mid-way: call it when `Terminal.wait` says the keyboard
    /// has input (a resize counts).
    public func readPending() -> [Event] {
        events.removeAll(keepingCapacity: true)
        if let size = terminal.takeResize() { events.append(.resize(size)) }
        while true {
            let (bytes, more) = terminal.readWaiting()
            if !bytes.isEmpty {
                decoder.decode(bytes, into: &inputs)
                takeInputs()
            }
            if more { continue }
            // From a terminal that hung up (always readable, never giving)
            // nothing more comes: what is held is taken, a paste begun included.
            if terminal.hasHungUp {
                decoder.finish(into: &inputs)
                takeInputs()
                break
            }
            // Nothing more waiting: the rest of a sequence or a character that has
            // begun is given a moment to come, then taken as it is.
            guard let delay = decoder.flushDelayMilliseconds else { break }
            if !terminal.waitForInput(milliseconds: Int32(delay)) {
                decoder.flush(into: &inputs)
                takeInputs()
                break
            }
        }
        return events
    }

    /// Turns the inputs decoded into events, and empties them for the next read.
    private func takeInputs() {
        defer { inputs.removeAll(keepingCapacity: true) }
        for input in inputs {
            switch input {
            case .text(let text), .paste(let text):
                // A paste is text with its newlines, which stay in the draft.
                events.append(.text(text))
            case .key(let key):
                events.append(.key(key))
            case .cursorPosition(_, let column):
                probeColumns?.append(column - 1)
            case .deviceAttributes:
                if let columns = probeColumns {
                    probeAnswer = columns
                    probeColumns = nil
                }
            }
        }
    }

    /// Starts listening for the answers to a width probe just asked
    /// (`Terminal.askWidths`): cursor position answers until the device
    /// attributes answer that closes them.
    public func listenForProbeAnswers() {
        probeColumns = []
        probeAnswer = nil
    }

    /// True while a probe was asked and its closing answer has not come.
    public var isAwaitingProbe: Bool { probeColumns != nil }

    /// The columns each probe sample moved the cursor, in order, once the probe's
    /// answers are all in; nil before. Given once.
    public func takeProbeAnswer() -> [Int]? {
        defer { probeAnswer = nil }
        return probeAnswer
    }

    /// Reads until the probe's answers are all in or `milliseconds` pass, so that
    /// answers do not arrive after chat-tui has gone and get typed into the
    /// shell. It is called only where chat-tui no longer takes keys (`--probe`,
    /// and on the way out), so keys typed meanwhile are dropped.
    public func awaitProbe(milliseconds: Int) {
        let deadline = Terminal.milliseconds() + Int64(milliseconds)
        while isAwaitingProbe, !terminal.hasHungUp {
            let remaining = deadline - Terminal.milliseconds()
            guard remaining > 0 else { break }
            if terminal.waitForInput(milliseconds: Int32(remaining)) { _ = readPending() }
        }
    }
}
