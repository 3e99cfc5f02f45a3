import Glibc

/// Saves a draft into its `DraftFile` as it is typed, each save as cheaply as
/// the file can be kept whole.
///
/// A save that only adds to the end of what the file holds is one write at
/// its end, and one that only takes from its end is one truncation, both
/// through a descriptor kept open between saves: typing at the end of a
/// draft, saved every second, costs a write a second rather than five system
/// calls and a swap of files. Each is one system call, so a process killed
/// during it leaves the old draft or the new one, or, for a long write cut
/// short at a page's end, the old draft and the start of what was added to
/// it: never a mix of two drafts, nor less than the old one.
///
/// A flushed save is made in place too, and then flushed, when the draft last
/// flushed is still on the disk as the file's start: every save since only
/// added after it or took back what was added. A power cut during the flush
/// then leaves that draft and perhaps some of what was added, as a kill
/// would; the file's name was flushed with the whole save before. Every other
/// save replaces the file whole through its spare, as `DraftFile.save` does.
public final class DraftSaver {
    /// The file saved into.
    public let file: DraftFile
    /// What the file holds, as this process last saved it; nil until it has
    /// saved it whole (it may hold a draft adopted, or a failed save).
    private var saved: [UInt8]?
    /// The file opened for saves in place since it was last saved whole; -1
    /// when not open.
    private var descriptor: Int32 = -1
    /// How many of the file's first bytes are on the disk as a flushed draft
    /// left as it was by every save in place since; nil when the last whole
    /// save was not flushed, or a save in place took from that draft.
    private var flushedStart: Int?

    public init(file: DraftFile) {
        self.file = file
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Saves the draft whose UTF-8 is `bytes`, in place when it can be (see
    /// above); none removes the file. With `flush` the draft is on the disk
    /// when it returns; without, it outlives the process but not a power cut.
    public func save(utf8 bytes: [UInt8], flush: Bool) throws(StorageError) {
        if !flush || flushedStart != nil, saveInPlace(bytes) {
            guard flush else { return }
            // The start flushed before is left as it was: only what follows it is new.
            if flushedStart != nil, fdatasync(descriptor) == 0 || errno == EINVAL {
                flushedStart = bytes.count
                return
            }
        }
        letGoOfFile()
        try file.save(utf8: bytes, flush: flush)
        // A copy of its own: holding the draft's storage would make the next
        // key copy the whole draft to change it.
        saved = bytes.withUnsafeBufferPointer { Array($0) }
        // A file with no spare is always flushed whole (`FileWriting.replace`).
        flushedStart = flush || file.spare == nil ? bytes.count : nil
    }

    /// Writes `bytes` over what the file holds in place when they only add to
    /// its end or only take from it; false when they cannot be, or the file
    /// this process saved is no longer at its path.
    private func saveInPlace(_ bytes: [UInt8]) -> Bool {
        guard let count = saved?.count, count > 0, !bytes.isEmpty else { return false }
        let common = min(bytes.count, count)
        let same = bytes.withUnsafeBytes { new in
            saved!.withUnsafeBytes { old in memcmp(new.baseAddress!, old.baseAddress!, common) == 0 }
        }
        guard same else { return false }
        if descriptor < 0 {
            descriptor = open(file.path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
        }
        // Removed or replaced meanwhile: what is written here would be lost.
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_nlink > 0 else { return false }
        if bytes.count > count {
            let failure = bytes.withUnsafeBytes { all in
                FileWriting.writeAll(UnsafeRawBufferPointer(rebasing: all[count...]), to: descriptor, at: off_t(count))
            }
            guard failure == nil else { return false }
            saved!.append(contentsOf: bytes[count...])
        } else if bytes.count < count {
            guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { return false }
            saved!.removeLast(count - bytes.count)
            // What is written after this would go over the draft flushed.
            if let start = flushedStart, bytes.count < start { flushedStart = nil }
        }
        return true
    }

    /// Closes the descriptor and forgets what the file holds, before the file
    /// is saved whole (the swap puts another file at its path).
    private func letGoOfFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        saved = nil
    }
}
