import CNcurses
import Glibc

/// The terminal's last rescue: when chat-tui crashes (a Swift runtime trap, a
/// fatal error, a bad memory access), a signal handler writes the bytes that
/// leave full-screen mode and puts the terminal's modes back as they were
/// found, using only what is safe inside a handler (`write`, `tcsetattr`,
/// `sigaction`, `raise`), then lets the crash go on as it would have.
enum CrashRestore {
    /// The signals a crash arrives as.
    static let numbers = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS]

    /// What the handler needs, made before any crash and never freed while armed.
    fileprivate struct Rescue {
        var descriptor: Int32
        var modes: termios
        var bytes: UnsafeMutablePointer<UInt8>
        var count: Int
        /// The actions the handler replaced, by signal number, to hand the crash on to.
        var previous: UnsafeMutablePointer<sigaction>
    }

    /// Arms the handler for the terminal on `descriptor`: `modes` are its modes
    /// before chat-tui changed them, `reset` what puts the screen back.
    static func arm(descriptor: Int32, modes: termios, reset: [UInt8]) {
        disarm()
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, reset.count))
        bytes.initialize(from: reset, count: reset.count)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        previous.initialize(repeating: sigaction(), count: Int(NSIG))
        let pointer = UnsafeMutablePointer<Rescue>.allocate(capacity: 1)
        pointer.initialize(
            to: Rescue(
                descriptor: descriptor, modes: modes, bytes: bytes, count: reset.count,
                previous: previous))
        rescue = pointer
        var action = sigaction()
        action.__sigaction_handler.sa_handler = crashed
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))
        for number in numbers { sigaction(number, &action, previous + Int(number)) }
    }

    /// Puts back the actions the handler replaced: the terminal is restored the ordinary way.
    static func disarm() {
        guard let pointer = rescue else { return }
        rescue = nil
        for number in numbers { sigaction(number, pointer.pointee.previous + Int(number), nil) }
        pointer.pointee.bytes.deallocate()
        pointer.pointee.previous.deallocate()
        pointer.deallocate()
    }
}

/// Set once before the handler is installed, read only by it.
nonisolated(unsafe) private var rescue: UnsafeMutablePointer<CrashRestore.Rescue>?

/// The handler: restore the terminal, then hand the signal to whoever had it
/// before (the default action, or the runtime's crash report).
private let crashed: @convention(c) (Int32) -> Void = { signal in
    if let pointer = rescue {
        rescue = nil
        var written = 0
        while written < pointer.pointee.count {
            let count = write(pointer.pointee.descriptor, pointer.pointee.bytes + written, pointer.pointee.count - written)
            if count <= 0 { break }
            written += count
        }
        tcsetattr(pointer.pointee.descriptor, TCSANOW, &pointer.pointee.modes)
        sigaction(signal, pointer.pointee.previous + Int(signal), nil)
    }
    raise(signal)
}
