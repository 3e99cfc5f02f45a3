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
    /// The signal mask `wait` waits with: SIGWINCH let in.
    private let waitingMask: sigset_t
    /// True when the terminal marks pastes, so typed and pasted text differ.
    private let bracketedPaste: Bool
    /// What is asked of the terminal for keys with modifiers, if anything.
    private let modifiedKeys: (enable: String, disable: String)?

    /// Takes over the controlling terminal: a full-screen mode with no echo, keys
    /// delivered one by one (Ctrl-C included), and the cursor shown at the caret.
    /// With `colors` false (`NO_COLOR`, `--no-color`) the screen is drawn in the
    /// terminal's own colours, with weight and underline alone.
    public init(colors: Bool = true) throws(TerminalError) {
        Self.chooseLocale()
        waitingMask = Self.hearResizesWhileWaiting()
        guard let tty = fopen("/dev/tty", "r+") else { throw TerminalError.noTerminal }
        var modes = termios()
        tcgetattr(fileno(tty), &modes)
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
        bracketedPaste = Self.defineBracketedPaste()
        let environment = ["TERM", "TERM_PROGRAM", "KITTY_WINDOW_ID"].reduce(into: [String: String]()) {
            if let value = getenv($1) { $0[$1] = String(cString: value) }
        }
        if ModifiedKeys.mayAsk(environment) {
            let kitty = ModifiedKeys.speaksKittyProtocol(environment)
            modifiedKeys = (ModifiedKeys.enableSequence(kitty: kitty), ModifiedKeys.disableSequence(kitty: kitty))
            for (sequence, code) in ModifiedKeys.sequences(kitty: kitty) { define_key(sequence, code) }
        } else {
            modifiedKeys = nil
        }
        chat_enable_wheel()
        for (capability, code) in [("kLFT5", chat_key_control_left()), ("kRIT5", chat_key_control_right())] {
            if let sequence = chat_tigetstr(capability) { define_key(sequence, code) }
        }
        hasColors = colors && has_colors()
        if hasColors {
            start_color()
            use_default_colors()
        }
        switchInputModes(on: true)
        CrashRestore.arm(descriptor: inputDescriptor, modes: modes, reset: resetSequence())
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
        giveBack(answers.otherBytes)
        clearok(chat_curscr(), true)  // the next frame is drawn over everything
        return samples.indices.map { $0 < answers.columns.count ? answers.columns[$0] - 1 : nil }
    }

    /// Puts bytes read past curses back in front of the input, for curses to read
    /// as the keys they are.
    func giveBack(_ bytes: [UInt8]) {
        // In reverse, as each one goes in front of the others.
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars.reversed() {
            unget_wch(wchar_t(bitPattern: scalar.value))
        }
    }

    /// Reads what the terminal has sent, past curses and without waiting, in
    /// large blocks; empty when nothing is waiting.
    func readWaiting() -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return [] }
        let count = block.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(block[..<count]) : []
    }

    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Gives the terminal back to the shell and stops the process, as Ctrl-Z
    /// does in a cooked terminal; when the shell continues it (`fg`), takes the
    /// terminal over again. The caller redraws everything afterwards.
    public func suspend() {
        switchInputModes(on: false)
        endwin()
        kill(getpid(), SIGSTOP)
        // Continued: the next refresh puts ncurses' modes back.
        switchInputModes(on: true)
        clearok(chat_curscr(), true)
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
        if bracketedPaste, let sequence = chat_tigetstr("BD") { reset += String(cString: sequence) }
        if let modifiedKeys { reset += modifiedKeys.disable }
        if chat_tigetstr("kmous") != nil { reset += "\u{1B}[?1000l" }
        for capability in ["rmkx", "sgr0", "cnorm", "rmcup"] {
            if let sequence = chat_tigetstr(capability) { reset += String(cString: sequence) }
        }
        return Array(reset.utf8)
    }

    /// Asks the terminal to mark pastes and report keys with their modifiers,
    /// or (`on` false) to stop, where it can.
    private func switchInputModes(on: Bool) {
        if bracketedPaste, let sequence = chat_tigetstr(on ? "BE" : "BD") { fputs(sequence, tty) }
        if let modifiedKeys { fputs(on ? modifiedKeys.enable : modifiedKeys.disable, tty) }
        fflush(tty)
    }

    /// Has ncurses report the markers of a bracketed paste as keys, so a pasted
    /// newline is text rather than Enter, when the terminfo entry says how the
    /// terminal marks pastes (`BE`, with `PS` and `PE` for the markers).
    private static func defineBracketedPaste() -> Bool {
        guard chat_tigetstr("BE") != nil, let start = chat_tigetstr("PS"), let end = chat_tigetstr("PE") else {
            return false
        }
        define_key(start, chat_key_paste_start())
        define_key(end, chat_key_paste_end())
        return true
    }

    /// Blocks SIGWINCH (which ncurses turns into `KEY_RESIZE`) except while
    /// `wait` waits, and returns the signal mask to wait with. A resize that
    /// comes while a frame is drawn then ends the next wait at once rather than
    /// going unnoticed; and one from a parent that left SIGWINCH blocked is heard
    /// all the same.
    private static func hearResizesWhileWaiting() -> sigset_t {
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        var waiting = sigset_t()
        pthread_sigmask(SIG_BLOCK, &resize, &waiting)
        sigdelset(&waiting, SIGWINCH)
        return waiting
    }

    /// Waits until the keyboard or one of `others` (nil ones are skipped) has
    /// input, the terminal is resized, or `timeoutMilliseconds` pass. Says which
    /// have input; the keyboard counts as having input after a resize, so that
    /// `InputReader` reads the resize at once.
    public func wait(for others: [Int32?], timeoutMilliseconds: Int32) -> (keyboard: Bool, others: [Bool]) {
        var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
        descriptors += others.map { pollfd(fd: $0 ?? -1, events: Int16(POLLIN), revents: 0) }
        var mask = waitingMask
        let count = chat_ppoll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds, &mask)
        if count < 0 { return (true, others.map { _ in false }) }
        let ready = descriptors.map { $0.fd >= 0 && $0.revents != 0 }
        return (ready[0], Array(ready.dropFirst()))
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
