// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "chat-tui",
    products: [
        .executable(name: "chat-tui", targets: ["chat-tui"])
    ],
    targets: [
        // The C: curses, and the few Linux calls Swift's Glibc module does not show.
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(name: "CSystem"),
        .systemLibrary(
            name: "CTLS",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        // How a terminal measures text: width tables and rules, the probe, wrapping.
        .target(name: "TextWidth"),
        // Messages, their store, time, and the transcript formats they are read from and written in.
        .target(name: "ChatModel", dependencies: ["TextWidth"]),
        // The IRC protocol: lines and their tags, how a server compares names, what it supports.
        .target(name: "IRC", dependencies: ["ChatModel"]),
        // The behaviour: composer, keys, rooms and session, and what the screen shows.
        .target(name: "ChatCore", dependencies: ["TextWidth", "ChatModel"]),
        .target(name: "ChatIO", dependencies: ["CSystem", "ChatModel", "TextWidth"]),
        // Connections to servers: names looked up off the loop, sockets that never block, verified TLS.
        .target(name: "ChatNet", dependencies: ["CTLS"]),
        .target(name: "TUI", dependencies: ["CNcurses", "CSystem", "ChatCore", "TextWidth"]),
        .executableTarget(
            name: "chat-tui",
            dependencies: ["ChatCore", "ChatModel", "TextWidth", "ChatIO", "TUI", "IRC", "ChatNet"]
        ),
        // What more than one test target uses.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TextWidthTests", dependencies: ["TextWidth", "ChatCore", "TestSupport"]),
        .testTarget(name: "ChatModelTests", dependencies: ["ChatModel", "ChatCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ChatCoreTests", dependencies: ["ChatCore", "ChatModel", "TextWidth", "TestSupport"]),
        .testTarget(name: "IRCTests", dependencies: ["IRC", "ChatModel", "TestSupport"]),
        .testTarget(name: "ChatNetTests", dependencies: ["ChatNet"]),
        .testTarget(name: "ChatIOTests", dependencies: ["ChatIO", "ChatModel", "TextWidth"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["TestSupport"],
            exclude: ["width-corpus.txt", "slow-terminal.py", "IRC/irc-lab.py"]),
    ]
)
