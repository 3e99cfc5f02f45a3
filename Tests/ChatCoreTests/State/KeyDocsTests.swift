import Foundation
import Testing

@testable import ChatCore

/// docs/keys.md and the man page list the keys and commands from the same tables
/// that bind them (`KeyBinding.table`, `Command.table`); these tests fail when a
/// document and a table disagree. `CHAT_TUI_WRITE_DOCS=1 swift test --filter
/// KeyDocsTests` writes the tables into the documents again.
@Suite struct KeyDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

    // MARK: Generated text

    /// A Markdown table of the bindings that act in `place`.
    static func heading(_ place: KeyBinding.Place) -> String {
        switch place {
        case .composer: "in the composer"
        case .pane: "in the message pane"
        case .rooms: "between rooms"
        }
    }

    static func markdown(_ place: KeyBinding.Place) -> String {
        let rows = KeyBinding.table.filter { $0.place == place }.map { "| \($0.names) | \($0.detail ?? $0.summary) |" }
        return (["| key | \(heading(place)) |", "|---|---|"] + rows).joined(separator: "\n")
    }

    static func commandsMarkdown() -> String {
        let rows = Command.table.map { "| `\($0.usage)` | \($0.summary) |" }
        return (["| command | |", "|---|---|"] + rows).joined(separator: "\n")
    }

    /// Text as roff: backslashes and leading dots escaped, dashes as minus
    /// signs, `code` in bold.
    static func roff(_ text: String) -> String {
        var result = ""
        var bold = false
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "`":
                result += bold ? "\\fR" : "\\fB"
                bold.toggle()
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    static func manKeys() -> String {
        KeyBinding.Place.allCases.flatMap { place in
            [".SS " + heading(place).prefix(1).uppercased() + heading(place).dropFirst()]
                + KeyBinding.table.filter { $0.place == place }.flatMap { binding in
                    [".TP", ".B " + roff(binding.names), roff(binding.detail ?? binding.summary)]
                }
        }.joined(separator: "\n")
    }

    static func manCommands() -> String {
        Command.table.flatMap { [".TP", ".B " + roff($0.usage), roff($0.summary)] }.joined(separator: "\n")
    }

    // MARK: Checking the documents

    /// The text between `begin` and `end` in the file, which must hold `generated`;
    /// rewritten when `CHAT_TUI_WRITE_DOCS` is set.
    func check(
        _ file: String, _ name: String, _ generated: String, begin: String, end: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = Self.docs.appendingPathComponent(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: begin), "\(file) marks where the \(name) go", sourceLocation: sourceLocation)
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), sourceLocation: sourceLocation)
        let current = String(text[start.upperBound..<stop.lowerBound])
        let wanted = "\n" + generated + "\n"
        if current != wanted, ProcessInfo.processInfo.environment["CHAT_TUI_WRITE_DOCS"] != nil {
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: wanted)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            current == wanted, "\(file) lists other \(name) than the table; CHAT_TUI_WRITE_DOCS=1 rewrites it",
            sourceLocation: sourceLocation)
    }

    @Test func keysMarkdownListsEveryBindingOfTheTable() throws {
        for place in KeyBinding.Place.allCases {
            try check(
                "keys.md", "keys \(place)", Self.markdown(place),
                begin: "<!-- generated from KeyBinding.table: \(place) -->", end: "<!-- end of the generated table -->")
        }
        try check(
            "keys.md", "commands", Self.commandsMarkdown(),
            begin: "<!-- generated from Command.table -->", end: "<!-- end of the generated table -->")
    }

    @Test func theManPageListsEveryBindingAndCommandOfTheTables() throws {
        try check(
            "chat-tui.1", "keys", Self.manKeys(),
            begin: ".\\\" generated from KeyBinding.table", end: ".\\\" end of the generated list")
        try check(
            "chat-tui.1", "commands", Self.manCommands(),
            begin: ".\\\" generated from Command.table", end: ".\\\" end of the generated list")
    }

    @Test func everyKeyIsBoundOnceAndEveryLineOfHelpFitsEightyColumns() {
        let keys = KeyBinding.table.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "no key is bound twice")
        for key in keys { #expect(KeyBinding.action(for: key) != nil) }
        for line in KeyBinding.helpLines() + Command.helpLines() {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func slashHelpListsEveryKeyAndCommand() {
        var chat = Harness(columns: 100, rows: 60)
        chat.type("/help")
        chat.press(.enter)
        let shown = chat.state.messages.last?.text ?? ""
        for binding in KeyBinding.table { #expect(shown.contains("\(binding.names)  ")) }
        for command in Command.table { #expect(shown.contains(command.usage)) }
    }
}
