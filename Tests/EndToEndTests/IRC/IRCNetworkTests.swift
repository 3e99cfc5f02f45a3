import Foundation
import Testing

extension EndToEnd {
    /// chat-tui on IRC as a person uses it, against real servers started on
    /// 127.0.0.1 (InspIRCd with TLS and the IRCv3 modules, ngircd without
    /// either, two InspIRCds linked) and a scripted server for what no
    /// packaged server offers; other users are bots.
    @Suite struct IRCNetworkTests {
        init() throws {
            try requireReleaseBinary()
        }

        /// The room bar: the row above the composer.
        func roomBar(_ screen: [String]) -> String {
            screen.last { $0.hasPrefix("── ") && !$0.contains("December") } ?? ""
        }

        func says(_ screen: [String], _ text: String) -> Bool {
            screen.contains { $0.contains(text) }
        }

        /// Types `lines` as one draft, Alt-Enter between them, and sends it.
        func send(_ lines: [String], in session: TmuxSession) throws {
            for (index, line) in lines.enumerated() {
                if index > 0 { try session.press("M-Enter") }
                try session.type(line)
            }
            try session.press("Enter")
        }

        func roomFolder(_ session: TmuxSession, _ network: String) -> String {
            session.dataHome + "/chat-tui/rooms/\(network)/"
        }

        /// chat-tui as alice on `server`'s plain port, once she is in #test and it is shown.
        func aliceInTest(on server: TestServer, columns: Int, rows: Int, dataHome: String? = nil) throws -> TmuxSession {
            let alice = try TmuxSession(
                columns: columns, rows: rows,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#test", "--nick", "alice",
                ], dataHome: dataHome)
            try alice.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            return alice
        }

        /// What the network's own room holds, as its room file keeps it: the
        /// pane wraps long notices, the file does not.
        func networkRoom(_ session: TmuxSession, _ network: String) -> String {
            (try? String(contentsOfFile: roomFolder(session, network) + "%server.jsonl", encoding: .utf8)) ?? ""
        }

        @Test func aConversationOverVerifiedTLSIsKeptInTheRoomFilesAndReplays() throws {
            let server = try TestServer("inspircd")
            let tls = try #require(server.tlsPort)
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test", "#second"])
            let alice = try TmuxSession(
                columns: 100, rows: 20,
                arguments: [
                    "ircs://localhost:\(tls)/#test", "--tls-ca", IRCLab.caFile, "--nick", "alice",
                ])
            try alice.waitUntil("alice is in #test, which has the focus") { screen, _ in
                roomBar(screen).contains("[2:#test]") && screen.last?.hasPrefix("Message #test") == true
            }
            #expect(roomBar(try alice.screen()).hasPrefix("── 1:localhost:\(tls) ─ [2:#test]"))

            try alice.type("こんにちは、世界 🎉")
            try alice.press("Enter")
            try bob.waitUntil("bob reads alice's Japanese") { _ in bob.messages(to: "#test").contains("こんにちは、世界 🎉") }
            try bob.send("PRIVMSG #test :やあ alice 👋")
            try alice.waitUntil("alice reads bob") { screen, _ in says(screen, "<bob> やあ alice 👋") }
            try alice.type("b")
            try alice.press("Tab")
            // capture-pane drops the trailing space.
            try alice.waitUntil("Tab completes bob's nick from the channel") { screen, _ in screen.last == "bob:" }
            try alice.press("C-u")

            let five = ["一行目", "two", "three 🎉", "four", "five"]
            try send(five, in: alice)
            try bob.waitUntil("the five lines arrive as five messages, in order") { _ in
                bob.messages(to: "#test").suffix(5) == ArraySlice(five)
            }

            try bob.send("MODE #test +o alice")
            try alice.waitUntil("a mode change shows in the channel") { screen, _ in says(screen, "bob sets mode +o alice") }
            try alice.type("/topic 今日の話題 🌸")
            try alice.press("Enter")
            try bob.waitUntil("bob sees the new topic") { lines in lines.contains { $0.hasSuffix("TOPIC #test :今日の話題 🌸") } }
            try alice.waitUntil("and so does alice") { screen, _ in says(screen, "alice set the topic: 今日の話題 🌸") }
            try alice.type("/names")
            try alice.press("Enter")
            try alice.waitUntil("/names lists who is in #test, ops first") { screen, _ in
                says(screen, "in #test (2): @alice @bob")
            }

            try alice.type("/join #second")
            try alice.press("Enter")
            try alice.waitUntil("#second is joined and shown") { screen, _ in roomBar(screen).contains("[3:#second]") }
            try alice.type("in the second room")
            try alice.press("Enter")
            try bob.waitUntil("bob reads #second") { _ in bob.messages(to: "#second") == ["in the second room"] }

            try alice.type("/msg bob 内緒の話")
            try alice.press("Enter")
            try bob.waitUntil("bob gets the private message") { _ in bob.messages(to: "bob") == ["内緒の話"] }
            try alice.waitUntil("a private room opened beside the channels") { screen, _ in roomBar(screen).contains("4:bob") }
            try bob.send("PRIVMSG alice :わかった")
            try alice.waitUntil("bob's answer is counted in his room") { screen, _ in roomBar(screen).contains("4:bob(") }

            let titleBefore = try alice.title()
            try bob.send("PRIVMSG #second :\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{202E}evil")
            try alice.waitUntil("the hostile payload shows as text") { screen, _ in says(screen, "␛]0;pwned␇␛[31mred�evil") }
            #expect(try alice.title() == titleBefore, "the pane's title is untouched")
            #expect(!(try alice.screen(styles: true)).joined().contains("\u{1B}[31mred"), "and so are its colours")

            try bob.send("NICK bobby")
            try alice.waitUntil("the nick change shows in #second") { screen, _ in says(screen, "bob is now known as bobby") }
            try alice.press("M-2")
            try alice.waitUntil("and in #test") { screen, _ in
                roomBar(screen).contains("[2:#test]") && says(screen, "bob is now known as bobby")
            }
            try bob.send("QUIT :good night")
            try alice.waitUntil("the quit shows in #test") { screen, _ in says(screen, "bobby has quit (good night)") }
            try alice.press("M-3")
            try alice.waitUntil("and in #second") { screen, _ in
                roomBar(screen).contains("[3:#second]") && says(screen, "bobby has quit (good night)")
            }

            try alice.type("/quit off to bed")
            try alice.press("Enter")
            try alice.waitUntilExit(0, "/quit leaves")

            let folder = roomFolder(alice, "localhost:\(tls)")
            let test = try String(contentsOfFile: folder + "#test.jsonl", encoding: .utf8)
            #expect(
                test.hasPrefix(#"{"ts":"#)
                    && test.split(separator: "\n")[0].contains(#""from":"alice","text":"has joined #test","kind":"join""#),
                "the room's first event, from before its file opened, is kept too")
            #expect(test.contains(#""from":"alice","text":"こんにちは、世界 🎉""#))
            #expect(test.contains(#""text":"一行目\ntwo\nthree 🎉\nfour\nfive""#), "the five lines are one message")
            let bobsLine = try #require(test.split(separator: "\n").first { $0.contains("やあ alice 👋") })
            #expect(bobsLine.contains(#""msgid":""#), "the server's msgid is kept")
            #expect(try String(contentsOfFile: folder + "#second.jsonl", encoding: .utf8).contains("in the second room"))
            let query = try String(contentsOfFile: folder + "bob.jsonl", encoding: .utf8)
            #expect(query.contains("内緒の話") && query.contains("わかった"))

            let replay = try TmuxSession(columns: 100, rows: 20, arguments: ["--replay", folder + "#test.jsonl"])
            try replay.waitUntil("--replay reads the IRC room's file") { screen, _ in
                says(screen, "<bob> やあ alice 👋") && says(screen, "こんにちは、世界 🎉") && says(screen, "five")
            }
        }

        @Test func aServerThatCannotBeVerifiedIsRefusedWithTheReasonAndHowToTrustIt() throws {
            let server = try TestServer("inspircd")
            let tls = try #require(server.tlsPort)
            let unknown = try TmuxSession(columns: 100, rows: 16, arguments: ["ircs://localhost:\(tls)/#test", "--nick", "eve"])
            try unknown.waitUntil("without the CA it refuses, and says why") { screen, _ in
                says(screen, "could not connect to localhost:\(tls): the server is not trusted")
                    && screen.joined().contains("(unknown issuer)")
            }
            try waitFor("the next try says the same in brief") {
                networkRoom(unknown, "localhost:\(tls)").contains(
                    "could not connect to localhost:\(tls) again (certificate not trusted, as before)")
            }
            let said = try String(contentsOfFile: roomFolder(unknown, "localhost:\(tls)") + "%server.jsonl", encoding: .utf8)
            #expect(said.contains("--tls-ca FILE"))
            #expect(said.components(separatedBy: "To trust this server").count == 2, "the whole of it is said once")
            let fingerprint = try #require(said.firstMatch(of: /SHA256(:[0-9A-F]{2}){32}/)).output.0
            #expect(!said.contains("has joined"), "it never got as far as joining")

            // A network written in a file is told to change its file, not to give options.
            let config = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: config) }
            try FileManager.default.createDirectory(atPath: config + "/chat-tui/networks", withIntermediateDirectories: true)
            try "address = ircs://localhost:\(tls)/#test\nnick = eve3\n"
                .write(toFile: config + "/chat-tui/networks/untrusted.conf", atomically: true, encoding: .utf8)
            let byFile = try TmuxSession(
                columns: 100, rows: 16, arguments: ["untrusted"], launcher: ["env", "XDG_CONFIG_HOME=\(config)"])
            try waitFor("the file's settings are named, with the fingerprint") {
                let said = networkRoom(byFile, "untrusted")
                return said.contains("write tls-ca = FILE (its CA) or tls-fingerprint = SHA256:")
                    && said.contains("in \(config)/chat-tui/networks/untrusted.conf") && !said.contains("--tls-ca")
            }

