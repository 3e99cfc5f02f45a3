import ChatModel

/// What the user sent in a room, oldest first, and the two ways back through
/// it: Up and Down walk it, keeping the draft left at each place so walking on
/// never loses an edit, and Ctrl-R searches it. It changes the composer it is
/// handed, never anything else of the room.
public struct SentHistory: Sendable {
    /// The entries, oldest first: from the room's history, this run, and the
    /// drafts other processes left unsent.
    public private(set) var entries: [String] = []
    /// Where the walk is: an index, or nil at the unsent draft.
    private(set) var walkPosition: Int?
    /// The drafts left at each place of the walk (the unsent draft at
    /// `entries.count`).
    private var walkDrafts: [Int: Draft] = [:]
    /// The incremental search Ctrl-R runs, if any.
    public private(set) var search: Search?

    /// A search: the text looked for, the entry found, and the draft to go
    /// back to when the search is given up.
    public struct Search: Sendable {
        public var query = ""
        /// The index in `entries` of the entry shown; nil when none matches.
        public var match: Int?
        var savedDraft: Draft
    }

    /// The draft the user is writing, to keep on disk: the composer's, or,
    /// while the composer shows an entry (Up, Ctrl-R), the unsent draft put
    /// aside for it, which would otherwise be lost with the process.
    func unsentDraft(in composer: Composer) -> Draft {
        readUnsentDraft(in: composer) { $0 }
    }

    /// `unsentDraft(in:)`'s revision, read without copying the draft out.
    func unsentDraftRevision(in composer: Composer) -> Int {
        readUnsentDraft(in: composer) { $0.revision }
    }

    /// `read` of the unsent draft, wherever it is kept.
    private func readUnsentDraft<Value>(in composer: Composer, _ read: (borrowing Draft) -> Value) -> Value {
        if let search { return read(search.savedDraft) }
        if walkPosition != nil, let unsent = walkDrafts[entries.count] { return read(unsent) }
        return read(composer.draft)
    }

    /// True while the walk stands on the oldest entry held: time to load older ones.
    var isAtOldest: Bool { walkPosition == 0 }

    /// Adds what the user just sent (or what arrived as theirs) as the newest entry.
    mutating func append(_ entry: String) {
        entries.append(entry)
    }

    /// Adds entries after the others, in order.
    mutating func append(contentsOf newer: [String]) {
        entries.append(contentsOf: newer)
    }

    /// Adds older entries before the others; the walk and the search stay on
    /// the entries they were on.
    mutating func prepend(_ older: [String]) {
        guard !older.isEmpty else { return }
        entries.insert(contentsOf: older, at: 0)
        walkPosition = walkPosition.map { $0 + older.count }
        walkDrafts = Dictionary(uniqueKeysWithValues: walkDrafts.map { ($0.key + older.count, $0.value) })
        if let match = search?.match { search?.match = match + older.count }
    }

    /// Ends the walk: what was sent is now the newest entry.
    mutating func endWalk() {
        walkPosition = nil
        walkDrafts = [:]
    }

    /// True when Up should walk back rather than move the caret.
    func canWalkBack(caretOnFirstRow: Bool) -> Bool { caretOnFirstRow && !entries.isEmpty }

    /// True when Down should walk forward rather than move the caret.
    func canWalkForward(caretOnLastRow: Bool) -> Bool { caretOnLastRow && walkPosition != nil }

    /// Walks one step back (-1) or forward (1), keeping the draft left at each
    /// place; past the newest is the unsent draft again.
    mutating func walk(by step: Int, composer: inout Composer) {
        let current = walkPosition ?? entries.count
        let next = current + step
        guard next >= 0, next <= entries.count else { return }
        walkDrafts[current] = composer.draft
        let draft = walkDrafts[next] ?? Draft(entries[next])
        composer.edit { $0.replaceAll(with: draft) }
        walkPosition = next == entries.count ? nil : next
    }

    /// Starts a search from the newest entry, when there is one.
    mutating func startSearch(composer: inout Composer) {
        guard !entries.isEmpty else { return }
        search = Search(savedDraft: composer.draft)
        findMatch(from: entries.count - 1, composer: &composer)
    }

    /// Adds typed text to the query and shows the newest entry that matches.
    mutating func extendQuery(_ text: String, composer: inout Composer) {
        guard let current = search else { return }
        search?.query += text
        findMatch(from: current.match ?? entries.count - 1, composer: &composer)
    }

    /// Handles `key` during a search; false when there is none, or when the key
    /// ends the search and should then act as usual (the entry found stays in
    /// the composer).
    mutating func searching(_ key: Key, composer: inout Composer) -> Bool {
        guard let current = search else { return false }
        switch key {
        case .control("r"):
            if let match = current.match, match > 0 { findMatch(from: match - 1, composer: &composer) }
        case .backspace, .control("h"):
            search?.query = String(current.query.dropLast())
            findMatch(from: entries.count - 1, composer: &composer)
        case .escape, .control("g"):
            let saved = current.savedDraft
            composer.edit { $0.replaceAll(with: saved) }
            search = nil
        case .enter:
            search = nil  // the entry found stays, to be edited or sent
        default:
            search = nil
            return false
        }
        return true
    }

    /// Shows the newest entry at or before `start` that contains the query.
    private mutating func findMatch(from start: Int, composer: inout Composer) {
        guard let query = search?.query.lowercased() else { return }
        var index = min(start, entries.count - 1)
        while index >= 0 {
            if query.isEmpty || entries[index].lowercased().contains(query) {
                search?.match = index
                let entry = Draft(entries[index])
                composer.edit { $0.replaceAll(with: entry) }
                return
            }
            index -= 1
        }
        search?.match = nil
    }

    /// What recalling `message` puts in the composer: the user's own messages,
    /// and actions as the /me command that sends them.
    static func recallText(_ message: Message) -> String? {
        guard message.isOwn else { return nil }
        switch message.kind {
        case .message: return message.text.hasPrefix("/") ? "/" + message.text : message.text
        case .action: return "/me " + message.text
        default: return nil
        }
    }
}
