/// The check that every hook can be called: a hook none of whose callbacks any kill procedure
/// delivers (a typo such as `applicationWillTerminat`) would only fill its row with ×.
///
/// A callback of the lifecycle model that this scenario's procedures happen not to deliver
/// (`applicationDidEnterBackground` in a scene-based app) is not an error: that the hook is never
/// called there is a finding, and `--set lifecycle.scenes=false` may change it.
extension ScenarioDecoder {
    /// The callbacks the procedures deliver, in the order first met: named in their turns, or
    /// delivered by their lifecycle actions from any state the app may be in.
    package static func deliveredCallbacks(_ procedures: [KillProcedure], scenes: Bool) -> [String] {
        deliveredCallbacks(steps: procedures.flatMap(\.steps), scenes: scenes)
    }

    /// The callbacks these procedure steps deliver, in the order first met (as for procedures).
    package static func deliveredCallbacks(steps: [KillProcedure.Step], scenes: Bool) -> [String] {
        var delivered: [String] = []
        var seen: Set<String> = []
        func collect(_ step: KillProcedure.Step) {
            switch step {
            case .turn(let actions, _, _), .lifecycleTurn(let actions, _):
                for case .hook(let name) in actions where Callback.isDelivered(name, scenes: scenes) && seen.insert(name).inserted {
                    delivered.append(name)
                }
            case .action(let action):
                for state in AppState.allCases { action.expansion(from: state, scenes: scenes).forEach(collect) }
            default:
                break
            }
        }
        steps.forEach(collect)
        return delivered
    }

    /// Reports each hook none of whose callbacks `procedures` deliver, at the hook (or at its
    /// first callback), with the delivered callback its name is closest to.
    static func reportUncalledHooks(
        _ object: ObjectReader, hooks: [Hook], procedures: [KillProcedure], scenes: Bool, log: DiagnosticLog
    ) {
        // A `hooks` that is no object was reported when the hooks were decoded.
        guard !procedures.isEmpty, case .object(let members)? = object["hooks"]?.value else { return }
        let delivered = deliveredCallbacks(procedures, scenes: scenes)
        let deliveredSet = Set(delivered)
        let hooksByName = Dictionary(hooks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for member in members {
            guard let hook = hooksByName[member.key],
                !hook.callbacks.contains(where: { deliveredSet.contains($0) || Callback.all.contains($0) })
            else { continue }
            let (path, position) = place(of: member, in: object)
            log.error(path, position, uncalledMessage(hook, delivered: delivered))
        }
    }

    /// Why `hook` is refused, with the delivered (or else lifecycle) callback closest to its first.
    private static func uncalledMessage(_ hook: Hook, delivered: [String]) -> String {
        let callback = hook.callbacks[0]
        var message = "expected a callback that a kill procedure delivers, found \"\(callback)\", which none does"
        if hook.callbacks.count > 1 { message += " (nor any other callback of the hook)" }
        message += ": the hook would never be called"
        let hint = suggestion(callback, delivered + Callback.all.filter { !delivered.contains($0) })
        if !hint.isEmpty {
            message += hint
        } else if !delivered.isEmpty {
            message += " (they deliver \(delivered.joined(separator: ", ")))"
        }
        return message
    }

    /// Where a hook is reported: at its first listed callback, or at its name.
    private static func place(of member: JSONNode.Member, in object: ObjectReader) -> (String, SourcePosition) {
        let path = join(object.childPath("hooks"), member.key)
        guard case .object(let fields) = member.value.value, let list = fields.first(where: { $0.key == "callbacks" }),
            case .array(let elements) = list.value.value, let first = elements.first
        else { return (path, member.keyPosition) }
        return (join(path, "callbacks") + "[0]", first.position)
    }
}
