import ChatModel
import TextWidth

/// Something that happened, fed to `Session.apply(_:to:now:)` (or a single
/// room's `ChatState.apply(_:now:)`); what concerns one room names it there.
public enum Event: Equatable, Sendable {
    /// Text typed, pasted or committed by an input method.
    case text(String)
    /// A key that is not plain text.
    case key(Key)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// A message arrived: from the room, another process, or a replayed transcript.
    case received(Message)
    /// Older messages of the room, oldest first: read after the first frame, or
    /// as `Effect.loadOlderMessages` asked. `reachedStart` says none are older.
    case history([Message], reachedStart: Bool = false)
    /// Newer messages of the room, oldest first, as `Effect.loadNewerMessages`
    /// asked. `reachedEnd` says none are newer: the room follows arrivals again.
    case newer([Message], reachedEnd: Bool)
    /// A line of a replayed transcript that could not be read as its format,
    /// shown as plain text: counted as unreadable, not as received.
    case unreadable(Message)
    /// Lines of a replayed transcript that arrived faster than anyone reads,
    /// passed over unshown (`unreadable` of them unreadable): kept by the
    /// replay to be read back, and only counted here. They came after all the
    /// room holds, which it lets go of; the newest follow as `received`.
    case passedOver(count: Int, unreadable: Int)
    /// A replayed transcript's input has ended and its last message is shown.
    case replayEnded
    /// The message `Effect.send` sent with this id is safely stored or
    /// confirmed, with the id its server gave it, if any.
    case delivered(LocalID, serverID: String? = nil)
    /// The message `Effect.send` sent with this id could not be stored or sent,
    /// and why. Under `SendRule.keepDraftUntilStored` it stays in the composer.
    case deliveryFailed(LocalID, String)
    /// The message was sent, but the link was lost before the network
    /// confirmed it: the network may have it. Shown as not sent, for
    /// `/resend`, until the network's history shows it was said.
    case deliveryUnconfirmed(LocalID, String)
    /// The draft left unsent when the room was last open, to continue; the caret
    /// goes to its end.
    case draftRestored(String)
    /// Drafts that other chat-tui processes left unsent in the room when they
    /// ended, other than the one restored into the composer, newest first: they
    /// become the newest entries of the history Up walks.
    case unsentDraftsRestored([String])
    /// What went wrong keeping the draft on disk (`Notice.draftNotSaved`,
    /// `Notice.draftsNotRead`); nil once it works again.
    case draftStorage(problem: Notice?)
    /// The terminal was measured (`WidthProbe`) to draw text by these rules:
    /// everything is laid out again by them.
    case widthRulesLearned(WidthRules)
    /// Something chat-tui itself must tell the user, shown in the pane and not
    /// stored, such as `Notice.cannotOpenRoom`.
    case notice(Notice)
    /// The room's network confirmed the user's nick is now this: messages are
    /// sent under it, and the room says so.
    case nickChanged(String)
    /// Whether the room's network sends a multi-line message one line per
    /// message (true), so that sending many lines asks first.
    case lineByLine(Bool)
    /// What the room's link says of itself in the room bar (`connecting`,
    /// `reconnecting in 4 s`); nil once it has nothing to say.
    case linkStatus(String?)
    /// The nicks in the room and the channels the user is in on its network,
    /// which Tab completes.
    case completionNames(nicks: [String], channels: [String])
    /// Messages sent to the room's network by an earlier run that the network
    /// never confirmed (kept in the outbox on disk): shown as not confirmed,
    /// for the user to send again with `/resend`, or not.
    case outboxRestored([Message])
    /// Standard output, where sent messages are copied, stopped taking them
    /// (its reader went away): say so, and stop copying.
    case outputClosed(String)
}
