/// Random numbers that repeat for a seed (SplitMix64), so a failing run of a
/// randomized test can be run again exactly.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number from 0 up to, not including, `bound` (more than 0).
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// Changes `bytes` at random places, from one to `most` times: a byte
    /// replaced by one of `alphabet`, removed, or one of `alphabet` inserted.
    /// What the randomized tests of a line's reading cut, splice and flip.
    public mutating func edit(_ bytes: inout [UInt8], atMost most: Int, from alphabet: [UInt8]) {
        for _ in 0..<(1 + next(below: most)) {
            let at = next(below: bytes.count)
            switch next(below: 3) {
            case 0: bytes[at] = alphabet[next(below: alphabet.count)]
            case 1: bytes.remove(at: at)
            default: bytes.insert(alphabet[next(below: alphabet.count)], at: at)
            }
        }
    }
}
