import ChatCore
import ChatIO
import ChatModel
import ChatNet
import Glibc
import IRC
import TUI

/// chat-tui on a terminal: what it needs opened before the screen (the
/// clock, the rooms' files, the replay, the networks' passwords and
/// certificates), then the terminal taken over, the widths it draws learned,
/// and the run loop (`RunLoop`) until the user quits.
struct ChatApp {
    let options: Options
    let environment: [String: String]

    /// Runs the chat screen until the user quits, or until a signal asks it to
    /// stop (returned, for the caller to end the process with once the terminal
    /// is restored). The terminal is restored and every room's draft saved on
    /// every way out.
    func run() throws(StartupError) -> Int32? {
        let wallClock = try SystemClock(environment: environment)
        let now = wallClock.read()
        let stopSignals = StopSignals()
        let clock = SystemClock.localClockFace
        // Everything that can fail is opened before the terminal is taken over,
        // so a failure is a plain message on a plain terminal.
        let roomLinks = try RoomLinks(options: options, environment: environment, clock: clock, at: now)
        let terminal: Terminal
        do {
            terminal = try Terminal(colors: !options.noColor, environment: environment)
        } catch {
            throw .terminal(error)
        }
        defer { terminal.restore() }

        let input = InputReader(terminal: terminal)
        let probe = WidthProbing(environment: environment)
        let rules = probe.start(on: terminal, input: input, always: options.probe)
        if options.probe {
            input.awaitProbe(milliseconds: WidthProbing.patienceMilliseconds)
            let answer = input.takeProbeAnswer()
            terminal.restore()
            print(probe.report(answer))
            return nil
        }
        // Answers still on their way when chat-tui ends are read here, not typed
        // into the shell after it.
        defer {
            input.awaitProbe(milliseconds: WidthProbing.drainMilliseconds)
            if let answer = input.takeProbeAnswer() { _ = probe.learn(answer) }
        }
        let display = Display(
            size: terminal.size, rules: rules, clock: clock,
            dateStyle: Self.dateStyle(environment: environment), messageStyle: options.style,
            senderColumnLimit: options.nickWidth)
        let loop = RunLoop(
            roomLinks: roomLinks, display: display, terminal: terminal, input: input, probe: probe,
            wallClock: wallClock, stopSignals: stopSignals, at: now)
        return loop.run()
    }

    /// Seconds of quiet before an IRC server is asked whether it is there
    /// (and as many again before the link is dead): 30, or for tests
    /// `CHAT_TUI_IRC_IDLE_SECONDS`, so a frozen server is noticed in seconds.
    static func idleSeconds(environment: [String: String]) -> Double {
        environment["CHAT_TUI_IRC_IDLE_SECONDS"].flatMap(Double.init).map { max(1, $0) } ?? 30
    }

    /// Japanese day names when the user's locale for dates is Japanese.
    static func dateStyle(environment: [String: String]) -> ClockFace.DateStyle {
        let locale =
            [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return locale.hasPrefix("ja") ? .japanese : .english
    }
}
