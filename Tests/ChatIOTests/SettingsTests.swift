import Foundation
import Testing

@testable import ChatIO

/// A network's configuration file and the password it names.
@Suite struct SettingsTests {
    @Test func settingsAreReadWithCommentsAndSpacesAround() throws {
        let text = """
            # Libera.Chat
            address = ircs://irc.libera.chat/#chat-tui,#swift
              nick=alice

            ; another kind of comment
            realname =  Alice Liddell\t
            """
        let file = try SettingsFile(parsing: text, path: "libera.conf")
        #expect(file.settings.map(\.key) == ["address", "nick", "realname"])
        #expect(file["address"]?.value == "ircs://irc.libera.chat/#chat-tui,#swift", "a # inside a value is kept")
        #expect(file["nick"] == SettingsFile.Setting(key: "nick", value: "alice", line: 3))
        #expect(file["realname"]?.value == "Alice Liddell")
        #expect(file["user"] == nil)
    }

    @Test func aMistakeNamesItsLineAndHowToFixIt() {
        #expect(throws: SettingsFile.Problem.notASetting(path: "n.conf", line: 2)) {
            try SettingsFile(parsing: "nick = a\njust words", path: "n.conf")
        }
        #expect(throws: SettingsFile.Problem.repeated(path: "n.conf", key: "nick", line: 2)) {
            try SettingsFile(parsing: "nick = a\nnick = b", path: "n.conf")
        }
        let unknown = SettingsFile.Problem.unknownKey(path: "n.conf", key: "nik", line: 1, known: ["nick", "address"])
        #expect(throws: unknown) { try SettingsFile(parsing: "nik = a", path: "n.conf").check(known: ["nick", "address"]) }
        #expect(unknown.description == "n.conf:1: there is no setting 'nik'; the settings are nick, address")
        #expect(throws: SettingsFile.Problem.self) { try SettingsFile(contentsOf: "/nonexistent/chat-tui.conf") }
    }

    @Test func aPasswordFileOthersCanReadIsRefused() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = folder.path + "/password"
        try "s3cret\nignored second line\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        #expect(throws: Secret.Problem.readableByOthers(path: path, mode: 0o644)) { try Secret.read(file: path) }
        #expect(Secret.Problem.readableByOthers(path: path, mode: 0o644).description.contains("chmod 600 \(path)"))
        chmod(path, 0o600)
        let secret = try Secret.read(file: path)
        #expect(secret.value == "s3cret")
        #expect(!"\(secret)".contains("s3cret"), "a password is never written out")
        #expect(throws: Secret.Problem.self) { try Secret.read(file: folder.path + "/missing") }
    }

    @Test func aPasswordVariableMustBeSetAndNotEmpty() throws {
        #expect(try Secret.read(variable: "PASS", environment: ["PASS": "x y"]).value == "x y")
        #expect(throws: Secret.Problem.unsetVariable("PASS")) { try Secret.read(variable: "PASS", environment: [:]) }
        #expect(throws: Secret.Problem.empty("$PASS")) { try Secret.read(variable: "PASS", environment: ["PASS": ""]) }
    }
}
