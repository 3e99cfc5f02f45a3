/// Something that happened, fed to `ChatState.apply(_:now:)`.
public enum Event: Equatable, Sendable {
    /// Text typed, pasted or committed by an input method.
    case text(String)
    /// A key that is not plain text.
    case key(Key)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// A message from someone else arrived.
    case received(Message)
}
