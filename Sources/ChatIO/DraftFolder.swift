import Glibc

/// A room's unsent drafts on disk, one per chat-tui process, so that two
/// processes in one room never overwrite or remove each other's draft.
///
/// Each process is an owner with an id of its own. It holds an `flock` on
/// `ID.lock` while it runs and keeps its draft in `ID.draft` (saved through
/// the spare `.ID.draft.spare`); drafts it took over from processes that are
/// gone are `ID.kept-N`. A draft whose owner holds
/// no lock (the process ended, was killed or crashed) is an orphan, which the
/// next process to open the room adopts, each orphan by one process only, as
/// `rename` moves a file once.
public final class DraftFolder {
    /// The room's folder of drafts.
    public let folder: String
    /// This process's draft.
    public let draft: DraftFile
    /// What saves it as it is typed.
    private let saver: DraftSaver
    private let owner: String
    private let lockDescriptor: Int32
    /// The orphans adopted as history, removed once this process ends normally.
    private var kept: [String] = []

    /// Opens the drafts of `room` under `drafts` for a new owner, making the
    /// folder and taking the owner's lock. A draft kept by an earlier chat-tui
    /// in the single file `drafts/ROOM` becomes an orphan of the folder.
    public init(drafts: String, room: String) throws(StorageError) {
        folder = drafts + "/" + room
        owner = "\(getpid())-" + String(UInt32.random(in: .min ... .max), radix: 16)
        draft = DraftFile(folder: folder, name: owner + ".draft", spare: true)
        saver = DraftSaver(file: draft)
        try Self.moveSingleFileDraft(at: folder, into: drafts)
        try DataFolders.makeFolder(folder)
        let lockPath = folder + "/" + owner + ".lock"
        lockDescriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else { throw StorageError("cannot make \(lockPath)") }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else { throw StorageError("cannot lock \(lockPath)") }
    }

    deinit {
        draft.removeSpare()
        if lockDescriptor >= 0 {
            unlink(folder + "/" + owner + ".lock")
            close(lockDescriptor)
        }
    }

    /// Saves this process's draft, whose UTF-8 is `bytes` (none removes it),
    /// in place when it can be (`DraftSaver`); with `flush`, on the disk
    /// when it returns.
    public func saveDraft(utf8 bytes: [UInt8], flush: Bool) throws(StorageError) {
        try saver.save(utf8: bytes, flush: flush)
    }

    /// The drafts that processes now gone left, adopted by this one, newest
    /// first: the first becomes this process's draft (for the composer), the
    /// others its kept drafts (for the history Up walks). The spares and
    /// temporary files they left are removed.
    public func adoptOrphans() throws(StorageError) -> [String] {
        var orphans: [(path: String, modified: Int)] = []
        var gone: Set<String> = []
        var leftovers: [(owner: String, name: String)] = []
        for name in try DataFolders.names(in: folder) {
            if name.hasPrefix(".") {
                // `.ID.draft.spare`, or a temporary file of `ID.draft`.
                let hidden = name.dropFirst()
                if let dot = hidden.firstIndex(of: "."), hidden[..<dot] != owner {
                    leftovers.append((String(hidden[..<dot]), name))
                }
                continue
            }
            guard let dot = name.firstIndex(of: "."), name[..<dot] != owner else { continue }
            let other = String(name[..<dot])
            let suffix = name[name.index(after: dot)...]
            guard suffix == "draft" || suffix.hasPrefix("kept-") else { continue }
            if !gone.contains(other) {
                guard !isRunning(other) else { continue }
                gone.insert(other)
            }
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0 else { continue }
            orphans.append((folder + "/" + name, Int(status.st_mtim.tv_sec) * 1_000_000_000 + status.st_mtim.tv_nsec))
        }
        orphans.sort { $0.modified > $1.modified }
        var texts: [String] = []
        for orphan in orphans {
            let adopted = texts.isEmpty ? draft : DraftFile(folder: folder, name: "\(owner).kept-\(texts.count)")
            // Another process that adopted it first has moved it: it is not ours.
            guard rename(orphan.path, adopted.path) == 0 else { continue }
            guard let text = try adopted.load() else {
                unlink(adopted.path)
                continue
            }
            if adopted.path != draft.path { kept.append(adopted.path) }
            texts.append(text)
        }
        for leftover in leftovers where gone.contains(leftover.owner) || !isRunning(leftover.owner) {
            unlink(folder + "/" + leftover.name)
        }
        for other in gone { unlink(folder + "/" + other + ".lock") }
        return texts
    }

    /// Removes the adopted drafts offered as history: called when chat-tui ends
    /// normally, after the user had them. A process killed keeps them on disk
    /// for the next start.
    public func removeKept() {
        for path in kept { unlink(path) }
        kept = []
    }

    /// True when the owner `other` holds its lock: its process is running.
    private func isRunning(_ other: String) -> Bool {
        let descriptor = open(folder + "/" + other + ".lock", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }

    /// Moves a draft from the single file an earlier chat-tui kept per room
    /// (where the folder now goes) into the folder, as an orphan.
    private static func moveSingleFileDraft(at path: String, into drafts: String) throws(StorageError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        let aside = drafts + "/.\(getpid()).single-file-draft"
        guard rename(path, aside) == 0 else { return }  // another process moved it first
        try DataFolders.makeFolder(path)
        guard rename(aside, path + "/single-file.draft") == 0 else {
            throw StorageError("cannot move \(aside) to \(path)/single-file.draft")
        }
    }
}
