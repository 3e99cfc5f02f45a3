import CSystem
import Glibc

/// The signals that ask chat-tui to stop (SIGTERM, SIGHUP when the terminal goes
/// away, SIGINT, SIGQUIT), taken as input rather than as interruptions: they are
/// blocked, and their arrival makes `descriptor` readable, so the run loop hears
/// one between two events, saves the draft, finishes what it was writing,
/// restores the terminal and then `die(of:)` ends the process as that signal would.
public final class StopSignals {
    /// The signals handled, by number.
    public static let numbers = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    /// Readable when one of the signals is pending; -1 when that could not be set up.
    public let descriptor: Int32

    /// Blocks the signals and starts listening for them. Call before any thread
    /// starts, so that none of them is let in elsewhere.
    public init() {
        var signals = Self.signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        descriptor = chat_signal_descriptor(&signals)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The signal that arrived, if one did (one at a time, first come first).
    public func received() -> Int32? {
        guard descriptor >= 0 else { return nil }
        let number = chat_read_signal(descriptor)
        return number == 0 ? nil : number
    }

    /// Ends the process the way `signal` does when nothing catches it, so the
    /// shell sees the conventional status (128 + the signal's number).
    public static func die(of signal: Int32) -> Never {
        // A quit asked for is not a crash to keep a core file of.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        if signal == SIGQUIT { setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore) }
        Glibc.signal(signal, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, signal)
        raise(signal)  // pending, as it is blocked
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        exit(128 + signal)  // only if the default action did not end the process
    }

    private static func signalSet() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in numbers { sigaddset(&signals, number) }
        return signals
    }
}
