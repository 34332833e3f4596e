@testable import ExitRace
@testable import ExitRaceFiles
@testable import ExitRaceParameters
@testable import ExitRaceScenario
@testable import ExitRaceEngine
@testable import ExitRaceImport
@testable import ExitRaceReport
@testable import ExitRaceExplain
@testable import ExitRaceBatch

/// A JSON Schema (2020-12) validator for the keywords `scenarios/scenario.schema.json` uses:
/// `type`, `properties`, `additionalProperties`, `required`, `propertyNames`, `minProperties`,
/// `items`, `minItems`, `enum`, `const`, `minimum`, `maximum`, `exclusiveMinimum`, `minLength`,
/// `oneOf`, `if`/`then`/`else` and local `$ref`. Annotations are ignored. Any other keyword is reported, so the schema
/// cannot grow past what this checks.
struct SchemaValidator {
    let root: JSONNode

    static let annotations: Set<String> = ["$schema", "title", "description", "default", "examples"]
    static let supported: Set<String> = [
        "type", "properties", "additionalProperties", "required", "propertyNames", "minProperties", "items",
        "minItems", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "minLength", "oneOf", "$ref", "$defs",
        "if", "then", "else",
    ]

    /// Problems, as "path: message"; empty when `instance` is valid.
    func validate(_ instance: JSONNode, against schema: JSONNode? = nil, path: String = "") -> [String] {
        let schema = schema ?? root
        guard case .object(let keywords) = schema.value else { return ["\(path): schema is not an object"] }
        var problems: [String] = []
        for keyword in keywords where !Self.annotations.contains(keyword.key) && !Self.supported.contains(keyword.key) {
            problems.append("\(path): unsupported schema keyword \(keyword.key)")
        }
        if let ref = schema["$ref"], case .string(let reference) = ref.value {
            guard let target = resolve(reference) else { return ["\(path): unresolved $ref \(reference)"] }
            problems += validate(instance, against: target, path: path)
        }
        if let type = schema["type"], case .string(let name) = type.value, !Self.has(instance, type: name) {
            return problems + ["\(path): expected \(name), found \(instance.kindDescription)"]
        }
        if let options = schema["enum"], case .array(let allowed) = options.value,
            !allowed.contains(where: { Self.equal($0, instance) })
        {
            problems.append("\(path): \(instance.kindDescription) is not one of the allowed values")
        }
        if let constant = schema["const"], !Self.equal(constant, instance) {
            problems.append("\(path): expected \(constant.kindDescription), found \(instance.kindDescription)")
        }
        if case .number(let number, _) = instance.value {
            if let bound = Self.number(schema["minimum"]), number < bound { problems.append("\(path): below minimum \(bound)") }
            if let bound = Self.number(schema["maximum"]), number > bound { problems.append("\(path): above maximum \(bound)") }
            if let bound = Self.number(schema["exclusiveMinimum"]), number <= bound {
                problems.append("\(path): not above \(bound)")
            }
        }
        if case .string(let text) = instance.value, let minimum = Self.number(schema["minLength"]),
            Double(text.unicodeScalars.count) < minimum
        {
            problems.append("\(path): shorter than \(minimum)")
        }
        if case .array(let elements) = instance.value {
            if let minimum = Self.number(schema["minItems"]), Double(elements.count) < minimum {
                problems.append("\(path): fewer than \(minimum) items")
            }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    problems += validate(element, against: items, path: "\(path)[\(index)]")
                }
            }
        }
        if case .object(let members) = instance.value {
            problems += validateObject(members, schema, path)
        }
        if let condition = schema["if"] {
            let branch = validate(instance, against: condition, path: path).isEmpty ? schema["then"] : schema["else"]
            if let branch { problems += validate(instance, against: branch, path: path) }
        }
        if let options = schema["oneOf"], case .array(let branches) = options.value {
            let matching = branches.filter { validate(instance, against: $0, path: path).isEmpty }.count
            if matching != 1 { problems.append("\(path): matches \(matching) of the oneOf branches, expected exactly 1") }
        }
        return problems
    }

    private func validateObject(_ members: [JSONNode.Member], _ schema: JSONNode, _ path: String) -> [String] {
        var problems: [String] = []
        if let minimum = Self.number(schema["minProperties"]), Double(members.count) < minimum {
            problems.append("\(path): fewer than \(minimum) members")
        }
        if let required = schema["required"], case .array(let names) = required.value {
            for case .string(let name) in names.map(\.value) where !members.contains(where: { $0.key == name }) {
                problems.append("\(path): missing \(name)")
            }
        }
        let properties = schema["properties"]
        for member in members {
            let memberPath = join(path, member.key)
            if let names = schema["propertyNames"] {
                let key = JSONNode(value: .string(member.key), position: member.keyPosition)
                problems += validate(key, against: names, path: memberPath)
            }
            if let property = properties?[member.key] {
                problems += validate(member.value, against: property, path: memberPath)
            } else if let additional = schema["additionalProperties"] {
                if case .bool(false) = additional.value {
                    problems.append("\(memberPath): not allowed")
                } else {
                    problems += validate(member.value, against: additional, path: memberPath)
                }
            }
        }
        return problems
    }

    /// `#/$defs/name`, or `#`.
    func resolve(_ reference: String) -> JSONNode? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for component in reference.dropFirst().split(separator: "/") {
            guard let next = node[String(component)] else { return nil }
            node = next
        }
        return node
    }

    static func has(_ node: JSONNode, type: String) -> Bool {
        switch (type, node.value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null): true
        case ("number", .number): true
        case ("integer", .number(let n, _)): n.rounded() == n
        default: false
        }
    }

    static func number(_ node: JSONNode?) -> Double? {
        guard let node, case .number(let n, _) = node.value else { return nil }
        return n
    }

    static func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x, _), .number(let y, _)): x == y
        case (.string(let x), .string(let y)): x == y
        default: false
        }
    }
}
