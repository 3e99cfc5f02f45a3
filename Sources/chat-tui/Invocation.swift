import ChatCore
import ChatModel
import ChatNet
import Glibc
import IRC

/// What the command line asks for.
enum Invocation: Equatable {
    case run(Options)
    case help
    case version

    /// Reads the arguments after the program's name.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Invocation {
        var options = Options(nick: Options.defaultNick(environment: environment))
        options.noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        var remaining = arguments[...]
        var rooms: [RoomName] = []
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            switch name {
            case "-h", "--help": return .help
            case "-V", "--version": return .version
            case "--nick":
                options.nick = try Options.validatedNick(try value(of: name, inlineValue, &remaining))
            case "--room":
                let room = try value(of: name, inlineValue, &remaining)
                do throws(RoomName.Problem) {
                    rooms.append(try RoomName(room))
                } catch {
                    throw .invalidRoom(error)
                }
            case "--replay":
                // The file is optional: a following word is taken when it is not an option.
                if let inlineValue {
                    options.replay = Self.replaySource(inlineValue)
                } else if let next = remaining.first, next == "-" || !next.hasPrefix("-") {
                    remaining.removeFirst()
                    options.replay = Self.replaySource(next)
                } else {
                    options.replay = .standardInput
                }
            case "--probe":
                options.probe = true
            case "--style":
                let style = try value(of: name, inlineValue, &remaining)
                guard let chosen = MessageStyle(rawValue: style) else { throw .invalidStyle(style) }
                options.style = chosen
            case "--nick-width":
                options.nickWidth = try Options.validatedNickWidth(try value(of: name, inlineValue, &remaining))
            case "--scrollback":
                options.scrollback = try Options.validatedScrollback(try value(of: name, inlineValue, &remaining))
            case "--no-color":
                options.noColor = true
            case "--from":
                options.replaySender = try Options.validatedNick(try value(of: name, inlineValue, &remaining))
            case "--speed":
                options.speed = try Options.validatedSpeed(try value(of: name, inlineValue, &remaining))
            case "--tls-ca":
                options.tlsCA = try value(of: name, inlineValue, &remaining)
            case "--tls-cert":
                let path = try value(of: name, inlineValue, &remaining)
                guard access(path, R_OK) == 0 else { throw .unreadableCertificate(path, code: errno) }
                options.tlsCertificate = path
            case "--tls-fingerprint":
                let text = try value(of: name, inlineValue, &remaining)
                guard let fingerprint = Fingerprint(text) else { throw .invalidFingerprint(text) }
                options.tlsFingerprint = fingerprint
            default:
                if argument.hasPrefix("-") && argument != "-" { throw UsageError.unknownOption(argument) }
                guard IRCAddress.looksLikeAddress(argument) else {
                    // A plain word names a network written once in its configuration file.
                    guard Self.isNetworkName(argument) else { throw UsageError.unexpectedArgument(argument) }
                    options.networks.append(try Network(named: argument, environment: environment))
                    continue
                }
                do throws(IRCAddress.Problem) {
                    options.networks.append(Network(address: try IRCAddress(url: argument)))
                } catch {
                    throw .invalidAddress(error)
                }
            }
        }
        options.networks = Network.namedAsWritten(options.networks, environment: environment)
        // Each room once, in the order first given. Networks alone open no local room.
        if !rooms.isEmpty || !options.networks.isEmpty {
            options.rooms = rooms.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        // A replay is shown in a local room.
        if options.replay != nil && options.rooms.isEmpty { options.rooms = [.local] }
        // --tls-ca and --tls-fingerprint are for the networks of the command
        // line; one written in a file says its own.
        for index in options.networks.indices where options.networks[index].trust == TLSTrust() {
            options.networks[index].trust = TLSTrust(caFile: options.tlsCA, pinned: options.tlsFingerprint)
        }
        for index in options.networks.indices
        where options.networks[index].certificate == nil && options.networks[index].address.tls {
            options.networks[index].certificate = options.tlsCertificate
        }
        if !options.networks.contains(where: \.address.tls) {
            for option in ["--tls-ca", "--tls-fingerprint", "--tls-cert"]
            where arguments.contains(where: { $0 == option || $0.hasPrefix(option + "=") }) {
                throw .optionNeedsNetwork(option)
            }
        }
        if options.replay == nil {
            if arguments.contains(where: { $0 == "--speed" || $0.hasPrefix("--speed=") }) { throw .optionNeedsReplay("--speed") }
            if arguments.contains(where: { $0 == "--from" || $0.hasPrefix("--from=") }) { throw .optionNeedsReplay("--from") }
        }
        return .run(options)
    }

    /// True for a word that can name a network's configuration file.
    static func isNetworkName(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix(".") && word.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    private static func replaySource(_ word: String) -> Options.ReplaySource {
        word == "-" ? .standardInput : .file(word)
    }

    /// The option's value: after `=`, or the next argument.
    private static func value(
        of name: String, _ inlineValue: String?,
        _ remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        guard let value = inlineValue ?? remaining.popFirst() else { throw .missingValue(name) }
        return value
    }

    /// `--name=value` as its name and value; anything else as itself.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
