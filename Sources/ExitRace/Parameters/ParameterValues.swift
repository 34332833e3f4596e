/// One value for every slot of a ``ParameterSpace``: the numbers of one run.
///
/// Values are stored as the engine reads them (nanoseconds for durations) in one contiguous
/// array, so an experiment fills a vector in place and hands it to the engine with no
/// allocation. Setting a value by path checks it against the slot's range.
public struct ParameterValues: Sendable {
    /// The space the values belong to; only its simulator runs them.
    public let space: ParameterSpace
    /// Indexed like `space.slots`.
    public package(set) var raw: ContiguousArray<Int64>

    package init(space: ParameterSpace, raw: ContiguousArray<Int64>) {
        precondition(raw.count == space.count)
        self.space = space
        self.raw = raw
    }

    /// The stored value of a slot (nanoseconds for a duration). Setting a value outside the
    /// slot's range is a programmer error: check input with ``set(_:to:source:)``.
    public subscript(slot: Int) -> Int64 {
        get { raw[slot] }
        set {
            precondition(
                space.slots[slot].range.contains(newValue) || newValue == ParameterSlot.followsOther
                    && space.slots[slot].defaultFollows != nil, "\(space.slots[slot].path) out of range")
            raw[slot] = newValue
        }
    }

    /// A setting's value in the file's unit (milliseconds or a count).
    public func value(of path: String, source: String = "parameters") throws(InputError) -> Double {
        let slot = try space.slot(named: path, source: source)
        if raw[slot] == ParameterSlot.followsOther, let other = space.slots[slot].defaultFollows {
            return try value(of: other, source: source)
        }
        return space.slots[slot].fileValue(raw[slot])
    }

    /// Sets a setting by path, in the file's unit (`set("timing.exitDurationMs", to: 12)`).
    public mutating func set(_ path: String, to value: Double, source: String = "parameters") throws(InputError) {
        let slot = try space.slot(named: path, source: source)
        let info = space.slots[slot]
        guard let stored = info.storedValue(value), info.range.contains(stored) else {
            throw InputError([
                Diagnostic(
                    file: source, path: info.path,
                    message: "expected \(info.rangeDescription), found \(ParameterSlot.format(value))")
            ])
        }
        raw[slot] = stored
    }

    /// Values that break an ordering between settings (`deliverAfterMs` above `costMs`), as
    /// diagnostics; empty when the vector is consistent.
    public func problems(source: String = "parameters") -> [Diagnostic] {
        space.orderings.compactMap { ordering in
            guard raw[ordering.lower] > raw[ordering.upper] else { return nil }  // a follower (-1) is never above
            let lower = space.slots[ordering.lower], upper = space.slots[ordering.upper]
            return Diagnostic(
                file: source, path: lower.path,
                message: "expected at most \(upper.path) = \(ParameterSlot.format(upper.fileValue(raw[ordering.upper]))) "
                    + "(\(ordering.reason)), found \(ParameterSlot.format(lower.fileValue(raw[ordering.lower])))")
        }
    }
}

extension ParameterValues: Equatable {
    /// Equal when they are values of the same space and every value is the same.
    public static func == (a: ParameterValues, b: ParameterValues) -> Bool {
        a.space === b.space && a.raw == b.raw
    }
}
