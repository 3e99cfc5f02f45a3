/// How messages are drawn in the pane, chosen with `--style`.
public enum MessageStyle: String, CaseIterable, Equatable, Sendable {
    /// Time, sender and text on one row, continuation rows under the text, as in
    /// IRC clients.
    case lines
    /// Others' messages in boxes on the left and one's own on the right, the time
    /// beside each box, as in a phone's chat apps.
    case bubbles
}
