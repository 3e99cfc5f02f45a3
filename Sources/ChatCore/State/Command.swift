/// What a draft that starts with `/` asks for, its name in any case (`/NICK`).
/// `//text` sends `/text` as it is.
enum Command: Equatable {
    case quit
    case help
    case clear
    case nick(String)
    /// An action, as IRC's /me: `* alice waves`.
    case me(String)
    /// Text to send as a message even though it starts with `/`.
    case literal(String)

    /// Why a command cannot be run; the draft is kept.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case usage(String)
        case badNick(String, Nick.Problem)

        var description: String {
            switch self {
            case .unknown(let name): return "unknown command /\(name): /help lists them, //\(name) sends it as text"
            case .usage(let usage): return "usage: \(usage)"
            case .badNick(let nick, let problem): return "cannot use '\(nick)' as a nick: \(problem)"
            }
        }
    }

    /// The commands and what they do, for /help.
    static let summary = [
        "/help            this list",
        "/nick NAME       send as NAME from now on",
        "/me TEXT         send an action: * you TEXT",
        "/clear           clear the view (the room's history stays)",
        "/quit            quit",
        "//text           send /text as it is",
    ]

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
