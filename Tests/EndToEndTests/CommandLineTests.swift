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
        (["--room", "../escape"], "cannot use '../escape' as a room name: it must not contain '/' or start with '.'"),
        (["--room="], "a room name cannot be empty"),
        (["--room", "bell\u{7}"], "cannot use 'bell?' as a room name: it contains control characters"),
        (["--replay", "--speed", "0"], "cannot use '0' as a speed: give a number above 0"),
        (["--replay", "--speed", "fast"], "cannot use 'fast' as a speed"),
        (["--speed", "2"], "option '--speed' only applies with --replay"),
        (["--from", "bob"], "option '--from' only applies with --replay"),
    ])
    func aBadArgumentIsExplainedWithStatusTwo(arguments: [String], message: String) throws {
        let result = try runCommand(chatTUIBinary, arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("chat-tui: \(message)"))
        #expect(result.standardError.contains("chat-tui --help"))
    }

    /// The environment, with rooms kept in a fresh folder rather than the user's.
    func environment() throws -> (values: [String: String], folder: String) {
        let folder = try makeTemporaryFolder()
        var values = ProcessInfo.processInfo.environment
        values["XDG_DATA_HOME"] = folder
        return (values, folder)
    }

    @Test func aReplayFileThatCannotBeReadIsExplained() throws {
        let (environment, folder) = try environment()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runCommand(chatTUIBinary, ["--replay", folder + "/missing.log"], environment: environment)
        #expect(result.status == 2)
        #expect(result.standardError == "chat-tui: cannot read \(folder)/missing.log: No such file or directory\n")
    }

    @Test func aRoomFolderThatCannotBeMadeIsExplained() throws {
        let (environment, folder) = try environment()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "".write(toFile: folder + "/chat-tui", atomically: false, encoding: .utf8)
        let result = try runCommand(chatTUIBinary, [], environment: environment)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("chat-tui: cannot make the folder \(folder)/chat-tui/rooms"),
                "\(result.standardError)")
    }

    @Test func withoutATerminalItSaysSoWithStatusTwo() throws {
        let (environment, folder) = try environment()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // setsid leaves the program with no controlling terminal, so /dev/tty cannot open.
        let result = try runCommand("/usr/bin/setsid", ["--wait", chatTUIBinary], environment: environment)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("chat-tui: no terminal to draw on: /dev/tty could not be opened"),
                "got \(result.standardError)")
    }

    @Test func anUnknownTerminalTypeIsExplained() throws {
        let (environment, folder) = try environment()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runCommand("/usr/bin/script", ["-qec", "TERM=no-such-terminal \(chatTUIBinary)", "/dev/null"],
                                    environment: environment)
        #expect(result.status == 2)
        // script gives the program a terminal and copies what it writes (stderr included).
        #expect(result.standardOutput.hasPrefix("chat-tui: cannot drive terminal type 'no-such-terminal'"),
                "got \(result.standardOutput)")
    }
}
