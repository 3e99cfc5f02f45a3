import Foundation
import Testing

/// The command line, run with no terminal.
@Suite struct CommandLineTests {
    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: chatTUIBinary),
                     "build the release binary first: swift build -c release (make test does)")
    }

    @Test func helpDescribesUsageAndExitsZero() throws {
        let result = try runCommand(chatTUIBinary, ["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: chat-tui"))
        #expect(result.standardOutput.contains("--nick NAME"))
        #expect(result.standardError.isEmpty)
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try runCommand(chatTUIBinary, ["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.range(of: #"^chat-tui \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--nick"], "option '--nick' needs a value"),
        (["--nick", ""], "cannot use '' as a nick: it is empty"),
        (["--nick=two words"], "cannot use 'two words' as a nick"),
        (["stray"], "unexpected argument 'stray'"),
    ])
    func aBadArgumentIsExplainedWithStatusTwo(arguments: [String], message: String) throws {
        let result = try runCommand(chatTUIBinary, arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("chat-tui: \(message)"))
        #expect(result.standardError.contains("chat-tui --help"))
    }

    @Test func withoutATerminalItSaysSoWithStatusTwo() throws {
        // setsid leaves the program with no controlling terminal, so /dev/tty cannot open.
        let result = try runCommand("/usr/bin/setsid", ["--wait", chatTUIBinary])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("chat-tui: no terminal to draw on: /dev/tty could not be opened"),
                "got \(result.standardError)")
    }

    @Test func anUnknownTerminalTypeIsExplained() throws {
        let result = try runCommand("/usr/bin/script", ["-qec", "TERM=no-such-terminal \(chatTUIBinary)", "/dev/null"])
        #expect(result.status == 2)
        // script gives the program a terminal and copies what it writes (stderr included).
        #expect(result.standardOutput.hasPrefix("chat-tui: cannot drive terminal type 'no-such-terminal'"),
                "got \(result.standardOutput)")
    }
}
