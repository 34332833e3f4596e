import Testing

@testable import ExitRace

/// The `[w]` mark: a ○ whose every run ended in a watchdog kill (a 0x8badf00d crash report on a
/// device) must say so, in every format.
@Suite("Watchdog-kill mark")
struct WatchdogMarkTests {
    /// The request counts on delivery (1 ms), but the semaphore waits for its reply (6 s), past
    /// the termination turn's 5 s watchdog.
    static func slowReply(replyMs: Int) -> ResultTable {
        let scenario = TestScenario.make(
            call: #""costMs": 1, "deliverAfterMs": 1, "replyLatencyMs": \#(replyMs)"#,
            strategies: [
                "Task.detached + semaphore": """
                [{"op": "detached", "body": [{"op": "call", "name": "request"}, {"op": "signal", "semaphore": "done"}]},
                 {"op": "wait", "semaphore": "done"}]
                """
            ],
            procedures: [
                "watched": #"[{"op": "turn", "watchdogMs": 5000, "actions": [{"op": "hook", "name": "hook"}, {"op": "exit"}]}]"#
            ])
        return Simulator(scenario: scenario).table()
    }

    @Test("a ○ whose every run ended in a watchdog kill is marked [w], with a legend and a details line")
    func markedInText() {
        let table = Self.slowReply(replyMs: 6000)
        expectEqual(table.cells[0].verdict, .always)
        #expect(table.cells[0].watchdogKilled)
        let text = TextRenderer.render(table)
        expectContains(text, "| ○ [w]\n")
        expectContains(text,
            "\n[w] watchdog kill: the cleanup finished, then a watchdog killed the app (0x8badf00d) under a procedure (see details)\n")
        expectContains(text, "\n  hook · Task.detached + semaphore (watched): the cleanup finished at 11 ms, then the watchdog killed the process at\n      5000 ms (0x8badf00d)\n")
        expectContains(MarkdownRenderer.render(table), "| ○ \\[w\\] |")
        expectContains(JSONRenderer.render([table]), #""watchdogKill": true"#)
    }

    @Test("the mark is read back from a result file, and a diff names it")
    func readBackAndDiffed() {
        let marked = ResultDocument(table: Self.slowReply(replyMs: 6000))
        let unmarked = ResultDocument(table: Self.slowReply(replyMs: 2))
        #expect(marked.cells[0].watchdogKill)
        #expect(!unmarked.cells[0].watchdogKill)
        let diff = ResultDiff(old: [unmarked], new: [marked])
        expectContains(diff.renderText(), "watchdog kill appeared")
    }

    @Test("a reply within the budget: no mark, no legend line, no JSON member")
    func unmarked() {
        let table = Self.slowReply(replyMs: 2)
        #expect(!table.cells[0].watchdogKilled)
        expectNotContains(TextRenderer.render(table), "[w]")
        expectNotContains(MarkdownRenderer.render(table), "\\[w\\]")
        expectNotContains(JSONRenderer.render([table]), "watchdogKill")
    }
}
