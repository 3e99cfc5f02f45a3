/// Asking terminals to report keys with their modifiers, in xterm's
/// modifyOtherKeys form (`ESC [ 27 ; m ; code ~`) or the kitty keyboard
/// protocol's (`ESC [ code ; m u`), which `KeyDecoder` reads. They are what lets
/// Shift-Enter differ from Enter; with the kitty protocol, Esc and Ctrl and Alt
/// keys come this way too.
enum ModifiedKeys {
    /// Asks for modified keys, one way per terminal (kitty logs a request it
    /// does not take as a parse error): where the terminal speaks it, the
    /// kitty protocol's first level, which only disambiguates; elsewhere
    /// modifyOtherKeys level 1, which leaves the keys that have a traditional
    /// code alone.
    static func enableSequence(kitty: Bool) -> String {
        kitty ? "\u{1B}[>1u" : "\u{1B}[>4;1m"
    }

    /// Puts it back as it was.
    static func disableSequence(kitty: Bool) -> String {
        kitty ? "\u{1B}[<u" : "\u{1B}[>4m"
    }

    /// True unless the terminal is a console or a hardware-like terminal, which
    /// may read the request as something else.
    static func mayAsk(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return !term.hasPrefix("linux") && !term.hasPrefix("vt") && term != "dumb"
    }

    /// True when the environment names a terminal that speaks the kitty keyboard
    /// protocol, and chat-tui talks to it directly. It is not asked for
    /// elsewhere: some terminals read the sequence that would switch it on as
    /// "restore the cursor". Inside tmux or screen (which keep a kitty
    /// window's variables), the multiplexer is the terminal, and it takes
    /// modifyOtherKeys.
    static func speaksKittyProtocol(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
            return false
        }
        return environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty"
            || ["WezTerm", "ghostty"].contains(environment["TERM_PROGRAM"] ?? "")
    }
}
