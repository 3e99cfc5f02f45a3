/// A key the user pressed, as the terminal reports it. Printable text arrives as
/// `Event.text` instead; this is for everything that edits, moves or commands.
public indirect enum Key: Hashable, Sendable {
    case enter
    case tab
    case backspace
    case delete
    case left
    case right
    case up
    case down
    case home
    case end
    case pageUp
    case pageDown
    case escape
    /// The mouse wheel turned a notch.
    case wheelUp
    case wheelDown
    /// Ctrl with the arrow keys, which move by word.
    case controlLeft
    case controlRight
    /// Ctrl with Page Up and Page Down, which go to the previous and next room.
    case controlPageUp
    case controlPageDown
    /// A letter pressed with Ctrl, lower case: Ctrl-A is `.control("a")`.
    case control(Character)
    /// A character pressed with Alt (or after Esc), such as Alt-B.
    case altCharacter(Character)
    /// Another key pressed with Alt, such as Alt-Enter.
    case alt(Key)
    /// A key pressed with Shift, where the terminal tells it apart: Shift-Enter.
    case shift(Key)
}
