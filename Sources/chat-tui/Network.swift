import ChatIO
import ChatNet
import Glibc
import IRC

/// One IRC network to connect to: from an address on the command line, or
/// written once in a configuration file and started by name.
struct Network: Equatable {
    var address: IRCAddress
    /// Its name: its room's label and its folder of room files (the host, or
    /// the configuration's name).
    var name: String
    /// The nick on this network, when it is not the one `--nick` gives.
    var nick: String?
    var user: String?
    var realName: String?
    /// Where the password is, if the network needs one: never on the command line.
    var password: PasswordSource?
    /// How the password logs in: as the server password, or with SASL `PLAIN`
    /// (as `account`, else the nick), which only ever goes over TLS.
    var login = Login.serverPassword

    enum Login: Equatable {
        case serverPassword
        case sasl(account: String?)
    }
    /// A CA trusted besides the system's, and a pinned certificate.
    var trust = TLSTrust()
    /// The client certificate shown to the server (PEM, with its key), which
    /// logs in with SASL `EXTERNAL` unless the network logs in with `PLAIN`.
    var certificate: String?

    /// The configuration file it was written in; nil for an address given on
    /// the command line. What chat-tui tells the user to change names it.
    var file: String?

    /// Where a password is kept.
    enum PasswordSource: Equatable {
        case file(String)
        case variable(String)
    }

    init(address: IRCAddress) {
        self.address = address
        name = address.name
    }

    /// The settings a network's file may have.
    static let keys = [
        "address", "nick", "user", "realname", "password-file", "password-env", "login", "account",
        "tls-ca", "tls-fingerprint", "tls-cert",
    ]

    /// Where the network `name` is written: `$XDG_CONFIG_HOME/chat-tui/networks/NAME.conf`.
    static func path(of name: String, environment: [String: String]) -> String {
        folder(environment: environment) + "/\(name).conf"
    }

    /// Where networks are written: `$XDG_CONFIG_HOME/chat-tui/networks`.
    static func folder(environment: [String: String]) -> String {
        DataFolders.configuration(environment: environment) + "/networks"
    }

    /// The network written in its configuration file under `name`.
    init(named name: String, environment: [String: String]) throws(UsageError) {
        let path = Self.path(of: name, environment: environment)
        do throws(SettingsFile.Problem) {
            let file = try SettingsFile(contentsOf: path)
            try file.check(known: Self.keys)
            guard let address = file["address"] else { throw .missing(path: path, key: "address") }
            do throws(IRCAddress.Problem) {
                self.init(address: try IRCAddress(url: address.value))
            } catch {
                throw .badValue(path: path, key: "address", line: address.line, reason: error.description)
            }
            self.name = name
            self.file = path
            if let nick = file["nick"] {
                do throws(UsageError) {
                    self.nick = try Options.validatedNick(nick.value)
                } catch {
                    throw .badValue(path: path, key: "nick", line: nick.line, reason: error.description)
                }
            }
            user = file["user"]?.value
            realName = file["realname"]?.value
            if let file = file["password-file"] { password = .file(Self.expandingHome(file.value, environment: environment)) }
            if let variable = file["password-env"] { password = .variable(variable.value) }
            if file["password-file"] != nil && file["password-env"] != nil {
                throw .badValue(
                    path: path, key: "password-env", line: file["password-env"]!.line,
                    reason: "give the password in a file or a variable, not both")
            }
            switch file["login"]?.value {
            case nil, "password": login = .serverPassword
            case "sasl": login = .sasl(account: file["account"]?.value)
            case let other?:
                throw .badValue(
                    path: path, key: "login", line: file["login"]!.line,
                    reason: "'\(other)' is not a way to log in: write password (PASS) or sasl (SASL PLAIN)")
            }
            trust.caFile = file["tls-ca"].map { Self.expandingHome($0.value, environment: environment) }
            if let pinned = file["tls-fingerprint"] {
                guard let fingerprint = Fingerprint(pinned.value) else {
                    throw .badValue(
                        path: path, key: "tls-fingerprint", line: pinned.line,
                        reason: "write SHA256: and 32 bytes in hexadecimal, as chat-tui shows it")
                }
                trust.pinned = fingerprint
            }
            if let certificate = file["tls-cert"] {
                guard self.address.tls else {
                    throw .badValue(
                        path: path, key: "tls-cert", line: certificate.line,
                        reason: "a client certificate is shown over TLS only: write an ircs:// address")
                }
                self.certificate = Self.expandingHome(certificate.value, environment: environment)
            }
        } catch {
            if case .unreadable(let storage) = error, storage.code == ENOENT {
                throw .unknownNetwork(name, path: path)
            }
            throw .configuration(error)
        }
    }

    /// `networks` as given, each started by address named as the network
    /// written in a configuration file for the same server (host, port and
    /// TLS alike) is, so its rooms, their history and its outbox are that
    /// network's whichever way it is started; unless another network given
    /// has that name. Only the name is taken: all else is the command line's.
    static func namedAsWritten(_ networks: [Network], environment: [String: String]) -> [Network] {
        var named = networks
        for index in named.indices where named[index].file == nil {
            guard let written = writtenName(for: named[index].address, environment: environment),
                !named.contains(where: { $0.name == written })
            else { continue }
            named[index].name = written
        }
        return named
    }

    /// The name of the first network, in the order of their names, written
    /// for the same server as `address`; a file that cannot be read is passed
    /// over, as the user did not name it.
    private static func writtenName(for address: IRCAddress, environment: [String: String]) -> String? {
        let folder = folder(environment: environment)
        guard let names = try? DataFolders.names(in: folder) else { return nil }
        for file in names.sorted() where file.hasSuffix(".conf") {
            let name = String(file.dropLast(".conf".count))
            guard Invocation.isNetworkName(name),
                let settings = try? SettingsFile(contentsOf: folder + "/" + file),
                let written = settings["address"].flatMap({ try? IRCAddress(url: $0.value) })
            else { continue }
            if written.isSameServer(as: address) { return name }
        }
        return nil
    }

    /// `~/x` as the home folder's `x`.
    static func expandingHome(_ path: String, environment: [String: String]) -> String {
        guard path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst(1)
    }

    /// The password, read now (before the terminal is taken over, so a
    /// problem is a plain message).
    func readPassword(environment: [String: String]) throws(Secret.Problem) -> Secret? {
        switch password {
        case nil: return nil
        case .file(let path): return try Secret.read(file: path)
        case .variable(let name): return try Secret.read(variable: name, environment: environment)
        }
    }
}
