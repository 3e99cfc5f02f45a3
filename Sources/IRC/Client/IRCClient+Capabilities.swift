import ChatModel

/// Capability negotiation: what the server offers, what chat-tui asks for
/// (`IRCClient.wanted`), the SASL login (`PLAIN` or `EXTERNAL`) when the network has one, and
/// the end of negotiation that lets registration finish.
extension IRCClient {
    /// `CAP LS`, `ACK`, `NAK`, `NEW` and `DEL`.
    mutating func negotiate(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        let parameters = message.parameters
        guard parameters.count >= 3 else { return }
        let more = parameters.count >= 4 && parameters[2] == "*"
        let list = parameters[parameters.count - 1].split(separator: " ").map(String.init)
        switch parameters[1].uppercased() {
        case "LS", "NEW":
            for item in list {
                let name = String(item.prefix { $0 != "=" })
                offered[name] = String(item.dropFirst(name.count + 1))
            }
            guard !more else { return }
            var request = Self.wanted.filter { offered[$0] != nil && !enabled.contains($0) }
            if let sasl = identity.sasl, negotiating {
                if let mechanisms = offered["sasl"],
                    mechanisms.isEmpty || mechanisms.split(separator: ",").contains(Substring(sasl.mechanism))
                {
                    request.append("sasl")
                } else {
                    reply.server("not logged in: the server does not offer SASL \(sasl.mechanism)", time: time)
                }
            }
            if request.isEmpty {
                if negotiating { end(&reply) }
            } else {
                reply.send.append(IRCMessage(command: "CAP", parameters: ["REQ", request.joined(separator: " ")]))
            }
        case "ACK":
            for item in list {
                if item.hasPrefix("-") { enabled.remove(String(item.dropFirst())) } else { enabled.insert(item) }
            }
            guard negotiating && !more else { return }
            if let sasl = identity.sasl, enabled.contains("sasl"), !loggingIn {
                // Registration waits for the login to end (903 or a failure).
                loggingIn = true
                reply.send.append(IRCMessage(command: "AUTHENTICATE", parameters: [sasl.mechanism]))
            } else {
                end(&reply)
            }
        case "NAK":
            if negotiating && !more { end(&reply) }
        case "DEL":
            for item in list {
                offered[item] = nil
                enabled.remove(item)
            }
        default:
            break
        }
    }

    /// `AUTHENTICATE +`: the server waits for the credentials, sent in pieces
    /// of 400 bytes of base64 (a last piece of exactly 400 followed by `+`);
    /// an empty response is `+` alone.
    mutating func authenticate(_ message: IRCMessage, _ reply: inout Reply) {
        guard loggingIn, message.parameters.first == "+", let sasl = identity.sasl else { return }
        let response = sasl.response
        guard !response.isEmpty else {
            reply.send.append(IRCMessage(command: "AUTHENTICATE", parameters: ["+"]))
            return
        }
        var rest = Substring(Base64.encode(response))
        while true {
            let piece = rest.prefix(400)
            reply.send.append(IRCMessage(command: "AUTHENTICATE", parameters: [String(piece)]))
            rest = rest.dropFirst(piece.count)
            if piece.count < 400 { break }
            if rest.isEmpty {
                reply.send.append(IRCMessage(command: "AUTHENTICATE", parameters: ["+"]))
                break
            }
        }
    }

    /// The end of a login: 903 logged in; 902, 904, 905 and 906 not. Either way
    /// registration goes on (without the login), never with the password sent another way.
    mutating func loginEnded(_ message: IRCMessage, time: Timestamp, _ reply: inout Reply) {
        guard loggingIn else { return }
        loggingIn = false
        if message.command != "903" {
            let reason = message.parameters.last ?? "refused"
            reply.server("not logged in: the server refused the login (\(reason))", time: time)
        }
        if negotiating { end(&reply) }
    }

    mutating func end(_ reply: inout Reply) {
        negotiating = false
        reply.send.append(IRCMessage(command: "CAP", parameters: ["END"]))
    }
}
