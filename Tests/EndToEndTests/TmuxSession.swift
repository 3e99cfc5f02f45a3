import Foundation
import Testing

/// The release binary under test: `$CHAT_TUI_BINARY`, or `.build/release/chat-tui`
/// in this package (`make test` builds it first).
let chatTUIBinary: String = {
    if let path = ProcessInfo.processInfo.environment["CHAT_TUI_BINARY"] { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/release/chat-tui").path
}()

/// Stops a suite at once, saying how to build it, when the release binary is missing.
func requireReleaseBinary(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
        FileManager.default.isExecutableFile(atPath: chatTUIBinary),
        "build the release binary first: swift build -c release (make test does)", sourceLocation: sourceLocation)
}

/// chat-tui running in a private tmux server, driven as a person would: keys in
/// through `send-keys`, the screen and the cursor read back through tmux.
final class TmuxSession {
    private static let counter = Counter()
    let socket: String
    private let tmux = "/usr/bin/tmux"

    /// The folder chat-tui keeps rooms in (`XDG_DATA_HOME`).
    let dataHome: String
    private let ownsDataHome: Bool
    private let workFolder: String

    /// Starts `chat-tui arguments` in a `columns`×`rows` window, by way of a bash
    /// script. When the program ends, the pane prints `EXIT:<status>` and stays
    /// open to be read.
    ///
    /// - `launcher`: a command line that runs chat-tui, given as its last arguments.
    /// - `input`: a shell command piped into chat-tui's standard input.
    /// - `output`: a shell command chat-tui's standard output is piped into.
    /// - `dataHome`: rooms (and, in its `state` folder, drafts) from an earlier
    ///   session to reopen; a fresh folder by default.
    /// - `cacheHome`: the cache folder (`XDG_CACHE_HOME`), where width probes are
    ///   remembered; a fresh folder by default.
    /// - `afterExit`: a shell command run after `EXIT:<status>` is printed, to show
    ///   the state chat-tui left the terminal in.
    /// - `shellJobControl`: the shell runs chat-tui as a job of its own, as an
    ///   interactive shell does, so Ctrl-Z gives the terminal back to the shell;
    ///   `continueProgram()` then brings it back with `fg`.
    /// - `shellIgnoresHangUp`: the pane's shell ignores SIGHUP and so outlives
    ///   its terminal, as a wrapper such as `nohup` or a debugger does: when
    ///   the terminal goes, nothing signals chat-tui, whose reads end instead.
    init(
        columns: Int = 80, rows: Int = 24, arguments: [String] = [], user: String = "alice",
        launcher: [String] = [], input: String? = nil, output: String? = nil, dataHome: String? = nil,
        cacheHome: String? = nil, afterExit: String? = nil, shellJobControl: Bool = false,
        shellIgnoresHangUp: Bool = false
    ) throws {
        socket = "chat-tui-test-\(getpid())-\(Self.counter.next())"
        workFolder = try makeTemporaryFolder()
        ownsDataHome = dataHome == nil
        self.dataHome = try dataHome ?? makeTemporaryFolder()
        let program = (launcher + [chatTUIBinary] + arguments).map(shellQuoted).joined(separator: " ")
        let pipeline = [input, program, output].compactMap { $0 }.joined(separator: " | ")
        let script = """
            unset NO_COLOR  # the test runner may set it; tests that want it say so
            \(shellIgnoresHangUp ? "trap '' HUP" : "")
            export LANG=C.UTF-8 LC_ALL= TZ=UTC USER=\(shellQuoted(user)) XDG_DATA_HOME=\(shellQuoted(self.dataHome))
            export \(Self.clockVariable)=\(Self.clockStart)
            export XDG_STATE_HOME=\(shellQuoted(self.dataHome + "/state"))
            export XDG_CACHE_HOME=\(shellQuoted(cacheHome ?? workFolder + "/cache"))
            \(shellJobControl ? "set -m" : "")
            \(pipeline)
            status=${PIPESTATUS[\(input == nil ? 0 : 1)]}
            \(shellJobControl ? Self.fgWhenTold(flag: workFolder + "/continue") : "")
            echo EXIT:$status
            \(afterExit ?? "")
            sleep 60

            """
        let scriptPath = workFolder + "/run.sh"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try run([
            "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", "/bin/bash " + scriptPath,
            ";", "set-option", "-g", "escape-time", "0",
            ";", "set-option", "-g", "window-size", "manual",
        ])
    }

    /// Shell lines that, while the job is stopped, wait for `flag` to appear and
    /// then continue it in the foreground.
    private static func fgWhenTold(flag: String) -> String {
        "while [ -n \"$(jobs -s)\" ]; do until [ -e \(shellQuoted(flag)) ]; do sleep 0.05; done; "
            + "rm -f \(shellQuoted(flag)); fg; status=$?; done"
    }

    /// Continues chat-tui, stopped by Ctrl-Z, with the shell's `fg`
    /// (`shellJobControl` sessions only).
    func continueProgram() throws {
        try Data().write(to: URL(fileURLWithPath: workFolder + "/continue"))
    }

    /// Which mouse reports the program asked the pane for: buttons
    /// (`standard`), drags (`button`), all motion (`all`), and the SGR encoding.
    func mouseFlags() throws -> [String: Bool] {
        let names = ["standard", "button", "all", "sgr"]
        let format = names.map { "#{mouse_\($0)_flag}" }.joined(separator: " ")
        let values = try run(["display-message", "-p", "-t", "t", format]).split(separator: " ")
        return Dictionary(uniqueKeysWithValues: zip(names, values.map { $0.hasPrefix("1") }))
    }

