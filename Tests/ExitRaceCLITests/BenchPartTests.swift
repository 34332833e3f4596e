import Testing

@testable import ExitRaceCLI

/// `exitrace bench --part NAME`: only the named parts run, and a name that is no part is refused.
@Suite("bench --part")
struct BenchPartTests {
    @Test("--part table runs only the default-table part")
    func onePart() {
        let output = Tool.main(["bench", "--part", "table", "--seconds", "0.01"])
        expectEqual(output.exitCode, ExitCode.success)
        #expect(output.stdout.hasPrefix("the default table ("))
        expectNotContains(output.stdout, "memory:")
        expectNotContains(output.stdout, "bare heap")
    }

    @Test("a name that is no part: exit 2, the names listed")
    func unknownPart() {
        let output = Tool.main(["bench", "--part", "tables"])
        expectEqual(output.exitCode, ExitCode.badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix(
            "exitrace bench: --part expects one of memory, engine, cost, table, reparameterized, files, sweep, sampled, explore,"
                + " calibration, sweep-command, found 'tables'"))
    }
}
