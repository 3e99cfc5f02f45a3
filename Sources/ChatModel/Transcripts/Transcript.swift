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

    /// A message of an outbox kept on disk, not confirmed yet: as `encode`
    /// writes it, with why it failed (`not_sent`) or may not have arrived
    /// (`not_confirmed`), so it is offered again for the same reason.
    public static func encode(unsent message: Message, delivery: Delivery) -> String {
        var kept = message
        switch delivery {
        case .failed(let reason): kept.otherFields.append(JSONMember(notSent, .string(reason)))
        case .unconfirmed(let reason): kept.otherFields.append(JSONMember(notConfirmed, .string(reason)))
        case .pending, .sent, .discarded: break
        }
        return encode(kept)
    }

    /// A message of an outbox read back, with the delivery `encode(unsent:delivery:)`
    /// kept (`pending` where none was: it was on its way when chat-tui ended).
    public static func decodeUnsent(_ line: Substring) -> Message? {
        guard var message = decodeMembers(line) else { return nil }
        message.delivery = .pending
        message.otherFields.removeAll { member in
            switch (member.key, member.value) {
            case (notSent, .string(let reason)): message.delivery = .failed(reason)
            case (notConfirmed, .string(let reason)): message.delivery = .unconfirmed(reason)
            default: return false
            }
            return true
        }
        return message
    }

    /// The field that marks the user's own message in a network room's file
    /// (`"own":true`): a network knows which are the user's, whatever nick
    /// they went under, and reading the room back keeps them the user's.
    public static let own = JSONMember("own", .bool(true))

    /// The user's own message as a network room's file keeps it: marked `own`.
    public static func encodeOwn(_ message: Message) -> String {
        var kept = message
        kept.otherFields.append(own)
        return encode(kept)
    }

    /// Takes the `own` mark off a message read from a network room's file,
    /// making it the user's.
    public static func takeOwnMark(_ message: inout Message) {
        guard let index = message.otherFields.firstIndex(of: own) else { return }
        message.otherFields.remove(at: index)
        message.isOwn = true
    }

    static let notSent = "not_sent"
    static let notConfirmed = "not_confirmed"

    /// The message on a JSON line; nil when the line is not JSON or lacks a
    /// string `from` or `text`. A `ts` that is not RFC 3339 and a `kind` chat-tui
    /// does not know are kept as other fields, and the message is shown as said
    /// at no known time.
    public static func decode(_ line: Substring) -> Message? {
        if let message = decodeWrittenForm(line) { return message }
        return decodeMembers(line)
    }

    /// `decode`, reading the line as any JSON object.
    static func decodeMembers(_ line: Substring) -> Message? {
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

    /// `decode` of a line in the form chat-tui writes a message at a known
    /// time in, `{"ts":"…","from":"…","text":"…"}`, found as the transcript
    /// check finds it (`TranscriptLineCheck.writtenForm`), with no escape in
    /// its strings: their bytes are taken as they are, with no JSON value
    /// made. Nil for any other line, which is read as any JSON object. (A
    /// replay's newest lines are made into messages at every frame of a pour.)
    static func decodeWrittenForm(_ line: Substring) -> Message? {
        line.utf8.withContiguousStorageIfAvailable { bytes -> Message? in
            guard let base = bytes.baseAddress,
                let form = TranscriptLineCheck.writtenForm(base, count: bytes.count),
                !form.escaped, form.end == bytes.count
            else { return nil }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            guard let time = Timestamp(rfc3339: string(form.time)[...]) else { return nil }
            return Message(sender: string(form.sender), text: string(form.text), time: time)
        } ?? nil
    }
}
