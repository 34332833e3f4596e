import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

/// A newcomer's nit: `CI=true exitrace check … --update` printed the drift (on stdout, as a failing
/// check does) and only then refused on stderr. Under CI it refuses first: exit 2, one line saying why
/// and the command to run instead, nothing on stdout, nothing simulated or written.
@Suite("check --update under CI=true: refused first, in one line")
struct CheckUpdateUnderCITests {
    static let ci = ToolEnvironment(variables: ["CI": "true"])

    @Test("with drift: exit 2, stdout empty, one stderr line naming the check to run instead; the results untouched")
    func refusedBeforeTheDrift() throws {
        let (root, scenarios, results) = try DriftedResults.make("ci-update")
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try String(contentsOfFile: results + "/mine.json", encoding: .utf8)
        let refused = Tool.main(["check", scenarios, "--against", results, "--update"], environment: Self.ci)
        expectEqual(refused.exitCode, .badInput)
        #expect(refused.stdout.isEmpty, "no drift, no 'results match', no 'updated'")
        expectEqual(refused.stderr, "exitrace check: refusing --update with CI=true: CI checks results, people accept them; "
            + "nothing was run or written. To check, run: exitrace check \(scenarios) --against \(results) "
            + "(or add --force to rewrite the results under CI all the same)\n")
        expectEqual(try String(contentsOfFile: results + "/mine.json", encoding: .utf8), before)
        // The command it names is the check, which shows the drift (exit 1).
        expectEqual(Tool.main(["check", scenarios, "--against", results], environment: Self.ci).exitCode, .difference)
    }

    @Test("the command named keeps the --set options and margins, quoted; --force still rewrites")
    func namedCommandAndForce() throws {
        let (root, scenarios, results) = try DriftedResults.make("ci-update")
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["check", scenarios, "--against", results, "--set", "thinWinMs=4", "--margins", "1", "--update"]
        let refused = Tool.main(arguments, environment: Self.ci)
        #expect(refused.exitCode == .badInput && refused.stdout.isEmpty)
        expectContains(refused.stderr, "run: exitrace check \(scenarios) --against \(results) --set thinWinMs=4 --margins 1 (or")
        expectEqual(refused.stderr.split(separator: "\n").count, 1)
        expectEqual(Tool.main(arguments + ["--force"], environment: Self.ci).exitCode, .success)
    }
}
