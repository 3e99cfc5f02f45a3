import Foundation
import Testing

@testable import ChatIO

@Suite struct DraftSaverTests {
    /// The inode at `path`: the same one after a save in place, another after
    /// a save through the spare.
    func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    @Test func typingAtTheEndIsSavedInPlaceAndAnyOtherChangeWhole() throws {
        let folder = try TemporaryFolder()
        let file = DraftFile(folder: folder.path + "/drafts", name: "local", spare: true)
        let saver = DraftSaver(file: file)
        try saver.save(utf8: Array("日本語で".utf8), flush: false)
        #expect(try file.load() == "日本語で")
        let first = try inode(file.path)

        try saver.save(utf8: Array("日本語で書いた下書き 🎉".utf8), flush: false)
        #expect(try file.load() == "日本語で書いた下書き 🎉")
        #expect(try inode(file.path) == first, "an addition at the end is written in place")
        try saver.save(utf8: Array("日本語で書いた".utf8), flush: false)
        #expect(try file.load() == "日本語で書いた")
        #expect(try inode(file.path) == first, "a removal from the end is a truncation in place")
        try saver.save(utf8: Array("日本語で書いた".utf8), flush: false)
        #expect(try file.load() == "日本語で書いた")

        try saver.save(utf8: Array("英語で書いた".utf8), flush: false)
        #expect(try file.load() == "英語で書いた")
        let second = try inode(file.path)
        #expect(second != first, "a change before the end is saved whole, through the spare")
        try saver.save(utf8: Array("英語で書いた、そして".utf8), flush: true)
        #expect(try file.load() == "英語で書いた、そして")
        #expect(try inode(file.path) != second, "a flushed save after a whole one left unflushed is whole")

        try saver.save(utf8: [], flush: false)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try saver.save(utf8: Array("again".utf8), flush: false)
        #expect(try file.load() == "again")
    }

    @Test func aFlushedSaveIsMadeInPlaceOnlyOverTheDraftFlushedBefore() throws {
        let folder = try TemporaryFolder()
        let file = DraftFile(folder: folder.path, name: "local", spare: true)
        let saver = DraftSaver(file: file)
        try saver.save(utf8: Array("下書き".utf8), flush: false)
        let unflushed = try inode(file.path)
        try saver.save(utf8: Array("下書きを".utf8), flush: true)
        #expect(try file.load() == "下書きを")
        let flushed = try inode(file.path)
        #expect(flushed != unflushed, "the first flush after a whole save left unflushed is whole")

        try saver.save(utf8: Array("下書きを書く".utf8), flush: false)
        try saver.save(utf8: Array("下書きを書く 🎉".utf8), flush: true)
        #expect(try file.load() == "下書きを書く 🎉")
        #expect(try inode(file.path) == flushed, "only added after the draft flushed: flushed in place")
        try saver.save(utf8: Array("下書きを書く 🎉 とも".utf8), flush: false)
        try saver.save(utf8: Array("下書きを書く 🎉 と".utf8), flush: false)
        try saver.save(utf8: Array("下書きを書く 🎉 とは".utf8), flush: true)
        #expect(try file.load() == "下書きを書く 🎉 とは")
        #expect(try inode(file.path) == flushed, "taking back only what was added leaves the draft flushed as it was")

        try saver.save(utf8: Array("下書きを".utf8), flush: false)
        #expect(try inode(file.path) == flushed, "a removal from the end is still saved in place")
        try saver.save(utf8: Array("下書きをした".utf8), flush: true)
        #expect(try file.load() == "下書きをした")
        let whole = try inode(file.path)
        #expect(whole != flushed, "written over the draft flushed: flushed whole, through the spare")
        try saver.save(utf8: Array("下書き".utf8), flush: true)
        #expect(try file.load() == "下書き")
        #expect(try inode(file.path) != whole, "a flushed save that takes from the draft flushed is whole")
    }

    @Test func aFileThisProcessHasNotSavedWholeIsNeverWrittenInPlace() throws {
        let folder = try TemporaryFolder()
        let file = DraftFile(folder: folder.path, name: "local", spare: true)
        // Adopted from a process gone: longer than, and unlike, what is saved next.
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try "a draft adopted, left by another process".write(toFile: file.path, atomically: false, encoding: .utf8)
        let saver = DraftSaver(file: file)
        try saver.save(utf8: Array("a draft".utf8), flush: false)
        #expect(try file.load() == "a draft")
        try saver.save(utf8: Array("a draft, typed on".utf8), flush: false)
        #expect(try file.load() == "a draft, typed on")
    }

    @Test func aDraftRemovedOrReplacedUnderItIsSavedWholeAgain() throws {
        let folder = try TemporaryFolder()
        let file = DraftFile(folder: folder.path + "/state/drafts", name: "local", spare: true)
        let saver = DraftSaver(file: file)
        try saver.save(utf8: Array("first".utf8), flush: true)
        try saver.save(utf8: Array("first and".utf8), flush: false)
        try FileManager.default.removeItem(atPath: folder.path + "/state")
        try saver.save(utf8: Array("first and second".utf8), flush: false)
        #expect(try file.load() == "first and second", "not written into the file removed")

        try saver.save(utf8: Array("first and second, and".utf8), flush: false)
        let aside = folder.path + "/aside"
        try "someone else's".write(toFile: aside, atomically: false, encoding: .utf8)
        #expect(rename(aside, file.path) == 0)
        try saver.save(utf8: Array("first and second, and third".utf8), flush: false)
        #expect(try file.load() == "first and second, and third", "not written into the file replaced")
    }

    @Test func aCharacterCutShortAtTheEndIsNotLoaded() throws {
        let folder = try TemporaryFolder()
        let file = DraftFile(folder: folder.path, name: "local")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        // A write cut short by a kill between two pages leaves part of a character.
        for cut in 1...3 {
            let bytes = Array("日本".utf8) + Array("🎉".utf8).prefix(cut)
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data(bytes)))
            #expect(try file.load() == "日本", "\(cut) bytes of four")
        }
        let whole = Array("日本🎉".utf8)
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data(whole)))
        #expect(try file.load() == "日本🎉")
        // Only a cut at the end: a byte that is no character elsewhere is shown as one.
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data([0x61, 0xFF, 0x62])))
        #expect(try file.load() == "a\u{FFFD}b")
    }
}
