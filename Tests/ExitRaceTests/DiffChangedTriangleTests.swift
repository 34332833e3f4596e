import Testing

@testable import ExitRace
@testable import ExitRaceReport

/// `diff`/`check`: a △ whose procedures changed is a change of the cell, never "△ as before".
@Suite("Diff: a △ under other procedures")
struct DiffChangedTriangleTests {
    @Test("△ background → △ foreground names both sets and counts as a flip")
    func changedTriangle() throws {
        let old = try BatchAndDiffTests.document()
        var new = old
        let index = try #require(new.cells.firstIndex { $0.verdict == "△" })
        for outcome in new.cells[index].outcomes.indices {
            new.cells[index].outcomes[outcome].finished.toggle()
        }
        let before = old.cells[index].outcomes.filter(\.finished).map(\.procedure).joined(separator: "+")
        let after = new.cells[index].outcomes.filter(\.finished).map(\.procedure).joined(separator: "+")
        let text = ResultDiff(old: [old], new: [new]).renderText()
        expectContains(text, ": △ \(before) → △ \(after) (", "\(text)")
        expectNotContains(text, "as before", "\(text)")
        #expect(text.hasSuffix("1 cell flipped\n"), "\(text)")
    }
}
