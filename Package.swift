// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "chat-tui",
    products: [
        .executable(name: "chat-tui", targets: ["chat-tui"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "ChatCore"),
        .target(name: "ChatIO", dependencies: ["ChatCore"]),
        .target(name: "TUI", dependencies: ["CNcurses", "ChatCore"]),
        .executableTarget(
            name: "chat-tui",
            dependencies: ["ChatCore", "ChatIO", "TUI"]
        ),
        .testTarget(name: "ChatCoreTests", dependencies: ["ChatCore"], exclude: ["Fixtures"]),
        .testTarget(name: "ChatIOTests", dependencies: ["ChatIO", "ChatCore"]),
        .testTarget(name: "TUITests", dependencies: ["TUI"]),
        .testTarget(name: "EndToEndTests", exclude: ["width-corpus.txt", "slow-terminal.py"]),
    ]
)
