import Testing

@testable import ExitRaceCLI

/// #26 (a later newcomer walk): `bench --part` with a name that is no part suggests the likely
/// one, as an unknown command or option does.
@Suite("bench --part did-you-mean")
struct BenchPartSuggestionTests {
    @Test("a misspelt part: exit 2, the names listed and the near one suggested")
    func misspelt() {
        let output = Tool.main(["bench", "--part", "tables"])
        expectEqual(output.exitCode, ExitCode.badInput)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix(
            "exitrace bench: --part expects one of memory, engine, cost, table, reparameterized, files, sweep, sampled, explore,"
                + " calibration, sweep-command, found 'tables'; did you mean 'table'?\n"))
    }

    @Test("a name near no part: no suggestion")
    func farFromAny() {
        let output = Tool.main(["bench", "--part", "xyzzyplugh"])
        expectEqual(output.exitCode, ExitCode.badInput)
        expectContains(output.stderr, "found 'xyzzyplugh'\n")
        expectNotContains(output.stderr, "did you mean")
    }
}
