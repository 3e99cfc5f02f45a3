import Foundation
import Testing

@testable import ChatIO

@Suite struct DraftFileTests {
    @Test func aSavedDraftLoadsBackAndAnEmptyOneRemovesTheFile() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path + "/state/chat-tui/drafts", name: "local")
        #expect(try drafts.load() == nil)
        let text = "line one\nこんにちは 👋🏽\n"
        try drafts.save(text)
        #expect(try drafts.load() == text)
        try drafts.save("second")
        #expect(try drafts.load() == "second")
        try drafts.save("")
        #expect(!FileManager.default.fileExists(atPath: drafts.path))
        #expect(try drafts.load() == nil)
        try drafts.save("")  // nothing to remove is not a failure
    }

    @Test func foldersRemovedBetweenSavesAreMadeAgain() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path + "/state/chat-tui/drafts", name: "local")
        try drafts.save("first")
        try FileManager.default.removeItem(atPath: folder.path + "/state")
        try drafts.save("second")
        #expect(try drafts.load() == "second")
    }

    @Test func aFolderThatIsAFileIsAnErrorThatSaysSo() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.path + "/state", contents: Data()))
        let drafts = DraftFile(folder: folder.path + "/state/drafts", name: "local")
        #expect(throws: StorageError.self) { try drafts.save("text") }
        do {
            try drafts.save("text")
        } catch {
            #expect(error.code == ENOTDIR, "\(error)")
        }
    }

    @Test func theDraftAndItsFoldersArePrivateAndNoTemporaryFileIsLeft() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path + "/state/chat-tui/drafts", name: "local")
        try drafts.save("secret")
        let file = try FileManager.default.attributesOfItem(atPath: drafts.path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        for path in [folder.path + "/state", folder.path + "/state/chat-tui", folder.path + "/state/chat-tui/drafts"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/chat-tui/drafts") == ["local"])
    }

    @Test func aFailedSaveKeepsTheLastDraftWhole() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path, name: "local")
        try drafts.save("kept")
        // A folder where the temporary file would go: it cannot be written.
        let temporary = folder.path + "/.local.\(getpid()).tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        #expect(throws: StorageError.self) { try drafts.save("lost") }
        #expect(try drafts.load() == "kept")
    }

    @Test func savesThroughASpareSwapItWithTheDraftAndLeaveTheOneBeforeInIt() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path + "/state/drafts", name: "local", spare: true)
        let spare = try #require(drafts.spare)
        #expect(spare == folder.path + "/state/drafts/.local.spare")
        // No draft yet: the spare is renamed into place.
        try drafts.save(utf8: Array("first, a longer one".utf8), flush: true)
        #expect(try drafts.load() == "first, a longer one")
        #expect(!FileManager.default.fileExists(atPath: spare))
        try drafts.save(utf8: Array("second".utf8), flush: false)
        #expect(try drafts.load() == "second")
        #expect(try String(contentsOfFile: spare, encoding: .utf8) == "first, a longer one")
        // The spare, longer than what goes into it, is cut to it.
        try drafts.save(utf8: Array("third".utf8), flush: true)
        #expect(try drafts.load() == "third")
        #expect(try String(contentsOfFile: spare, encoding: .utf8) == "second")
        for path in [drafts.path, spare] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(path)")
        }
        // The same two files all along: no file is made or removed per save.
        let inodes = try [drafts.path, spare].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? Int
        }
        try drafts.save(utf8: Array("fourth".utf8), flush: false)
        let swapped = try [spare, drafts.path].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? Int
        }
        #expect(inodes == swapped)
        drafts.removeSpare()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/drafts") == ["local"])
        try drafts.save(utf8: Array("fifth".utf8), flush: false)
        try drafts.save(utf8: [], flush: false)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/drafts") == [],
            "an emptied draft leaves neither file")
    }

    @Test func aFailedSaveThroughASpareKeepsTheLastDraftWholeAndNoSpare() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path, name: "local", spare: true)
        try drafts.save(utf8: Array("kept".utf8), flush: false)
        try drafts.save(utf8: Array("kept too".utf8), flush: false)
        // The disk is full: /dev/full takes the spare's place.
        let spare = try #require(drafts.spare)
        try FileManager.default.removeItem(atPath: spare)
        #expect(symlink("/dev/full", spare) == 0)
        do {
            try drafts.save(utf8: Array("lost".utf8), flush: false)
            Issue.record("a save onto /dev/full succeeded")
        } catch {
            #expect(error.code == ENOSPC, "\(error)")
        }
        #expect(try drafts.load() == "kept too")
        #expect(!FileManager.default.fileExists(atPath: spare), "nothing is left at the spare")
        try drafts.save(utf8: Array("saved again".utf8), flush: false)
        #expect(try drafts.load() == "saved again")
    }

    @Test func anUnreadableDraftIsAnErrorNotAnEmptyDraft() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path, name: "local")
        try FileManager.default.createDirectory(atPath: drafts.path, withIntermediateDirectories: true)
        #expect(throws: StorageError.self) { try drafts.load() }
    }

    @Test func draftsFollowXDGStateHome() {
        #expect(DataFolders.drafts(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/chat-tui/drafts")
        #expect(
            DataFolders.drafts(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/chat-tui/drafts")
        #expect(DataFolders.drafts(environment: ["HOME": "/h"]) == "/h/.local/state/chat-tui/drafts")
    }
}
