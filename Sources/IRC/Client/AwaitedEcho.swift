/// What the user sent to one target, waiting for the server's echo: the
/// label, and the texts still to be echoed (one per line or batch).
struct AwaitedEcho: Sendable {
    let label: String
    let target: String
    var pieces: [String]
}
