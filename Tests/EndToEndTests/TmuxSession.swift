import Foundation
import Testing

/// The release binary under test: `$CHAT_TUI_BINARY`, or `.build/release/chat-tui`
/// in this package (`make test` builds it first).
let chatTUIBinary: String = {
    if let path = ProcessInfo.processInfo.environment["CHAT_TUI_BINARY"] { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/release/chat-tui").path
}()

/// chat-tui running in a private tmux server, driven as a person would: keys in
/// through `send-keys`, the screen and the cursor read back through tmux.
final class TmuxSession {
    private static let counter = Counter()
    let socket: String
    private let tmux = "/usr/bin/tmux"

    /// Starts `chat-tui arguments` in a `columns`×`rows` window. When the program
    /// ends, the pane prints `EXIT:<status>` and stays open to be read.
    /// `launcher` is a command line that runs chat-tui, which it is given as its
    /// last arguments.
    init(columns: Int = 80, rows: Int = 24, arguments: [String] = [], user: String = "alice",
         launcher: [String] = []) throws {
        socket = "chat-tui-test-\(getpid())-\(Self.counter.next())"
        let quoted = (launcher + [chatTUIBinary] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let command = "env LANG=C.UTF-8 LC_ALL= TZ=UTC USER=\(user) \(quoted); echo EXIT:$?; sleep 60"
        try run(["new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", command,
                 ";", "set-option", "-g", "escape-time", "0",
                 ";", "set-option", "-g", "window-size", "manual"])
    }

    deinit {
        _ = try? runCommand(tmux, ["-L", socket, "kill-server"])
    }

    /// Types `text` as it is (UTF-8, Japanese included), in one burst.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", "t", "-l", text])
    }

    /// Presses keys by tmux's names: `Enter`, `C-a`, `M-Enter`, `BSpace`, `Up`.
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "t"] + keys)
    }

    /// Resizes the window; the program gets SIGWINCH as from a real terminal.
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen's rows as text; with `styles`, with colours and attributes as
    /// the escape sequences that would draw them.
    func screen(styles: Bool = false) throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", "t"] + (styles ? ["-e"] : []))
        var rows = text.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The cursor's column and row.
    func cursor() throws -> (x: Int, y: Int) {
        let parts = try run(["display-message", "-p", "-t", "t", "#{cursor_x} #{cursor_y}"])
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return (parts.first ?? -1, parts.last ?? -1)
    }

    /// Waits until `condition` holds for the screen (and cursor), for at most
    /// `timeout` seconds, and returns the last screen seen. Records a failure
    /// showing that screen when the time runs out.
    @discardableResult
    func waitUntil(_ what: Comment, timeout: TimeInterval = 10,
                   sourceLocation: SourceLocation = #_sourceLocation,
                   _ condition: (_ screen: [String], _ cursor: (x: Int, y: Int)) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while true {
            screen = try self.screen()
            if condition(screen, try cursor()) { return screen }
            if Date() > deadline { break }
            usleep(20_000)
        }
        let shown = screen.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(separator: "\n")
        Issue.record("timed out waiting until \(what); cursor \(try cursor()); screen:\n\(shown)", sourceLocation: sourceLocation)
        return screen
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let result = try runCommand(tmux, ["-L", socket, "-f", "/dev/null"] + arguments)
        if result.status != 0 {
            throw TmuxError(arguments: arguments, message: result.standardError)
        }
        return result.standardOutput
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var arguments: [String]
    var message: String
    var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(message)" }
}

/// The row the separator line is on, if any.
func separatorRow(_ screen: [String]) -> Int? {
    screen.lastIndex { $0.hasPrefix("──") }
}
