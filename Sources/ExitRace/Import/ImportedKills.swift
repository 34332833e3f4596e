/// The kill procedures an import writes (`exitrace import --kills`): the reference experiment's two
/// swipes, which the built-in scenario has (the default, so that an import of seed 000's code has the
/// reference table), or every kill, adding the two that deliver no callback, copied from
/// `scenarios/live-activity-every-kill.json` under the same names.
package enum ImportedKills: String, CaseIterable, Sendable {
    /// The built-in scenario's `foreground` and `background` swipes only.
    case reference
    /// Also `suspended` (swiped away once suspended) and `jetsam` (killed for memory): no callback.
    case every

    /// The procedures written into the scenario, over the built-in ones: none for ``reference``.
    var procedures: [(String, OrderedJSON)] {
        switch self {
        case .reference: []
        case .every: Self.everyKill
        }
    }

    /// `suspended` and `jetsam` as `scenarios/live-activity-every-kill.json` defines them (a test
    /// checks they are the same).
    static let everyKill: [(String, OrderedJSON)] = [
        ("suspended", procedure(
            "suspended kill: home screen, suspended, then swiped away (SIGKILL, no callback)",
            [action("pressHome"), delay(10000), action("openSwitcher"), action("swipeAway")])),
        ("jetsam", procedure(
            "jetsam: home screen, then killed for memory a second later (SIGKILL, no callback)",
            [action("pressHome"), delay(1000), action("jetsam")])),
    ]

    /// The summary's line on the kills written: with the default, how to add the others.
    var summaryLine: String {
        switch self {
        case .reference:
            "kills: the reference experiment's two swipes (foreground, background) only; --kills every adds suspended "
                + "(swiped away once suspended) and jetsam (killed for memory), which deliver no callback"
        case .every:
            "kills: the reference experiment's two swipes (foreground, background), and suspended and jetsam "
                + "(--kills every), which deliver no callback"
        }
    }

    private static func procedure(_ label: String, _ steps: [OrderedJSON]) -> OrderedJSON {
        .object([("label", .string(label)), ("steps", .array(steps))])
    }

    private static func action(_ name: String) -> OrderedJSON {
        .object([("op", .string("action")), ("action", .string(name))])
    }

    private static func delay(_ ms: Int) -> OrderedJSON {
        .object([("op", .string("delay")), ("ms", .number(String(ms)))])
    }
}
