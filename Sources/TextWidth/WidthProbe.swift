/// What chat-tui asks the terminal to learn how it draws text: one sample per
/// class of characters where terminals disagree, and how each measured width
/// maps onto `WidthRules`. Pure: the asking is done by the terminal layer.
public enum WidthProbe {
    /// A class of characters terminals draw at different widths.
    public enum Sample: String, CaseIterable, Sendable {
        case emojiModifier
        case variationSelector16
        case variationSelector15
        case zwjSequence
        case flag
        case keycap
        case newerEmoji
        case ambiguous
        case combiningMark
        case hangulJamo
        case thai
        case devanagari
        case softHyphen

        /// The text written to the terminal for this class.
        public var text: String {
            switch self {
            case .emojiModifier: return "\u{1F44D}\u{1F3FD}"  // 👍🏽
            case .variationSelector16: return "\u{263A}\u{FE0F}"  // ☺️
            case .variationSelector15: return "\u{1F600}\u{FE0E}"  // 😀︎
            case .zwjSequence: return "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👨‍👩‍👧
            case .flag: return "\u{1F1EF}\u{1F1F5}"  // 🇯🇵
            case .keycap: return "1\u{FE0F}\u{20E3}"  // 1️⃣
            case .newerEmoji: return "\u{1FAE8}"  // 🫨, Unicode 15
            case .ambiguous: return "\u{2460}"  // ①
            case .combiningMark: return "e\u{301}"  // é
            case .hangulJamo: return "\u{1112}\u{1161}\u{11AB}"  // 한, decomposed
            case .thai: return "\u{0E01}\u{0E33}"  // กำ
            case .devanagari: return "\u{0915}\u{094D}\u{0937}\u{093F}"  // क्षि
            case .softHyphen: return "\u{00AD}"
            }
        }

        /// The settings this class can take, each named for the report.
        var choices: [(name: String, apply: @Sendable (inout WidthRules) -> Void)] {
            switch self {
            case .emojiModifier:
                return [
                    ("modifier joins the emoji", { $0.joinsEmojiModifiers = true }),
                    ("modifier drawn separately", { $0.joinsEmojiModifiers = false }),
                ]
            case .variationSelector16:
                return [
                    ("VS16 keeps the width", { $0.widensWithVariationSelector16 = false }),
                    ("VS16 widens to 2", { $0.widensWithVariationSelector16 = true }),
                ]
            case .variationSelector15:
                return [
                    ("VS15 keeps the width", { $0.narrowsWithVariationSelector15 = false }),
                    ("VS15 narrows to 1", { $0.narrowsWithVariationSelector15 = true }),
                ]
            case .zwjSequence:
                return [
                    ("ZWJ sequence drawn as one", { $0.joinsZWJSequences = true }),
                    ("ZWJ sequence drawn as its parts", { $0.joinsZWJSequences = false }),
                ]
            case .flag:
                return [
                    ("regional indicators 1 column each", { $0.regionalIndicatorWidth = 1 }),
                    ("regional indicators 2 columns each", { $0.regionalIndicatorWidth = 2 }),
                ]
            case .keycap:
                return [
                    ("keycap as wide as its digit", { $0.widensKeycaps = false }),
                    ("keycap 2 columns", { $0.widensKeycaps = true }),
                ]
            case .newerEmoji:
                return [
                    ("newer emoji drawn as nothing", { $0.newerEmojiWidth = 0 }),
                    ("newer emoji 1 column (shown as �)", { $0.newerEmojiWidth = 1 }),
                    ("newer emoji 2 columns (shown as ？)", { $0.newerEmojiWidth = 2 }),
                ]
            case .ambiguous:
                return [
                    ("ambiguous width narrow", { $0.ambiguousIsWide = false }),
                    ("ambiguous width wide", { $0.ambiguousIsWide = true }),
                ]
            case .combiningMark:
                return [
                    ("combining marks join", { $0.joinsCombiningMarks = true }),
                    ("combining marks take a column", { $0.joinsCombiningMarks = false }),
                ]
            case .hangulJamo:
                return [
                    ("jamo join into syllables", { $0.joinsHangulJamo = true }),
                    ("jamo take a column each", { $0.joinsHangulJamo = false }),
                ]
            case .softHyphen:
                return [
                    ("soft hyphen drawn as a hyphen", { $0.softHyphenWidth = 1 }),
                    ("soft hyphen drawn as nothing: not sent", { $0.softHyphenWidth = 0 }),
                ]
            case .thai, .devanagari:
                return [
                    ("spacing marks take a column", { $0.spacingMarksAdvance = true }),
                    ("spacing marks take none", { $0.spacingMarksAdvance = false }),
                ]
            }
        }
    }

    /// One line of what a probe learned.
    public struct Finding: Equatable, Sendable {
        public let sample: Sample
        /// The columns the terminal moved for the sample; nil when it did not say.
        public let measured: Int?
        /// The setting chosen; nil when no setting explains the measurement.
        public let choice: String?
        /// The columns Unicode's recommendation gives the sample.
        public let unicodeWidth: Int
    }

    /// The rules that explain `measured` (columns per sample), starting from
    /// `base` and changing one class at a time, and what was found for each
    /// sample. A sample no setting explains keeps the base setting.
    public static func learn(_ measured: [Sample: Int], base: WidthRules = .terminal)
        -> (rules: WidthRules, findings: [Finding])
    {
        var rules = base
        var findings: [Finding] = []
        for sample in Sample.allCases {
            let character = Character(sample.text)
            var choice: String?
            if let columns = measured[sample] {
                for option in sample.choices {
                    var candidate = rules
                    option.apply(&candidate)
                    if candidate.width(of: character) == columns {
                        rules = candidate
                        choice = option.name
                        break
                    }
                }
            }
            findings.append(
                Finding(
                    sample: sample, measured: measured[sample], choice: choice,
                    unicodeWidth: WidthRules.unicode.width(of: character)))
        }
        return (rules, findings)
    }

    /// The columns of the report's first column, the name of the class.
    static let classColumns = 21

    /// The report `--probe` prints: one row per sample, in 80 columns. Each sample is padded
    /// by the width the terminal was just measured to draw it at, so the
    /// columns after it line up on that terminal.
    public static func report(_ findings: [Finding], identity: String) -> String {
        func padded(_ text: String, to columns: Int, drawnWidth: Int? = nil) -> String {
            text + String(repeating: " ", count: max(1, columns - (drawnWidth ?? WidthRules.terminal.width(of: text))))
        }
        var lines = [
            "terminal: \(identity)", "",
            padded("class", to: classColumns) + padded("sample", to: 7) + padded("measured", to: 9)
                + padded("unicode", to: 8) + "rule",
        ]
        for finding in findings {
            let rule =
                finding.choice
                ?? (finding.measured == nil ? "no answer: default kept" : "unexplained: default kept")
            var line =
                padded(finding.sample.rawValue, to: classColumns)
                + padded(finding.sample.text, to: 7, drawnWidth: finding.measured)
            line += padded(finding.measured.map(String.init) ?? "-", to: 9)
            line += padded(String(finding.unicodeWidth), to: 8) + rule
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
