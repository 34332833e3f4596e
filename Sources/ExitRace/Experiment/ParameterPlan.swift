/// What an experiment varies: the parameter values of each of its points.
///
/// A plan only says which numbers each point has; it never runs anything. The one-point plan
/// gives today's table; sweeps and sampled distributions are plans over many points. Points are
/// numbered, so an experiment split across threads or machines gives each point the same values.
public protocol ParameterPlan {
    /// How many points the plan has.
    var pointCount: Int { get }
    /// Writes point `index`'s values into `values`, in place.
    func fill(_ values: inout ParameterValues, point index: Int)
}

/// The plan with one point: fixed values (by default the scenario's own).
package struct SinglePoint: ParameterPlan {
    /// The values of the one point.
    package var values: ParameterValues

    /// A plan whose only point has `values`.
    package init(_ values: ParameterValues) { self.values = values }

    /// One.
    package var pointCount: Int { 1 }

    /// Writes the point's values (`index` must be 0).
    package func fill(_ values: inout ParameterValues, point index: Int) {
        precondition(index == 0, "a single point has only point 0")
        values = self.values
    }
}
