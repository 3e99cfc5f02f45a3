import ChatModel

/// A room a network link asks the program to open: a channel the user
/// joined, a private conversation someone started or the user asked for.
struct RoomOpening: Equatable {
    /// The label it asks for; the program may add the network's name when
    /// another room has it.
    let label: String
    /// Its room file's name in the network's folder.
    let file: RoomName
    /// True when the user asked for it (`/join`, `/query`), so it is shown.
    let focus: Bool
}