            let byAddress = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://127.0.0.1:\(tls)/#test", "--tls-ca", IRCLab.caFile, "--nick", "eve",
                ])
            try waitFor("a certificate for another name is refused, with its names") {
                networkRoom(byAddress, "127.0.0.1:\(tls)").contains("its certificate is for localhost, not 127.0.0.1")
            }

            let pinned = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://localhost:\(tls)/#test", "--tls-fingerprint", String(fingerprint), "--nick", "eve",
                ])
            try pinned.waitUntil("the pinned certificate is trusted") { screen, _ in roomBar(screen).contains("[2:#test]") }

            let fromEnvironment = try TmuxSession(
                columns: 100, rows: 16, arguments: ["ircs://localhost:\(tls)/#test", "--nick", "eve2"],
                launcher: ["env", "SSL_CERT_FILE=\(IRCLab.caFile)"])
            try fromEnvironment.waitUntil("SSL_CERT_FILE is honoured as OpenSSL honours it") { screen, _ in
                roomBar(screen).contains("[2:#test]")
            }

            try IRCLab.waitUntilExpired()
            let expiredServer = try TestServer("inspircd", expired: true)
            let expired = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://localhost:\(try #require(expiredServer.tlsPort))/#test", "--tls-ca", IRCLab.caFile, "--nick", "eve",
                ])
            try waitFor("an expired certificate is refused") {
                networkRoom(expired, "localhost:\(expiredServer.tlsPort!)").contains("its certificate has expired")
            }

            let wrongPin = String(repeating: "00:", count: 31) + "00"
            let mispinned = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://localhost:\(tls)/#test", "--tls-fingerprint", "SHA256:" + wrongPin, "--nick", "eve",
                ])
            try waitFor("another pinned certificate is refused") {
                networkRoom(mispinned, "localhost:\(tls)").contains("its certificate is not the one pinned")
            }
        }

        @Test func plainIRCOnNgircdSaysSoAndAsksBeforeSendingManyLines() throws {
            let server = try TestServer("ngircd")
            let dave = try TestBot(nick: "dave", on: server, channels: ["#plain"])
            let alice = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#plain", "--nick", "alice",
                ])
            try alice.waitUntil("alice is in #plain") { screen, _ in roomBar(screen).contains("[2:#plain]") }
            #expect(roomBar(try alice.screen()).contains("1:127.0.0.1:\(server.plainPort) (no TLS)"), "the room bar says it")
            #expect(
                networkRoom(alice, "127.0.0.1:\(server.plainPort)").contains("without TLS: what is said can be read on the way"))

            try send(["one", "two", "three"], in: alice)
            try dave.waitUntil("three lines arrive as three messages, in order") { _ in
                dave.messages(to: "#plain") == ["one", "two", "three"]
            }
            try dave.send("PRIVMSG #plain :hello from ngircd")
            try alice.waitUntil("alice reads dave") { screen, _ in says(screen, "<dave> hello from ngircd") }

            try alice.type("/msg dave 直接どうぞ")
            try alice.press("Enter")
            try dave.waitUntil("dave gets the private message") { _ in dave.messages(to: "dave") == ["直接どうぞ"] }
            try waitFor("without echo-message it is stored once written, in dave's room") {
                ((try? String(
                    contentsOfFile: roomFolder(alice, "127.0.0.1:\(server.plainPort)") + "dave.jsonl",
                    encoding: .utf8)) ?? "").contains(#""from":"alice","text":"直接どうぞ""#)
            }
            try alice.press("M-2")

            let six = (1...6).map { "line \($0)" }
            try send(six, in: alice)
            try alice.waitUntil("six lines ask first") { screen, _ in
                roomBar(screen).contains("send 6 lines as 6 messages?")
            }
            #expect(dave.messages(to: "#plain").count == 3, "nothing sent while asking")
            try alice.press("Enter")
            try dave.waitUntil("Enter sends the six, in order") { _ in
                dave.messages(to: "#plain").suffix(6) == ArraySlice(six)
            }
        }

        @Test func aNetworkWrittenOnceStartsByNameWithItsPasswordKeptPrivate() throws {
            let server = try TestServer("ngircd", password: "open sesame")
            let config = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: config) }
            try FileManager.default.createDirectory(atPath: config + "/chat-tui/networks", withIntermediateDirectories: true)
            let passwordFile = config + "/home.password"
            try "open sesame\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
            chmod(passwordFile, 0o644)
            let settings = [
                "# the home server",
                "address = irc://127.0.0.1:\(server.plainPort)/#home",
                "nick = carol",
                "password-file = \(passwordFile)",
            ]
            try (settings.joined(separator: "\n") + "\n")
                .write(toFile: config + "/chat-tui/networks/home.conf", atomically: true, encoding: .utf8)
            let environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": config]) { $1 }

            let refused = try runCommand(chatTUIBinary, ["home"], environment: environment)
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("others can read it (mode 644); make it yours alone with chmod 600"))
            let unknown = try runCommand(chatTUIBinary, ["work"], environment: environment)
            #expect(unknown.status == 2)
            #expect(
                unknown.standardError.contains(
                    "'work' is not an address (ircs://HOST/#channel) nor a network written in \(config)/chat-tui/networks/work.conf"
                ))

            chmod(passwordFile, 0o600)
            let carol = try TmuxSession(
                columns: 100, rows: 16, arguments: ["home"],
                launcher: ["env", "XDG_CONFIG_HOME=\(config)"])
            try carol.waitUntil("the network's name labels its room, and #home is joined") { screen, _ in
                roomBar(screen).hasPrefix("── 1:home (no TLS) ─ [2:#home]") && roomBar(screen).hasSuffix(" carol ──")
            }
            let files = try FileManager.default.subpathsOfDirectory(atPath: carol.dataHome)
            for file in files where file.hasSuffix(".jsonl") {
                let text = try String(contentsOfFile: carol.dataHome + "/" + file, encoding: .utf8)
                #expect(!text.contains("open sesame"), "the password is in no room file")
            }
            #expect(!(try carol.screen(history: true)).joined().contains("open sesame"), "nor on the screen")
        }

        @Test func twoNetworksInOneWindowKeepTheirRoomsApart() throws {
            let inspircd = try TestServer("inspircd")
            let ngircd = try TestServer("ngircd")
            let dave = try TestBot(nick: "dave", on: ngircd, channels: ["#a"])
            let alice = try TmuxSession(
                columns: 120, rows: 16,
                arguments: [
                    "ircs://localhost:\(try #require(inspircd.tlsPort))/#a", "irc://127.0.0.1:\(ngircd.plainPort)/#a",
                    "--tls-ca", IRCLab.caFile, "--nick", "alice",
                ])
            let second = "#a@127.0.0.1:\(ngircd.plainPort)"
            try alice.waitUntil("each network's #a is a room of its own, the first network's shown") { screen, _ in
                let bar = roomBar(screen)
                // Both networks' rooms come first; the channels in the order the servers answer.
                return bar.contains(":#a] ") && bar.contains(second) && bar.contains("2:127.0.0.1:\(ngircd.plainPort) (no TLS)")
            }
            try dave.send("PRIVMSG #a :only on ngircd")
            try alice.waitUntil("dave's message is counted in the second network's #a (joins are not)") { screen, _ in
                roomBar(screen).contains(second + "(1)")
            }
            #expect(!says(try alice.screen(), "only on ngircd"), "not in the first network's #a")
            try alice.type("to inspircd")
            try alice.press("Enter")
            try waitFor("what alice says goes to the network of the room shown") {
                (try? String(contentsOfFile: roomFolder(alice, "localhost:\(inspircd.tlsPort!)") + "#a.jsonl", encoding: .utf8))?
                    .contains("to inspircd") == true
            }
            #expect(!dave.messages(to: "#a").contains("to inspircd"))
        }

        @Test func aServerKilledMidConversationCostsNothingButTime() throws {
            let server = try TestServer("inspircd")
            let tls = try #require(server.tlsPort)
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let alice = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://localhost:\(tls)/#test", "--tls-ca", IRCLab.caFile, "--nick", "alice",
                ])
            try alice.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            try alice.type("before")
            try alice.press("Enter")
            try bob.waitUntil("bob reads alice") { _ in bob.messages(to: "#test") == ["before"] }

            server.send(SIGKILL)
            try alice.waitUntil("the room bar says when it tries again, and why it has to") { screen, _ in
                roomBar(screen).contains("1:localhost:\(tls) (reconnecting in ")
                    && ["closed by the server", "connection lost", "refused"].contains { roomBar(screen).contains(" s: \($0))") }
            }
            for text in ["while down 1", "while down 2 🌧"] {
                try alice.type(text)
                try alice.press("Enter")
            }
            try alice.waitUntil("both are shown, pending") { screen, _ in
                says(screen, "while down 1") && says(screen, "while down 2 🌧")
            }
            try server.restart()
            let carol = try TestBot(nick: "carol", on: server, channels: ["#test"])
            try carol.waitUntil("carol receives both, once each and in order", timeout: 30) { _ in
                carol.messages(to: "#test").count >= 2
            }
            #expect(carol.messages(to: "#test") == ["while down 1", "while down 2 🌧"])
            try alice.waitUntil("connected again: the room bar says nothing more") { screen, _ in
                !roomBar(screen).contains("reconnecting") && !roomBar(screen).contains("connecting")
            }
            try alice.waitUntil("the gap is marked in the channel") { screen, _ in says(screen, "the link was down for ") }
            let pane = try alice.screen()
            #expect(pane.filter { $0.contains("while down 1") }.count == 1, "never shown twice")
            // Stored once the server echoes it.
            let path = roomFolder(alice, "localhost:\(tls)") + "#test.jsonl"
            try waitFor("both are stored") {
                ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains("while down 2 🌧")
            }
            let file = try String(contentsOfFile: path, encoding: .utf8)
            #expect(file.components(separatedBy: "while down 1").count == 2, "stored once")
            _ = bob
        }

        /// Where the user is and who they are survive what a day brings: a
        /// kick, a /join without `#` or in another case, a /nick, and a
        /// server that dies and comes back.
        @Test func channelsAndTheNickChosenAreTheServersAfterAKickAndARestart() throws {
            let server = try TestServer("inspircd")
            let tls = try #require(server.tlsPort)
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])  // first in #test: its op
            let alice = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://localhost:\(tls)/#test", "--tls-ca", IRCLab.caFile, "--nick", "alice",
                ])
            try alice.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }

            // A kick says so, and /join in the room still open joins again.
            try bob.send("KICK #test alice :behave")
            try alice.waitUntil("the kick is said to alice as hers") { screen, _ in
                says(screen, "you were kicked from #test by bob (behave)")
            }
            // Out of the channel, the room says so rather than sending what the server would refuse.
            try alice.type("still here?")
            try alice.press("Enter")
            try alice.waitUntil("a message is not sent, with the way back in") { screen, _ in
                says(screen, "not sent: you are not in #test: /join #test joins it")
            }
            try alice.type("/names")
            try alice.press("Enter")
            try alice.waitUntil("/names says the same") { screen, _ in
                screen.filter { $0.contains("you are not in #test: /join #test joins it") }.count >= 2
            }
            try alice.type("/join #test")
            try alice.press("Enter")
            try bob.waitUntil("alice joins #test again") { lines in
                lines.filter { $0.contains("JOIN") && $0.hasPrefix(":alice!") }.count == 2
            }

            // A bare name is a channel; another case of an open channel is that channel.
            try alice.type("/join a")
            try alice.press("Enter")
            try alice.waitUntil("#a is joined and shown") { screen, _ in roomBar(screen).contains("[3:#a]") }
            try alice.press("M-2")
            try alice.type("/join #A")
            try alice.press("Enter")
            try alice.waitUntil("#A is #a, shown again") { screen, _ in roomBar(screen).contains("[3:#a]") }
            #expect(!roomBar(try alice.screen()).contains("#A"), "no second room")

            try alice.type("/nick alicia")
            try alice.press("Enter")
            try alice.waitUntil("the new nick is said") { screen, _ in says(screen, "alicia") }
            let told = try alice.screen().filter { $0.contains("alicia") && $0.contains("you are now") }
            #expect(told.count == 1, "said once in #a: \(told)")

            server.send(SIGKILL)
            try alice.waitUntil("the link is down") { screen, _ in roomBar(screen).contains("reconnecting in ") }
            try server.restart()
            let carol = try TestBot(nick: "carol", on: server, channels: ["#a"])
            try alice.waitUntil("connected again", timeout: 40) { screen, _ in !roomBar(screen).contains("connecting") }
            try carol.send("NAMES #a")
            try carol.waitUntil("alice is in #a again, as alicia", timeout: 30) { lines in
                lines.contains { $0.contains(" 353 ") && $0.contains("#a") && $0.contains("alicia") }
            }
            try alice.type("after the restart")
            try alice.press("Enter")
            try carol.waitUntil("what alice types in #a reaches it") { _ in carol.messages(to: "#a") == ["after the restart"] }
            #expect(carol.received().contains { $0.hasPrefix(":alicia!") && $0.contains("PRIVMSG #a :after the restart") })
            _ = bob
        }

        /// After a restart, the gap is said in the rooms of the channels the
        /// user is in, not in one they were kicked from and did not join again.
        @Test func theGapIsSaidOnlyWhereTheUserIsIn() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])  // first in #test: its op
            let alice = try aliceInTest(on: server, columns: 100, rows: 16)
            try alice.type("/join b")
            try alice.press("Enter")
            try alice.waitUntil("#b is joined") { screen, _ in roomBar(screen).contains("[3:#b]") }
            try bob.send("KICK #test alice :behave")
            try waitFor("the kick is in #test's file") {
                (try? String(contentsOfFile: roomFolder(alice, "127.0.0.1:\(server.plainPort)") + "#test.jsonl", encoding: .utf8))?
                    .contains("you were kicked") == true
            }
            server.send(SIGKILL)
            try alice.waitUntil("the link is down") { screen, _ in roomBar(screen).contains("reconnecting in ") }
            try server.restart()
            let folder = roomFolder(alice, "127.0.0.1:\(server.plainPort)")
            try waitFor("the gap is said in #b", timeout: 40) {
                (try? String(contentsOfFile: folder + "#b.jsonl", encoding: .utf8))?.contains("the link was down") == true
            }
            let test = try String(contentsOfFile: folder + "#test.jsonl", encoding: .utf8)
            #expect(!test.contains("the link was down"), "not in #test, which alice is out of")
            _ = bob
        }

        /// `/reconnect` while a message awaits its echo: the message cannot
        /// stay pending for ever, as its echo will never come on the old
        /// connection. It is marked not confirmed, and the server had it once.
        @Test func aMessageSentJustBeforeReconnectIsNotLeftPending() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let alice = try aliceInTest(on: server, columns: 120, rows: 16)
            server.send(SIGSTOP)
            defer { server.send(SIGCONT) }
            try alice.type("just before")
            try alice.press("Enter")
            try alice.type("/reconnect")
            try alice.press("Enter")
            server.send(SIGCONT)
            try alice.waitUntil("the message is marked, not left pending") { screen, _ in
                says(screen, "not confirmed: the connection was closed (/reconnect) before the server echoed it")
            }
            try alice.waitUntil("connected again") { screen, _ in !roomBar(screen).contains("connecting") }
            try bob.waitUntil("bob has it") { _ in bob.messages(to: "#test").contains("just before") }
            #expect(bob.messages(to: "#test") == ["just before"], "once")
        }

        /// What the user said under a nick chosen with /nick stays theirs when
        /// the room is read back from its file at the next start.
        @Test func ownMessagesUnderANewNickStayOwnWhenReadBack() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let arguments = ["irc://127.0.0.1:\(server.plainPort)/#test", "--nick", "alice"]
            let alice = try TmuxSession(columns: 100, rows: 16, arguments: arguments)
            try alice.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            try alice.type("/nick alicia")
            try alice.press("Enter")
            try alice.waitUntil("the new nick is confirmed") { screen, _ in says(screen, "you are now alicia") }
            try alice.type("said as alicia")
            try alice.press("Enter")
            try bob.waitUntil("bob has it") { _ in bob.messages(to: "#test") == ["said as alicia"] }
            try alice.press("C-c")
            try alice.waitUntilExit(0, "Ctrl-C")

            let again = try TmuxSession(columns: 100, rows: 16, arguments: arguments, dataHome: alice.dataHome)
            try again.waitUntil("back in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            try again.press("Up")
            try again.waitUntil("Up finds it among what the user sent") { screen, _ in screen.last == "said as alicia" }
        }

        /// A network written in a file and the same server given by its
        /// address are one network: one room label, one history.
        @Test func aNetworkStartedByNameOrByAddressKeepsOneHistory() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let config = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: config) }
            try FileManager.default.createDirectory(atPath: config + "/chat-tui/networks", withIntermediateDirectories: true)
            try "address = irc://127.0.0.1:\(server.plainPort)/#test\n"
                .write(toFile: config + "/chat-tui/networks/lab.conf", atomically: true, encoding: .utf8)
            let launcher = ["env", "XDG_CONFIG_HOME=\(config)"]
            let byName = try TmuxSession(columns: 100, rows: 16, arguments: ["lab", "--nick", "alice"], launcher: launcher)
            try byName.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            try byName.type("said on lab")
            try byName.press("Enter")
            try bob.waitUntil("bob has it") { _ in bob.messages(to: "#test") == ["said on lab"] }
            try byName.press("C-c")
            try byName.waitUntilExit(0, "Ctrl-C")

            let byAddress = try TmuxSession(
                columns: 100, rows: 16, arguments: ["irc://127.0.0.1:\(server.plainPort)/#test", "--nick", "alice"],
                launcher: launcher, dataHome: byName.dataHome)
            try byAddress.waitUntil("the network's room is labelled with its name, and #test's history is there") { screen, _ in
                roomBar(screen).hasPrefix("── 1:lab (no TLS) ─ [2:#test]") && says(screen, "said on lab")
            }
        }

        /// The outbox is on disk before a message goes: where it cannot be
        /// written, the message is held and says why, and nothing is sent.
        @Test func aMessageWhoseOutboxCannotBeWrittenIsHeldAndSaysWhy() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            // A file where the outbox's folder should be: no outbox can be written (root or not).
            let home = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: home) }
            try FileManager.default.createDirectory(atPath: home + "/state/chat-tui", withIntermediateDirectories: true)
            try "".write(toFile: home + "/state/chat-tui/outbox", atomically: false, encoding: .utf8)
            let alice = try aliceInTest(on: server, columns: 120, rows: 16, dataHome: home)
            try alice.type("kept first")
            try alice.press("Enter")
            try alice.waitUntil("the message is held, with the reason") { screen, _ in
                says(screen, "not sent: it could not be kept on disk first")
            }
            try bob.send("PING :after")
            try bob.waitUntil("bob's own round trip is done") { lines in
                lines.contains { $0.contains("PONG") && $0.contains("after") }
            }
            #expect(!bob.messages(to: "#test").contains("kept first"), "nothing went to the server")
        }

        /// A line IRC cannot carry is never dropped quietly: a message to a
        /// name no IRC line can hold says so, and a message in a room whose
        /// target cannot be written is refused with the reason.
        @Test func aMessageIRCCannotCarryIsSaidNotDropped() throws {
            let server = try TestServer("inspircd")
            let alice = try aliceInTest(on: server, columns: 120, rows: 16)
            try alice.type("/query :odd")
            try alice.press("Enter")
            try alice.waitUntil("the private room opens") { screen, _ in roomBar(screen).contains("[3::odd]") }
            try alice.type("hello?")
            try alice.press("Enter")
            try alice.waitUntil("the message is refused, with why") { screen, _ in
                says(screen, "not sent: IRC cannot carry it: ':odd' cannot be sent as a middle parameter")
            }
        }

        /// An outbox read back at start says what it could not read, and
        /// offers the rest.
        @Test func anOutboxLineThatCannotBeReadIsCountedAndShown() throws {
            let server = try TestServer("inspircd")
            let home = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: home) }
            let folder = home + "/state/chat-tui/outbox/127.0.0.1:\(server.plainPort)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "{\"ts\":\"2026-12-07T10:00:00Z\",\"from\":\"alice\",\"text\":\"kept\"}\nnot json at all\n"
                .write(toFile: folder + "/#test.jsonl", atomically: false, encoding: .utf8)
            let alice = try TmuxSession(
                columns: 120, rows: 16,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#test", "--nick", "alice",
                ], dataHome: home)
            try alice.waitUntil("the line read is offered, and the one not read is counted") { screen, _ in
                says(screen, "kept") && says(screen, "could not be read back: 1 line of")
            }
        }

        /// A private room goes on with the other person under their new nick.
        @Test func aPrivateRoomFollowsTheOtherPersonsNewNick() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let alice = try aliceInTest(on: server, columns: 100, rows: 16)
            try bob.send("PRIVMSG alice :psst")
            try alice.waitUntil("bob's room opens") { screen, _ in roomBar(screen).contains("3:bob") }
            try bob.send("NICK bobby")
            try alice.press("M-3")
            try alice.waitUntil("the nick change shows in bob's room") { screen, _ in says(screen, "bob is now known as bobby") }
            try alice.type("still you?")
            try alice.press("Enter")
            try bob.waitUntil("what alice types there reaches bobby") { _ in bob.messages(to: "bobby") == ["still you?"] }
        }

        /// The network's room says once, with its time, that chat-tui connects.
        @Test func connectingIsSaidOnceWithItsTime() throws {
            let server = try TestServer("inspircd")
            let alice = try aliceInTest(on: server, columns: 100, rows: 40)
            try alice.press("M-1")
            try alice.waitUntil("the network's room is shown") { screen, _ in roomBar(screen).contains("[1:") }
            let screen = try alice.screen()
            #expect(screen.filter { $0.contains("connecting to 127.0.0.1") }.count == 1, "\(screen)")
            let kept = networkRoom(alice, "127.0.0.1:\(server.plainPort)").split(separator: "\n").filter {
                $0.contains("connecting to")
            }
            #expect(kept.count == 1 && kept[0].hasPrefix("{\"ts\":"), "\(kept)")
        }

        @Test func aFrozenServerIsNoticedAndNothingTypedMeanwhileIsLost() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let alice = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#test", "--nick", "alice",
                ],
                launcher: ["env", "CHAT_TUI_IRC_IDLE_SECONDS=2"])
            try alice.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            server.send(SIGSTOP)
            defer { server.send(SIGCONT) }
            try waitFor("the silent link is declared dead") {
                networkRoom(alice, "127.0.0.1:\(server.plainPort)").contains("the server has not answered for 4 seconds")
            }
            try alice.type("typed while frozen")
            try alice.press("Enter")
            server.send(SIGCONT)
            try bob.waitUntil("bob receives it once the server goes on", timeout: 40) { _ in
                bob.messages(to: "#test").contains("typed while frozen")
            }
            #expect(bob.messages(to: "#test") == ["typed while frozen"], "once")
        }

        @Test func aBouncersPlaybackKeepsItsTimesAndAddsNothingTwiceAcrossReconnectsAndRestarts() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let znc = try TestServer("znc", bouncing: server)
            try bob.waitUntil("the bouncer joins #test for alice") { lines in
                lines.contains { $0.hasPrefix(":alice!") && $0.contains(" JOIN ") }
            }
            try bob.send("PRIVMSG #test :said before alice looked")
            // The server answers in order: once it answers this, it has stamped and relayed bob's line.
            try bob.send("PING :after-the-line")
            try bob.waitUntil("the server relayed bob's line") { lines in lines.contains { $0.hasSuffix(" :after-the-line") } }
            let config = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: config) }
            try FileManager.default.createDirectory(atPath: config + "/chat-tui/networks", withIntermediateDirectories: true)
            let passwordFile = config + "/bouncer.password"
            try "alice/test:secret\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
            chmod(passwordFile, 0o600)
            try [
                "address = ircs://localhost:\(try #require(znc.tlsPort))/#test", "nick = alice",
                "password-file = \(passwordFile)", "tls-ca = \(IRCLab.caFile)",
            ].joined(separator: "\n")
                .write(toFile: config + "/chat-tui/networks/bouncer.conf", atomically: true, encoding: .utf8)
            // Started two seconds later than bob spoke, so the time kept can only be the one played back.
            let spoke = Int(Date().timeIntervalSince1970)
            try waitFor("two seconds to pass") { Int(Date().timeIntervalSince1970) > spoke + 1 }
            let started = Int(Date().timeIntervalSince1970)
            let launcher = ["env", "XDG_CONFIG_HOME=\(config)"]
            var alice = try TmuxSession(columns: 100, rows: 24, arguments: ["bouncer"], launcher: launcher)
            try alice.waitUntil("the playback shows what was said before alice looked") { screen, _ in
                says(screen, "<bob> said before alice looked")
            }
            let path = roomFolder(alice, "bouncer") + "#test.jsonl"
            // Each line's string fields (a line may hold others, as `"own":true`).
            func stored() -> [[String: String]] {
                ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?.compactMapValues { $0 as? String }
                }
            }
            try waitFor("the playback is stored") { stored().contains { $0["text"] == "said before alice looked" } }
            let first = try #require(stored().first { $0["text"] == "said before alice looked" })
            let time = try #require(first["ts"].flatMap { ISO8601DateFormatter().date(from: $0) })
            #expect(
                Int(time.timeIntervalSince1970) < started, "the time bob spoke, from server-time, not when it was played back")

            try alice.type("mine, through the bouncer")
            try alice.press("Enter")
            try bob.waitUntil("bob reads alice") { _ in bob.messages(to: "#test").contains("mine, through the bouncer") }
            var said = ["said before alice looked", "mine, through the bouncer"]
            // Each time, the bouncer plays back its whole buffer: all of it held already but the newest.
            func comeBack(_ how: String) throws {
                try alice.waitUntil("alice is in #test again after \(how)", timeout: 30) { screen, _ in
                    roomBar(screen).contains(":#test]") && !roomBar(screen).contains("connecting")
                }
                let marker = "live after \(how)"
                try bob.send("PRIVMSG #test :\(marker)")
                said.append(marker)
                try alice.waitUntil("the line after the playback arrives") { screen, _ in says(screen, marker) }
                try waitFor("it is stored") { stored().contains { $0["text"] == marker } }
                let texts = stored().compactMap { $0["text"] }.filter(said.contains)
                // The whole file when not: each line's time and id tell a playback from a line received live.
                let file = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "no file"
                #expect(texts == said, "each line stored once, in order, after \(how): \(file)")
                let screen = try alice.screen()
                for text in said { #expect(screen.filter { $0.contains(text) }.count == 1, "\(text) shown once after \(how)") }
                #expect(!says(screen, "the link was down"), "a bouncer plays back what was missed: no gap to mark")
            }
            for round in 1...2 {
                try bob.send("PRIVMSG #test :said before reconnect \(round)")
                said.append("said before reconnect \(round)")
                try alice.waitUntil("alice reads it") { screen, _ in says(screen, "said before reconnect \(round)") }
                try alice.type("/reconnect")
                try alice.press("Enter")
                try waitFor("the reconnection starts") {
                    networkRoom(alice, "bouncer").components(separatedBy: "connecting again").count == round + 1
                }
                try comeBack("reconnect \(round)")
            }
            try alice.type("/quit")
            try alice.press("Enter")
            _ = try alice.waitUntilExit(0, "/quit")
            try bob.send("PRIVMSG #test :said while alice was away")
            said.append("said while alice was away")
            // The first session owns the data home and removes it when it goes:
            // it is kept to the end, or the restarted chat-tui could find its
            // folders gone (as it did once, under the address sanitizer).
            let beforeRestart = alice
            alice = try TmuxSession(
                columns: 100, rows: 24, arguments: ["bouncer"], launcher: launcher,
                dataHome: beforeRestart.dataHome)
            try alice.waitUntil("what was said while away is played back") { screen, _ in
                says(screen, "said while alice was away")
            }
            try comeBack("a restart")
            withExtendedLifetime(beforeRestart) {}
            _ = (server, znc)
        }

        @Test func aThirtyLinePasteArrivesWholeUnderFloodLimitsWithoutTheLinkDropped() throws {
            let server = try TestServer("inspircd", fakelag: true)
            let bob = try TestBot(nick: "bob", on: server, channels: ["#flood"])
            let alice = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#flood", "--nick", "alice",
                ])
            try alice.waitUntil("alice is in #flood") { screen, _ in roomBar(screen).contains("[2:#flood]") }
            let lines = (1...30).map { String(format: "line %02d of the paste", $0) }
            try alice.paste(lines.joined(separator: "\n"))
            try alice.press("Enter")
            try alice.waitUntil("thirty lines ask first") { screen, _ in roomBar(screen).contains("send 30 lines as 30 messages?")
            }
            try alice.press("Enter")
            try alice.waitUntil("the room bar shows the progress") { screen, _ in roomBar(screen).contains("(sending ") }
            try bob.waitUntil("bob receives all thirty, in order", timeout: 90) { _ in bob.messages(to: "#flood").count >= 30 }
            #expect(bob.messages(to: "#flood") == lines)
            try alice.waitUntil("the progress is gone once all are out") { screen, _ in !roomBar(screen).contains("sending") }
            #expect(!networkRoom(alice, "127.0.0.1:\(server.plainPort)").contains("disconnected"), "the link was not dropped")
        }

        @Test func aSASLLoginGoesOnlyOverTLSAndAFailureIsSaid() throws {
            let server = try TestServer("scripted", tls: true)
            let config = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: config) }
            try FileManager.default.createDirectory(atPath: config + "/chat-tui/networks", withIntermediateDirectories: true)
            for (name, password, scheme) in [
                ("good", "open sesame", "ircs"), ("bad", "wrong", "ircs"), ("plain", "open sesame", "irc"),
            ] {
                let passwordFile = config + "/\(name).password"
                try (password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
                chmod(passwordFile, 0o600)
                let settings = [
                    "address = \(scheme)://localhost:\(server.plainPort)/#sasl", "nick = carol", "login = sasl",
                    "account = carol", "password-file = \(passwordFile)", "tls-ca = \(IRCLab.caFile)",
                ]
                try (settings.joined(separator: "\n") + "\n")
                    .write(toFile: config + "/chat-tui/networks/\(name).conf", atomically: true, encoding: .utf8)
            }
            let good = try TmuxSession(
                columns: 100, rows: 16, arguments: ["good"], launcher: ["env", "XDG_CONFIG_HOME=\(config)"])
            try good.waitUntil("logged in, then registered and joined") { screen, _ in roomBar(screen).contains("[2:#sasl]") }
            #expect(networkRoom(good, "good").contains("You are now logged in as carol"))
            let received = server.received()
            let credentials = try #require(received.firstIndex { $0.hasPrefix("AUTHENTICATE ") && $0 != "AUTHENTICATE PLAIN" })
            let end = try #require(received.firstIndex(of: "CAP END"))
            #expect(credentials < end, "registration waited for the login")
            #expect(!received.contains { $0.hasPrefix("PASS") }, "the password went by SASL alone")

            let bad = try TmuxSession(columns: 100, rows: 16, arguments: ["bad"], launcher: ["env", "XDG_CONFIG_HOME=\(config)"])
            try bad.waitUntil("a refused login still joins, without it") { screen, _ in roomBar(screen).contains("[2:#sasl]") }
            #expect(networkRoom(bad, "bad").contains("not logged in: the server refused the login (SASL authentication failed)"))

            let plain = try TmuxSession(
                columns: 100, rows: 16, arguments: ["plain"], launcher: ["env", "XDG_CONFIG_HOME=\(config)"])
            try waitFor("over irc:// the login is not tried, and it says why") {
                networkRoom(plain, "plain").contains(
                    "not logged in: SASL PLAIN would send the password unencrypted over irc://; use ircs://")
            }
        }

        @Test func aClientCertificateLogsInWithSASLExternal() throws {
            let server = try TestServer("scripted", tls: true)
            let address = "ircs://localhost:\(server.plainPort)/#cert"
            let carol = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    address, "--nick", "carol", "--tls-ca", IRCLab.caFile, "--tls-cert", IRCLab.certificates + "/client.pem",
                ])
            try carol.waitUntil("logged in by the certificate, then registered and joined") { screen, _ in
                roomBar(screen).contains("[2:#cert]")
            }
            #expect(networkRoom(carol, "localhost:\(server.plainPort)").contains("You are now logged in as carol"))
            let received = server.received()
            let asked = try #require(received.firstIndex(of: "AUTHENTICATE EXTERNAL"))
            let end = try #require(received.firstIndex(of: "CAP END"))
            #expect(received[asked + 1] == "AUTHENTICATE +" && asked + 1 < end, "an empty response, before registration ends")

            // Without a certificate, no login is tried.
            let dave = try TmuxSession(columns: 100, rows: 16, arguments: [address, "--nick", "dave", "--tls-ca", IRCLab.caFile])
            try dave.waitUntil("joined") { screen, _ in roomBar(screen).contains("[2:#cert]") }
            #expect(server.received().filter { $0.hasPrefix("AUTHENTICATE") }.count == 2, "carol's two lines alone")

            // A file that holds no certificate stops chat-tui before the screen, with the reason.
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let notACertificate = folder + "/not.pem"
            try "not a certificate\n".write(toFile: notACertificate, atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = folder
            environment["XDG_STATE_HOME"] = folder + "/state"
            let broken = try runCommand(
                chatTUIBinary,
                [
                    address, "--nick", "erin", "--tls-ca", IRCLab.caFile,
                    "--tls-cert", notACertificate,
                ], environment: environment)
            #expect(broken.status == 2)
            #expect(
                broken.standardError.contains("cannot use the client certificate in \(notACertificate)"),
                "\(broken.standardError)")
        }

        @Test func aMessageNotConfirmedWhenChatTUIIsKilledIsOfferedAgainAtTheNextStart() throws {
            let server = try TestServer("inspircd")
            let bob = try TestBot(nick: "bob", on: server, channels: ["#test"])
            let arguments = ["irc://127.0.0.1:\(server.plainPort)/#test", "--nick", "alice"]
            let alice = try TmuxSession(columns: 100, rows: 16, arguments: arguments)
            try alice.waitUntil("alice is in #test") { screen, _ in roomBar(screen).contains("[2:#test]") }
            server.send(SIGSTOP)
            try alice.type("said as the server froze")
            try alice.press("Enter")
            let outbox = alice.dataHome + "/state/chat-tui/outbox/127.0.0.1:\(server.plainPort)/#test.jsonl"
            try waitFor("the message is in the outbox on disk before the server confirms it") {
                ((try? String(contentsOfFile: outbox, encoding: .utf8)) ?? "").contains("said as the server froze")
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: outbox)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            kill(try alice.programPID(), SIGKILL)
            try alice.waitUntilExit(137, "kill -9")
            server.send(SIGCONT)

            let again = try TmuxSession(columns: 100, rows: 16, arguments: arguments, dataHome: alice.dataHome)
            try again.waitUntil("the next start offers it, not confirmed") { screen, _ in
                says(screen, "said as the server froze") && screen.joined().contains("chat-tui ended before the server")
            }
            try again.waitUntil("and connects") { screen, _ in roomBar(screen).contains("[2:#test]") }
            try again.type("/resend")
            try again.press("Enter")
            try bob.waitUntil("/resend sends it (the server may have had it already: the user chose)") { _ in
                bob.messages(to: "#test").contains("said as the server froze")
            }
            try waitFor("once confirmed, it leaves the outbox") { !FileManager.default.fileExists(atPath: outbox) }
            let stored = try String(
                contentsOfFile: roomFolder(again, "127.0.0.1:\(server.plainPort)") + "#test.jsonl",
                encoding: .utf8)
            #expect(stored.contains(#""text":"said as the server froze""#), "and is in the room file")
        }

        @Test func historyAfterAGapIsAskedForAndNothingIsStoredTwice() throws {
            let server = try TestServer("scripted")
            let arguments = ["irc://127.0.0.1:\(server.plainPort)/#hist", "--nick", "alice"]
            let first = try TmuxSession(columns: 100, rows: 20, arguments: arguments)
            try first.waitUntil("a new room gets the latest history") { screen, _ in
                roomBar(screen).contains("[2:#hist]") && says(screen, "old message 3")
            }
            try first.type("/quit")
            try first.press("Enter")
            try first.waitUntilExit(0, "/quit leaves")
            #expect(server.received().contains("CHATHISTORY LATEST #hist * 100"))

            let second = try TmuxSession(columns: 100, rows: 20, arguments: arguments, dataHome: first.dataHome)
            try second.waitUntil("what was said while away comes after what the file holds") { screen, _ in
                says(screen, "while you were away 1")
            }
            #expect(server.received().contains("CHATHISTORY AFTER #hist msgid=h3 100"), "from the last message held")
            let path = roomFolder(second, "127.0.0.1:\(server.plainPort)") + "#hist.jsonl"
            try waitFor("it is stored") {
                ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains("while you were away 1")
            }
            let file = try String(contentsOfFile: path, encoding: .utf8)
            for id in ["h1", "h2", "h3", "a1", "in1"] {
                #expect(
                    file.components(separatedBy: #""msgid":"\#(id)""#).count == 2, "\(id) once, though the server sent it again")
            }
        }

        @Test func pagingBackPastTheRoomFileAsksTheServerForWhatCameBefore() throws {
            let server = try TestServer("scripted")
            let alice = try TmuxSession(
                columns: 60, rows: 40,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#long", "--nick", "alice",
                ])
            try alice.waitUntil("a new room gets the latest hundred") { screen, _ in says(screen, "old message 250") }
            // 250 one-row messages, the newest 100 held: the rest come from the
            // server as the pane reaches the first held, a hundred at a time.
            func atTheStart(_ screen: [String]) -> Bool {
                screen.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("December") }?
                    .hasSuffix("old message 1") == true
            }
            // History that arrives does not move the pane: the user goes on pressing Page Up.
            try waitFor("the first message the server keeps is reached", timeout: 30) {
                (try? alice.press("PPage")) != nil && atTheStart((try? alice.screen()) ?? [])
            }
            let received = server.received()
            #expect(received.contains("CHATHISTORY LATEST #long * 100"))
            #expect(received.contains("CHATHISTORY BEFORE #long msgid=h151 100"), "from the first held")
            #expect(received.contains("CHATHISTORY BEFORE #long msgid=h51 100"), "then from the first it gave")
            #expect(!received.contains { $0.hasPrefix("CHATHISTORY BEFORE #long msgid=h1 ") }, "fewer than asked: the start")
            // Paging down, each message is there once, in order: each page
            // whole (a capture taken while a page is drawn mixes two) holds
            // consecutive numbers, and the pages together hold them all.
            func numbers(_ screen: [String]) -> [Int] {
                screen.compactMap { line in
                    line.range(of: "old message ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
                }
            }
            func whole(_ screen: [String]) -> Bool {
                let shown = numbers(screen)
                return !shown.isEmpty && zip(shown, shown.dropFirst()).allSatisfy { $1 == $0 + 1 }
            }
            var seen: [Int] = []
            var screen = try alice.waitUntil("the first page is drawn whole") { now, _ in whole(now) }
            for _ in 0..<20 {
                for number in numbers(screen) where seen.last.map({ number > $0 }) ?? true { seen.append(number) }
                if seen.last == 250 { break }
                try alice.press("NPage")
                screen = try alice.waitUntil("a page down, drawn whole") { now, _ in now != screen && whole(now) }
            }
            #expect(seen == Array(1...250))
            // Not stored: the room file keeps what came, in the order it came.
            let file = try String(
                contentsOfFile: roomFolder(alice, "127.0.0.1:\(server.plainPort)") + "#long.jsonl", encoding: .utf8)
            #expect(!file.contains("\"old message 150\"") && file.contains("\"old message 151\""))
        }

        @Test func aMessageCrossesTwoLinkedServers() throws {
            let first = try TestServer("inspircd")
            let second = try TestServer("inspircd", linkedTo: first)
            let alice = try TmuxSession(
                columns: 100, rows: 16,
                arguments: [
                    "ircs://localhost:\(try #require(first.tlsPort))/#net", "--tls-ca", IRCLab.caFile, "--nick", "alice",
                ])
            try alice.waitUntil("alice is in #net on the first server") { screen, _ in roomBar(screen).contains("[2:#net]") }
            let bob = try TestBot(nick: "bob", on: second, channels: ["#net"])
            try alice.waitUntil("bob, on the second server, is seen joining", timeout: 30) { screen, _ in
                says(screen, "bob has joined #net")
            }
            try alice.type("across the network 🌏")
            try alice.press("Enter")
            try bob.waitUntil("bob reads it on the other server") { _ in bob.messages(to: "#net") == ["across the network 🌏"] }
            try bob.send("PRIVMSG #net :back from irc2")
            try alice.waitUntil("and alice reads bob") { screen, _ in says(screen, "<bob> back from irc2") }
        }

        @Test func aMultiLineDraftGoesInBatchesToAServerThatTakesThem() throws {
            let server = try TestServer("scripted")
            let alice = try TmuxSession(
                columns: 100, rows: 20,
                arguments: [
                    "irc://127.0.0.1:\(server.plainPort)/#ml", "--nick", "alice",
                ])
            try alice.waitUntil("an incoming batch is one message with its line breaks") { screen, _ in
                roomBar(screen).contains("[2:#ml]") && says(screen, "<dana> first line")
                    && screen.contains { $0.hasSuffix("second, and its rest") && !$0.contains("<") }
            }
            // Said at the first dropped (then at the tenth, the hundredth…): the
            // second is in the count, or, read in a later turn, waits for the tenth.
            try waitFor("the broken and the overlong line are dropped and counted") {
                let said = networkRoom(alice, "127.0.0.1:\(server.plainPort)")
                return said.contains("2 lines from the server could not be read and were dropped")
                    || said.contains("a line from the server could not be read and was dropped")
            }
            let pane = try alice.screen()
            #expect(!says(pane, "not a command") && !says(pane, "xxxxxxxxxx"))
            let long = String(repeating: "長い行 long line ", count: 40)  // about 800 bytes: cut with concat
            let lines = ["first", long] + (3...30).map { "line \($0)" }
            try alice.paste(lines.joined(separator: "\n"))
            try alice.press("Enter")
            try waitFor("the server receives every batch") {
                server.received().filter { $0.hasPrefix("BATCH -") }.count >= 2
                    && server.received().filter { $0.contains("PRIVMSG #ml") }.count >= 31
            }
            // The batches, as the server took them: each within max-lines, and
            // their text, joined, is the draft.
            var batches: [[String]] = []
            var texts: [String] = []
            for line in server.received() {
                if line.contains("BATCH +") {
                    #expect(line.hasSuffix(" draft/multiline #ml"))
                    batches.append([])
                } else if line.hasPrefix("@batch=") {
                    batches[batches.count - 1].append(line)
                }
            }
            #expect(batches.count == 2, "31 lines and more do not fit 24 a batch")
            for batch in batches {
                #expect(batch.count <= 24)
                #expect(!(batch.first ?? "").contains("draft/multiline-concat"))
                var text = ""
                for (index, line) in batch.enumerated() {
                    // `@tags PRIVMSG #ml :text`, or `… #ml word` for one word.
                    let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                    let last = parts.count == 4 ? parts[3] : ""
                    let body = last.hasPrefix(":") ? String(last.dropFirst()) : String(last)
                    if index > 0 && !line.contains("draft/multiline-concat") { text += "\n" }
                    text += body
                }
                texts.append(text)
            }
            #expect(server.received().contains { $0.contains("draft/multiline-concat") }, "the long line is cut and joined")
            #expect(texts.joined(separator: "\n") == lines.joined(separator: "\n"), "nothing lost, nothing added")
        }
    }
}
