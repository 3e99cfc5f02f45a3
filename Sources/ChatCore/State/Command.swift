import ChatModel

/// What a draft that starts with `/` asks for, its name in any case (`/NICK`).
/// `//text` sends `/text` as it is.
public enum Command: Equatable {
    /// Leave chat-tui; a network's room passes the reason on.
    case quit(reason: String?)
    case help
    case clear
    case nick(String)
    /// Open (or go to) a room: a local room, or on a network a channel.
    case join(RoomName)
    /// Close the room; on a network, leave the channel with the reason.
    case part(reason: String?)
    /// Open (or go to) the private room of a nick on the room's network.
    case query(RoomName)
    /// What only a network's room can do.
    case network(NetworkRequest)
    /// Send again the messages of the room that were not sent or not confirmed.
    case resend
    /// Let go of the room's messages that were not sent or not confirmed.
    case discard
    /// An action, as IRC's /me: `* alice waves`.
    case me(String)
    /// Text to send as a message even though it starts with `/`.
    case literal(String)

    /// Why a command cannot be run; the draft is kept.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unknown(String)
        case usage(String)
        case badNick(String, Nick.Problem)
        case badRoom(RoomName.Problem)
        /// A command only a network's room has, given in a local room.
        case needsNetwork(String)
        /// A message typed in a network's own room, which has no one to send it to.
        case notAMessageRoom
        /// `/part` in a network's own room, which stays while chat-tui is on the network.
        case networkRoomStays
        /// A command for a channel the user is not in (kicked, refused, or left).
        case notInChannel(String)

        public var description: String {
            switch self {
            case .needsNetwork(let name): return "/\(name) works in a network's rooms (chat-tui ircs://HOST/#channel)"
            case .notAMessageRoom:
                return
                    "this room talks to the server, not to people: /join #channel or /query NICK to talk, /quote LINE to send the server a line"
            case .notInChannel(let channel): return "you are not in \(channel): /join \(channel) joins it"
            case .networkRoomStays: return "the network's room stays open while chat-tui is on the network: /quit leaves it"
            case .unknown(let name): return "unknown command /\(name): /help lists them, //\(name) sends it as text"
            case .usage(let usage): return "usage: \(usage)"
            case .badNick(let nick, let problem): return "cannot use '\(nick)' as a nick: \(problem)"
            case .badRoom(let problem): return problem.description
            }
        }
    }

    /// The commands, as they are written, and what they do: what `/help`,
    /// `--help`, docs/keys.md and the man page list.
    public static let table: [(usage: String, summary: String)] = [
        ("/help", "list the keys and commands in the pane"),
        ("/nick NAME", "send as NAME from now on (no spaces, at most 32 characters)"),
        ("/me TEXT", "send an action, shown as `* you TEXT`"),
        ("/clear", "clear the view; the room's history stays on disk"),
        ("/join NAME", "open room NAME, or go to it; on a network, join channel NAME"),
        ("/part [REASON]", "close this room (not the last); network: leave the channel"),
        ("/msg NICK TEXT", "network: send NICK a private message, in a room of its own"),
        ("/query NICK", "network: open the private room with NICK"),
        ("/topic [TEXT]", "network: show the channel's topic, or set it"),
        ("/names", "network: who is in the channel"),
        ("/quote LINE", "network: send LINE to the server as it is"),
        ("/reconnect", "network: connect again now"),
        ("/resend", "send again what was not sent or not confirmed"),
        ("/discard", "let go of what was not sent or not confirmed: it is never sent"),
        ("/quit [REASON]", "quit; networks are told REASON"),
        ("//text", "send `/text` as it is"),
    ]

    /// The table as aligned lines of plain text.
    public static func helpLines(indent: Int = 2) -> [String] {
        alignedLines(table.map { ($0.usage, $0.summary.replacingBackquotes()) }, indent: indent)
    }

    /// The command in `text`; nil when `text` is a plain message.
    static func parse(_ text: String) throws(Problem) -> Command? {
        guard text.hasPrefix("/") else { return nil }
        if text.hasPrefix("//") { return .literal(String(text.dropFirst())) }
        let body = text.dropFirst()
        let name = body.prefix { !$0.isWhitespace }
        let argument = body.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        let bare = argument.allSatisfy(\.isWhitespace)
        switch name.lowercased() {
        case "quit": return .quit(reason: bare ? nil : String(argument))
        case "help":
            guard bare else { throw .usage("/help (it takes nothing after it)") }
            return .help
        case "clear":
            guard bare else { throw .usage("/clear (it takes nothing after it)") }
            return .clear
        case "part": return .part(reason: bare ? nil : String(argument))
        case "msg":
            let nick = argument.prefix { !$0.isWhitespace }
            let text = argument.dropFirst(nick.count).drop { $0 == " " || $0 == "\t" }
            guard !nick.isEmpty, !text.allSatisfy(\.isWhitespace) else { throw .usage("/msg NICK TEXT") }
            return .network(.message(to: String(nick), text: String(text)))
        case "query":
            guard !bare, !argument.contains(where: \.isWhitespace) else { throw .usage("/query NICK") }
            do throws(RoomName.Problem) {
                return .query(try RoomName(String(argument)))
            } catch {
                throw .badRoom(error)
            }
        case "topic": return .network(.topic(bare ? nil : String(argument)))
        case "names":
            guard bare else { throw .usage("/names (it takes nothing after it)") }
            return .network(.names)
        case "resend":
            guard bare else { throw .usage("/resend (it takes nothing after it)") }
            return .resend
        case "discard":
            guard bare else { throw .usage("/discard (it takes nothing after it)") }
            return .discard
        case "reconnect":
            guard bare else { throw .usage("/reconnect (it takes nothing after it)") }
            return .network(.reconnect)
        case "quote":
            guard !bare else { throw .usage("/quote LINE") }
            return .network(.quote(String(argument)))
        case "join":
            guard !bare else { throw .usage("/join NAME") }
            do throws(RoomName.Problem) {
                return .join(try RoomName(String(argument)))
            } catch {
                throw .badRoom(error)
            }
        case "me":
            guard !bare else { throw .usage("/me TEXT") }
            return .me(String(argument))
        case "nick":
            let nick = String(argument)
            guard !nick.isEmpty else { throw .usage("/nick NAME") }
            do throws(Nick.Problem) {
                return .nick(try Nick.validated(nick))
            } catch {
                throw .badNick(nick, error)
            }
        default:
            throw .unknown(String(name))
        }
    }
}

extension String {
    /// The text without the backquotes that mark code in the docs, for plain text.
    func replacingBackquotes() -> String {
        String(filter { $0 != "`" })
    }
}
