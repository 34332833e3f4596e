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

    /// The value of `let x = …`, the file's only declaration.
    static func value(_ file: SwiftFile) -> SwiftExpr? {
        guard case .property(let property) = file.declarations.first else { return nil }
        return property.value
    }

    /// The height of the tree below `expr` through chains, arguments, closures and their expression
    /// statements (what the chains below nest).
    static func height(_ expr: SwiftExpr) -> Int {
        switch expr.kind {
        case .member(let base, _), .generic(let base, _), .prefix(_, let base): 1 + height(base)
        case .call(let callee, let arguments, let trailing):
            1 + max(height(callee), arguments.map { height($0.value) }.max() ?? 0, trailing.map(height).max() ?? 0)
        case .closure(let closure): 1 + height(closure)
        case .binary(let operands, _): 1 + (operands.map(height).max() ?? 0)
        case .tuple(let arguments), .collection(let arguments), .pound(_, let arguments):
            1 + (arguments.map { height($0.value) }.max() ?? 0)
        case .name, .implicitMember, .literal, .opaque: 0
        }
    }

    static func height(_ closure: SwiftClosure) -> Int {
        1 + (closure.body.flatMap(\.ownExpressions).map(height).max() ?? 0)
    }

    @Test("a chain of 30,000 links is cut at maxChainLinks with its place, whatever its links are")
    func longChains() throws {
        let limit = SwiftParser.maxChainLinks
        let chains = [
            ("a", ".b", 30_000), ("f", "()", 30_000), ("a", ".b()", 15_000), ("a", "?.b", 30_000), ("f", " {}", 30_000),
            ("a", ".b<C>", 30_000),
        ]
        for (base, link, count) in chains {
            let file = Self.parse("let x = " + base + String(repeating: link, count: count) + "\n")
            let value = try #require(Self.value(file), "\(link)")
            #expect(Self.height(value) <= limit + 1, "\(link): \(Self.height(value))")  // a trailing closure's own level
            #expect(Self.height(value) >= limit - 1, "\(link): \(Self.height(value))")
            expectEqual(file.problems.count, 1, "\(link)")
            expectEqual(file.problems.first?.message, "a chain of more than 1,000 member accesses and calls: the rest skipped")
            expectEqual(file.problems.first?.line, 1)
        }
        // In a function's body, as the helper's crash was (the importer walked it and overflowed).
        let body = Self.parse("func f() {\n    let x = a" + String(repeating: ".b", count: 30_000) + "\n}\n")
        expectEqual(body.problems.map(\.message), ["a chain of more than 1,000 member accesses and calls: the rest skipped"])
    }

    @Test("chains in a chain's closures and arguments count with it, one path at a time")
    func nestedChainsAddUp() throws {
        let limit = SwiftParser.maxChainLinks
        // Each closure opens a chain of 400 links, and 400 more follow each closing brace: a path
        // from the outermost chain into the innermost crosses all of them, so the chains are cut
        // and the tree stays within the limit (a closure and its call a level each besides).
        var source = "let x = "
        for _ in 0..<30 { source += "f" + String(repeating: ".b", count: 400) + " { " }
        source += "g"
        for _ in 0..<30 { source += " }" + String(repeating: ".b", count: 400) }
        let file = Self.parse(source + "\n")
        let value = try #require(Self.value(file))
        #expect(Self.height(value) <= limit + 2 * 30, "\(Self.height(value))")
        expectEqual(file.problems.map(\.message), ["a chain of more than 1,000 member accesses and calls: the rest skipped"])
        // 600 links in an interpolation and 600 after its string are one path of 1,200: cut.
        let chain = String(repeating: ".b", count: 600)
        let after = Self.parse(#"let x = "\(a"# + chain + #")""# + chain + "\n")
        let cut = try #require(Self.value(after))
        expectEqual(Self.height(cut), limit - 600)
        expectEqual(after.problems.map(\.message), ["a chain of more than 1,000 member accesses and calls: the rest skipped"])
        // A chain cut inside an interpolation is noted at its string (the interpolation's own parse
        // keeps no problems).
        let inside = Self.parse(#"let x = "\(a"# + String(repeating: ".b", count: 1_200) + #")""# + "\n")
        expectEqual(inside.problems.map(\.message), ["a chain of more than 1,000 member accesses and calls: the rest skipped"])
        expectEqual(inside.problems.map(\.column), [9])
    }

    @Test("chains side by side do not add up: a view's children, an array's elements, statements")
    func wideExpressions() throws {
        let limit = SwiftParser.maxChainLinks
        let modifiers = String(repeating: ".padding().font(.title)", count: 100)  // 400 links after Text(…)'s own
        let children = (0..<3).map { "    Text(\"\($0)\")\(modifiers)" }.joined(separator: "\n")
        let view = Self.parse("let body = VStack {\n\(children)\n}\n")
        expectEqual(view.problems.count, 0, "\(view.problems)")
        let width = try Self.height(#require(Self.value(view)))
        #expect(width > 401 && width < 401 + 10, "\(width)")
        let entries = (0..<700).map { #"Item(name: "n\#($0)", icon: .system("s\#($0)"))"# }.joined(separator: ", ")
        expectEqual(Self.parse("let all: [Item] = [\(entries)]\n").problems.count, 0)
        let statements = (0..<3).map { _ in "    a" + String(repeating: ".b", count: limit - 1) }.joined(separator: "\n")
        expectEqual(Self.parse("func f() {\n\(statements)\n}\n").problems.count, 0)
    }
}
