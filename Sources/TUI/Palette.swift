import CNcurses
import ChatCore

/// How each `CellStyle` looks: a colour pair and attributes. The only place
/// colours are chosen.
enum Palette {
    private static func colors(for style: CellStyle) -> (foreground: Int16, bold: Bool)? {
        switch style {
        case .plain, .ownText, .placeholder, .time: return nil
        case .ownSender: return (Int16(COLOR_GREEN), true)
        case .otherSender: return (Int16(COLOR_CYAN), true)
        case .separator: return (Int16(COLOR_BLUE), false)
        case .separatorLabel: return (Int16(COLOR_BLUE), true)
        case .scrollMarker: return (Int16(COLOR_YELLOW), true)
        }
    }

    /// Sets up one colour pair per style, on the terminal's own background.
    static func definePairs() {
        for style in CellStyle.allCases {
            if let colors = colors(for: style) {
                init_pair(pair(for: style), colors.foreground, -1)
            }
        }
    }

    /// The colour pair of a style; 0 (the terminal's default) when it has none.
    static func pair(for style: CellStyle) -> Int16 {
        colors(for: style) == nil ? 0 : Int16(style.rawValue) + 1
    }

    /// The attributes of a style, with or without colour.
    static func attributes(for style: CellStyle, color: Bool) -> attr_t {
        switch style {
        case .time, .placeholder: return chat_a_dim()
        // Without colour, underlining keeps the user's own name apart from others'.
        case .ownSender: return color ? chat_a_bold() : chat_a_bold() | chat_a_underline()
        case .otherSender, .separatorLabel, .scrollMarker: return chat_a_bold()
        case .separator: return color ? chat_a_normal() : chat_a_dim()
        case .plain, .ownText: return chat_a_normal()
        }
    }
}
