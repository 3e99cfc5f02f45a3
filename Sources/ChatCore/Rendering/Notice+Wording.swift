extension Notice {
    /// The notice in words, a line each, as the pane and the separator show it.
    public var lines: [String] {
        switch self {
        case .commandProblem(let problem): [problem.description]
        case .notSent(let reason): ["not sent: \(reason); Enter tries again"]
        case .help: ["Keys:"] + KeyBinding.helpLines() + ["Commands:"] + Command.helpLines()
        case .nickChanged(let name): ["you are now \(name)"]
        case .onlyRoomOpen: ["this is the only room open: /quit leaves"]
        case .cannotOpenRoom(let name, let reason): ["cannot open room \(name): \(reason)"]
        case .draftNotSaved(let reason): ["draft not saved: \(reason)"]
        case .draftsNotRead(let reason): ["drafts not read: \(reason)"]
        case .notKept(let reason): ["not kept in the room file: \(reason)"]
        case .outboxNotKept(let reason): ["the messages waiting to be sent are not kept on disk: \(reason)"]
        case .outboxNotRead(let reason): ["the messages waiting to be sent could not be read back: \(reason)"]
        case .replayHistoryNotKept(let reason):
            ["the replay's older messages cannot be kept on disk (\(reason)): Page Up reaches back only as far as memory holds"]
        case .connectionLost(let network, let reason): ["\(network): \(reason)"]
        case .confirmLines(let count): ["send \(count) lines as \(count) messages? Enter sends them, Esc goes back to editing"]
        case .names(let channel, let nicks): ["in \(channel) (\(nicks.count)): \(nicks.joined(separator: " "))"]
        }
    }

    /// The notice on one line, for the separator.
    public var text: String { lines.joined(separator: " ") }
}

extension NotSentReason {
    /// The reason in words, as a message's line under it says it.
    public var text: String {
        switch self {
        case .connectionLost: "the connection was lost before the server echoed it"
        case .reconnected: "the connection was closed (/reconnect) before the server echoed it"
        case .outboxNotKept(let reason): "it could not be kept on disk first (\(reason))"
        case .cannotCarry(let problem): "IRC cannot carry it: \(problem)"
        case .ended: "chat-tui ended before the server confirmed it"
        case .serverRoom: "this room talks to the server: /quote LINE sends it a line"
        }
    }
}

extension NetworkNotice {
    /// The notice in words, as the network's rooms (or its place in the room bar) say it.
    public var text: String {
        switch self {
        case .connecting(let host, let port, let tls):
            "connecting to \(host) port \(port) \(tls ? "over TLS" : "without TLS")…"
        case .connectingAgain(let host, let port): "connecting again to \(host) port \(port)…"
        case .connected(let network, let peer, let tls):
            "connected to \(network) (\(peer)) "
                + (tls ? "over TLS, the server's certificate verified" : "without TLS: what is said can be read on the way")
        case .left(let network): "disconnected from \(network)"
        case .lost(let network, let wasUp, let problem, let seconds):
            "\(wasUp ? "disconnected from" : "could not connect to") \(network): \(problem); \(Self.retry(seconds))"
        case .lostAgain(let network, let brief, let seconds):
            "could not connect to \(network) again (\(brief), as before); \(Self.retry(seconds))"
        case .untrusted(let network, let problem, let fingerprint, let file, let seconds):
            "could not connect to \(network): \(problem). To trust this server, "
                + (file.map { "write tls-ca = FILE (its CA) or tls-fingerprint = \(fingerprint) in \($0)" }
                    ?? "give its CA with --tls-ca FILE, or pin the certificate it showed with --tls-fingerprint \(fingerprint)")
                + "; \(Self.retry(seconds))"
        case .gap(let seconds):
            "the link was down for \(seconds) s: what was said meanwhile is not shown (the server keeps no history for chat-tui)"
        case .messageNotSent(let target, let reason): "a message to \(target) was not sent: \(reason)"
        case .lineNotSent(let command, let problem): "a \(command) line was not sent: \(problem)"
        case .linesDropped(let count):
            count == 1
                ? "a line from the server could not be read and was dropped"
                : "\(count) lines from the server could not be read and were dropped"
        case .plainLoginRefused: "not logged in: SASL PLAIN would send the password unencrypted over irc://; use ircs://"
        case .connectingStatus: "connecting"
        case .reconnectingStatus(let seconds, let brief): "reconnecting in \(seconds) s" + (brief.map { ": " + $0 } ?? "")
        }
    }

    /// When the next try is, and the key that does not wait for it.
    private static func retry(_ seconds: Int) -> String {
        "trying again in \(seconds) s (/reconnect tries at once)"
    }
}
