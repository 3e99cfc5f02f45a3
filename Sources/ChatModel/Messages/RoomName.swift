import TextWidth

/// The name of a room, checked to be usable as a file name inside the rooms
/// folder: it can neither escape that folder nor hide or break a file name.
public struct RoomName: Equatable, Sendable, CustomStringConvertible {
    public let value: String

    /// The room chat-tui opens when none is named.
    public static let local = RoomName(unchecked: "local")

    /// The most bytes a name may take, leaving room for `.jsonl` in a 255-byte file name.
    public static let maxBytes = 200

    /// Why a room name was refused, in words the user can act on.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(String)
        case pathLike(String)
        case unprintable(String)

        public var description: String {
            switch self {
            case .empty: return "a room name cannot be empty"
            case .tooLong(let name): return "room name '\(name.prefix(40))…' is longer than \(RoomName.maxBytes) bytes"
            case .pathLike(let name):
                return "cannot use '\(name)' as a room name: it must not contain '/' or start with '.'"
            case .unprintable(let name):
                let shown = name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
                return "cannot use '\(shown)' as a room name: it contains control characters"
            }
        }
    }

    public init(_ name: String) throws(Problem) {
        if name.isEmpty { throw .empty }
        if name.utf8.count > Self.maxBytes { throw .tooLong(name) }
        if name.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || WidthRules.visibleReplacement(for: $0) != nil
        }) {
            throw .unprintable(name)
        }
        if name.contains("/") || name.hasPrefix(".") { throw .pathLike(name) }
        value = name
    }

    /// A name from elsewhere (an IRC channel or nick) made safe as a file
    /// name: `%`, `/`, control characters and a leading `.` are written as
    /// `%XX` of their UTF-8 bytes, and a name too long is cut on a character
    /// boundary. Different names stay different, except past the cut.
    public init(fileSafe name: String) {
        var encoded = ""
        for (index, scalar) in name.unicodeScalars.enumerated() {
            let unsafe =
                scalar == "%" || scalar == "/" || (index == 0 && scalar == ".")
                || scalar.properties.generalCategory == .control || WidthRules.visibleReplacement(for: scalar) != nil
            if unsafe {
                for byte in String(scalar).utf8 {
                    encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                encoded.unicodeScalars.append(scalar)
            }
        }
        while encoded.utf8.count > Self.maxBytes { encoded.removeLast() }
        value = encoded.isEmpty ? "%" : encoded
    }

    private init(unchecked: String) {
        value = unchecked
    }

    public var description: String { value }
}
