/// Each sender's colour: the same nick gets the same colour in every run and on
/// every machine, from IRC colours that read well on dark and light backgrounds
/// alike (no white, black, yellow or greys). The user's own name keeps its style.
public enum SenderColor {
    /// Blue, red, brown, magenta, orange, cyan, light blue, pink.
    static let palette: [UInt8] = [2, 4, 5, 6, 7, 10, 12, 13]

    /// The IRC colour number of `nick`, from a hash of its UTF-8 bytes (FNV-1a).
    public static func ircColor(for nick: String) -> UInt8 {
        var hash: UInt32 = 2_166_136_261
        for byte in nick.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return palette[Int(hash % UInt32(palette.count))]
    }
}
