import ChatModel

/// One column of a frame. A wide character's cell is followed by a continuation
/// cell (width 0) that the terminal covers with the right half of the character.
///
/// A plain value of 8 bytes with no reference to count and no padding, so a
/// frame is one contiguous buffer and two rows compare as memory: the
/// character is a Unicode scalar's value, or the number of a cluster of
/// several in `ClusterTable`; the format is packed in two bytes.
public struct Cell: Equatable, Sendable {
    /// The scalar's value, or `clusterBit` and the cluster's number.
    private var code: UInt32
    /// 1, 2 for the left half of a wide character, 0 for its right half.
    public var width: UInt8
    public var style: CellStyle
    /// `TextFormat`'s emphasis, one bit each, and whether it has each colour.
    private var emphasis: UInt8
    /// The foreground colour (0–15) in the low four bits, the background in the high.
    private var colors: UInt8

    private static let clusterBit: UInt32 = 1 << 31
    /// Marks a continuation cell, which has no text (a scalar value never has this bit).
    private static let nothing: UInt32 = 1 << 30

    public init(text: String, width: UInt8, style: CellStyle, format: TextFormat = .plain) {
        self.init(code: Self.code(of: text), width: width, style: style, format: format)
    }

    /// A cell of one scalar, which needs no look-up.
    init(scalar: UInt32, width: UInt8, style: CellStyle, format: TextFormat) {
        self.init(code: scalar, width: width, style: style, format: format)
    }

    /// This cell's look with another one-column scalar: a run of text packs
    /// its format once.
    func with(scalar: UInt32) -> Cell {
        var cell = self
        cell.code = scalar
        cell.width = 1
        return cell
    }

    /// A cell of one scalar without a format of its own: the composer's
    /// characters, most of a frame, made with nothing to pack.
    init(scalar: UInt32, width: UInt8, style: CellStyle) {
        code = scalar
        self.width = width
        self.style = style
        emphasis = 0
        colors = 0
    }

    private init(code: UInt32, width: UInt8, style: CellStyle, format: TextFormat) {
        self.code = code
        self.width = width
        self.style = style
        (emphasis, colors) = Self.pack(format)
    }

    /// Emphasis and colours from the message itself, drawn over the style.
    /// Colours are IRC's sixteen; any other is left out.
    public var format: TextFormat {
        get {
            TextFormat(
                bold: emphasis & 1 != 0, italic: emphasis & 2 != 0, underline: emphasis & 4 != 0,
                reverse: emphasis & 8 != 0, strikethrough: emphasis & 16 != 0,
                foreground: emphasis & 32 != 0 ? colors & 0x0F : nil,
                background: emphasis & 64 != 0 ? colors >> 4 : nil)
        }
        set { (emphasis, colors) = Self.pack(newValue) }
    }

    private static func pack(_ format: TextFormat) -> (emphasis: UInt8, colors: UInt8) {
        if format == .plain { return (0, 0) }
        var emphasis: UInt8 = 0
        var colors: UInt8 = 0
        for (on, bit) in [
            (format.bold, 1), (format.italic, 2), (format.underline, 4), (format.reverse, 8),
            (format.strikethrough, 16),
        ] as [(Bool, UInt8)] where on {
            emphasis |= bit
        }
        if let foreground = format.foreground, foreground < 16 {
            emphasis |= 32
            colors |= foreground
        }
        if let background = format.background, background < 16 {
            emphasis |= 64
            colors |= background << 4
        }
        return (emphasis, colors)
    }

    /// The style and format in one number: two cells with the same key look alike.
    public var lookKey: UInt32 {
        UInt32(style.rawValue) | UInt32(emphasis) << 8 | UInt32(colors) << 16
    }

    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        unsafeBitCast(lhs, to: UInt64.self) == unsafeBitCast(rhs, to: UInt64.self)
    }

    /// What the terminal is given to draw in the cell.
    public var text: String {
        if code == Self.nothing { return "" }
        if code & Self.clusterBit != 0 { return ClusterTable.shared.text(of: code & ~Self.clusterBit) }
        return Unicode.Scalar(code).map { String(Character($0)) } ?? ""
    }

    /// The cell's one scalar, without making a `String`; nil for a cluster or nothing.
    public var scalar: Unicode.Scalar? {
        code & (Self.clusterBit | Self.nothing) == 0 ? Unicode.Scalar(code) : nil
    }

    /// `text` followed by `more`: a mark or joiner drawn in the same cell.
    mutating func append(_ more: String) {
        code = Self.code(of: text + more)
    }

    private static func code(of text: String) -> UInt32 {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return nothing }
        if scalars.index(after: scalars.startIndex) == scalars.endIndex { return first.value }
        return clusterBit | ClusterTable.shared.number(of: text)
    }

    public static let blank = Cell(scalar: 0x20, width: 1, style: .plain)
    static let continuation = Cell(code: nothing, width: 0, style: .plain, format: .plain)
}
