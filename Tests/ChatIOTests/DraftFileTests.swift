@testable import ChatIO
import Foundation
import Testing

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

    @Test func anUnreadableDraftIsAnErrorNotAnEmptyDraft() throws {
        let folder = try TemporaryFolder()
        let drafts = DraftFile(folder: folder.path, name: "local")
        try FileManager.default.createDirectory(atPath: drafts.path, withIntermediateDirectories: true)
        #expect(throws: StorageError.self) { try drafts.load() }
    }

    @Test func draftsFollowXDGStateHome() {
        #expect(DataFolders.drafts(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/chat-tui/drafts")
        #expect(DataFolders.drafts(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/chat-tui/drafts")
        #expect(DataFolders.drafts(environment: ["HOME": "/h"]) == "/h/.local/state/chat-tui/drafts")
    }
}
