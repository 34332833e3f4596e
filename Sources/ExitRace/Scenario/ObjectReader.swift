/// Collects diagnostics while a JSON document is decoded, so that one pass reports every problem.
package final class DiagnosticLog {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package func error(_ path: String, _ position: SourcePosition, _ message: String) {
        diagnostics.append(Diagnostic(at: position, path: path, message: message))
    }

    package func expected(_ what: String, at node: JSONNode, _ path: String) {
        error(path, node.position, "expected \(what), found \(node.kindDescription)")
    }
}

/// Reads the members of one JSON object, reporting unknown members (with a suggestion), missing
/// ones and values of the wrong kind. Each accessor returns `nil` after logging a problem.
package struct ObjectReader {
    package let node: JSONNode
    package let path: String
    package let members: [JSONNode.Member]
    package let log: DiagnosticLog
    /// The allowed members suggested for unknown ones (`"costMs"` for `"cost"`): a missing member
    /// that was only misspelt is reported once, by the suggestion.
    private var suggested: [String] = []

    /// `nil` (and a diagnostic) when `node` is not an object. `"note"` is always allowed, as a
    /// comment. With `allowed` `nil`, any member is (a file format that older tools read leniently).
    package init?(_ node: JSONNode, path: String, allowed: [String]?, log: DiagnosticLog, expecting what: String = "an object") {
        guard case .object(let members) = node.value else {
            log.expected(what, at: node, path)
            return nil
        }
        self.node = node
        self.path = path
        self.members = members
        self.log = log
        guard let allowed else { return }
        for member in members where member.key != ScenarioKeys.note && !allowed.contains(member.key) {
            var message = "unknown member \"\(member.key)\""
            if let suggestion = closestMatch(to: member.key, in: allowed) {
                message += "; did you mean \"\(suggestion)\"?"
                suggested.append(suggestion)
            } else {
                message += "; expected one of: \(allowed.joined(separator: ", "))"
            }
            log.error(join(path, member.key), member.keyPosition, message)
        }
    }

    package subscript(key: String) -> JSONNode? { members.first { $0.key == key }?.value }

    /// Where the member's value is, or the object itself when the member is absent.
    package func position(_ key: String) -> SourcePosition { self[key]?.position ?? node.position }

    package func childPath(_ key: String) -> String { join(path, key) }

    /// Whether an unknown member was already reported as a misspelling of `key`.
    package func isMisspelt(_ key: String) -> Bool { suggested.contains(key) }

    private func missing(_ key: String, _ what: String) {
        guard !isMisspelt(key) else { return }
        log.error(path, node.position, "missing member \"\(key)\" (\(what))")
    }

    package func string(_ key: String, required: Bool = false) -> String? {
        guard let value = self[key] else {
            if required { missing(key, "a string") }
            return nil
        }
        guard case .string(let s) = value.value else {
            log.expected("a string", at: value, childPath(key))
            return nil
        }
        return s
    }

    package func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = self[key] else {
            if required { missing(key, "true or false") }
            return nil
        }
        guard case .bool(let b) = value.value else {
            log.expected("true or false", at: value, childPath(key))
            return nil
        }
        return b
    }

    /// Any number.
    package func number(_ key: String, required: Bool = false) -> Double? {
        guard let value = self[key] else {
            if required { missing(key, "a number") }
            return nil
        }
        guard case .number(let number, _) = value.value else {
            log.expected("a number", at: value, childPath(key))
            return nil
        }
        return number
    }

    /// A whole number in `range`.
    package func integer(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let value = self[key] else {
            if required { missing(key, "a whole number") }
            return nil
        }
        guard case .number(let number, let text) = value.value, number.rounded() == number,
            let integer = Int(exactly: number), range.contains(integer)
        else {
            Self.expectedNumber("a whole number from \(range.lowerBound) to \(range.upperBound)", value, childPath(key), log)
            return nil
        }
        _ = text
        return integer
    }

    /// A duration in milliseconds, converted to nanoseconds (nearest, halves away from zero).
    package func milliseconds(_ key: String, max: Double = Limits.maxDurationMs, required: Bool = false) -> VirtualDuration? {
        guard let value = self[key] else {
            if required { missing(key, "milliseconds") }
            return nil
        }
        return Self.milliseconds(value, path: childPath(key), max: max, log: log)
    }

    package static func milliseconds(_ value: JSONNode, path: String, max: Double, log: DiagnosticLog) -> VirtualDuration? {
        guard case .number(let number, _) = value.value, number.isFinite, number >= 0, number <= max,
            let duration = VirtualDuration.milliseconds(number)
        else {
            if case .string(let text) = value.value, let milliseconds = MillisecondsWithUnit.milliseconds(in: text) {
                log.error(path, value.position, MillisecondsWithUnit.message(found: "the string \"\(text)\"", milliseconds: milliseconds, write: ""))
                return nil
            }
            expectedNumber("milliseconds from 0 to \(formatLimit(max))", value, path, log)
            return nil
        }
        return duration
    }

    /// "expected …, found …" for a numeric setting; an object there is taken for a distribution
    /// whose family is misspelt, and named with a suggestion.
    static func expectedNumber(_ what: String, _ value: JSONNode, _ path: String, _ log: DiagnosticLog) {
        guard case .object(let members) = value.value else {
            log.expected(what, at: value, path)
            return
        }
        // A distribution of a known family that is still an object failed to decode, and said why
        // (extractDistributions): a second message would only contradict it.
        if members.contains(where: { Distribution.familyNames.contains($0.key) }) { return }
        var message = "expected \(what), or a distribution (\(Distribution.familyNames.joined(separator: ", "))), found an object"
        let keys = members.map(\.key).filter { $0 != ScenarioKeys.note && !ScenarioKeys.distributionExtras.contains($0) }
        if let key = keys.first {
            message += " with \"\(key)\""
            if let near = closestMatch(to: key, in: Distribution.familyNames), near != key { message += "; did you mean \"\(near)\"?" }
        }
        log.error(path, value.position, message)
    }

    /// A string that must name one of `names` (a system call, a callback, …): otherwise a
    /// diagnostic listing them, with a suggestion.
    package func reference(_ key: String, to names: [String], what: String) -> String? {
        guard let name = string(key, required: true) else { return nil }
        guard names.contains(name) else {
            log.error(childPath(key), position(key), "expected \(what) (\(names.joined(separator: ", "))), found \"\(name)\"" + suggestion(name, names))
            return nil
        }
        return name
    }

    package func qos(_ key: String) -> QoSClass? {
        guard let name = string(key) else { return nil }
        guard let qos = QoSClass.named(name) else {
            var message = "expected a QoS class or task priority (\(QoSClass.acceptedNames.joined(separator: ", "))), found \"\(name)\""
            if let suggestion = closestMatch(to: name, in: QoSClass.acceptedNames) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(childPath(key), position(key), message)
            return nil
        }
        return qos
    }

    /// One of a fixed set of strings.
    package func choice(_ key: String, from choices: [String], required: Bool = false) -> String? {
        guard let value = self[key] else {
            if required { missing(key, "one of \(choices.joined(separator: ", "))") }
            return nil
        }
        guard case .string(let s) = value.value, choices.contains(s) else {
            var message = "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \(value.kindDescription)"
            if case .string(let s) = value.value, let suggestion = closestMatch(to: s, in: choices) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(childPath(key), value.position, message)
            return nil
        }
        return s
    }

    /// One of the names of `Name`, as its case.
    package func choice<Name: ScenarioName>(_ key: String, as _: Name.Type, required: Bool = false) -> Name? {
        choice(key, from: Name.names, required: required).flatMap(Name.init(rawValue:))
    }

    package func array(_ key: String, required: Bool = false) -> [JSONNode]? {
        guard let value = self[key] else {
            if required { missing(key, "an array") }
            return nil
        }
        guard case .array(let elements) = value.value else {
            log.expected("an array", at: value, childPath(key))
            return nil
        }
        return elements
    }

    /// A reader of an object-valued member (see ``init(_:path:allowed:log:expecting:)`` for `allowed`).
    package func object(_ key: String, allowed: [String]?, required: Bool = false) -> ObjectReader? {
        guard let value = self[key] else {
            if required { missing(key, "an object") }
            return nil
        }
        return ObjectReader(value, path: childPath(key), allowed: allowed, log: log)
    }

    /// The members of an object-valued member, in file order.
    package func members(_ key: String, required: Bool = false) -> [JSONNode.Member]? {
        guard let value = self[key] else {
            if required { missing(key, "an object") }
            return nil
        }
        guard case .object(let members) = value.value else {
            log.expected("an object", at: value, childPath(key))
            return nil
        }
        return members
    }
}

private func formatLimit(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
