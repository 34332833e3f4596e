import ExitRace
import Foundation

/// `exitrace bench`'s end-to-end sweep part (issue #25 item 2): `exitrace sweep … --format jsonl`
/// run by this same binary in a child process, its lines written to `/dev/null`, against the same
/// grid streamed in this process (``SweepLinesRenderer/stream``, timed here: not
/// ``Benchmark/sweep(seconds:)``'s figure, which is of a smaller grid), the two measured
/// alternately. What the ratio adds up is the command's own cost: start-up, loading the scenario
/// and writing the lines.
enum BenchSweep {
    /// The command's arguments, for ``Benchmark/sweepGrid(points:)``'s grid of `points` points.
    static func arguments(points: Int) -> [String] {
        ["sweep", "--vary", Benchmark.sweepSpec, "--steps", "\(points)", "--format", "jsonl"]
    }

    /// The part's lines: both times and their ratio beside the target, or why it was skipped.
    static func part(seconds: Double) -> String {
        // A million cell-runs at --seconds 1, scaled as the other parts' blocks are.
        let points = BenchWorkload.scaled(Benchmark.sweepSteps, seconds, floor: 280)
        let arguments = arguments(points: points)
        let out = "`exitrace \(arguments.joined(separator: " "))` (\(TimeFormatting.grouped(points * 36)) cell-runs) in a child process,"
            + " against the same grid in this process, measured alternately\n"
        guard let binary = BenchMemory.executable() else { return out + "  skipped: not run from an exitrace binary\n" }
        guard let (scenario, grid) = Benchmark.sweepGrid(points: points) else { return out + "  skipped: could not build the grid\n" }
        let clock = ContinuousClock()
        var inProcess = Duration.zero, command = Duration.zero
        var rounds = 0
        let start = clock.now
        do {
            repeat {
                let before = clock.now
                SweepLinesRenderer.stream(scenario: scenario, grid: grid, parallel: true) { _ in }
                let between = clock.now
                let measured = try BenchMemory.measure(binary, arguments, in: FileManager.default.temporaryDirectory)
                guard measured.exitCode == 0 else { return out + "  stopped: the command exited \(measured.exitCode)\n" }
                inProcess += between - before
                command += clock.now - between
                rounds += 1
            } while clock.now - start < .seconds(2 * seconds)
        } catch {
            return out + "  stopped: \(error)\n"
        }
        let (a, b) = (Self.seconds(of: inProcess) / Double(rounds), Self.seconds(of: command) / Double(rounds))
        return out + "  command \(Benchmark.fixed(b, 2)) s, in process \(Benchmark.fixed(a, 2)) s: the command takes "
            + "\(Benchmark.fixed(b / a, 2))× (target ≤ 1.5×; lower is better; \(rounds) round\(rounds == 1 ? "" : "s"))\n"
    }

    static func seconds(of duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
