/// Every number a scenario's runs read, each in a slot of its own, in a fixed order.
///
/// A compiled scenario refers to settings by slot, so one compiled scenario runs with any
/// ``ParameterValues`` of its space: a sweep or a Monte Carlo experiment changes numbers without
/// decoding JSON or compiling again. What is not a number (hooks, strategies, QoS classes, which
/// steps a program has) is structure: changing it means loading the scenario again.
public final class ParameterSpace: Sendable {
    /// The slots, in the order of the scenario file's sections (timing, lifecycle, activity, goal,
    /// limits, system calls, strategies, procedures).
    public let slots: [ParameterSlot]
    private let indexByPath: [String: Int]
    /// Pairs of slots whose values must stay ordered (`deliverAfterMs` ≤ `costMs`, …).
    package let orderings: [Ordering]

    package struct Ordering: Sendable {
        package var lower: Int
        package var upper: Int
        /// Why, for the message: "the request leaves while the call runs on its thread".
        package var reason: String
    }

    package init(slots: [ParameterSlot], orderings: [Ordering]) {
        self.slots = slots
        self.orderings = orderings
        var index: [String: Int] = [:]
        for (position, slot) in slots.enumerated() {
            precondition(index[slot.path] == nil, "two slots named \(slot.path)")
            index[slot.path] = position
        }
        indexByPath = index
    }

    /// How many slots (numbers a run reads) the scenario has.
    public var count: Int { slots.count }

    /// The scenario's own values.
    public var defaults: ParameterValues {
        ParameterValues(space: self, raw: ContiguousArray(slots.map(\.defaultValue)))
    }

    /// The slot a path names, in either spelling (`strategies["Task"]…` or `strategies.Task…`).
    public func index(of path: String) -> Int? {
        SettingPath.canonical(path).flatMap { indexByPath[$0] }
    }

    /// The slot of a path spelled canonically, as ``SettingPath`` writes it (no parsing).
    package func index(canonical path: String) -> Int? { indexByPath[path] }

    /// The slot a path names, or a diagnostic naming the closest path when there is none.
    /// `source` names where the path was written (a flag such as `--vary`, or a file).
    public func slot(named path: String, source: String) throws(InputError) -> Int {
        if let index = index(of: path) { return index }
        var message = "expected the path of a numeric setting of this scenario, found \"\(path)\""
        let paths = slots.map(\.path)
        if let near = closestMatch(to: SettingPath.canonical(path) ?? path, in: paths) {
            message += "; did you mean \"\(near)\"?"
        } else {
            message += " (numeric settings: \(paths.prefix(6).joined(separator: ", "))\(paths.count > 6 ? ", …" : ""))"
        }
        throw InputError([Diagnostic(file: source, path: "", message: message)])
    }
}
