import Testing

@testable import ExitRace

@Suite("Text tables")
struct TextRendererTests {
    @Test("headers wrap at spaces and after '(', long names after their dots", arguments: [
        ("Task + semaphore", 12, ["Task +", "semaphore"]),
        ("Task.detached + semaphore", 13, ["Task.detached", "+ semaphore"]),
        ("Task.detached(priority: .high)", 14, ["Task.detached(", "priority:", ".high)"]),
        ("DispatchQueue.main.async", 14, ["DispatchQueue.", "main.async"]),
        ("Task", 12, ["Task"]),
        ("averyveryverylongname", 5, ["averyveryverylongname"]),
        ("", 5, [""]),
    ])
    func wrapping(text: String, width: Int, lines: [String]) {
        #expect(TextRenderer.wrap(text, width: width) == lines)
    }

    @Test("every line of the default table fits in 110 columns, and the header lines line up with the rows")
    func defaultTableWidth() {
        let text = TextRenderer.render(Simulator(scenario: DefaultScenario.load()).table())
        let tableLines = text.split(separator: "\n").dropFirst().prefix(8)
        for line in tableLines { #expect(line.count <= 110, "\(line)") }
        let separators = tableLines.map { line in line.enumerated().filter { $0.element == "|" || $0.element == "+" }.map(\.offset) }
        let rule = separators[3]
        for (index, positions) in separators.enumerated() where !positions.isEmpty && positions.count == rule.count {
            #expect(positions == rule, "line \(index)")
        }
    }
}
