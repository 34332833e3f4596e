/// Kill procedures that a scenario allows but that cannot do what a kill procedure is for: one that
/// delivers none of the hooks' callbacks (every cell's strategy never starts under it), or one that
/// never ends the process and never moves the app between states (no `exit`, no SIGKILL, no
/// lifecycle action: a run under it ends only when the app's code or a watchdog ends it). Often an
/// edit that replaced a procedure's steps in a file that extends another; `validate` says so, as a
/// note. (A procedure of lifecycle actions that leaves the app alive, such as going home, is a story
/// of its own and gets no note.)
extension Scenario {
    /// A sentence per such procedure, in procedure order: `procedure "background" (background kill:
    /// …) delivers none of the hooks' callbacks (…), so no hook's code runs under it`.
    package var procedureNotes: [String] {
        let callbacks = Set(hooks.flatMap(\.callbacks))
        return procedures.flatMap { procedure -> [String] in
            let named = procedure.label == procedure.name ? "procedure \"\(procedure.name)\"" : "procedure \"\(procedure.name)\" (\(procedure.label))"
            var notes: [String] = []
            let delivered = ScenarioDecoder.deliveredCallbacks(steps: procedure.steps, scenes: lifecycle.scenes)
            if !delivered.contains(where: callbacks.contains) {
                notes.append("\(named) delivers none of the hooks' callbacks (\(hooks.flatMap(\.callbacks).joined(separator: ", "))), "
                    + "so no hook's code runs under it")
            }
            if !Self.endsProcess(procedure.steps, scenes: lifecycle.scenes) && !Self.changesState(procedure.steps) {
                notes.append("\(named) never ends the process and never changes the app's state (no exit, sigkill or lifecycle "
                    + "action): a run under it ends only if the app's code or a watchdog ends it")
            }
            return notes
        }
    }

    /// Whether some step is a lifecycle action (the app goes home, is launched, locked…): a
    /// procedure that only moves the app between states (`home`: the app left in the background) is
    /// a story of its own, not a kill that lost its ending.
    package static func changesState(_ steps: [KillProcedure.Step]) -> Bool {
        steps.contains { if case .action = $0 { true } else { false } }
    }

    /// Whether some step may end the process: a SIGKILL, a turn that calls `exit`, or an action that
    /// does so from some state of the app.
    package static func endsProcess(_ steps: [KillProcedure.Step], scenes: Bool) -> Bool {
        steps.contains { step in
            switch step {
            case .sigkill: return true
            case .turn(let actions, _, _), .lifecycleTurn(let actions, _): return actions.contains(.exit)
            case .action(let action):
                return AppState.allCases.contains { endsProcess(action.expansion(from: $0, scenes: scenes), scenes: scenes) }
            default: return false
            }
        }
    }
}
