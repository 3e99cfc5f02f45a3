/// Something that happened, fed to `ChatState.apply(_:now:)`.
public enum Event: Equatable, Sendable {
    /// Text typed, pasted or committed by an input method.
    case text(String)
    /// A key that is not plain text.
    case key(Key)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// A message arrived: from the room, another process, or a replayed transcript.
    case received(Message)
    /// Older messages of the room, oldest first, read after the first frame.
    case history([Message])
    /// A line of a replayed transcript that could not be read as its format,
    /// shown as plain text: counted as unreadable, not as received.
    case unreadable(Message)
    /// A replayed transcript's input has ended and its last message is shown.
    case replayEnded
    /// The message asked for by `Effect.send` is safely stored.
    case delivered
    /// The message asked for by `Effect.send` could not be stored, and why; it
    /// stays in the composer.
    case deliveryFailed(String)
    /// The draft left unsent when the room was last open, to continue; the caret
    /// goes to its end.
    case draftRestored(String)
    /// Drafts that other chat-tui processes left unsent in the room when they
    /// ended, other than the one restored into the composer, newest first: they
    /// become the newest entries of the history Up walks.
    case unsentDraftsRestored([String])
    /// What went wrong keeping the draft on disk, such as "not saved: No space
    /// left on device"; nil once it works again.
    case draftStorage(problem: String?)
    /// The terminal was measured (`WidthProbe`) to draw text by these rules:
    /// everything is laid out again by them.
    case widthRulesLearned(WidthRules)
    /// Something chat-tui itself must tell the user, shown in the pane as a
    /// notice and not stored: "cannot open room ops: …".
    case notice(String)
    /// Standard output, where sent messages are copied, stopped taking them
    /// (its reader went away): say so, and stop copying.
    case outputClosed(String)
}
