import Testing

@testable import TUI

@Suite struct ModifiedKeysTests {
    @Test func theKittyProtocolIsAskedForOnlyWhereTheEnvironmentNamesSuchATerminal() {
        #expect(ModifiedKeys.speaksKittyProtocol(["TERM": "xterm-kitty"]))
        #expect(ModifiedKeys.speaksKittyProtocol(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]))
        #expect(!ModifiedKeys.speaksKittyProtocol(["TERM": "xterm-256color"]))
        // tmux in a kitty window keeps its variables, and takes modifyOtherKeys, not the kitty protocol.
        #expect(!ModifiedKeys.speaksKittyProtocol(["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1", "TMUX": "/tmp/t,1,0"]))
        #expect(!ModifiedKeys.speaksKittyProtocol(["TERM": "screen-256color", "KITTY_WINDOW_ID": "1"]))
        // Each terminal is asked for one protocol: kitty logs the other as a parse error.
        #expect(ModifiedKeys.enableSequence(kitty: true) == "\u{1B}[>1u")
        #expect(ModifiedKeys.disableSequence(kitty: true) == "\u{1B}[<u")
        #expect(ModifiedKeys.enableSequence(kitty: false) == "\u{1B}[>4;1m")
        #expect(ModifiedKeys.disableSequence(kitty: false) == "\u{1B}[>4m")
        #expect(!ModifiedKeys.mayAsk(["TERM": "linux"]) && ModifiedKeys.mayAsk(["TERM": "tmux-256color"]))
    }

    /// Bracketed paste is asked for in every terminal, as its terminfo entry
    /// writes it or else as xterm's: a paste must never send anything.
    @Test func bracketedPasteIsAskedForWithOrWithoutATerminfoEntry() {
        #expect(Terminal.pasteMode(on: true, terminfo: nil) == "\u{1B}[?2004h")
        #expect(Terminal.pasteMode(on: false, terminfo: nil) == "\u{1B}[?2004l")
        #expect(Terminal.pasteMode(on: true, terminfo: "\u{1B}[?2004;1h") == "\u{1B}[?2004;1h")
    }
}
