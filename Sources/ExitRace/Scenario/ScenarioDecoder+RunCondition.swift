/// The run condition: a debug build under the debugger, or a release build launched from the home
/// screen. Timings differ between them (a fix titled "Fix removeWhenAppIsKilled in release mode",
/// istornz/flutter_live_activities commit 7fdf1f9, shows a cleanup that worked under the debugger
/// failing in release), so each condition may carry its own `timing` and `lifecycle` settings.
///
/// `"runCondition": "debug"` (or `"release"`) picks one of `"runConditions"`; its sections are
/// merged over the file's before anything else is read, as `extend` merges a child over its parent.
/// `--set runCondition=release` switches a whole scenario.
extension ScenarioDecoder {
    /// The run conditions a scenario may name.
    static let runConditionNames = ["debug", "release"]

    /// `root` with the chosen run condition's sections merged over its own, and without the
    /// `runCondition` and `runConditions` members; problems are logged.
    static func applyRunCondition(_ root: JSONNode, log: DiagnosticLog) -> JSONNode {
        let conditions = root["runConditions"]
        var chosen: String?
        if let node = root["runCondition"] {
            if case .string(let name) = node.value, runConditionNames.contains(name) {
                chosen = name
            } else {
                log.expected("\"debug\" or \"release\"", at: node, "runCondition")
            }
        }
        var overrides: JSONNode?
        if let chosen, conditions == nil, let node = root["runCondition"] {
            // Picking a condition the file does not state would change nothing, silently.
            log.error("runCondition", node.position, "expected runConditions with a \"\(chosen)\" member to pick from, found none")
        }
        if let conditions {
            guard case .object(let members) = conditions.value else {
                log.expected("an object with \"debug\" and \"release\" members", at: conditions, "runConditions")
                return root.removingMember("runCondition").removingMember("runConditions")
            }
            for member in members where member.key != ScenarioKeys.note {
                let path = join("runConditions", member.key)
                guard runConditionNames.contains(member.key) else {
                    log.error(path, member.value.position, "expected \"debug\" or \"release\", found \"\(member.key)\"")
                    continue
                }
                guard case .object(let sections) = member.value.value else {
                    log.expected("an object with \"timing\" and \"lifecycle\" members", at: member.value, path)
                    continue
                }
                for section in sections where !["timing", "lifecycle", ScenarioKeys.note].contains(section.key) {
                    log.error(
                        join(path, section.key), section.value.position,
                        "expected \"timing\" or \"lifecycle\" (what a run condition may change), found \"\(section.key)\"")
                }
                if member.key == chosen { overrides = member.value.removingMember(ScenarioKeys.note) }
            }
        }
        var result = root.removingMember("runCondition").removingMember("runConditions")
        if let overrides { result = JSONNode(value: result.merged(with: overrides).value, position: root.position) }
        return result
    }
}
