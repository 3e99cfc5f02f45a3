// libFuzzer target for the transcript readers (`make fuzz`): any bytes, read as
// lines in every format chat-tui understands. Besides not crashing, each line
// read as a message must come back the same through chat-tui's own format, as
// the room file stores it: a message is never changed by being saved.

import ChatModel

@_cdecl("LLVMFuzzerTestOneInput")
public func transcriptFuzzerInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let now = Timestamp(secondsSinceEpoch: 1_796_235_084)
    var reader = TranscriptReader(source: "feed", clock: .utc, today: ClockFace.utc.civilTime(now))
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let message = reader.read(line, now: now) else { continue }
        let stored = Transcript.encode(message)
        guard let back = Transcript.decode(stored[...]) else {
            fatalError("a message read from \(String(line).debugDescription) is not readable once stored: \(stored)")
        }
        if back.sender != message.sender || back.text != message.text || back.kind != message.kind
            || back.time != message.time
        {
            fatalError("\(String(line).debugDescription) changed when stored: \(message) -> \(back)")
        }
    }
    return 0
}
