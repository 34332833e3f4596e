/// The points of a sweep: every combination of its axes' values (the full grid), numbered with
/// the last axis varying fastest.
public struct SweepGrid: Sendable {
    /// The varied settings, the first varying slowest.
    public let axes: [SweepAxis]

    /// The grid of every combination of `axes`' values.
    public init(axes: [SweepAxis]) { self.axes = axes }

    /// How many points the grid has: the product of the axes' value counts.
    public var pointCount: Int { axes.reduce(1) { $0 * $1.values.count } }

    /// The value index of each axis at `point`.
    package func coordinates(of point: Int) -> [Int] {
        var rest = point
        var coordinates = Array(repeating: 0, count: axes.count)
        for axis in axes.indices.reversed() {
            coordinates[axis] = rest % axes[axis].values.count
            rest /= axes[axis].values.count
        }
        return coordinates
    }

    /// The point at `coordinates` (one value index per axis).
    package func point(at coordinates: [Int]) -> Int {
        var point = 0
        for axis in axes.indices { point = point * axes[axis].values.count + coordinates[axis] }
        return point
    }

    /// Writes point `index`'s values of every axis into `values`.
    public func fill(_ values: inout ParameterValues, point index: Int) {
        var rest = index
        for axis in axes.indices.reversed() {
            let count = axes[axis].values.count
            values[axes[axis].slot] = axes[axis].values[rest % count]
            rest /= count
        }
    }

    /// The grid's size, checked against a bound before anything runs: the product can overflow
    /// long before it is too large to run.
    package static func checkedPointCount(_ axes: [SweepAxis], max: Int) -> Int? {
        var count = 1
        for axis in axes {
            let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, product <= max else { return nil }
            count = product
        }
        return count
    }
}
