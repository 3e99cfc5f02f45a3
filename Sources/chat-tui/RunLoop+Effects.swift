import ChatCore
import ChatIO
import ChatModel

/// Carrying out what the rooms ask: the terminal's part here, the rest by
/// the room's links, whose answers are fed back.
extension RunLoop {
    /// Does what a room asked.
    func carryOut(_ roomEffect: Session.RoomEffect) {
        let target = roomEffect.room
        if target != session.rooms[session.focus].name { waits.forgetOtherRooms() }
        switch roomEffect.effect {
        case .suspend:
            terminal.suspend()
            // Drawn at once when continued, at the size the window has now.
            screen.invalidate()
            if let size = terminal.takeResize() { feed(.resize(size)) }
            changed = true
        case .send(let id, let message):
            // A network room's outbox is on disk before anything is sent:
            // a message that could not be kept there is held, and says why.
            if let index = session.index(of: target), let file = roomLinks.file(of: target),
                let problem = file.saveOutbox(session.rooms[index].outbox)
            {
                _ = file.isNewOutboxProblem(problem)
                feed(.deliveryFailed(id, NotSentReason.outboxNotKept(reason: problem.reason).text), to: target)
                return
            }
            let answers = carriedOut(roomEffect) ?? []
            for answer in answers { feed(answer, to: target) }
            guard answers.contains(.delivered(id)) else { return }
            copyToOutput(message)
        case .loadOlderMessages, .loadNewerMessages, .letGoOfNewer, .request:
            for answer in carriedOut(roomEffect) ?? [] { feed(answer, to: target) }
        case .quit:
            running = false
        case .openRoom(let name):
            // A network's room opens the network's channel or private room.
            guard let answers = carriedOut(roomEffect) else { return open(name) }
            for answer in answers { feed(answer, to: target) }
        case .closeRoom(let name):
            roomLinks.close(name, state: session.closed, at: now)
            waits.forgetOtherRooms()
        case .bell:
            terminal.bell()
        }
    }

    /// What the first link of the effect's room that carries it out
    /// answers; nil when none does. Rooms a network link asks for on the way are opened.
    private func carriedOut(_ roomEffect: Session.RoomEffect) -> [Event]? {
        for link in roomLinks.links where link.rooms.contains(roomEffect.room) {
            guard let answers = link.carryOut(roomEffect.effect, for: roomEffect.room, at: now) else { continue }
            openRooms(askedBy: link)
            return answers
        }
        return nil
    }

    /// A message the user sent, copied to standard output as a JSON line;
    /// once that fails, said, and no longer tried.
    private func copyToOutput(_ message: Message) {
        do throws(StorageError) {
            try output?.write(message)
        } catch {
            output = nil
            feed(.outputClosed(error.reason))
        }
    }

    /// Opens the rooms a link asked for: a network's channel joined, a private conversation.
    func openRooms(askedBy link: Link) {
        for opening in link.takeOpenings() {
            let label = opening.label
            // A room the network has already: shown, as the user asked.
            if session.index(of: label) != nil {
                if opening.focus { show(label) }
                continue
            }
            do throws(StorageError) {
                let file = try roomLinks.open(
                    opening.file, label: label, role: .network(opening.network, opening.kind),
                    at: now)
                // Read before the network has it: its history goes on from the last line held.
                let history = file.history(count: firstHistory, at: now)
                link.attach(file, at: now)
                open(file, nick: opening.nick, focus: opening.focus)
                feed(history, to: file.label)
                for event in file.restoredOutbox() { feed(event, to: file.label) }
            } catch {
                feed(.notice(.cannotOpenRoom(opening.file, reason: error.reason)))
            }
        }
    }

    /// Opens a room `/join` asked for, or says in the room shown why it cannot.
    private func open(_ name: RoomName) {
        do throws(StorageError) {
            let file = try roomLinks.open(name, label: name.value, nick: session.focused.nick, at: now)
            open(file)
            feed(file.history(count: firstHistory, at: now), to: file.label)
        } catch {
            feed(.notice(.cannotOpenRoom(name, reason: error.reason)))
        }
    }
}
