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
