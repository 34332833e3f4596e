import Foundation

/// How an uncertain setting's value is drawn, in the setting's file unit (milliseconds or a
/// count): `{"uniform": [1, 20]}` in a scenario file, `uniform(1,20)` in `--set`.
///
/// Every family is drawn through its quantile function from one number in (0, 1), so the same
/// random number always gives the same value and a low-discrepancy sequence can stand in for a
/// random one.
package enum Distribution: Equatable, Sendable {
    /// Every value from `low` to `high` equally likely.
    case uniform(low: Double, high: Double)
    /// The logarithm uniform from `log(low)` to `log(high)`: each decade equally likely.
    case logUniform(low: Double, high: Double)
    /// A normal distribution cut to `min...max` (`max` may be infinite).
    case normal(mean: Double, sd: Double, min: Double, max: Double)
    /// Rising linearly from `low` to `mode`, falling to `high`.
    case triangular(low: Double, mode: Double, high: Double)
    /// One of `values`, each with its weight (the weights need not sum to one).
    case choice(values: [Double], weights: [Double])

    /// The families' names as files spell them.
    package static let familyNames = ["uniform", "logUniform", "normal", "triangular", "choice"]

    /// The family's name, as files spell it.
    package var family: String {
        switch self {
        case .uniform: "uniform"
        case .logUniform: "logUniform"
        case .normal: "normal"
        case .triangular: "triangular"
        case .choice: "choice"
        }
    }

    /// The smallest and largest values a draw can give.
    package var support: ClosedRange<Double> {
        switch self {
        case .uniform(let low, let high), .logUniform(let low, let high), .triangular(let low, _, let high):
            return low...high
        case .normal(_, _, let min, let max):
            return min...max
        case .choice(let values, _):
            return values.min()!...values.max()!
        }
    }

    /// The value at cumulative probability `p` (0 < p < 1).
    package func quantile(_ p: Double) -> Double {
        switch self {
        case .uniform(let low, let high):
            return low + p * (high - low)
        case .logUniform(let low, let high):
            return exp(log(low) + p * (log(high) - log(low)))
        case .normal(let mean, let sd, let min, let max):
            let below = StandardNormal.cdf((min - mean) / sd), above = StandardNormal.cdf((max - mean) / sd)
            let inside = below + p * (above - below)
            let value = mean + sd * StandardNormal.quantile(Swift.min(Swift.max(inside, .leastNormalMagnitude), 1 - 0x1p-53))
            return Swift.min(Swift.max(value, min), max)
        case .triangular(let low, let mode, let high):
            let split = (mode - low) / (high - low)
            if p < split { return low + ((high - low) * (mode - low) * p).squareRoot() }
            return high - ((high - low) * (high - mode) * (1 - p)).squareRoot()
        case .choice(let values, let weights):
            // Weights relative to the largest: a sum near DBL_MAX does not overflow, nor do subnormal
            // weights lose their ratios to rounding.
            let largest = weights.max() ?? 1
            let target = p * weights.reduce(0) { $0 + $1 / largest }
            var cumulative = 0.0
            for (value, weight) in zip(values, weights) {
                cumulative += weight / largest
                if target < cumulative { return value }
            }
            return values[weights.lastIndex { $0 > 0 }!]
        }
    }

    /// The value a run without sampling uses: the median (for a choice, the first value at
    /// which the cumulative weight reaches one half).
    package var nominal: Double { quantile(0.5) }

    /// Whether the family draws only values of `values` (a choice) rather than a range.
    package var isDiscrete: Bool {
        if case .choice = self { return true }
        return false
    }

    /// The distribution as `--set` takes it: `uniform(1, 20)`, `normal(3, 1, 0)`.
    package var description: String {
        func text(_ values: [Double]) -> String { values.map(Self.format).joined(separator: ", ") }
        switch self {
        case .uniform(let low, let high): return "uniform(\(text([low, high])))"
        case .logUniform(let low, let high): return "logUniform(\(text([low, high])))"
        case .normal(let mean, let sd, let min, let max):
            return "normal(\(text(max.isFinite ? [mean, sd, min, max] : [mean, sd, min])))"
        case .triangular(let low, let mode, let high): return "triangular(\(text([low, mode, high])))"
        case .choice(let values, let weights):
            let equal = weights.allSatisfy { $0 == weights[0] }
            return equal ? "choice(\(text(values)))" : "choice(\(zip(values, weights).map { "\(Self.format($0)):\(Self.format($1))" }.joined(separator: ", ")))"
        }
    }

    /// `3`, `0.5`: no exponent for ordinary values, no trailing zeros.
    package static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// A numeric setting whose value a scenario leaves uncertain: the setting's path and how its
/// value is drawn.
package struct UncertainSetting: Equatable, Sendable {
    /// The setting's path, spelled canonically (`timing.exitDurationMs`).
    package var path: String
    /// How its value is drawn, in the setting's file unit.
    package var distribution: Distribution
    /// Where the distribution is written (a file position, or `--set`).
    package var position: SourcePosition

    /// The setting at `path`, drawn from `distribution`.
    package init(path: String, distribution: Distribution) {
        self.init(path: path, distribution: distribution, position: SourcePosition(file: "parameters", line: 0, column: 0))
    }

    package init(path: String, distribution: Distribution, position: SourcePosition) {
        self.path = path
        self.distribution = distribution
        self.position = position
    }
}

/// How many replications a scenario with uncertain settings runs by default, and from which seed.
package struct SamplingSettings: Equatable, Sendable {
    /// Replications per cell and kill procedure.
    package var runs: Int
    /// The seed every replication's draws derive from.
    package var seed: UInt64

    /// What a scenario with distributions and no `sampling` section runs.
    package static let `default` = SamplingSettings(runs: 1000, seed: 1)
    /// The most replications one run may ask for.
    package static let maxRuns = 100_000_000
    /// The largest seed a file or the command line may give: JSON numbers are exact up to 2^53.
    package static let maxSeed = 1 << 53

    /// `runs` replications drawn from `seed`.
    package init(runs: Int, seed: UInt64) {
        self.runs = runs
        self.seed = seed
    }
}
