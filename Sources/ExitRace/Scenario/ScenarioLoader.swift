import Foundation

/// Reads scenarios: from files, or the built-in default; follows `extend` and applies `--set`
/// overrides, then decodes. Every problem comes back as an ``InputError``.
public enum ScenarioLoader {
    /// How many files one `extend` chain may have.
    static let maxExtendDepth = 16
    /// `"extend": "builtin:live-activity"` extends the built-in default scenario.
    package static let builtinPrefix = "builtin:"

    /// Loads the scenario file at `path`: follows its `extend` chain, applies `overrides` in order,
    /// then decodes. The scenario is named after the file unless it states a name.
    public static func load(path: String, overrides: [SettingOverride] = []) throws(InputError) -> Scenario {
        var added: [AddedSystemCall] = []
        var root = try document(path: path, chain: [], added: &added)
        let unset = root
        try apply(overrides, to: &root, of: path)
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(root, file: path)
        } catch {
            let blamed = blamingOverrides(error, document: unset, overrides: overrides, file: path)
            throw naming(InputError(blamed.diagnostics + uncalledAddedSystemCalls(added, in: root)), scenario: path)
        }
        try checkAddedSystemCalls(added, in: root)
        return scenario
    }

    /// Applies `overrides` in order; a `--set` that does not fit names the scenario it was applied
    /// to (`(applied to dir/app.json)`), since one option goes to every file of a directory.
    static func apply(_ overrides: [SettingOverride], to root: inout JSONNode, of scenario: String) throws(InputError) {
        do {
            for override in overrides { try override.apply(to: &root) }
        } catch {
            throw naming(error, scenario: scenario)
        }
    }

    /// The error with each `--set` option's problem naming the scenario it was applied to.
    private static func naming(_ error: InputError, scenario: String) -> InputError {
        InputError(error.diagnostics.map { diagnostic in
            guard diagnostic.file.hasPrefix("--set ") else { return diagnostic }
            var named = diagnostic
            named.message += " (applied to \(scenario))"
            return named
        })
    }

    /// The built-in default scenario, with overrides.
    public static func loadDefault(overrides: [SettingOverride] = []) throws(InputError) -> Scenario {
        if overrides.isEmpty { return DefaultScenario.load() }
        var root = try document(path: builtinPrefix + DefaultScenario.name, chain: [])
        let unset = root
        try apply(overrides, to: &root, of: "the built-in default scenario")
        do {
            return try ScenarioDecoder.decode(root, file: DefaultScenario.fileName)
        } catch {
            let blamed = blamingOverrides(error, document: unset, overrides: overrides, file: DefaultScenario.fileName)
            throw naming(blamed, scenario: "the built-in default scenario")
        }
    }

    /// The scenario file at `path` as ``load(path:overrides:)`` decodes it: its `extend` chain
    /// followed and `overrides` applied, not yet decoded. Decoding it gives the same scenario.
    package static func resolve(path: String, overrides: [SettingOverride] = []) throws(InputError) -> ResolvedScenario {
        var added: [AddedSystemCall] = []
        var root = try document(path: path, chain: [], added: &added)
        try apply(overrides, to: &root, of: path)
        try checkAddedSystemCalls(added, in: root)
        return ResolvedScenario(document: root, file: path)
    }

    /// The file's JSON with its `extend` chain resolved. `chain` holds the files that extend it.
    package static func document(path: String, chain: [String]) throws(InputError) -> JSONNode {
        var added: [AddedSystemCall] = []
        return try document(path: path, chain: chain, added: &added)
    }

    /// ``document(path:chain:)``, gathering in `added` the system calls each file of the chain adds to
    /// those of the file it extends (``checkAddedSystemCalls(_:in:)``).
    static func document(path: String, chain: [String], added: inout [AddedSystemCall]) throws(InputError) -> JSONNode {
        let node: JSONNode
        if path.hasPrefix(builtinPrefix) {
            guard path == builtinPrefix + DefaultScenario.name else {
                throw InputError([Diagnostic(file: chain.last ?? path, path: "extend", message: unknownBuiltin(path))])
            }
            node = try ScenarioDecoder.parse(Array(DefaultScenario.json.utf8), file: DefaultScenario.fileName)
        } else {
            let bytes = try InputFile.read(path, what: "a scenario file")
            do {
                node = try ScenarioDecoder.parse(bytes, file: path)
            } catch {
                throw markdownTable(bytes, file: path) ?? error
            }
        }
        guard let extend = node["extend"] else { return node }
        guard case .string(let parentName) = extend.value else {
            throw InputError([
                Diagnostic(
                    at: extend.position, path: "extend",
                    message: "expected the path of the scenario file to extend (relative to this file), found \(extend.kindDescription)")
            ])
        }
        if parentName.hasPrefix(builtinPrefix) && parentName != builtinPrefix + DefaultScenario.name {
            throw InputError([Diagnostic(at: extend.position, path: "extend", message: unknownBuiltin(parentName))])
        }
        let parentPath = parentName.hasPrefix(builtinPrefix) ? parentName : resolve(parentName, relativeTo: path)
        let chain = chain + [path]
        if chain.contains(parentPath) || chain.count >= maxExtendDepth {
            let loop = (chain + [parentPath]).joined(separator: " → ")
            throw InputError([
                Diagnostic(
                    at: extend.position, path: "extend",
                    message: chain.contains(parentPath)
                        ? "expected a chain of extends that ends, found a loop: \(loop)"
                        : "expected at most \(maxExtendDepth) files in a chain of extends, found more: \(loop)")
            ])
        }
        let parent: JSONNode
        do {
            parent = try document(path: parentPath, chain: chain, added: &added)
        } catch {
            // Say which extend led to a missing or broken parent.
            var diagnostics = error.diagnostics
            if diagnostics.count == 1 && diagnostics[0].line == 0 && diagnostics[0].file == parentPath {
                diagnostics[0].message += " (extended at \(extend.position))"
            }
            throw InputError(diagnostics)
        }
        // The name and sweeps belong to the file that says them, never to its parent: a variant is
        // another experiment, whose procedures the parent's sweeps may not fit. The title is
        // inherited, as the labels are, unless the file gives its own: a file that extends an
        // import to keep edits apart still reads as the app it describes.
        added += addedSystemCalls(node, to: parent)
        let inherited = parent.removingMember("name").removingMember("sweeps")
        return inherited.merged(with: node.removingMember("extend"), replacesWhole: replacesDistribution)
    }

    /// For a file that is not JSON but holds a Markdown table (`| hook | Task | … |`): a measured table
    /// as `calibrate --measured` reads it, or a result table as `run --format md` writes it (its legend
    /// lines start `- ○`), the error saying which at the table's first line; else nil.
    private static func markdownTable(_ bytes: [UInt8], file: String) -> InputError? {
        let lines = String(decoding: bytes.prefix(1 << 16), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.firstIndex(where: { $0.trimmingSpaces.hasPrefix("|") }) else { return nil }
        let message =
            lines.contains(where: { $0.hasPrefix("- ○ ") })
            ? "expected a scenario, found what looks like a result table in Markdown (as run --format md and batch write "
                + "them): validate the scenario it was made from; compare results with exitrace diff or check"
            : ScenarioDecoder.measuredTableMessage(file: file, kind: "a measured table in Markdown (| hook | strategy | … |)")
        return InputError([Diagnostic(file: file, path: "", line: line + 1, column: 1, message: message)])
    }

    /// Whether `child` replaces `parent` whole rather than merging into it: when it is a distribution,
    /// or when `parent` is one and `child` names a family misspelt (`{"loguniform": [1, 20]}`): that
    /// replaces the inherited distribution too, and is reported as in a file of its own ("did you
    /// mean "logUniform"?"), not as an unknown member beside the inherited family.
    static func replacesDistribution(_ parent: JSONNode, _ child: JSONNode) -> Bool {
        if isDistribution(child) { return true }
        guard isDistribution(parent), case .object(let members) = child.value else { return false }
        return members.contains { member in
            guard case .array = member.value.value else { return false }
            return closestMatch(to: member.key, in: Distribution.familyNames) != nil
        }
    }

    /// Whether a node is a distribution (`{"uniform": [1, 20]}`): a member named for a family whose value
    /// is an array. A file that replaces an inherited distribution replaces it whole, family and all.
    static func isDistribution(_ node: JSONNode) -> Bool {
        guard case .object(let members) = node.value else { return false }
        return members.contains { member in
            guard case .array = member.value.value else { return false }
            return Distribution.familyNames.contains(member.key)
        }
    }

    /// The files a load of `path` reads: `path` and the files up its `extend` chain, as far as
    /// they can be read (a broken chain is for ``load(path:overrides:)`` to report).
    package static func files(path: String) -> [String] {
        var files: [String] = []
        var current = path
        while files.count < maxExtendDepth && !current.hasPrefix(builtinPrefix) && !files.contains(current) {
            files.append(current)
            guard let bytes = try? InputFile.read(current, what: "a scenario file"),
                let node = try? JSONParser.parse(bytes, file: current),
                case .string(let parent)? = node["extend"]?.value
            else { break }
            current = parent.hasPrefix(builtinPrefix) ? parent : resolve(parent, relativeTo: current)
        }
        return files
    }

    private static func unknownBuiltin(_ name: String) -> String {
        "expected \"\(builtinPrefix)\(DefaultScenario.name)\" (the only built-in scenario), found \"\(name)\""
    }

    package static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return path }
        let directory = (file as NSString).deletingLastPathComponent
        let joined = directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }
}

