import ChatModel

/// What a key does in a room: the editing keys to the composer, Up and Down
/// to the walk through what was sent, the scrolling keys to the pane, Tab to
/// completion; Enter sends (`Room+Commands`).
extension Room {
    mutating func press(_ key: Key, display: Display, now: Timestamp) -> [Effect] {
        if history.searching(key, composer: &composer) { return [] }
        if confirmingLines != nil, KeyBinding.action(for: key) != .send {
            // Esc (or any other key) goes back to editing.
            stopConfirming()
            if key == .escape { return [] }
        }
        guard let action = KeyBinding.action(for: key) else { return [] }
        switch action {
        case .send: return send(display: display, now: now)
        case .newLine: composer.edit { $0.insert("\n") }
        case .left: composer.edit { $0.moveLeft() }
        case .right: composer.edit { $0.moveRight() }
        case .up:
            if history.canWalkBack(caretOnFirstRow: composerLayout.caretRow == 0) {
                history.walk(by: -1, composer: &composer)
            } else {
                composer.moveVertically(by: -1, width: display.size.columns, rules: display.rules)
            }
        case .down:
            let layout = composerLayout
            if history.canWalkForward(caretOnLastRow: layout.caretRow == layout.rows.count - 1) {
                history.walk(by: 1, composer: &composer)
            } else {
                composer.moveVertically(by: 1, width: display.size.columns, rules: display.rules)
            }
        case .lineStart: composer.edit { $0.moveToLineStart() }
        case .lineEnd: composer.edit { $0.moveToLineEnd() }
        case .deleteBackward: composer.edit { $0.deleteBackward() }
        case .deleteForward: composer.edit { $0.deleteForward() }
        case .killToLineStart: composer.kill { $0.deleteToLineStart() }
        case .killToLineEnd: composer.kill { $0.deleteToLineEnd() }
        case .killWordBackward: composer.kill { $0.deleteWordBackward() }
        case .killWordForward: composer.kill { $0.deleteWordForward() }
        case .wordLeft: composer.edit { $0.moveWordLeft() }
        case .wordRight: composer.edit { $0.moveWordRight() }
        case .yank: composer.yank()
        case .yankPrevious: composer.yankPrevious()
        case .undo: composer.undo()
        case .redo: composer.redo()
        case .pageUp: scroll(by: -max(1, paneHeight(display) - 1), display: display)
        case .pageDown: scroll(by: max(1, paneHeight(display) - 1), display: display)
        case .newest: returnToNewest()
        case .wheelUp: scroll(by: -Self.wheelRows, display: display)
        case .wheelDown: scroll(by: Self.wheelRows, display: display)
        case .complete: complete(step: 1)
        case .completeBack: complete(step: -1)
        case .searchSent:
            history.startSearch(composer: &composer)
        case .suspend: return [.suspend]
        case .quit: return [.quit]
        case .deleteForwardOrQuit:
            if composer.draft.isEmpty { return [.quit] }
            composer.edit { $0.deleteForward() }
        case .roomByNumber, .previousRoom, .nextRoom, .nextActiveRoom:
            break  // the session's: one room alone has nowhere to go
        }
        return []
    }

    /// Tab (`step` 1) and Shift-Tab (−1): the next or previous candidate of
    /// the completion in the draft, or a new completion of the word before
    /// the caret.
    mutating func complete(step: Int) {
        var current: Completion
        var replacing: Range<Int>
        if let last = completion, last.revision == composer.draft.revision {
            current = last
            replacing = last.start..<last.start + last.inserted.count
            current.move(by: step)
        } else {
            let commands = Command.table.map { String($0.usage.prefix { $0 != " " }) }.filter { !$0.hasPrefix("//") }
            guard
                var started = Completion.start(
                    in: composer.draft, recent: timeline.recentSpeakers(lookback: Self.completionLookback),
                    nicks: members, own: nick,
                    channels: channels, commands: commands)
            else { return }
            replacing = started.start..<composer.draft.cursor
            if step < 0 { started.move(by: -1) }
            current = started
        }
        let inserted = current.inserted
        composer.edit { draft in
            draft.replace(replacing, with: inserted)
            draft.moveCursor(to: replacing.lowerBound + inserted.count)
        }
        current.revision = composer.draft.revision
        completion = current
    }
}
