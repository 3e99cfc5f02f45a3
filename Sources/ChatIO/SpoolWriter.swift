import Dispatch
import Glibc
import Synchronization

/// Writes a replay's spool on a thread of its own, so that a transcript
/// poured in is read and shown while what it said goes to disk: copying into
/// the system's file cache costs about as much as reading the lines.
///
/// Appended bytes gather in one of `bufferCount` buffers of `bufferSize`;
/// a full one is written by the thread while the next fills, in order. At
/// most that many wait, so memory stays bounded and a slow disk slows the
/// reading rather than filling memory. `finish()` waits until all is written,
/// before the file is read.
final class SpoolWriter: @unchecked Sendable {
    // Shared with the thread: `buffers` (a filled one is handed over whole,
    // and taken again only once `free` says it was written) and `failure`.
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "chat-tui.replay-spool")
    private let buffers: [UnsafeMutableRawBufferPointer]
    private let free: DispatchSemaphore
    /// The `errno` of the first write that failed; 0 while none did.
    private let failure = Atomic<Int32>(0)
    // The caller's side.
    private var current = 0
    private var filled = 0

    static let bufferCount = 4
    static let bufferSize = 1 << 20

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffers = (0..<Self.bufferCount).map { _ in
            .allocate(byteCount: Self.bufferSize, alignment: 16)
        }
        free = DispatchSemaphore(value: Self.bufferCount - 1)  // one is being filled
    }

    deinit {
        queue.sync {}
        for buffer in buffers { buffer.deallocate() }
    }

    /// Appends `bytes`; the error of an earlier write that failed (its `errno`), if any.
    func append(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        if let known = failed { return known }
        var rest = bytes
        while !rest.isEmpty {
            let room = Self.bufferSize - filled
            let count = min(room, rest.count)
            UnsafeMutableRawBufferPointer(rebasing: buffers[current][filled..<filled + count])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: rest[..<count]))
            filled += count
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            if filled == Self.bufferSize { handOver() }
        }
        return failed
    }

    /// Waits until everything appended is written; the error of a write that failed, if any.
    func finish() -> Int32? {
        if filled > 0 { handOver() }
        queue.sync {}
        return failed
    }

    private var failed: Int32? {
        let code = failure.load(ordering: .acquiring)
        return code == 0 ? nil : code
    }

    /// Gives the buffer being filled to the thread and goes on in the next,
    /// once it was written.
    private func handOver() {
        let index = current
        let count = filled
        queue.async { [self] in
            let piece = UnsafeRawBufferPointer(rebasing: buffers[index][..<count])
            if failed == nil, let code = FileWriting.writeAll(piece, to: descriptor) {
                failure.store(code, ordering: .releasing)
            }
            free.signal()
        }
        current = (current + 1) % Self.bufferCount
        filled = 0
        free.wait()
    }
}
