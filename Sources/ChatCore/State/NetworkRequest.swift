/// What a command in a network's room asks of the network; the room's link
/// sends it. Commands that need no network (`/clear`, `/help`) never become one.
public enum NetworkRequest: Equatable, Sendable {
    /// `/msg NICK TEXT`: a private message, shown in that person's room.
    case message(to: String, text: String)
    /// `/join NAME`: join the channel (`#NAME` when NAME is not one), or go
    /// to its room when the server says the user is in it.
    case join(String)
    /// `/query NICK`: open the private room with NICK, or go to it.
    case query(String)
    /// `/nick NAME`: takes effect when the network confirms it (`Event.nickChanged`).
    case nick(String)
    /// `/part [REASON]`: leave this channel; the room closes.
    case part(reason: String?)
    /// `/quit [REASON]`: leave the network, with the reason others see.
    case quit(reason: String?)
    /// `/topic [TEXT]`: show the channel's topic, or set it.
    case topic(String?)
    /// `/names`: who is in the channel.
    case names
    /// `/quote LINE`: a raw protocol line.
    case quote(String)
    /// `/reconnect`: connect again at once.
    case reconnect
}
