import Foundation
import Testing

/// The expectation helpers (Support/Expectations.swift) fail as `#expect` does: at the caller's line,
/// with both values and the comment, and only when they should.
@Suite("Expectation helpers")
struct ExpectationHelperTests {
    /// The failure `body` records: one issue (the matcher may see it more than once), at `line` of
    /// this file, described with `words` (its values and comment).
    static func failure(
        at line: Int, naming words: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
    ) {
        let issues = Recorded()
        withKnownIssue {
            body()
        } matching: { issue in
            issues.append(issue)
            return true
        }
        let recorded = issues.all
        #expect(!recorded.isEmpty, "no failure recorded", sourceLocation: sourceLocation)
        for issue in recorded {
            #expect(issue.sourceLocation?.line == line, sourceLocation: sourceLocation)
            #expect(issue.sourceLocation?.fileName == "ExpectationHelperTests.swift", sourceLocation: sourceLocation)
            let text = String(describing: issue) + " " + issue.comments.map(\.rawValue).joined(separator: " ")
            for word in words { #expect(text.contains(word), "\(text)", sourceLocation: sourceLocation) }
        }
    }

    @Test("a failing helper records one issue at its caller's line, with the values and the comment")
    func failures() {
        Self.failure(at: #line, naming: ["41", "42", "the answer"]) { expectEqual(41, 42, "the answer") }
        Self.failure(at: #line, naming: ["exit 2: refused", "\"exit 0\""]) { expectContains("exit 2: refused", "exit 0") }
        Self.failure(at: #line + 1, naming: ["exit 2: refused", "\"2: ref\"", "stderr"]) {
            expectNotContains("exit 2: refused", "2: ref", "stderr")
        }
    }

    @Test("a passing helper records nothing")
    func passes() {
        expectEqual([1, 2], [1, 2])
        expectEqual(Optional<Int>.none, nil)
        expectContains("exit 2: refused", "refused")
        expectContains("exit 2: refused"[...], "2:")
        expectNotContains("exit 2: refused", "exit 0")
    }

    /// The issues a known-issue matcher saw (it may run on another thread).
    final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var issues: [Issue] = []
        func append(_ issue: Issue) { lock.withLock { issues.append(issue) } }
        var all: [Issue] { lock.withLock { issues } }
    }
}
