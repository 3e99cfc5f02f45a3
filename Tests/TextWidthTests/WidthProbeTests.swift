import Testing

@testable import ChatCore
@testable import TextWidth

@Suite struct WidthProbeTests {
    typealias Sample = WidthProbe.Sample

    /// What tmux 3.3a answered on this machine (`chat-tui --probe` inside tmux).
    let tmux: [Sample: Int] = [
        .emojiModifier: 4, .variationSelector16: 1, .variationSelector15: 2, .zwjSequence: 2, .flag: 2,
        .keycap: 1, .newerEmoji: 0, .ambiguous: 1, .combiningMark: 1, .hangulJamo: 2, .thai: 2, .devanagari: 3,
        .softHyphen: 1,
    ]

    /// A terminal that follows Unicode's recommendation throughout (as kitty and WezTerm aim to).
    let unicodeTerminal: [Sample: Int] = [
        .emojiModifier: 2, .variationSelector16: 2, .variationSelector15: 1, .zwjSequence: 2, .flag: 2,
        .keycap: 2, .newerEmoji: 2, .ambiguous: 1, .combiningMark: 1, .hangulJamo: 2, .thai: 2, .devanagari: 3,
        .softHyphen: 1,
    ]

    @Test func tmuxsAnswersGiveTheRulesThatMatchIt() {
        let learned = WidthProbe.learn(tmux)
        #expect(learned.findings.allSatisfy { $0.choice != nil }, "every answer is explained")
        var expected = WidthRules.terminal
        expected.newerEmojiWidth = 0
        #expect(learned.rules == expected)
        for sample in Sample.allCases {
            #expect(learned.rules.width(of: Character(sample.text)) == tmux[sample], "\(sample)")
        }
    }

    @Test func aUnicodeTerminalsAnswersGiveUnicodesRules() {
        let learned = WidthProbe.learn(unicodeTerminal)
        #expect(learned.rules.joinsEmojiModifiers)
        #expect(learned.rules.widensWithVariationSelector16)
        #expect(learned.rules.narrowsWithVariationSelector15)
        #expect(learned.rules.widensKeycaps)
        #expect(learned.rules.newerEmojiWidth == 2)
        for sample in Sample.allCases {
            #expect(learned.rules.width(of: Character(sample.text)) == unicodeTerminal[sample], "\(sample)")
        }
    }

    @Test(arguments: [
        (Sample.ambiguous, 2, "①○☆", 6),
        (.ambiguous, 2, "§±α", 6),
        (.flag, 4, "🇯🇵🇫🇷", 8),
        (.zwjSequence, 6, "👩\u{200D}🔬", 4),
        (.combiningMark, 2, "e\u{301}a\u{308}", 4),
        (.hangulJamo, 6, "\u{1100}\u{1161}\u{11A8}", 4),
        (.devanagari, 2, "कि", 1),
        (.newerEmoji, 2, "a🪿b", 4),
        (.softHyphen, 0, "co\u{AD}op", 4),
    ])
    func eachOtherOutcomeChangesJustItsClass(sample: Sample, measured: Int, text: String, columns: Int) {
        var answers = tmux
        answers[sample] = measured
        let learned = WidthProbe.learn(answers)
        if sample == .hangulJamo {
            // Six columns is no setting's answer (jamo taking one column each gives four):
            // the default is kept and the report says so.
            #expect(learned.findings.first { $0.sample == sample }?.choice == nil)
            return
        }
        #expect(learned.findings.allSatisfy { $0.choice != nil })
        #expect(learned.rules.width(of: Character(sample.text)) == measured)
        #expect(learned.rules.width(of: text) == columns, "\(text)")
    }

    @Test func noAnswerKeepsTheDocumentedDefaults() {
        let learned = WidthProbe.learn([:])
        #expect(learned.rules == .terminal)
        #expect(learned.findings.allSatisfy { $0.measured == nil && $0.choice == nil })
        let report = WidthProbe.report(learned.findings, identity: "TERM=dumb")
        #expect(report.contains("no answer: default kept"))
    }

    @Test func theReportHasOneRowPerSample() {
        let report = WidthProbe.report(WidthProbe.learn(tmux).findings, identity: "TERM=tmux-256color tmux")
        let lines = report.split(separator: "\n")
        #expect(lines.first == "terminal: TERM=tmux-256color tmux")
        #expect(lines.count == 2 + Sample.allCases.count)
        #expect(lines.contains { $0.hasPrefix("emojiModifier") && $0.hasSuffix("modifier drawn separately") })
        #expect(lines.contains { $0.hasPrefix("newerEmoji") && $0.hasSuffix("newer emoji drawn as nothing") })
    }

    @Test func theReportFitsEightyColumnsOnTheTerminalItDescribes() {
        let unicode = Dictionary(
            uniqueKeysWithValues: Sample.allCases.map {
                ($0, WidthRules.unicode.width(of: Character($0.text)))
            })
        for measured in [tmux, unicode, [:]] {
            let learned = WidthProbe.learn(measured)
            let report = WidthProbe.report(learned.findings, identity: "TERM=xterm-256color")
            for line in report.split(separator: "\n") {
                #expect(learned.rules.width(of: line) <= 80, "\(line) is \(learned.rules.width(of: line)) columns")
            }
        }
    }

    /// In a terminal that draws the family six columns wide, the measured column
    /// starts at the same column on every row once the sample is drawn.
    @Test func theReportPadsEachSampleByTheWidthTheTerminalDrewIt() {
        var measured = tmux
        measured[.zwjSequence] = 6
        let lines = WidthProbe.report(WidthProbe.learn(measured).findings, identity: "TERM=xterm").split(separator: "\n")
        let rows = lines.dropFirst(2)
        let drawnStarts = rows.map { line -> Int in
            let sample = Sample.allCases.first { line.hasPrefix($0.rawValue + " ") }!
            let fromSample = line.dropFirst(WidthProbe.classColumns)
            #expect(fromSample.hasPrefix(sample.text))
            let afterSample = fromSample.dropFirst(sample.text.count)
            let padding = afterSample.prefix { $0 == " " }.count
            return WidthProbe.classColumns + (measured[sample] ?? 0) + padding
        }
        #expect(Set(drawnStarts).count == 1, "\(drawnStarts)")
    }

    @Test func editingStaysPerClusterWhateverTheWidth() {
        for rules in [WidthProbe.learn(tmux).rules, WidthProbe.learn(unicodeTerminal).rules] {
            var composer = Composer(draft: Draft("a👍🏽"))
            composer.edit { $0.deleteBackward() }
            #expect(composer.draft.text == "a", "one Backspace removes all of 👍🏽 at \(rules.width(of: "👍🏽")) columns")
        }
    }

    @Test func newerEmojiAreDrawnAsNothingOrAsAStandIn() {
        var rules = WidthRules.terminal
        rules.newerEmojiWidth = 0
        var frame = Frame(size: TerminalSize(columns: 6, rows: 1))
        frame.put("a🫨b", rules: rules, style: .plain, row: 0, column: 0)
        #expect(frame.rows[0][0].text == "a🫨", "it goes with the cell before, as the terminal draws it")
        #expect(frame.rows[0][1].text == "b")
        rules.newerEmojiWidth = 2
        #expect(rules.cells(of: "🫨") == [CellText("？", width: 2)])
        rules.newerEmojiWidth = 1
        #expect(rules.cells(of: "🫨") == [CellText("\u{FFFD}", width: 1)])
    }
}
