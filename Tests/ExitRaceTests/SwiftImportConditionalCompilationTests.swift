import Testing

@testable import ExitRace
@testable import ExitRaceImport

/// `#if` / `#elseif` / `#else`: the branch an iOS device release build compiles is read, the others are
/// not, and each skipped branch with code is named at its directive (docs/import.md, "Reading Swift").
@Suite("exitrace import: #if reads the branch of an iOS device release build")
struct SwiftImportConditionalCompilationTests {
    static func imported(_ body: String) throws -> SwiftImport.Result {
        try SwiftImportReviewTests.imported(body)
    }

    static func notes(_ result: SwiftImport.Result) -> [String] { result.notes.map(\.description) }

    static func call(_ name: String) -> ProgramStep {
        .callWithCompletion(name, queue: SwiftImportLanguageTests.global, completion: [])
    }

    @Test("#if DEBUG … #else …: the else branch is read; the DEBUG one is named, with why and its lines")
    func debugIsOff() throws {
        let result = try Self.imported("""
            #if DEBUG
                    Debug.shared.flush()
                    Debug.shared.persist()
                    #else
                    Store.shared.flush()
                    #endif
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.call("Store.flush")])
        #expect(Self.notes(result).contains(
            "App.swift:4:9: not translated: #if DEBUG: its condition is false (DEBUG is not set) for the build import "
                + "reads, an iOS device release build (os(iOS) and canImport of iOS modules true, "
                + "targetEnvironment(simulator) and DEBUG false, no other flag set, Swift 6.3): its code (lines 5–6) is "
                + "not read; if your build compiles it, import a copy of the file with that branch's code outside the #if"),
            "\(Self.notes(result))")
        expectContains(result.summary, "App.swift:4:9: not translated: #if DEBUG")
    }

    @Test("#if os(iOS) … #elseif os(macOS) … #else …: the first true branch; the later ones named as not compiled")
    func firstTrueBranch() throws {
        let result = try Self.imported("""
            #if os(iOS) && !targetEnvironment(macCatalyst)
                    Store.shared.flush()
                    #elseif os(macOS)
                    Mac.shared.flush()
                    #else
                    Other.shared.flush()
                    #endif
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.call("Store.flush")])
        let notes = Self.notes(result)
        #expect(notes.contains { $0.hasPrefix("App.swift:6:9: not translated: #elseif os(macOS): the branch at line 4 is the one compiled") })
        #expect(notes.contains { $0.hasPrefix("App.swift:8:9: not translated: #else: the branch at line 4 is the one compiled") })
        #expect(!notes.contains { $0.hasPrefix("App.swift:4:") }, "the branch read is not named")
    }

    @Test("the simulator, Mac Catalyst and a custom flag are off; swift(>=…) and canImport(UIKit) are on")
    func otherConditions() throws {
        let result = try Self.imported("""
            #if targetEnvironment(simulator)
                    Sim.shared.flush()
                    #elseif BETA_BUILD
                    Beta.shared.flush()
                    #elseif swift(>=5.9) && canImport(UIKit)
                    Store.shared.flush()
                    #endif
                    #if canImport(AppKit) || swift(<5.0)
                    Mac.shared.flush()
                    #endif
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.call("Store.flush")])
        let notes = Self.notes(result)
        #expect(notes.contains { $0.hasPrefix("App.swift:4:9: not translated: #if targetEnvironment(simulator): its condition is false for") })
        #expect(notes.contains { $0.hasPrefix("App.swift:6:9: not translated: #elseif BETA_BUILD: its condition is false (BETA_BUILD is not set)") })
        #expect(notes.contains { $0.hasPrefix("App.swift:11:9: not translated: #if canImport(AppKit) || swift(<5.0): its condition is false") })
    }

    @Test("a branch inside a branch not read is named once, at the outer directive; an empty one not at all")
    func nestedAndEmpty() throws {
        let result = try Self.imported("""
            #if os(macOS)
                    #if DEBUG
                    Mac.shared.flush()
                    #endif
                    #endif
                    #if DEBUG
                    #endif
                    Store.shared.flush()
            """)
        expectEqual(result.hooks[0].steps.map(\.step), [Self.call("Store.flush")])
        let named = Self.notes(result).filter { $0.contains(": #if ") }
        #expect(named.count == 1 && named[0].hasPrefix("App.swift:4:9: not translated: #if os(macOS)"), "\(named)")
    }

    @Test("a condition it cannot read is taken as false and said so; a whole file in #if os(iOS) is read")
    func unreadConditionAndWholeFile() throws {
        let unread = try Self.imported("""
            #if someTest(x)
                    Odd.shared.flush()
                    #endif
                    Store.shared.flush()
            """)
        expectEqual(unread.hooks[0].steps.map(\.step), [Self.call("Store.flush")])
        #expect(Self.notes(unread).contains { $0.hasPrefix("App.swift:4:9: not translated: #if someTest(x): its condition is one the importer cannot read") })
        let file = try SwiftImportTests.run(["App.swift": """
            #if os(iOS)
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func sceneDidEnterBackground(_ scene: UIScene) { Store.shared.flush() }
            }
            #else
            import AppKit
            #endif
            """])
        expectEqual(file.hooks.map(\.name), ["SceneDelegate.sceneDidEnterBackground"])
        #expect(Self.notes(file).contains { $0.hasPrefix("App.swift:6:1: not translated: #else: the branch at line 1") })
    }

    @Test("a postfix member in a branch not read is left out of the expression", arguments: [true, false])
    func postfixMember(_ debug: Bool) throws {
        let result = try Self.imported("""
            Task {
                        await Store.shared
                        #if \(debug ? "DEBUG" : "os(iOS)")
                            .flush()
                        #else
                            .save()
                        #endif
                    }
            """)
        let body = try #require(SwiftImportReviewTests.taskBody(result))
        expectEqual(body, [.call(debug ? "Store.save" : "Store.flush")])
    }

    @Test("conditions: the evaluator's table")
    func evaluator() {
        let cases: [(String, Bool?)] = [
            ("os(iOS)", true), ("os(macOS)", false), ("!os(watchOS)", true), ("arch(arm64)", true), ("arch(x86_64)", false),
            ("targetEnvironment(simulator)", false), ("!targetEnvironment(macCatalyst)", true),
            ("canImport(UIKit)", true), ("canImport(ActivityKit)", true), ("canImport(AppKit)", false),
            ("canImport(FirebaseCore, _version: 10.1)", true), ("DEBUG", false), ("!DEBUG", true), ("true", true),
            ("swift(>=5.9)", true), ("swift(>=6.3)", true), ("swift(>=6.3.1)", false), ("compiler(<6)", false),
            ("(os(iOS) || os(tvOS)) && !DEBUG", true), ("hasFeature(StrictConcurrency)", true),
            ("os(iOS) &&", nil), ("unknown(x)", nil), ("", nil),
        ]
        for (text, expected) in cases {
            expectEqual(CompilationConditions.evaluate(text)?.isTrue, expected, "\(text)")
        }
        expectEqual(CompilationConditions.evaluate("DEBUG || BETA")?.flags, ["DEBUG", "BETA"])
        let deep = String(repeating: "(", count: 10_000) + "true" + String(repeating: ")", count: 10_000)
        expectEqual(CompilationConditions.evaluate(deep), nil, "too deep: unread, never a crash")
    }

    @Test("100,000 nested #if, unbalanced #endif and #else: lexed in linear time, never a crash", .heavy)
    func hostileDirectives() {
        let nested = String(repeating: "#if os(macOS)\nx\n", count: 100_000) + String(repeating: "#endif\n", count: 100_000)
        let lexer = SwiftLexer(nested)
        #expect(lexer.tokens.isEmpty)
        expectEqual(lexer.skippedBranches.count, 1)
        let stray = SwiftLexer("#endif\n#else\na\n#elseif DEBUG\nb\n#if DEBUG\nc\n")
        expectEqual(stray.tokens.map(\.text), ["a", "b"], "stray directives are ignored; an #if without #endif ends with the file")
        expectEqual(stray.skippedBranches.map(\.directive), ["#if DEBUG"])
    }
}
