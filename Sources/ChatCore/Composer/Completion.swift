/// Tab completion of the word before the caret, as IRC clients do it: a nick
/// of the room (who spoke last first, then the others in order), a `/command`
/// at the start of the draft, or a `#channel` the user is in. Tab again goes
/// to the next candidate and Shift-Tab back, while nothing else changed.
struct Completion: Equatable, Sendable {
    /// Where the word completed starts in the draft, in characters.
    let start: Int
    /// The candidates, in the order Tab walks them.
    let candidates: [String]
    /// The candidate now in the draft.
    private(set) var index = 0
    /// What follows a nick at the start of the draft (`: `) or elsewhere (a space).
    let suffix: String
    /// The draft's revision once the candidate went in: a Tab after any other
    /// change starts a new completion.
    var revision = 0

    /// What the draft holds for the candidate now: it and its suffix.
    var inserted: [Character] { Array(candidates[index] + suffix) }

    /// Goes `step` candidates on (−1: back), around the end.
    mutating func move(by step: Int) {
        index = (index + step % candidates.count + candidates.count) % candidates.count
    }

    /// The completion of the word before the caret of `draft`; nil when the
    /// word is empty or nothing matches. `recent` are the nicks that spoke,
    /// newest first; `nicks` everyone in the room; `own` the user's nick,
    /// never offered.
    static func start(
        in draft: Draft, recent: [String], nicks: [String], own: String, channels: [String],
        commands: [String]
    ) -> Completion? {
        let caret = draft.cursor
        var start = caret
        while start > 0, !draft.characters[start - 1].isWhitespace { start -= 1 }
        let word = String(draft.characters[start..<caret])
        guard !word.isEmpty else { return nil }
        let atStart = draft.characters[..<start].allSatisfy(\.isWhitespace)
        let candidates: [String]
        var suffix = " "
        if word.hasPrefix("/") {
            guard atStart else { return nil }
            candidates = matching(word, in: commands.sorted())
        } else if word.hasPrefix("#") || word.hasPrefix("&") {
            candidates = matching(word, in: channels.sorted { $0.lowercased() < $1.lowercased() })
        } else {
            let others = nicks.filter { $0.lowercased() != own.lowercased() }
            let spoke = recent.filter { nick in others.isEmpty || others.contains { $0.lowercased() == nick.lowercased() } }
            let rest = others.filter { nick in !spoke.contains { $0.lowercased() == nick.lowercased() } }
                .sorted { $0.lowercased() < $1.lowercased() }
            candidates = matching(word, in: spoke + rest)
            if atStart { suffix = ": " }
        }
        guard !candidates.isEmpty else { return nil }
        return Completion(start: start, candidates: candidates, suffix: suffix)
    }

    /// The names that start with `word`, in any case, each once, in order.
    private static func matching(_ word: String, in names: [String]) -> [String] {
        let prefix = word.lowercased()
        var seen = Set<String>()
        return names.filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0.lowercased()).inserted }
    }
}
