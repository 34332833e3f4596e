/// The scenarios named by `DIR|FILE…` arguments, loaded with the same `--set` overrides.
///
/// This is what every command that simulates starts from. A directory stands for its `*.json`
/// files (see ``ScenarioDiscovery``); no argument at all stands for the built-in default scenario.
/// Problems come back together, so a user fixes them in one go: every unusable directory and bad
/// override first (no file is read then), or else every problem of every file.
package struct ScenarioSet: Sendable {
    /// The files the scenarios came from, in order; empty for the built-in default.
    package var files: [String]
    /// The scenarios, in the order of `files` (or the default alone).
    package var scenarios: [Scenario]

    /// Loads the scenarios of `arguments`, each with every override of `settings` (`PATH=VALUE`)
    /// applied in order.
    package static func load(_ arguments: [String], settings: [String] = []) throws(InputError) -> ScenarioSet {
        let (files, overrides) = try resolve(arguments, settings: settings)
        let scenarios = try loadScenarios(files, defaultIfNone: arguments.isEmpty, overrides)
        return ScenarioSet(files: files, scenarios: scenarios)
    }

    /// The files of `arguments` and the overrides of `settings`, or every problem with them (no
    /// file is read).
    package static func resolve(
        _ arguments: [String], settings: [String]
    ) throws(InputError) -> (files: [String], overrides: [SettingOverride]) {
        let (files, problems) = ScenarioDiscovery.discover(arguments)
        var diagnostics = problems
        var overrides: [SettingOverride] = []
        for text in settings {
            do {
                overrides.append(try SettingOverride.parse(text))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return (files, overrides)
    }

    private static func loadScenarios(
        _ files: [String], defaultIfNone: Bool, _ overrides: [SettingOverride]
    ) throws(InputError) -> [Scenario] {
        var diagnostics: [Diagnostic] = []
        var scenarios: [Scenario] = []
        if defaultIfNone {
            do {
                scenarios.append(try ScenarioLoader.loadDefault(overrides: overrides))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        for path in files {
            do {
                scenarios.append(try ScenarioLoader.load(path: path, overrides: overrides))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return scenarios
    }
}
