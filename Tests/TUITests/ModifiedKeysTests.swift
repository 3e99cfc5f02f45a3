@testable import TUI
import Testing

@Suite struct ModifiedKeysTests {
    @Test func theKittyProtocolIsAskedForOnlyWhereTheEnvironmentNamesSuchATerminal() {
        #expect(ModifiedKeys.speaksKittyProtocol(["TERM": "xterm-kitty"]))
        #expect(ModifiedKeys.speaksKittyProtocol(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]))
        #expect(!ModifiedKeys.speaksKittyProtocol(["TERM": "xterm-256color"]))
        #expect(ModifiedKeys.enableSequence(kitty: true).hasSuffix("\u{1B}[>1u"))
        #expect(!ModifiedKeys.enableSequence(kitty: false).contains("u"))
        #expect(!ModifiedKeys.mayAsk(["TERM": "linux"]) && ModifiedKeys.mayAsk(["TERM": "tmux-256color"]))
    }
}
