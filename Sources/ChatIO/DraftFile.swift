import Glibc

/// An unsent draft on disk, so that it outlives the program: written whole
/// to a temporary file, flushed, and renamed over the last one, so the file
/// always holds one complete draft, old or new. Private to the user: the file
/// is 0600, its folders 0700. A network room's outbox is kept the same way.
public struct DraftFile: Sendable {
    public let path: String
    private let folder: String

    /// The draft in the file `name` of `folder`; nothing is made until the
    /// first save.
    public init(folder: String, name: String) {
        self.folder = folder
        path = folder + "/" + name
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
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Saves `text` as the draft; an empty text removes the file.
    public func save(_ text: String) throws(StorageError) {
        try save(utf8: Array(text.utf8))
    }

    /// Saves the draft whose UTF-8 is `bytes`; none removes the file.
    public func save(utf8 bytes: [UInt8]) throws(StorageError) {
        guard !bytes.isEmpty else {
            if unlink(path) != 0 && errno != ENOENT { throw StorageError("cannot remove \(path)") }
            return
        }
        do {
            try FileWriting.replace(path, with: bytes)
        } catch where error.code == ENOENT {
            // The folders are made at the first save (or again, if removed
            // meanwhile), not looked for at every one: seven system calls.
            try DataFolders.makeFolder(folder)
            try FileWriting.replace(path, with: bytes)
        }
    }
}
