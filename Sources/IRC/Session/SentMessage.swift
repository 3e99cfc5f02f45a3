import ChatModel

/// A message of the user's on its way to the network: the room it was sent
/// from, the id its room knows it by (nil for one `/msg` sent), and the
/// message, under the nick it goes out as.
public struct SentMessage: Equatable, Sendable {
    public let room: String
    public let id: Int?
    public var message: Message

    public init(room: String, id: Int?, message: Message) {
        self.room = room
        self.id = id
        self.message = message
    }
}
