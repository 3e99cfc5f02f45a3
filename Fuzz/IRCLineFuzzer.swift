// libFuzzer target for the IRC line parser (`make fuzz`): any bytes, split into
// lines as a server's stream is. Besides not crashing on any line, a line that
// parses must encode (with no length limit) and parse back to the same
// message: what chat-tui reads it can always say again, and nothing changes.
// Every line is also fed to a registered client, which must take any sequence
// of lines without crashing, and never answer with a line it cannot send.

import ChatModel
import IRC

@_cdecl("LLVMFuzzerTestOneInput")
public func ircLineFuzzerInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var client = IRCClient(identity: IRCIdentity(nick: "me"), channels: ["#chat"])
    _ = client.start()
    for setup in [
        ":irc.test CAP * LS :echo-message batch draft/multiline=max-bytes=4096 labeled-response",
        ":irc.test CAP me ACK :echo-message batch draft/multiline labeled-response",
        ":irc.test 001 me :hi", ":me!me@h JOIN #chat",
    ] {
        _ = client.receive(try! IRCMessage(parsing: setup), now: Timestamp(secondsSinceEpoch: 0))
    }
    for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
        let trimmed = line.last == 13 ? line.dropLast() : line[...]
        guard let message = try? IRCMessage(line: trimmed) else { continue }
        let encoded: String
        do {
            encoded = try message.encoded(limit: Int.max)
        } catch {
            fatalError("\(Array(trimmed)) parsed as \(message) but cannot be encoded: \(error)")
        }
        guard let back = try? IRCMessage(parsing: encoded), back == message else {
            fatalError("\(Array(trimmed)) parsed as \(message), encoded as \(encoded.debugDescription), read back differently")
        }
        for answer in client.receive(message, now: Timestamp(secondsSinceEpoch: 0)).send {
            guard (try? answer.encoded(limit: Int.max)) != nil else { fatalError("cannot send the answer \(answer)") }
        }
        // What the user might type back, drawn from the line itself.
        if let text = message.parameters.last {
            for line in client.say(text, to: "#chat").lines {
                guard (try? line.encoded()) != nil else { fatalError("cannot send \(line) for \(text.debugDescription)") }
            }
        }
    }
    return 0
}
