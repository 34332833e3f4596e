/// A named sweep kept in a scenario file (`"sweeps"`), so that `batch`, `check` and `diff`
/// carry its flip report like a table and CI notices when a change moves a threshold.
package struct SweepSpec: Equatable, Sendable {
    /// The sweep's name, e.g. `exit`.
    package var name: String
    /// The varied settings, each as `--vary` takes it: `timing.exitDurationMs=0.1...100`.
    package var vary: [String]
    /// Values per range (as `--steps`).
    package var steps: Int
    /// Whether ranges are spaced logarithmically (as `--log`).
    package var logarithmic: Bool
    /// How closely each change is pinned for durations (as `--tolerance`).
    package var tolerance: VirtualDuration

    /// What a sweep leaves out: 100 values per range, evenly spaced.
    package static let defaultSteps = 100
    /// Changes of durations pinned to 1 µs.
    package static let defaultTolerance = VirtualDuration(nanoseconds: 1_000)
    /// The largest grid a scenario's sweep may have: these run on every `batch` and `check`.
    package static let maxPoints = 100_000

    /// A sweep named `name` over the settings of `vary`.
    package init(
        name: String, vary: [String], steps: Int = defaultSteps, logarithmic: Bool = false,
        tolerance: VirtualDuration = defaultTolerance
    ) {
        self.name = name
        self.vary = vary
        self.steps = steps
        self.logarithmic = logarithmic
        self.tolerance = tolerance
    }
}
