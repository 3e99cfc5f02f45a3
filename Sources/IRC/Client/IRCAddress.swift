/// Where a network is, from `ircs://HOST[:PORT]/#chan[,#other]` (TLS, port
/// 6697 by default) or `irc://…` (no TLS, port 6667).
public struct IRCAddress: Equatable, Sendable {
    public var host: String
    public var port: UInt16
    public var tls: Bool
    /// The channels to join, in order.
    public var channels: [String]

    public static let tlsPort: UInt16 = 6697
    public static let plainPort: UInt16 = 6667

    /// Why an address was refused, in words the user can act on.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notAnIRCAddress(String)
        case noHost(String)
        case badPort(String)

        public var description: String {
            switch self {
            case .notAnIRCAddress(let text): return "'\(text)' is not an IRC address: write ircs://HOST[:PORT]/#channel"
            case .noHost(let text): return "'\(text)' names no server: write ircs://HOST[:PORT]/#channel"
            case .badPort(let text): return "the port in '\(text)' is not a number from 1 to 65535"
            }
        }
    }

    public init(host: String, port: UInt16, tls: Bool, channels: [String]) {
        self.host = host
        self.port = port
        self.tls = tls
        self.channels = channels
    }

    /// True when `text` is written as an IRC address (what the command line
    /// tells apart from a network's name).
    public static func looksLikeAddress(_ text: String) -> Bool {
        text.hasPrefix("ircs://") || text.hasPrefix("irc://")
    }

    /// Reads `ircs://HOST[:PORT]/#chan[,#other]`; `%23` stands for `#`, and a
    /// channel written without `#` gets one. IPv6 addresses go in brackets.
    public init(url text: String) throws(Problem) {
        let tls: Bool
        var rest: Substring
        if text.hasPrefix("ircs://") {
            tls = true
            rest = text.dropFirst(7)
        } else if text.hasPrefix("irc://") {
            tls = false
            rest = text.dropFirst(6)
        } else {
            throw .notAnIRCAddress(text)
        }
        let authority = rest.prefix { $0 != "/" }
        rest = rest.dropFirst(authority.count).drop { $0 == "/" }
        var host: Substring
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { throw .noHost(text) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.first == ":" { portText = after.dropFirst() } else if !after.isEmpty { throw .badPort(text) }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "@" }) else { throw .noHost(text) }
        var port = tls ? Self.tlsPort : Self.plainPort
        if let portText {
            guard let number = UInt16(portText), number > 0 else { throw .badPort(text) }
            port = number
        }
        let path = rest.replacing("%23", with: "#").replacing("%2C", with: ",").replacing("%2c", with: ",")
        let channels = path.split(separator: ",").map { $0.first == "#" || $0.first == "&" ? String($0) : "#" + $0 }
        self.init(host: String(host), port: port, tls: tls, channels: channels)
    }

    /// True when `other` reaches the same server: the same host (in any
    /// case), port and use of TLS, whatever channels each names.
    public func isSameServer(as other: IRCAddress) -> Bool {
        host.lowercased() == other.host.lowercased() && port == other.port && tls == other.tls
    }

    /// The network's name for its room and its folder of room files: the host,
    /// with the port when it is not the default.
    public var name: String {
        port == (tls ? Self.tlsPort : Self.plainPort) ? host : "\(host):\(port)"
    }
}
