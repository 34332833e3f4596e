import Dispatch

/// The scenarios named by `DIR|FILE…` arguments, checked all at once and then loaded one at a
/// time, so that a command going through thousands of files holds one scenario at a time.
///
/// ``check(_:settings:)`` decodes every file (with the `--set` overrides) and reports every
/// problem together, as ``ScenarioSet`` does, but keeps nothing; ``load(_:)`` decodes one again.
/// A file changed between the two is reported when it is loaded.
package struct ScenarioSource: Sendable {
    /// The files, in order; empty for the built-in default.
    package let files: [String]
    private let overrides: [SettingOverride]
    /// No arguments: the built-in default scenario alone.
    private let isDefault: Bool
    /// The scenarios' names, in order, as the check found them (they name result files).
    package private(set) var names: [String] = []
    /// Whether each scenario draws a setting from a distribution (runs sampled), as the check found.
    package private(set) var uncertain: [Bool] = []

    /// Every file the scenarios are read from, `extend` chains included: the files no output of
    /// the run may replace.
    package var inputs: ProtectedFiles { ProtectedFiles(files.flatMap { ScenarioLoader.files(path: $0) }) }

    /// How many scenarios there are (1 for the built-in default).
    package var count: Int { isDefault ? 1 : files.count }

    /// Resolves `arguments` and `settings` and checks every scenario they name.
    package static func check(_ arguments: [String], settings: [String] = []) throws(InputError) -> ScenarioSource {
        let (files, overrides) = try ScenarioSet.resolve(arguments, settings: settings)
        var source = ScenarioSource(files: files, overrides: overrides, isDefault: arguments.isEmpty)
        var diagnostics: [Diagnostic] = []
        for index in 0..<source.count {
            do {
                let scenario = try source.load(index)
                source.names.append(scenario.name)
                source.uncertain.append(scenario.isUncertain)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw InputError(diagnostics) }
        return source
    }

    /// The scenarios at `positions` (ascending) alone, e.g. those of one `--shard`; not for the
    /// built-in default.
    package func selecting(_ positions: [Int]) -> ScenarioSource {
        precondition(!isDefault, "the built-in default is one scenario")
        var source = ScenarioSource(files: positions.map { files[$0] }, overrides: overrides, isDefault: false)
        source.names = positions.map { names[$0] }
        source.uncertain = positions.map { uncertain[$0] }
        return source
    }

    /// The file of the scenario at `index` as it was named (a directory's files under it), or
    /// `nil` for the built-in default.
    package func file(at index: Int) -> String? { isDefault ? nil : files[index] }

    /// The scenario at `index`, decoded from its file (or the built-in default) again.
    package func load(_ index: Int) throws(InputError) -> Scenario {
        isDefault
            ? try ScenarioLoader.loadDefault(overrides: overrides)
            : try ScenarioLoader.load(path: files[index], overrides: overrides)
    }
}

extension ScenarioSource {
    /// Loads the scenarios at `indices` and transforms each (simulate, render…), in parallel
    /// across the cores unless `parallel` is false; the results come back in index order, so the
    /// output is the same however the work was spread.
    ///
    /// Callers go through a long source window by window, writing each window's results before
    /// the next: memory then holds one window, whatever the number of files.
    /// `progress`, if given, is called after each scenario (from the thread that did it) with how
    /// many of `indices` are done.
    package func map<T: Sendable>(
        _ indices: Range<Int>, parallel: Bool = true, progress: (@Sendable (Int) -> Void)? = nil,
        _ transform: @Sendable (Int, Scenario) -> T
    ) -> [Result<T, InputError>] {
        FanOut.map(indices.count, parallel: parallel, progress: progress) { offset -> Result<T, InputError> in
            let index = indices.lowerBound + offset
            do throws(InputError) {
                return .success(transform(index, try load(index)))
            } catch {
                return .failure(error)
            }
        }
    }
}
