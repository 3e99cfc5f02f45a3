import ChatModel

/// What Enter does in a room: a message handed to the room's link by the
/// room's `SendRule`, or a command run (`/help`, `/clear`, `/nick`, `/join`,
/// `/resend`, `/discard`, the network's requests), or refused with why.
extension Room {
    /// Asks for the draft to be sent as a message, or runs it when it is a
    /// command. A blank draft sends nothing; the draft stays until it is stored,
    /// and stays when a command cannot be run.
    mutating func send(display: Display, now: Timestamp) -> [Effect] {
        // A local room stores one message at a time: its draft is in the composer.
        guard !composer.draft.isBlank, sendRule == .showPending || outbox.isEmpty else { return [] }
        let text = Self.trimmedForSending(composer.draft.text)
        let command: Command?
        do throws(Command.Problem) {
            command = try Command.parse(text)
        } catch {
            return refuse(error, now: now)
        }
        // The network's own room talks to the server: no message goes from it, and it stays.
        if kind == .server {
            switch command {
            case nil, .literal, .me: return refuse(.notAMessageRoom, now: now)
            case .part: return refuse(.networkRoomStays, now: now)
            default: break
            }
        }
        if command == nil, onNetwork, sendsLineByLine, confirmingLines == nil {
            let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }.count
            if lines > Self.linesWithoutAsking {
                confirmingLines = lines
                warning = .confirmLines(lines)
                return []
            }
        }
        confirmingLines = nil
        switch command {
        case nil: return send(Message(sender: nick, text: text, time: now, isOwn: true), display: display)
        case .literal(let text): return send(Message(sender: nick, text: text, time: now, isOwn: true), display: display)
        case .me(let text):
            return send(Message(sender: nick, text: text, time: now, kind: .action, isOwn: true), display: display)
        case .help:
            note(.help, now: now)
        case .clear:
            timeline.clear(display: display)
            returnToNewest()
        case .nick(let name) where !onNetwork:
            nick = name
            note(.nickChanged(name), now: now)
        case .quit(let reason):
            return ran(onNetwork ? [.request(.quit(reason: reason)), .quit] : [.quit])
        case .nick(let name):
            return ran([.request(.nick(name))])
        case .join(let name):
            // On a network the server says what is joined and what is one channel.
            return ran([onNetwork ? .request(.join(name.value)) : .openRoom(name)])
        case .part(let reason):
            return ran(onNetwork ? [.request(.part(reason: reason)), .closeRoom(name)] : [.closeRoom(name)])
        case .query(let name):
            guard onNetwork else { return refuse(.needsNetwork("query"), now: now) }
            return ran([.request(.query(name.value))])
        case .network(let request):
            guard onNetwork else { return refuse(.needsNetwork(Self.commandName(of: request)), now: now) }
            return ran([.request(request)])
        case .resend:
            return ran(resendFailed())
        case .discard:
            discardFailed()
            return ran([])
        }
        return ran([])
    }

    /// Goes back to editing from the question whether to send many lines.
    mutating func stopConfirming() {
        guard confirmingLines != nil else { return }
        confirmingLines = nil
        warning = nil
    }

    /// The messages of the outbox shown as not sent (or not confirmed),
    /// pending again and handed to the link once more, in order. The user
    /// decides: one not confirmed may have reached the server.
    mutating func resendFailed() -> [Effect] {
        var effects: [Effect] = []
        for (entry, index) in shownNotSent() {
            timeline.update(at: index, delivery: .pending)
            outbox.mark(entry.id, .pending)
            effects.append(.send(entry.id, entry.message))
        }
        return effects
    }

    /// The outbox's entries shown as not sent or not confirmed, with where
    /// each is in the timeline: what `/resend` and `/discard` act on.
    func shownNotSent() -> [(entry: Outbox.Entry, index: Int)] {
        outbox.entries.compactMap { entry in
            guard let shown = entry.shownAs, let index = messageIndex(forID: shown),
                messages[index].delivery.failureReason != nil
            else { return nil }
            return (entry, index)
        }
    }

    /// The messages of the outbox shown as not sent (or not confirmed) leave
    /// it, shown as discarded: the user let go of them.
    mutating func discardFailed() {
        for (entry, index) in shownNotSent() {
            timeline.update(at: index, delivery: .discarded)
            _ = outbox.remove(entry.id)
        }
    }

    /// A command was run: the composer empties for the next, and `effects` carry it out.
    mutating func ran(_ effects: [Effect]) -> [Effect] {
        composer.reset()
        warning = nil
        return effects
    }

    /// A command cannot be run: the draft stays to fix, and the problem is
    /// said on the separator while it fits there, and whole in the pane at any width.
    mutating func refuse(_ problem: Command.Problem, now: Timestamp) -> [Effect] {
        warning = .commandProblem(problem)
        note(.commandProblem(problem), now: now)
        returnToNewest()
        return []
    }

    /// The command a network request comes from, as the user typed it.
    static func commandName(of request: NetworkRequest) -> String {
        switch request {
        case .message: "msg"
        case .join: "join"
        case .query: "query"
        case .nick: "nick"
        case .part: "part"
        case .quit: "quit"
        case .topic: "topic"
        case .names: "names"
        case .quote: "quote"
        case .reconnect: "reconnect"
        }
    }

    /// Hands `message` to the room's link, by the room's `sendRule`.
    mutating func send(_ message: Message, display: Display) -> [Effect] {
        switch sendRule {
        case .keepDraftUntilStored:
            return [.send(outbox.add(message, shownAs: nil), message)]
        case .showPending:
            var pending = message
            pending.delivery = .pending
            show(sent: pending, display: display)
            return [.send(outbox.add(pending, shownAs: messageID(at: messages.count - 1)), message)]
        }
    }

    /// Puts a message the user sent in the timeline, where Up finds it, and
    /// empties the composer for the next: once stored under
    /// `keepDraftUntilStored`, at once under `showPending`.
    mutating func show(sent message: Message, display: Display) {
        timeline.show(sent: message, display: display)
        if let sent = SentHistory.recallText(message) { history.append(sent) }
        history.endWalk()
        composer.reset()
        warning = nil
        returnToNewest()
    }

    /// The draft as sent: without trailing blanks, nor blank lines before the text.
    static func trimmedForSending(_ text: String) -> String {
        var characters = Substring(text)
        while let last = characters.last, last.isWhitespace { characters.removeLast() }
        while let newline = characters.firstIndex(where: \.isNewline),
            characters[..<newline].allSatisfy(\.isWhitespace)
        {
            characters = characters[characters.index(after: newline)...]
        }
        return String(characters)
    }
}
