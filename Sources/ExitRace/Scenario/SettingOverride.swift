/// One `--set path=value` from the command line: a setting overridden for one run.
///
/// The path uses the same spelling as diagnostics: `timing.exitDurationMs`,
/// `procedures.background.steps[2].ms`, `strategies["Task + semaphore"].code`. The value is JSON
/// (`8`, `true`, `"text"`, `{"a": 1}`) or a distribution (`uniform(1,20)`, see ``DistributionCall``);
/// a bare word that is not JSON (`utility`) is taken as a string; `null` removes the member, as in a
/// file that extends another (`procedures["background"]=null`).
/// The result is validated like the file itself.
public struct SettingOverride: Equatable, Sendable {
    /// One step of a path: a member's key or an array index.
    package typealias Component = JSONPath.Component

    /// The argument as given, `path=value`; it names the override in diagnostics.
    public var argument: String
    package var path: [Component]
    package var value: JSONNode

    /// Parses `path=value`.
    public static func parse(_ argument: String) throws(InputError) -> SettingOverride {
        let source = "--set \(argument)"
        func fail(_ message: String) -> InputError { InputError([Diagnostic(file: source, path: "", message: message)]) }
        guard let equals = argument.firstIndex(of: "=") else {
            throw fail("expected path=value (e.g. timing.exitDurationMs=8), found no '='")
        }
        let pathText = String(argument[..<equals])
        let valueText = String(argument[argument.index(after: equals)...])
        guard let path = JSONPath.components(pathText), !path.isEmpty else {
            throw fail(
                "expected a path like timing.exitDurationMs or strategies[\"Task + semaphore\"].code, found \"\(pathText)\""
                    + (pathText.contains("[")
                        ? " (a name in brackets is quoted, and the whole PATH=VALUE in single quotes so that the shell keeps "
                            + "those quotes: --set 'systemCalls[\"upload\"].costMs=5')"
                        : ""))
        }
        var value: JSONNode
        if let family = Distribution.familyNames.first(where: { valueText.hasPrefix($0 + "(") }), !valueText.hasSuffix(")") {
            throw fail("expected \(family)(…) with its closing parenthesis, found \"\(valueText)\"")
        }
        let call: String?
        do { call = try DistributionCall.json(valueText) } catch { throw fail(error.message) }
        do {
            value = try JSONParser.parse(call ?? valueText, file: source)
        } catch {
            let bareWord = !valueText.isEmpty && !valueText.hasPrefix("\"") && !valueText.hasPrefix("{")
                && !valueText.hasPrefix("[") && !valueText.first!.isNumber && !valueText.hasPrefix("-")
            if MillisecondsWithUnit.isMillisecondsPath(path) {
                if let milliseconds = MillisecondsWithUnit.milliseconds(in: valueText) {
                    throw fail(MillisecondsWithUnit.message(found: "\"\(valueText)\"", milliseconds: milliseconds, write: "\(pathText)="))
                }
                if call != nil, let rewritten = MillisecondsWithUnit.rewrittenCall(valueText) {
                    throw fail(
                        "expected bare numbers of milliseconds in the distribution (a …Ms setting takes no unit), "
                            + "found \"\(valueText)\": write \(pathText)=\(rewritten)")
                }
            }
            guard bareWord else {
                let hint = valueText.hasPrefix("[") || valueText.hasPrefix("{") ? " (strings inside are quoted: [\"a\", \"b\"])" : ""
                throw fail("the value is not valid JSON: expected \(error.expected), found \(error.found)" + hint)
            }
            value = JSONNode(value: .string(valueText), position: SourcePosition(file: source, line: 0, column: 0))
        }
        value.clearLines()
        return SettingOverride(argument: argument, path: path, value: value)
    }

    /// Sets the value in `root`, creating the last member if needed; a diagnostic when the path
    /// does not lead anywhere.
    func apply(to root: inout JSONNode) throws(InputError) {
        var walked = ""
        try Self.set(value, at: path[...], in: &root, walked: &walked, source: "--set \(argument)")
    }

    private static func set(
        _ value: JSONNode, at path: ArraySlice<Component>, in node: inout JSONNode, walked: inout String,
        source: String
    ) throws(InputError) {
        guard let component = path.first else {
            node = value
            return
        }
        func fail(_ message: String) -> InputError {
            InputError([Diagnostic(file: source, path: walked, message: message)])
        }
        // A setting inside an array left unread (a `note`'s) builds it first.
        if case .unreadArray(let array) = node.value { node.value = .array(array.elements) }
        switch (component, node.value) {
        case (.key(let key), .object(var members)):
            let before = walked
            walked = join(walked, key)
            if path.count == 1, case .null = value.value {
                // `null` removes the member, as it does in a file that extends another.
                guard let index = members.firstIndex(where: { $0.key == key }) else {
                    var message = "no member \"\(key)\" to remove"
                    if let suggestion = closestMatch(to: key, in: members.map(\.key)) {
                        message += "; did you mean \"\(suggestion)\"?"
                    }
                    walked = before
                    throw fail(message)
                }
                members.remove(at: index)
            } else if let index = members.firstIndex(where: { $0.key == key }) {
                try set(value, at: path.dropFirst(), in: &members[index].value, walked: &walked, source: source)
            } else if path.count == 1 {
                members.append(JSONNode.Member(key: key, keyPosition: value.position, value: value))
            } else if defaultedSections.contains(walked) {
                // A section the file leaves to its defaults: spell it out, so every setting has a path.
                var section = JSONNode(value: .object([]), position: value.position)
                try set(value, at: path.dropFirst(), in: &section, walked: &walked, source: source)
                members.append(JSONNode.Member(key: key, keyPosition: value.position, value: section))
            } else {
                var message = "no member \"\(key)\" to go into"
                if let hint = dottedNameHint(path, keys: members.map(\.key), walked: before, source: source) {
                    message += hint
                } else if let suggestion = closestMatch(to: key, in: members.map(\.key)) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                walked = before
                throw fail(message)
            }
            node.value = .object(members)
        case (.index(let index), .array(var elements)):
            guard index < elements.count else {
                throw fail("expected an index below \(elements.count), found \(index)")
            }
            walked += "[\(index)]"
            try set(value, at: path.dropFirst(), in: &elements[index], walked: &walked, source: source)
            node.value = .array(elements)
        case (.key(let key), _):
            throw fail("expected an object to hold \"\(key)\", found \(node.kindDescription)")
        case (.index(let index), _):
            throw fail("expected an array to index with [\(index)], found \(node.kindDescription)")
        }
    }
}

extension SettingOverride {
    /// Sections a file may leave out entirely, taking every default: `--set` creates them.
    static let defaultedSections: Set<String> = ["timing", "timing.startLatencyMs", "lifecycle", "limits"]
}

extension JSONNode {
    /// Marks the node and everything in it as coming from the command line: no line numbers.
    mutating func clearLines() {
        position.line = 0
        position.column = 0
        switch value {
        case .array(var elements):
            for index in elements.indices { elements[index].clearLines() }
            value = .array(elements)
        case .object(var members):
            for index in members.indices {
                members[index].keyPosition.line = 0
                members[index].keyPosition.column = 0
                members[index].value.clearLines()
            }
            value = .object(members)
        default: break
        }
    }
}
