import TextWidth

/// The rules a nick must follow, for `--nick`, `--from` and `/nick` alike: shown
/// on one row and sent as one word.
public enum Nick {
    /// The most characters a nick may have.
    public static let maxLength = 32

    /// Why a nick was refused.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong
        case blankOrControl

        public var description: String {
            switch self {
            case .empty: return "it is empty"
            case .tooLong: return "it is longer than \(Nick.maxLength) characters"
            case .blankOrControl: return "it contains spaces or control characters"
            }
        }
    }

    /// `nick`, if it is not empty, has no blanks or control characters, and has at
    /// most `maxLength` characters.
    public static func validated(_ nick: String) throws(Problem) -> String {
        if nick.isEmpty { throw .empty }
        if nick.count > maxLength { throw .tooLong }
        if nick.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
                || WidthRules.visibleReplacement(for: $0) != nil
        }) {
            throw .blankOrControl
        }
        return nick
    }
}
