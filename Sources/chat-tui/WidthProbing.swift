import ChatCore
import ChatIO
import TUI
import TextWidth

/// Learning how this terminal draws text: from the cache for its kind of
/// terminal, or by asking it (`WidthProbe`'s samples) while the first frame is
/// drawn by the cached or default rules; the answers are learned and cached
/// whenever they arrive, and a terminal that has not answered is asked again
/// next time.
struct WidthProbing {
    /// How long `--probe` waits for the answers: a slow start, software
    /// rendering or a remote link can take seconds.
    static let patienceMilliseconds = 10_000
    /// How long chat-tui, ending, waits for answers still on their way.
    static let drainMilliseconds = 2_000

    private let cache: WidthCache
    private let identity: String

    init(environment: [String: String]) {
        cache = WidthCache(environment: environment)
        identity = WidthCache.identity(environment: environment)
    }

    /// The rules to draw by now: the cached ones, or (when there are none, or
    /// `always`) the defaults, with the terminal asked and `input` listening for
    /// its answers.
    func start(on terminal: Terminal, input: InputReader, always: Bool) -> WidthRules {
        if !always, let measured = cache.load(identity: identity) {
            return WidthProbe.learn(measured).rules
        }
        terminal.askWidths(of: WidthProbe.Sample.allCases.map(\.text))
        input.listenForProbeAnswers()
        return .terminal
    }

    /// The columns each sample measured, by sample, from the probe's answers.
    private func measured(_ answer: [Int]) -> [WidthProbe.Sample: Int] {
        var measured: [WidthProbe.Sample: Int] = [:]
        for (sample, width) in zip(WidthProbe.Sample.allCases, answer) { measured[sample] = width }
        return measured
    }

    /// The rules the answers teach, cached for the next start; nil when the
    /// terminal answered none of the samples.
    func learn(_ answer: [Int]) -> WidthRules? {
        let measured = measured(answer)
        guard !measured.isEmpty else { return nil }
        try? cache.save(measured, identity: identity)
        return WidthProbe.learn(measured).rules
    }

    /// What `--probe` prints: the table of what was learned, and where it was
    /// kept; `answer` nil when the terminal did not answer in time.
    func report(_ answer: [Int]?) -> String {
        let measured = answer.map(measured) ?? [:]
        var lines = [WidthProbe.report(WidthProbe.learn(measured).findings, identity: identity)]
        if answer == nil {
            lines.append("no answer within \(Self.patienceMilliseconds / 1000) s: nothing cached")
        } else if measured.isEmpty {
            lines.append("the terminal does not report the cursor's position: nothing cached")
        } else {
            do {
                try cache.save(measured, identity: identity)
                lines.append("cached in \(cache.path(for: identity))")
            } catch {
                lines.append("not cached: \(error)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
