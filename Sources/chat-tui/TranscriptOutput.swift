import ChatCore
import ChatIO
import ChatModel
import Glibc

/// Standard output when it is not a terminal: every message the user sends is
/// written there as a transcript line, flushed at once, so chat-tui composes with
/// other programs (`producer | chat-tui --replay | consumer`).
struct TranscriptOutput {
    /// Nil when standard output is the terminal, which chat-tui draws on instead.
    static func standardOutput() -> TranscriptOutput? {
        guard isatty(1) == 0 else { return nil }
        signal(SIGPIPE, SIG_IGN)  // a reader that went away is an error to report, not a death
        return TranscriptOutput()
    }

    /// Writes the message as one line; fails when standard output is closed or failing.
    func write(_ message: Message) throws(StorageError) {
        var bytes = Array(Transcript.encode(message).utf8)
        bytes.append(0x0A)
        if let code = FileWriting.writeAll(bytes, to: 1) {
            throw StorageError("cannot write to standard output", code: code == ENOSPC ? EIO : code)
        }
    }
}
