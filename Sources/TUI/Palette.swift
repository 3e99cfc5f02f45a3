import CNcurses
import ChatCore
import ChatModel

/// How each cell looks: its `CellStyle` and `TextFormat` made into ncurses
/// attributes and a colour pair. The only place colours are chosen. Pairs for
/// the styles are made at start; pairs for IRC colours as they are first met.
final class Palette {
    private let hasColors: Bool
    /// Colours the terminal has: 8, 16, 256 or more.
    private let colorCount: Int
    private var formatPairs: [UInt16: Int16] = [:]
    private var nextPair = Int16(CellStyle.allCases.count + 1)

    init(hasColors: Bool) {
        self.hasColors = hasColors
        colorCount = hasColors ? Int(chat_colors()) : 0
        guard hasColors else { return }
        for style in CellStyle.allCases {
            if let colors = Self.colors(for: style) {
                init_pair(Self.stylePair(style), colors, -1)
            }
        }
    }

    /// The attributes and colour pair for a cell.
    func look(style: CellStyle, format: TextFormat) -> (attributes: attr_t, pair: Int16) {
        var attributes = styleAttributes(style)
        var pair = hasColors ? Self.stylePair(style) : 0
        if format != .plain {
            if format.bold { attributes |= chat_a_bold() }
            if format.italic { attributes |= chat_a_italic() }
            if format.underline { attributes |= chat_a_underline() }
            if format.reverse { attributes |= chat_a_reverse() }
            if hasColors, format.foreground != nil || format.background != nil,
                let formatPair = self.pair(foreground: format.foreground, background: format.background)
            {
                pair = formatPair
            }
        }
        return (attributes, pair)
    }

    private static func colors(for style: CellStyle) -> Int16? {
        switch style {
        case .plain, .ownText, .placeholder, .time, .event: return nil
        case .ownSender, .ownBubble: return Int16(COLOR_GREEN)
        case .otherSender, .otherBubble: return Int16(COLOR_CYAN)
        case .separator, .separatorLabel: return Int16(COLOR_BLUE)
        case .scrollMarker: return Int16(COLOR_YELLOW)
        case .warning: return Int16(COLOR_RED)
        }
    }

    /// The colour pair of a style; 0 (the terminal's default) when it has none.
    private static func stylePair(_ style: CellStyle) -> Int16 {
        colors(for: style) == nil ? 0 : Int16(style.rawValue) + 1
    }

    private func styleAttributes(_ style: CellStyle) -> attr_t {
        switch style {
        case .time, .placeholder, .event: return chat_a_dim()
        // Without colour, underlining keeps the user's own name apart from others'.
        case .ownSender: return hasColors ? chat_a_bold() : chat_a_bold() | chat_a_underline()
        case .otherSender, .separatorLabel, .scrollMarker: return chat_a_bold()
        case .warning: return hasColors ? chat_a_bold() : chat_a_bold() | chat_a_reverse()
        case .separator: return hasColors ? chat_a_normal() : chat_a_dim()
        case .plain, .ownText, .otherBubble: return chat_a_normal()
        case .ownBubble: return hasColors ? chat_a_normal() : chat_a_bold()
        }
    }

    /// A pair for IRC colours, made the first time it is needed; nil when the
    /// terminal has no pairs left.
    private func pair(foreground: UInt8?, background: UInt8?) -> Int16? {
        let key = UInt16(foreground ?? 0xFF) << 8 | UInt16(background ?? 0xFF)
        if let pair = formatPairs[key] { return pair }
        guard Int(nextPair) < Int(chat_color_pairs()) else { return nil }
        let pair = nextPair
        nextPair += 1
        init_pair(pair, terminalColor(foreground), terminalColor(background))
        formatPairs[key] = pair
        return pair
    }

    /// IRC colour numbers as terminal colours: the bright half (8–15) folds onto
    /// the basic eight on terminals that have only those.
    private func terminalColor(_ irc: UInt8?) -> Int16 {
        guard let irc else { return -1 }
        // white, black, blue, green, red, brown, magenta, orange, yellow, light green,
        // cyan, light cyan, light blue, pink, grey, light grey
        let ansi: [Int16] = [15, 0, 4, 2, 9, 1, 5, 3, 11, 10, 6, 14, 12, 13, 8, 7]
        let color = ansi[Int(irc)]
        return colorCount >= 16 ? color : color % 8
    }
}
