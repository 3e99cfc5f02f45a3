// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "chat-tui",
    products: [
        .executable(name: "chat-tui", targets: ["chat-tui"]),
    ],
    targets: [
        // The C: curses, and the few Linux calls Swift's Glibc module does not show.
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(name: "CSystem"),
        // How a terminal measures text: width tables and rules, the probe, wrapping.
        .target(name: "TextWidth"),
        // Messages, their store, time, and the transcript formats they are read from and written in.
        .target(name: "ChatModel", dependencies: ["TextWidth"]),
        // The IRC protocol: lines and their tags, how a server compares names, what it supports.
        .target(name: "IRC"),
        // The behaviour: composer, keys, rooms and session, and what the screen shows.
        .target(name: "ChatCore", dependencies: ["TextWidth", "ChatModel"]),
        .target(name: "ChatIO", dependencies: ["ChatModel", "TextWidth"]),
        .target(name: "TUI", dependencies: ["CNcurses", "CSystem", "ChatCore", "TextWidth"]),
        .executableTarget(
            name: "chat-tui",
            dependencies: ["ChatCore", "ChatModel", "TextWidth", "ChatIO", "TUI"]
        ),
        .testTarget(name: "TextWidthTests", dependencies: ["TextWidth", "ChatCore"]),
        .testTarget(name: "ChatModelTests", dependencies: ["ChatModel", "ChatCore"], exclude: ["Fixtures"]),
        .testTarget(name: "ChatCoreTests", dependencies: ["ChatCore", "ChatModel", "TextWidth"]),
        .testTarget(name: "IRCTests", dependencies: ["IRC"]),
        .testTarget(name: "ChatIOTests", dependencies: ["ChatIO", "ChatModel", "TextWidth"]),
        .testTarget(name: "TUITests", dependencies: ["TUI"]),
        .testTarget(name: "EndToEndTests", exclude: ["width-corpus.txt", "slow-terminal.py"]),
    ]
)
