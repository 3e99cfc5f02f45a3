import Glibc
import TextWidth

/// An unsent draft on disk, so that it outlives the program: each save
/// replaces the file whole, so it always holds one complete draft, old or
/// new. Private to the user: the file is 0600, its folders 0700. A network
/// room's outbox is kept the same way.
public struct DraftFile: Sendable {
    public let path: String
    private let folder: String
    /// The hidden file beside it that saves are written into and swapped
    /// with it (`FileWriting.swap`), when it has one; else each save writes
    /// a new file (`FileWriting.replace`).
    public let spare: String?

    /// The draft in the file `name` of `folder`; nothing is made until the
    /// first save. With `spare`, saves go through a spare file, which makes
    /// them cheap enough for every second of typing and lets them be left
    /// unflushed; `removeSpare` removes it when the draft is no longer saved.
    public init(folder: String, name: String, spare: Bool = false) {
        self.folder = folder
        path = folder + "/" + name
        self.spare = spare ? folder + "/." + name + ".spare" : nil
    }

    /// The saved draft; nil when there is none.
    public func load() throws(StorageError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw StorageError("cannot read \(path)")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw StorageError("cannot read \(path)") }
            if count == 0 { break }
            bytes += block[..<count]
        }
        // A save in place cut short by a kill can end inside a character
        // (`DraftSaver`), which would otherwise read as U+FFFD.
        let whole = bytes[..<UTF8Cut.completeEnd(bytes)]
        return whole.isEmpty ? nil : String(decoding: whole, as: UTF8.self)
    }

    /// Saves `text` as the draft; an empty text removes the file.
    public func save(_ text: String) throws(StorageError) {
        try save(utf8: Array(text.utf8))
    }

    /// Saves the draft whose UTF-8 is `bytes`; none removes the file. With
    /// `flush` (always, without a spare) the draft is on the disk when it
    /// returns; without, it outlives the process but not a power cut.
    public func save(utf8 bytes: [UInt8], flush: Bool = true) throws(StorageError) {
        guard !bytes.isEmpty else {
            if unlink(path) != 0 && errno != ENOENT { throw StorageError("cannot remove \(path)") }
            removeSpare()
            return
        }
        do {
            try write(bytes, flush: flush)
        } catch  where error.code == ENOENT {
            // The folders are made at the first save (or again, if removed
            // meanwhile), not looked for at every one: seven system calls.
            try DataFolders.makeFolder(folder)
            try write(bytes, flush: flush)
        }
    }

    private func write(_ bytes: [UInt8], flush: Bool) throws(StorageError) {
        if let spare {
            try FileWriting.swap(path, spare: spare, with: bytes, flush: flush)
        } else {
            try FileWriting.replace(path, with: bytes)
        }
    }

    /// Removes the spare, which holds the draft saved before the last: when
    /// the draft is emptied, and when its process ends.
    public func removeSpare() {
        if let spare { unlink(spare) }
    }
}
