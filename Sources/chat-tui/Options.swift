/// How to run the chat screen.
struct Options: Equatable {
    /// The name the user's messages are sent under.
    var nick: String

    /// The most columns a nick may take.
    static let maxNickLength = 32

    static let version = "chat-tui 0.1.0"

    static let help = """
        Usage: chat-tui [--nick NAME]

        A chat screen for the terminal: messages above, a composer below that grows
        from one to five lines as you write. Opens the room 'local'.

        Options:
          --nick NAME    send messages as NAME (default: $USER)
          -h, --help     show this help and exit
          -V, --version  show the version and exit

        Keys:
          Enter                    send the message
          Alt-Enter, Ctrl-J        start a new line in the message
          Left, Right              move by one character
          Up, Down                 move by one row of the message
          Home, End, Ctrl-A/E      go to the start or end of the line
          Backspace, Delete        delete one character
          Ctrl-U, Ctrl-K           delete to the start or end of the line
          Ctrl-W                   delete the word before the cursor
          Ctrl-C, Ctrl-D, /quit    quit (Ctrl-D when the message is empty)
        """

    /// `$USER`, else `$LOGNAME`, else a stand-in, made usable as a nick.
    static func defaultNick(environment: [String: String]) -> String {
        for key in ["USER", "LOGNAME"] {
            if let name = environment[key], let nick = try? validatedNick(name) { return nick }
        }
        return "me"
    }

    /// `nick`, if it can be shown and sent: not empty, no blanks or control
    /// characters, at most `maxNickLength` characters.
    static func validatedNick(_ nick: String) throws(UsageError) -> String {
        if nick.isEmpty { throw .invalidNick(nick, reason: "it is empty") }
        if nick.count > maxNickLength {
            throw .invalidNick(nick, reason: "it is longer than \(maxNickLength) characters")
        }
        if nick.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            throw .invalidNick(nick, reason: "it contains spaces or control characters")
        }
        return nick
    }
}
