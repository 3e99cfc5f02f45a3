import TextWidth

/// The line shown in the pane of a room with nothing in it yet: where the
/// room is kept and how to find the keys. Its characters are split and
/// measured once, not at every frame that draws the pane (a resize does).
struct EmptyRoomHint {
    let room: String
    let location: String
    let characters: [Character]
    /// Each character's byte when it is one ASCII byte, else 0, as a draft keeps them.
    let ascii: [UInt8]

    init(room: String, location: String) {
        self.room = room
        self.location = location
        characters = Array("room \(room): \(location) · /help lists the keys")
        ascii = characters.map { $0.singleASCIIByte ?? 0 }
    }

    /// The rows of the hint at `width`: wrapped, never cut.
    func rows(width: Int, rules: WidthRules) -> [WrappedRow] {
        TextWrapper(rules: rules).rows(of: characters[...], ascii: ascii[...], width: width)
    }

    /// The last hint made, kept from one frame to the next.
    final class Kept {
        private var hint: EmptyRoomHint?

        /// The hint for `room` at `location`, made again only when either changed.
        func hint(room: String, location: String) -> EmptyRoomHint {
            if let hint, hint.room == room, hint.location == location { return hint }
            let made = EmptyRoomHint(room: room, location: location)
            hint = made
            return made
        }
    }
}
