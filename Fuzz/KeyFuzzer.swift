// libFuzzer target for the key decoder (`make fuzz`): the bytes are what a
// terminal sends. Decoded in one read, and again cut into reads of the sizes
// the first byte picks, they must give the same inputs; nothing may be held
// after a flush but an unfinished paste.

import ChatCore

@_cdecl("LLVMFuzzerTestOneInput")
public func keyFuzzerInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let seed = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))

    var whole = KeyDecoder()
    var read: [TerminalInput] = []
    whole.decode(bytes, into: &read)
    whole.flush(into: &read)
    let once = TerminalInput.joiningText(read)
    if whole.flushDelayMilliseconds != nil { fatalError("bytes held after a flush") }

    var pieces = KeyDecoder()
    var inputs: [TerminalInput] = []
    var start = 0
    var step = 0
    while start < bytes.count {
        step += 1
        let end = min(bytes.count, start + 1 + (seed &* step) % 7)
        pieces.decode(bytes[start..<end], into: &inputs)
        start = end
    }
    pieces.flush(into: &inputs)
    let split = TerminalInput.joiningText(inputs)
    if split != once { fatalError("split reads decode otherwise: \(split) against \(once)") }
    return 0
}
