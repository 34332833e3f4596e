/// The `"exploration"` member of a result document made with `--explore`: the limits, and per
/// cell and procedure its robustness, witness schedules and race, as `explore --format json`
/// gives them. Absent without exploration, so those documents keep their bytes.
extension JSONRenderer {
    /// The table's document, with an `"exploration"` member when `exploration` is given.
    package static func document(_ table: ResultTable, exploration: ScenarioExploration?) -> CanonicalJSON {
        guard let exploration, case .object(var members) = document(table) else { return document(table) }
        members.pairs.append((key: "exploration", value: explorationJSON(exploration)))
        return .object(members)
    }

    /// The limits and cells; `maxEvents` only when an events budget applied, so that `check`
    /// explores again with the same budget (and a document made without one keeps its bytes).
    static func explorationJSON(_ exploration: ScenarioExploration) -> CanonicalJSON {
        var members: CanonicalJSON.Members = [
            "bound": .integer(Int64(exploration.limits.bound)),
            "maxSchedules": .integer(Int64(exploration.limits.maxSchedules)),
            "cells": .array(exploration.cells.map { ExplorationRenderer.cellJSON($0, exploration) }),
        ]
        if let maxEvents = exploration.limits.maxEvents { members.pairs.append((key: "maxEvents", value: .integer(Int64(maxEvents)))) }
        return .object(members)
    }
}
