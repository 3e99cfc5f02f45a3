import ChatCore
import ChatModel

/// A room a network link asks the program to open: a channel the user
/// joined, a private conversation someone started or the user asked for; or
/// to show, when it is open already (`/join` of a channel the user is in).
struct RoomOpening: Equatable {
    /// Its label: the channel's or nick's, with `@NETWORK` when another room has that.
    let label: String
    /// Its room file's name in the network's folder.
    let file: RoomName
    /// True when the user asked for it (`/join`, `/query`), so it is shown.
    let focus: Bool
    /// A channel or a private conversation.
    let kind: RoomKind
    /// The network it is of: its folder of room files.
    let network: String
    /// The user's nick on the network as the room opens.
    let nick: String
}
