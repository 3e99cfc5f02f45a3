import CNcurses
import ChatCore
import Glibc

/// The terminal chat-tui draws on: opened on `/dev/tty`, so the screen and the
/// keyboard work even when standard input and output are pipes, and put back
/// exactly as it was by `restore()`.
public final class Terminal {
    private let tty: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private var restored = false
    let window: UnsafeMutablePointer<WINDOW>
    /// The file descriptor keys are read from.
    public let inputDescriptor: Int32
    /// Whether the terminal shows colours; otherwise styles are bold, dim and plain.
    let hasColors: Bool

    /// Takes over the controlling terminal: a full-screen mode with no echo, keys
    /// delivered one by one (Ctrl-C included), and the cursor shown at the caret.
    public init() throws(TerminalError) {
        Self.chooseLocale()
        Self.hearResizes()
        guard let tty = fopen("/dev/tty", "r+") else { throw TerminalError.noTerminal }
        let name = getenv("TERM").map { String(cString: $0) }
        guard name?.isEmpty == false, let screen = newterm(nil, tty, tty) else {
            fclose(tty)
            throw TerminalError.unknownTerminalType(name)
        }
        self.tty = tty
        self.screen = screen
        set_term(screen)
        window = chat_stdscr()
        inputDescriptor = fileno(tty)
        raw()
        noecho()
        nonl()  // tells Enter (CR) from Ctrl-J (LF)
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(1)
        hasColors = has_colors()
        if hasColors {
            start_color()
            use_default_colors()
        }
    }

    deinit { restore() }

    /// The terminal's size now.
    public var size: TerminalSize {
        var rows: Int32 = 0
        var columns: Int32 = 0
        chat_getmaxyx(window, &rows, &columns)
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    /// Asks the terminal how wide it draws each of `samples`: each is written at
    /// the top left of the (still blank) screen and followed by a cursor position
    /// request, all in one write, then erased. Answers are awaited for at most
    /// `timeoutMilliseconds` (longer once the first has come); a sample without an
    /// answer is nil. Keys typed meanwhile are given back to ncurses, in order.
    public func measureWidths(of samples: [String], timeoutMilliseconds: Int32 = 50) -> [Int?] {
        wnoutrefresh(window)
        doupdate()  // ncurses' own start-up output goes first
        var request = ""
        for sample in samples {
            request += "\u{1B}[1;1H" + sample + "\u{1B}[6n"
        }
        request += "\u{1B}[1;1H\u{1B}[2K"
        fputs(request, tty)
        fflush(tty)

        var answers = CursorReports()
        var deadline = Self.milliseconds() + Int64(timeoutMilliseconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while answers.columns.count < samples.count {
            let remaining = deadline - Self.milliseconds()
            guard remaining > 0 else { break }
            var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining)) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            let hadAnswers = !answers.columns.isEmpty
            answers.consume(buffer[..<count])
            // A terminal that answers at all answers the rest in the same breath.
            if !hadAnswers && !answers.columns.isEmpty { deadline = Self.milliseconds() + 500 }
        }
        // Typed keys go back in reverse, as each one goes in front of the others.
        for scalar in String(decoding: answers.otherBytes, as: UTF8.self).unicodeScalars.reversed() {
            unget_wch(wchar_t(bitPattern: scalar.value))
        }
        clearok(chat_curscr(), true)  // the next frame is drawn over everything
        return samples.indices.map { $0 < answers.columns.count ? answers.columns[$0] - 1 : nil }
    }

    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Leaves full-screen mode and gives the terminal back as it was found.
    /// Safe to call more than once.
    public func restore() {
        guard !restored else { return }
        restored = true
        endwin()
        delscreen(screen)
        fclose(tty)
    }

    /// Unblocks SIGWINCH, which ncurses turns into `KEY_RESIZE`. A process
    /// inherits its parent's blocked signals, and a parent that left SIGWINCH
    /// blocked would otherwise freeze the layout at the starting size.
    private static func hearResizes() {
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resize, nil)
    }

    /// Makes the C library (and so ncurses) read and write UTF-8. The user's
    /// locale is used when it is UTF-8; otherwise the C library's built-in
    /// UTF-8 locale, since chat-tui's text is always UTF-8.
    private static func chooseLocale() {
        setlocale(LC_ALL, "")
        if chat_codeset_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
