import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceParameters
@testable import ExitRaceEngine
@testable import ExitRaceExperiment
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain

/// The importer's Swift parser: declarations, closures, trailing closures, member chains and the
/// statements it reads; anything else skipped by balanced delimiters, at a bounded depth.
@Suite("Swift parser")
struct SwiftParserTests {
    static func parse(_ source: String) -> SwiftFile {
        SwiftParser.parse(path: "T.swift", bytes: Array(source.utf8))
    }

    @Test("types with attributes and conformances, functions with modifiers and async")
    func declarations() {
        let file = Self.parse("""
            @MainActor final class A: UIResponder, UIApplicationDelegate {
                nonisolated func f(_ x: Int, label y: Int) async throws -> Int { 1 }
                var body: some View { Text("") }
                static let shared = A()
            }
            actor Store {}
            extension A: Sendable where T: Equatable {}
            """)
        #expect(file.problems.isEmpty)
        guard case .type(let a) = file.declarations[0] else { Issue.record("no type"); return }
        #expect(a.attributes == ["@MainActor"] && a.modifiers == ["final"] && a.keyword == "class")
        expectEqual(a.inherits, ["UIResponder", "UIApplicationDelegate"])
        guard case .function(let f) = a.members[0] else { Issue.record("no function"); return }
        #expect(f.name == "f" && f.modifiers == ["nonisolated"] && f.isAsync && f.parameterLabels == ["_", "label"])
        guard case .function(let body) = a.members[1] else { Issue.record("body is not read"); return }
        #expect(body.name == "body" && body.body?.count == 1)
        guard case .type(let store) = file.declarations[1], case .type(let ext) = file.declarations[2] else { return }
        #expect(store.keyword == "actor" && ext.keyword == "extension" && ext.inherits == ["Sendable"])
    }

    @Test("calls, trailing closures, member chains across lines, closure attributes and parameters")
    func expressions() {
        let file = Self.parse("""
            func f() {
                Task.detached(priority: .high) { @MainActor [weak self] in await g() }
                x = NotificationCenter.default
                    .publisher(for: UIApplication.willTerminateNotification)
                    .sink { _, phase in }
                if a == .background { b() } else { c() }
            }
            """)
        guard case .function(let f) = file.declarations[0], let body = f.body else { Issue.record("no body"); return }
        expectEqual(body.count, 3)
        guard case .expression(let task) = body[0].kind, case .call(let callee, let arguments, let trailing) = task.kind
        else { Issue.record("no call"); return }
        expectEqual(StepTranslator.chain(callee), ["Task", "detached"])
        #expect(arguments.first?.label == "priority" && trailing.count == 1)
        #expect(trailing[0].attributes == ["@MainActor"] && trailing[0].body.count == 1)
        guard case .expression(let assignment) = body[1].kind, case .binary(let operands, ["="]) = assignment.kind,
            case .call(let sink, _, let sinkClosures) = operands[1].kind
        else { Issue.record("no assignment"); return }
        expectEqual(StepTranslator.chain(sink).suffix(2), ["publisher", "sink"])
        expectEqual(sinkClosures.first?.parameters, ["_", "phase"])
        guard case .ifStatement(let conditions, let then, let otherwise) = body[2].kind else { Issue.record("no if"); return }
        #expect(conditions.count == 1 && then.count == 1 && otherwise?.count == 1)
    }

    @Test("unbalanced braces are reported with their place")
    func unbalanced() {
        #expect(!Self.parse("func f() { if x {").problems.isEmpty)
        #expect(!Self.parse("func f() { } }").problems.isEmpty)
        #expect(!Self.parse("func f() { g(] }").problems.isEmpty)
    }

    @Test("100,000 nested parentheses, brackets and braces parse without overflowing the stack", .heavy)
    func deepNesting() {
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] {
            let source = "func f() { x = " + String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000) + " }"
            let file = Self.parse(source)
            expectEqual(file.declarations.count, 1)
        }
        let closures = "func f() { " + String(repeating: "Task { ", count: 50_000) + String(repeating: "}", count: 50_000) + " }"
        expectEqual(Self.parse(closures).declarations.count, 1)
    }
}
