/// The text of the cells that hold more than one Unicode scalar (an emoji
/// sequence, a letter with its accents), so that a `Cell` stays a plain value
/// of a few bytes: such a cell holds its cluster's number here.
///
/// Clusters are few in most text and each is kept once. So that a flood of
/// distinct ones (combining marks piled on every letter) cannot grow it without
/// bound, the table starts over once it holds `limit` clusters, at the start
/// of a frame, never in the middle of one: its `generation` changes, and rows
/// kept from frames of an earlier generation are drawn again.
package final class ClusterTable: Sendable {
    private struct Contents {
        var numbers: [String: UInt32] = [:]
        var texts: [String] = []
        var generation = 0
    }

    /// The table `Cell`s use.
    package static let shared = ClusterTable(limit: 1 << 16)

    private let limit: Int
    private let contents = Locked(Contents())

    package init(limit: Int) {
        self.limit = limit
    }

    /// The number of `text`, added if it is new.
    package func number(of text: String) -> UInt32 {
        contents.withLock { contents in
            if let number = contents.numbers[text] { return number }
            let number = UInt32(contents.texts.count)
            contents.texts.append(text)
            contents.numbers[text] = number
            return number
        }
    }

    /// The text of cluster `number`; empty for a number of an earlier generation
    /// beyond what the table holds now.
    package func text(of number: UInt32) -> String {
        contents.withLock { contents in
            Int(number) < contents.texts.count ? contents.texts[Int(number)] : ""
        }
    }

    /// Starts over when full; call before a frame is drawn. Returns the
    /// generation the frame's clusters belong to.
    package func beginFrame() -> Int {
        contents.withLock { contents in
            if contents.texts.count >= limit {
                contents = Contents(generation: contents.generation + 1)
            }
            return contents.generation
        }
    }
}