/// A scenario document with its `extend` chain followed and its `--set` overrides applied: the
/// whole of what decides a scenario, as text that travels (in a shard file) and decodes anywhere.
package struct ResolvedScenario: Equatable, Sendable {
    /// The document's text: members in file order, numbers spelled as in the files.
    package let text: String
    /// The file the document was read from: it names the scenario when the document does not.
    package let file: String
    /// The document, parsed.
    package let document: JSONNode

    package init(document: JSONNode, file: String) {
        self.document = document
        self.file = file
        text = document.text
    }

    /// A document given as text (from a shard file); a syntax error names `source`, the file
    /// the text was found in.
    package init(text: String, file: String, source: String) throws(InputError) {
        document = try JSONDocument.parse(Array(text.utf8), file: source)
        self.file = file
        self.text = text
    }

    /// The document's identity: 16 hex digits of a stable hash of ``text`` and ``file``. Two
    /// documents with the same fingerprint decode to the same scenario.
    package var fingerprint: String {
        let hash = StableSeed.combine(StableSeed.hash(text), StableSeed.hash(file))
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether the document states `runConditions` (a debug and a release run of the scenario).
    package var hasRunConditions: Bool { document["runConditions"] != nil }

    /// The scenario, decoded as ``ScenarioLoader/load(path:overrides:)`` decodes it.
    package func decode() throws(InputError) -> Scenario {
        try ScenarioDecoder.decode(document, file: file)
    }
}
