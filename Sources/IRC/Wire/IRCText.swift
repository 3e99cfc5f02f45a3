/// Text received from a server: IRC has no encoding of its own, so a line is
/// UTF-8 when it is valid UTF-8 and Latin-1 otherwise, as irssi and WeeChat
/// read it.
public enum IRCText {
    /// `bytes` as text: UTF-8, or Latin-1 (one character per byte) when they are not valid UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }
}
