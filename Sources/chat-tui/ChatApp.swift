import ChatCore
import TUI

/// The run loop: keys and resizes in, through the state machine, frames out.
struct ChatApp {
    let options: Options

    /// Runs the chat screen until the user quits. The terminal is restored on
    /// every way out.
    func run() throws(TerminalError) {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let screen = Screen(terminal: terminal)
        let input = InputReader(terminal: terminal)
        let view = ChatView(clock: SystemClock.localClockFace)
        var state = ChatState(room: "local", nick: options.nick, size: terminal.size)
        screen.draw(view.frame(for: state))
        while !state.isFinished {
            let events = input.waitForEvents()
            guard !events.isEmpty else { continue }
            for event in events {
                if case .resize = event { screen.invalidate() }
                state.apply(event, now: SystemClock.now())
                if state.isFinished { break }
            }
            screen.draw(view.frame(for: state))
        }
    }
}
