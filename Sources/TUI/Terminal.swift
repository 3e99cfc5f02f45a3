import CNcurses
import CSystem
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
    /// Readable when the terminal was resized (SIGWINCH, blocked and read here).
    private let resizeDescriptor: Int32
    /// What is asked of the terminal for keys with modifiers, if anything.
    private let modifiedKeys: (enable: String, disable: String)?
    /// True when the terminal reports the mouse, so the wheel can scroll.
    private let reportsWheel: Bool

    /// Takes over the controlling terminal: a full-screen mode with no echo, keys
    /// delivered one by one (Ctrl-C included), and the cursor shown at the caret.
    /// With `colors` false (`NO_COLOR`, `--no-color`) the screen is drawn in the
    /// terminal's own colours, with weight and underline alone.
    public init(colors: Bool = true, environment: [String: String]) throws(TerminalError) {
        Self.chooseLocale()
        resizeDescriptor = Self.hearResizes()
        guard let tty = fopen("/dev/tty", "r+") else { throw TerminalError.noTerminal }
        var modes = termios()
        tcgetattr(fileno(tty), &modes)
        let name = environment["TERM"]
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
        keypad(window, true)  // the keypad's application mode; its keys are read by KeyDecoder
        // chat-tui reads the keyboard itself: ncurses need not look for keys
        // typed ahead (two polls) at every update.
        typeahead(-1)
        curs_set(1)
        if ModifiedKeys.mayAsk(environment) {
            let kitty = ModifiedKeys.speaksKittyProtocol(environment)
            modifiedKeys = (ModifiedKeys.enableSequence(kitty: kitty), ModifiedKeys.disableSequence(kitty: kitty))
        } else {
            modifiedKeys = nil
        }
        reportsWheel = chat_tigetstr("kmous") != nil
        hasColors = colors && has_colors()
        if hasColors {
            start_color()
            use_default_colors()
        }
        var rows: Int32 = 0
        var columns: Int32 = 0
        chat_getmaxyx(window, &rows, &columns)
        size = TerminalSize(columns: Int(columns), rows: Int(rows))
        clearScreen = chat_tigetstr("clear").map { Array(String(cString: $0).utf8) } ?? []
        switchInputModes(on: true)
        CrashRestore.arm(descriptor: inputDescriptor, modes: modes, reset: resetSequence())
    }

    deinit { restore() }

    /// The terminal's size, as last read.
    public private(set) var size: TerminalSize

    /// Asks the terminal how wide it draws each of `samples`: each is written at
    /// the top left of the screen and followed by a cursor position request, all
    /// in one write, then a device attributes request, which every terminal
    /// answers, after the others. The line is erased and the next frame drawn
    /// over everything. The answers come as input, whenever the terminal sends
    /// them (`InputReader.takeProbeAnswer()`); nothing waits for them here.
    public func askWidths(of samples: [String]) {
        wnoutrefresh(window)
        doupdate()  // ncurses' own start-up output goes first
        var request = ""
        for sample in samples {
            request += "\u{1B}[1;1H" + sample + "\u{1B}[6n"
        }
        request += "\u{1B}[1;1H\u{1B}[2K\u{1B}[c"
        fputs(request, tty)
        fflush(tty)
        needsClearing = true  // the next frame is drawn over everything
    }

    /// True when the screen must be cleared before the next frame: what it
    /// shows is not known (a resize, a stop, the width probe).
    private(set) var needsClearing = true

    /// True until ncurses has drawn once, and again after a stop: its first
    /// refresh sends what takes the terminal over (the alternate screen, the
    /// keypad's mode), and puts its modes back after a stop.
    private var cursesRefreshDue = true

    /// Clears the screen: through ncurses when its refresh is due (its picture
    /// of the screen stays blank, as chat-tui draws past it with `write`),
    /// else with the terminal's own clear, which costs ncurses nothing. Returns
    /// the bytes of that clear, for the caller to write ahead of the frame it
    /// draws next (one write, not two), or none when ncurses has cleared.
    func clear() -> [UInt8] {
        needsClearing = false
        if cursesRefreshDue || clearScreen.isEmpty {
            cursesRefreshDue = false
            clearok(chat_curscr(), true)
            wnoutrefresh(window)
            doupdate()
            return []
        }
        return clearScreen
    }

    /// The terminal's `clear` (ESC [ H ESC [ 2 J): home the cursor, erase all.
    private let clearScreen: [UInt8]

    /// Writes `bytes` to the terminal, all of them, in as few writes as it takes.
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(inputDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // the terminal is gone: nothing to draw on
            offset += written
        }
    }

    /// Waits up to `milliseconds` for input from the keyboard; true when some came.
    func waitForInput(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds) > 0
        keyboard = ready ? .ready : .unknown
        return ready
    }

    /// Reads what the terminal has sent, without waiting, in large blocks; empty
    /// when nothing is waiting. `more` is true when the block was filled, so more
    /// may wait; otherwise all that had come was read, and asking again costs a
    /// system call for nothing.
    func readWaiting() -> (bytes: ArraySlice<UInt8>, more: Bool) {
        // A wait that just looked at the keyboard has already asked.
        switch keyboard {
        case .ready: break
        case .idle:
            keyboard = .unknown
            return ([], false)
        case .unknown:
            guard waitForInput(milliseconds: 0) else { return ([], false) }
        }
        keyboard = .unknown
        let count = readBuffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
        // A raw terminal said to be readable gives at least one byte, unless it hung up.
        if count == 0 || (count < 0 && errno == EIO) { hasHungUp = true }
        // The block itself, not a copy: what is read is decoded before the next
        // read writes over it (held longer, the block would be copied then).
        return count > 0 ? (readBuffer[..<count], count == readBuffer.count) : ([], false)
    }

    /// True once the terminal has hung up (its window closed, its connection
    /// lost): a read ends at once with nothing. SIGHUP usually says so too, but
    /// it goes to the session's leader, and a leader that outlives its terminal
    /// (a shell ignoring SIGHUP, a debugger) passes nothing on.
    public private(set) var hasHungUp = false

    /// What the last wait saw of the keyboard, until it is read.
    private var keyboard = KeyboardSeen.unknown

    private enum KeyboardSeen {
        /// Readable: the next read takes what waits.
        case ready
        /// Nothing to read when the last wait looked (it woke for a resize or
        /// a file): no need to ask again before the next wait.
        case idle
        /// Not looked at since the last read.
        case unknown
    }

    /// The block input is read into, made once: a key is a few bytes, a paste
    /// comes 64 KiB at a time.
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)

    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Rings the terminal's bell (the terminal decides what a bell does).
    public func bell() {
        beep()
    }

    /// Gives the terminal back to the shell and stops the process, as Ctrl-Z
    /// does in a cooked terminal; when the shell continues it (`fg`), takes the
    /// terminal over again. The caller redraws everything afterwards.
    public func suspend() {
        switchInputModes(on: false)
        endwin()
        kill(getpid(), SIGSTOP)
        // Continued: the next refresh puts ncurses' modes back. The window may
        // have been resized meanwhile.
        switchInputModes(on: true)
        pendingResize = true
        signalled = true  // resizes meanwhile
        needsClearing = true
        cursesRefreshDue = true
    }

    /// Set when the size must be read again although no SIGWINCH came.
    private var pendingResize = false
    /// Set when the last wait saw a signal waiting to be read (at first, to look once).
    private var signalled = true

    /// The new size, when the terminal was resized since the last call (or the
    /// process was continued after a stop). A SIGTSTP
    /// sent to chat-tui stops it here, as Ctrl-Z does, and it is drawn anew once continued.
    public func takeResize() -> TerminalSize? {
        var resized = pendingResize
        pendingResize = false
        if signalled {
            signalled = false
            var stop = false
            // Every signal waiting, in one read while they fit.
            var filled: Int32 = 1
            while filled != 0 {
                let seen = chat_read_signals(resizeDescriptor, &filled)
                if seen & 1 << SIGTSTP != 0 { stop = true }
                if seen & ~(1 << SIGTSTP) != 0 { resized = true }
            }
            if stop {
                suspend()
                pendingResize = false
                resized = true
            }
        }
        guard resized else { return nil }
        // ncurses is not told: it draws nothing but blank screens (`clear`),
        // and resizing its pictures cost more than the frame itself.
        var window = winsize()
        if ioctl(inputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            size = TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
        }
        // What the terminal shows is unknown after a resize: it may have cut or
        // moved what was drawn, or a frame may have been drawn at the size before
        // it while it was resized again. The next frame is drawn over everything.
        needsClearing = true
        return self.size
    }

    /// Leaves full-screen mode and gives the terminal back as it was found.
    /// Safe to call more than once.
    public func restore() {
        guard !restored else { return }
        restored = true
        CrashRestore.disarm()
        switchInputModes(on: false)
        endwin()
        delscreen(screen)
        fclose(tty)
    }

    /// What puts the screen back as ncurses' `endwin` and `switchInputModes(on:
    /// false)` would, for a crash, when neither can run: the input modes off,
    /// the mouse and keypad modes off, plain text, the cursor shown, and the
    /// shell's screen back.
    private func resetSequence() -> [UInt8] {
        var reset = ""
        reset += Self.pasteMode(on: false, terminfo: chat_tigetstr("BD").map { String(cString: $0) })
        if let modifiedKeys { reset += modifiedKeys.disable }
        if reportsWheel { reset += Self.wheelReports(on: false) }
        for capability in ["rmkx", "sgr0", "cnorm", "rmcup"] {
            if let sequence = chat_tigetstr(capability) { reset += String(cString: sequence) }
        }
        return Array(reset.utf8)
    }

    /// What asks the terminal to mark pastes (`on`) or to stop: its terminfo
    /// entry's `BE` or `BD`, or else xterm's sequence, which rxvt-unicode and
    /// kitty honour though their entries list none, and which a terminal that
    /// does not know the mode ignores. Pastes are always asked to be marked,
    /// so a pasted line break never sends.
    static func pasteMode(on: Bool, terminfo: String?) -> String {
        terminfo ?? (on ? "\u{1B}[?2004h" : "\u{1B}[?2004l")
    }

    /// Asks the terminal to mark pastes and report keys with their modifiers,
    /// or (`on` false) to stop, where it can.
    private func switchInputModes(on: Bool) {
        fputs(Self.pasteMode(on: on, terminfo: chat_tigetstr(on ? "BE" : "BD").map { String(cString: $0) }), tty)
        if let modifiedKeys { fputs(on ? modifiedKeys.enable : modifiedKeys.disable, tty) }
        if reportsWheel { fputs(Self.wheelReports(on: on), tty) }
        fflush(tty)
    }

    /// Asks for (or stops) reports of mouse buttons, the wheel among them, in the
    /// SGR encoding, which has no limit on columns. Clicks and drags are reported
    /// too but ignored; motion is not asked for, so moving the mouse costs nothing.
    static func wheelReports(on: Bool) -> String {
        on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l"
    }

    /// Blocks SIGWINCH and SIGTSTP, so that ncurses' handlers never run, and
    /// returns a descriptor that is readable when one came. A resize is then read
    /// like any other input, never lost between two waits; and one from a parent
    /// that left SIGWINCH blocked is heard all the same. SIGTSTP is given a
    /// handler of its own (which never runs, as it stays blocked) before ncurses
    /// starts, so that ncurses leaves it alone rather than taking it away and
    /// back around every screen update, two system calls a frame.
    private static func hearResizes() -> Int32 {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGWINCH)
        sigaddset(&signals, SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGTSTP) { _ in }
        return chat_signal_descriptor(&signals)
    }

    /// Waits until the keyboard or one of `descriptors` has input (or, for
    /// those also in `writing`, takes output), the terminal is resized, or
    /// `timeoutMilliseconds` pass (never, when negative). Says which are ready;
    /// the keyboard counts as having input after a resize, so that
    /// `InputReader` reads the resize at once.
    public func wait(
        for descriptors: [Int32], writing: [Int32] = [],
        timeoutMilliseconds: Int32
    ) -> (keyboard: Bool, ready: Set<Int32>) {
        polled.removeAll(keepingCapacity: true)
        polled.append(pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0))
        polled.append(pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0))
        for fd in descriptors {
            polled.append(pollfd(fd: fd, events: Int16(POLLIN) | (writing.contains(fd) ? Int16(POLLOUT) : 0), revents: 0))
        }
        // A resize already known is read at once, whatever else comes.
        let count = poll(&polled, nfds_t(polled.count), pendingResize ? 0 : timeoutMilliseconds)
        if count < 0 {
            keyboard = .unknown  // interrupted: the keyboard is looked at again
            return (true, [])
        }
        keyboard = polled[0].revents != 0 ? .ready : .idle
        signalled = signalled || polled[1].revents != 0
        // A key wakes the keyboard alone: the set stays empty, made of nothing.
        var ready = Set<Int32>()
        for entry in polled.dropFirst(2) where entry.revents != 0 { ready.insert(entry.fd) }
        return (polled[0].revents != 0 || polled[1].revents != 0 || pendingResize, ready)
    }

    /// What `wait` asks `poll` about, kept from one wait to the next.
    private var polled: [pollfd] = []

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
