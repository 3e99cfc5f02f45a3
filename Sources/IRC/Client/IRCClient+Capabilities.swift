/// Capability negotiation: what the server offers, what chat-tui asks for
/// (`IRCClient.wanted`), and the end of negotiation that lets registration finish.
extension IRCClient {
    /// `CAP LS`, `ACK`, `NAK`, `NEW` and `DEL`.
    mutating func negotiate(_ message: IRCMessage, _ reply: inout Reply) {
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
            let request = Self.wanted.filter { offered[$0] != nil && !enabled.contains($0) }
            if request.isEmpty {
                if negotiating { end(&reply) }
            } else {
                reply.send.append(IRCMessage(command: "CAP", parameters: ["REQ", request.joined(separator: " ")]))
            }
        case "ACK":
            for item in list {
                if item.hasPrefix("-") { enabled.remove(String(item.dropFirst())) } else { enabled.insert(item) }
            }
            if negotiating && !more { end(&reply) }
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

    mutating func end(_ reply: inout Reply) {
        negotiating = false
        reply.send.append(IRCMessage(command: "CAP", parameters: ["END"]))
    }
}
