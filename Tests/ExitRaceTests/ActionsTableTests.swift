import Foundation
import Testing

@testable import ExitRace
@testable import ExitRaceModel

/// #26 (a later newcomer walk): docs/scenario-format.md's table of lifecycle actions defines every
/// action from every state a run can be in, and says what the engine does: for each (action,
/// state) exactly one row, whose callbacks are the ones the action's expansion delivers, in order,
/// and whose "then" is the state it leaves the app in.
@Suite("docs: the actions table matches the engine")
struct ActionsTableTests {
    struct Row {
        var action: String
        var states: [String]
        var callbacks: [String]
        var then: String
    }

    /// The doc's words for the states a procedure can start in or reach while alive.
    static let states: [(word: String, state: AppState)] = [
        ("not running", .notRunning), ("active", .active), ("inactive", .inactive), ("background", .background),
        ("suspended", .suspended),
    ]

    static func rows() throws -> [Row] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        let start = try #require(text.range(of: "Actions, and what they deliver from each state"))
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("| action |") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        return table.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(
                action: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                states: cells[1].components(separatedBy: ", "),
                callbacks: Self.ticked(cells[2]).filter(Callback.all.contains),
                then: cells[3])
        }
    }

    /// The `backticked` words of a cell, in order.
    static func ticked(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The callbacks an action's expansion delivers from `state` (scene-based), in order.
    static func delivered(_ steps: [KillProcedure.Step]) -> [String] {
        steps.flatMap { step -> [String] in
            guard case .lifecycleTurn(let actions, _) = step else { return [] }
            return actions.compactMap { if case .hook(let name) = $0 { name } else { nil } }
        }
    }

    /// The word "then" starts with: dead, the last state set, or unchanged.
    static func outcome(_ steps: [KillProcedure.Step]) -> String {
        for step in steps {
            if step == .sigkill { return "dead" }
            if case .lifecycleTurn(let actions, _) = step, actions.contains(.exit) { return "dead" }
        }
        let last = steps.compactMap { step -> AppState? in if case .setState(let state) = step { state } else { nil } }.last
        return last.map { state in states.first { $0.state == state }!.word } ?? "unchanged"
    }

    @Test("every action is defined from every state, once")
    func everyPairOnce() throws {
        let rows = try Self.rows()
        #expect(rows.count >= LifecycleAction.allCases.count * 2, "the table was not found whole: \(rows.count) rows")
        for action in LifecycleAction.allCases {
            for (word, _) in Self.states {
                let matching = rows.filter { $0.action == action.rawValue && $0.states.contains(word) }
                expectEqual(matching.count, 1, "\(action.rawValue) from \(word): \(matching.count) rows")
            }
        }
        let known = Set(Self.states.map(\.word))
        #expect(rows.allSatisfy { $0.states.allSatisfy(known.contains) }, "a row names a state the table does not define")
    }

    @Test("each row's callbacks and resulting state are the engine's")
    func rowsMatchTheEngine() throws {
        for row in try Self.rows() {
            let action = try #require(LifecycleAction(rawValue: row.action), "\(row.action)")
            for word in row.states {
                let state = try #require(Self.states.first { $0.word == word }?.state)
                let steps = action.expansion(from: state, scenes: true)
                expectEqual(row.callbacks, Self.delivered(steps), "\(row.action) from \(word)")
                #expect(row.then.hasPrefix(Self.outcome(steps)), "\(row.action) from \(word): then \(row.then)")
            }
        }
    }
}
