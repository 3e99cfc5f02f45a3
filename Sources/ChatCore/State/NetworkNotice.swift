/// What chat-tui says about a network in its rooms, as values: each is said
/// in one wording, in one place (`NetworkNotice.text`, beside `Notice`'s),
/// and kept in the room's file as a line of the network's own.
public enum NetworkNotice: Equatable, Sendable {
    /// Connecting starts.
    case connecting(host: String, port: UInt16, tls: Bool)
    /// Connecting starts again after the link was lost, or at `/reconnect`.
    case connectingAgain(host: String, port: UInt16)
    /// The connection is open, the server's certificate verified when `tls`.
    case connected(network: String, peer: String, tls: Bool)
    /// The user quit the network.
    case left(network: String)
    /// The connection ended (`wasUp`: after registration; else it never got
    /// that far), and when the next try is.
    case lost(network: String, wasUp: Bool, problem: String, retryInSeconds: Int)
    /// The same problem as the try before: said in brief, not whole again.
    case lostAgain(network: String, brief: String, retryInSeconds: Int)
    /// The server's certificate is not trusted, and how to trust it: with the
    /// options of the command line, or in the network's file when it has one.
    case untrusted(network: String, problem: String, fingerprint: String, file: String?, retryInSeconds: Int)
    /// The link was down this long, and the server keeps no history to fill the gap.
    case gap(seconds: Int)
    /// A message to `target` was not sent, and why.
    case messageNotSent(target: String, reason: String)
    /// A line chat-tui made could not be sent, and why.
    case lineNotSent(command: String, problem: String)
    /// Lines from the server that could not be read, dropped: how many so far.
    case linesDropped(Int)
    /// A SASL PLAIN login is not tried over plain IRC.
    case plainLoginRefused
    /// The room bar's word for a network that is connecting.
    case connectingStatus
    /// The room bar's words for a network waiting to try again.
    case reconnectingStatus(seconds: Int, brief: String?)
}
