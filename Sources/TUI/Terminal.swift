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
