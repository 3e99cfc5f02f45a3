import ChatModel

/// What a draft that starts with `/` asks for, its name in any case (`/NICK`).
/// `//text` sends `/text` as it is.
public enum Command: Equatable {
    case quit
    case help
    case clear
    case nick(String)
    /// Open (or go to) a local room.
    case join(RoomName)
    /// Close the room.
    case part
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

        public var description: String {
            switch self {
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
        ("/join NAME", "open the room NAME (or go to it), beside the others"),
        ("/part", "close this room (not the last one: /quit leaves)"),
        ("/quit", "quit (words after it are ignored)"),
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
        case "quit": return .quit
        case "help":
            guard bare else { throw .usage("/help (it takes nothing after it)") }
            return .help
        case "clear":
            guard bare else { throw .usage("/clear (it takes nothing after it)") }
            return .clear
        case "part":
            guard bare else { throw .usage("/part (it takes nothing after it)") }
            return .part
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