    /// The wall clock chat-tui starts at in every session (it runs on from
    /// there), so what the screen says of dates is the same on any day: a
    /// Thursday morning in UTC, hours from midnight either way.
    static let clockStart = "2026-12-03T10:30:00Z"
    static let clockVariable = "CHAT_TUI_CLOCK_START"

    deinit {
        _ = try? runCommand(tmux, ["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: workFolder)
        if ownsDataHome { try? FileManager.default.removeItem(atPath: dataHome) }
    }

    /// Waits for chat-tui's composer to be on screen, its placeholder on the last row.
    func waitUntilReady(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try waitUntil("chat-tui is ready", sourceLocation: sourceLocation) { screen, _ in
            screen.last?.hasPrefix("Message ") == true
        }
    }

    /// Waits for chat-tui to end with `status`, as the pane's `EXIT:` line says.
    /// The shell's report may wrap anywhere, as it starts where chat-tui's
    /// cursor was, so the rows are read as one text.
    @discardableResult
    func waitUntilExit(
        _ status: Int32, _ what: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        try waitUntil(what, sourceLocation: sourceLocation) { screen, _ in screen.joined().contains("EXIT:\(status)") }
    }

    /// The room's file, as chat-tui keeps it.
    func roomFile(_ room: String = "local") -> String {
        dataHome + "/chat-tui/rooms/\(room).jsonl"
    }

    /// The room's folder of drafts, one file for each chat-tui process's draft.
    func draftFolder(_ room: String = "local") -> String {
        dataHome + "/state/chat-tui/drafts/\(room)"
    }

    /// The drafts saved in the room's folder, by file name.
    func savedDrafts(_ room: String = "local") -> [String: String] {
        let folder = draftFolder(room)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var drafts: [String: String] = [:]
        for name in names where !name.hasPrefix(".") && !name.hasSuffix(".lock") {
            drafts[name] = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return drafts
    }

    /// The process ID of chat-tui, a child of the pane's shell.
    func programPID() throws -> Int32 {
        let shell = try run(["display-message", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        let pids = children.split(separator: " ").compactMap { Int32($0) }
        let named = pids.first { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("chat-tui") == true
        }
        guard let pid = named else {
            throw TmuxError(arguments: ["/proc/\(shell)/task/\(shell)/children"], message: "chat-tui is not running")
        }
        return pid
    }

    /// Whether the pane shows the terminal's alternate screen (full-screen mode).
    func isInAlternateScreen() throws -> Bool {
        try run(["display-message", "-p", "-t", "t", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Types `text` as it is (UTF-8, Japanese included), in one burst.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", "t", "-l", text])
    }

    /// Pastes `text` as a terminal does, inside bracketed-paste markers when the
    /// program asked for them; with `bracketed` false, as a terminal without
    /// bracketed paste does: as if typed, newlines as Enter.
    func paste(_ text: String, bracketed: Bool = true) throws {
        // Through a file: a command's argument could not hold a large paste.
        let file = workFolder + "/paste"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try run(["load-buffer", file])
        try run(["paste-buffer", "-t", "t"] + (bracketed ? ["-p"] : []))
    }

    /// Presses one key `count` times in one burst, as a held key repeats.
    func hold(_ key: String, count: Int) throws {
        try run(["send-keys", "-t", "t", "-N", "\(count)", key])
    }

    /// Presses keys by tmux's names: `Enter`, `C-a`, `M-Enter`, `BSpace`, `Up`.
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "t"] + keys)
    }

    /// Has tmux pass keys with modifiers on, as `CSI 27;m;code~`, to programs
    /// that ask for them (modifyOtherKeys), as a user's tmux.conf can.
    func reportModifiedKeys() throws {
        try run(["set-option", "-s", "extended-keys", "on"])
    }

    /// Sends raw bytes as the terminal would, such as a mouse report.
    func pressBytes(_ bytes: [UInt8]) throws {
        try run(["send-keys", "-t", "t", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Closes the terminal, as closing a terminal emulator's window or losing
    /// an SSH connection does: the pane's pseudo-terminal hangs up.
    func closeTerminal() throws {
        try run(["kill-server"])
    }

    /// Resizes the window; the program gets SIGWINCH as from a real terminal.
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen's rows as text; with `styles`, with colours and attributes as
    /// the escape sequences that would draw them; with `history`, the rows that
    /// scrolled off the top first.
    func screen(styles: Bool = false, history: Bool = false) throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", "t"] + (styles ? ["-e"] : []) + (history ? ["-S", "-"] : []))
        var rows = text.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The window title, which programs can set with an escape sequence.
    func title() throws -> String {
        try run(["display-message", "-p", "-t", "t", "#{pane_title}"]).trimmingCharacters(in: .newlines)
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
    func waitUntil(
        _ what: Comment, timeout: TimeInterval = 10,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (_ screen: [String], _ cursor: (x: Int, y: Int)) -> Bool
    ) throws -> [String] {
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

/// `word` quoted for bash.
func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// A new empty folder under the temporary folder.
func makeTemporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chat-tui-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The row the separator line is on, if any.
func separatorRow(_ screen: [String]) -> Int? {
    screen.lastIndex { $0.hasPrefix("──") }
}
