import Testing
@testable import TUI

@Suite struct CursorReportsTests {
    @Test func reportsArePickedOutAndTypedBytesKeptInOrder() {
        var reports = CursorReports()
        reports.consume(Array("\u{1B}[1;5Rhi\u{1B}[1;3".utf8))
        reports.consume(Array("R\u{1B}[A日".utf8))
        #expect(reports.columns == [5, 3])
        #expect(String(decoding: reports.otherBytes, as: UTF8.self) == "hi\u{1B}[A日")
    }

    @Test func aLoneEscapeIsAKey() {
        var reports = CursorReports()
        reports.consume([0x1B, UInt8(ascii: "x"), UInt8(ascii: "y")])
        #expect(reports.columns.isEmpty)
        #expect(reports.otherBytes == [0x1B, UInt8(ascii: "x"), UInt8(ascii: "y")])
    }
}
