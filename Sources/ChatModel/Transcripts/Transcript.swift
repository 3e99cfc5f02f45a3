/// chat-tui's own transcript format, JSON Lines: one object per message with
/// `ts` (RFC 3339), `from`, `text`, unless it is `message` `kind`, and the
/// id its server gave it as `msgid` (IRC rooms). Fields
/// chat-tui does not know are kept and written back in order. See docs/transcript.md.
public enum Transcript {
    /// The message as one JSON line, without the newline.
    public static func encode(_ message: Message) -> String {
        var members: [JSONMember] = []
        if let time = message.time { members.append(JSONMember("ts", .string(time.rfc3339))) }
        members.append(JSONMember("from", .string(message.sender)))
        members.append(JSONMember("text", .string(message.text)))
        if message.kind != .message { members.append(JSONMember("kind", .string(message.kind.rawValue))) }
        if let id = message.serverID { members.append(JSONMember("msgid", .string(id))) }
        members += message.otherFields
        return JSONValue.object(members).encoded
    }

    /// The message on a JSON line; nil when the line is not JSON or lacks a
    /// string `from` or `text`. A `ts` that is not RFC 3339 and a `kind` chat-tui
    /// does not know are kept as other fields, and the message is shown as said
    /// at no known time.
    public static func decode(_ line: Substring) -> Message? {
        guard case .object(let members)? = try? JSONParser.parse(line) else { return nil }
        var sender: String?
        var text: String?
        var time: Timestamp?
        var kind = MessageKind.message
        var serverID: String?
        var others: [JSONMember] = []
        for member in members {
            switch (member.key, member.value) {
            case ("from", .string(let value)) where sender == nil: sender = value
            case ("text", .string(let value)) where text == nil: text = value
            case ("ts", .string(let value)) where time == nil && Timestamp(rfc3339: value[...]) != nil:
                time = Timestamp(rfc3339: value[...])
            case ("kind", .string(let value)) where MessageKind(rawValue: value) != nil:
                kind = MessageKind(rawValue: value)!
            case ("msgid", .string(let value)) where serverID == nil: serverID = value
            default: others.append(member)
            }
        }
        guard let sender, let text else { return nil }
        return Message(sender: sender, text: text, time: time, kind: kind, otherFields: others, serverID: serverID)
    }
}
