import ChatCore
import ChatModel
import ChatNet
import IRC

/// How to run the chat screen.
struct Options: Equatable {
    /// Where a replayed transcript comes from.
    enum ReplaySource: Equatable {
        case standardInput
        case file(String)
    }

    /// The name the user's messages are sent under.
    var nick: String
    /// The local rooms opened, in order; the first has the focus.
    var rooms = [RoomName.local]
    /// The IRC networks to connect to, in order, each with its channels.
    var networks: [Network] = []
    /// A CA (PEM) trusted besides the system's, for every network over TLS.
    var tlsCA: String?
    /// The one certificate trusted instead of any CA, for every network over TLS.
    var tlsFingerprint: Fingerprint?
    /// The client certificate (PEM, with its key) shown to every network over TLS.
    var tlsCertificate: String?
    /// A transcript to show as it arrives, if any.
    var replay: ReplaySource?
    /// Who plain-text lines of the replayed transcript are from.
    var replaySender = "replay"
    /// Play the replay with its recorded gaps divided by this; nil shows each
    /// message as soon as it is read.
    var speed: Double?
    /// Probe the terminal's character widths afresh, report them and exit.
    var probe = false
    /// Draw without colours (`--no-color`, or `NO_COLOR` set and not empty).
    var noColor = false
    /// How messages are drawn in the pane.
    var style = MessageStyle.lines
    /// The widest the column of nicks grows in the `lines` style.
    var nickWidth = MessageLayout.defaultSenderColumnLimit
    /// The nick widths `--nick-width` accepts.
    static let nickWidths = 1...40
    /// The most messages a room holds in memory (100,000 by default, about
    /// 15 MB): older ones are let go of as they pour in. A room reads them back
    /// from its file as the user scrolls to them, a replay from its spool
    /// (`ReplaySpool`), which also gives back the newer ones a replay's room
    /// let go of while read far back.
    var scrollback = Options.scrollbacks.upperBound
    /// What `--scrollback` accepts: more than the tallest screen's worth and
    /// a chunk read back, up to the default.
    static let scrollbacks = 1000...100_000

    static let version = "chat-tui 0.1.0"

    /// What `--help` prints; its keys and commands come from the tables that bind them.
    static var help: String {
        """
        Usage: chat-tui [--nick NAME] [--room NAME] [--replay [FILE]] [--from NAME]
                        [--speed FACTOR] [--style lines|bubbles] [--nick-width COLUMNS]
                        [--scrollback MESSAGES] [--no-color]
               chat-tui [OPTIONS] ircs://HOST[:PORT]/#CHANNEL[,#OTHER]...
                        [--tls-ca FILE] [--tls-fingerprint SHA256:...] [--tls-cert FILE]
               chat-tui [OPTIONS] NETWORK
               chat-tui --probe

        A chat screen for the terminal: messages above, a composer below that grows
        from one to five lines as you write. Opens the room 'local', whose history
        is kept in $XDG_DATA_HOME/chat-tui/rooms/ (~/.local/share when unset).

        Given an address, connects to that IRC network (ircs:// over verified TLS,
        port 6697; irc:// unencrypted, port 6667) and joins its channels, a room
        each. NETWORK starts one written in $XDG_CONFIG_HOME/chat-tui/networks/
        NETWORK.conf (docs/irc.md).

        Options:
          --nick NAME       send messages as NAME (default: $USER)
          --room NAME       open the room NAME instead of 'local'; given more than
                            once, open each (the first is shown)
          --replay [FILE]   show the transcript piped in (or in FILE; - is standard
                            input) as it arrives, while you keep typing; it reads
                            chat-tui's JSON Lines and the logs of WeeChat, irssi,
                            catgirl and ZNC, and plain text
          --from NAME       who plain-text lines of a replay are from (default: replay)
          --speed FACTOR    replay with the recorded gaps divided by FACTOR
          --style STYLE     'lines' (the default): time, sender and text on a row;
                            'bubbles': boxes, others' on the left and yours on the right
          --nick-width COLUMNS
                            the widest the column of nicks grows before longer
                            nicks are cut with '…' (default: 12)
          --scrollback MESSAGES
                            the most messages a room holds in memory; older ones
                            (and newer ones, while you read far back) are read
                            again from disk as you scroll (default: 100000)
          --no-color        draw without colours (also when NO_COLOR is set)
          --tls-ca FILE     trust the CA certificates in FILE (PEM) besides the
                            system's
          --tls-fingerprint SHA256:...
                            trust exactly the certificate with this fingerprint
                            (shown when chat-tui refuses a server)
          --tls-cert FILE   show the client certificate in FILE (PEM, its private
                            key in the same file) and log in with SASL EXTERNAL
          --probe           ask the terminal again how wide it draws emoji and other
                            text where terminals differ, show what it learned, and exit
          -h, --help        show this help and exit
          -V, --version     show the version and exit

        When standard output is not a terminal, each message you send is also
        written to it as a JSON line: producer | chat-tui --replay | consumer.

        Keys:
        \(KeyBinding.helpLines().joined(separator: "\n"))

        Commands:
        \(Command.helpLines().joined(separator: "\n"))

        Every key and command, in more words: docs/keys.md and man chat-tui.
        """
    }

    /// `$USER`, else `$LOGNAME`, else a stand-in, made usable as a nick.
    static func defaultNick(environment: [String: String]) -> String {
        for key in ["USER", "LOGNAME"] {
            if let name = environment[key], let nick = try? validatedNick(name) { return nick }
        }
        return "me"
    }

    /// `text` as a replay speed: a finite number above zero.
    static func validatedSpeed(_ text: String) throws(UsageError) -> Double {
        guard let speed = Double(text), speed.isFinite, speed > 0 else { throw .invalidSpeed(text) }
        return speed
    }

    /// `text` as the widest the column of nicks may grow.
    static func validatedNickWidth(_ text: String) throws(UsageError) -> Int {
        guard let width = Int(text), nickWidths.contains(width) else { throw .invalidNickWidth(text) }
        return width
    }

    /// `text` as the most messages a room holds in memory.
    static func validatedScrollback(_ text: String) throws(UsageError) -> Int {
        guard let count = Int(text), scrollbacks.contains(count) else { throw .invalidScrollback(text) }
        return count
    }

    /// `nick`, if it follows the rules for nicks (see `Nick`).
    static func validatedNick(_ nick: String) throws(UsageError) -> String {
        do throws(Nick.Problem) {
            return try Nick.validated(nick)
        } catch {
            throw .invalidNick(nick, reason: error.description)
        }
    }
}
