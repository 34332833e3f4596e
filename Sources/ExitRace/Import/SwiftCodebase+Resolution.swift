/// Which function of the files a call (or a property's read or assignment) names, as Swift would resolve
/// it: the calling type's own member, then its superclass's and the protocol extensions it conforms to
/// (a default implementation), then a free function; `Self.f()` in the calling type, `super.f()` from
/// its superclass up.
extension SwiftCodebase {
    /// The functions named `name`, in the order they were indexed.
    func functions(named name: String) -> [Function] {
        (functionsNamed[name] ?? []).map { functions[$0] }
    }

    /// The function a call resolves to: a bare name (or `self.name`, `Self.name`) in the calling type and
    /// its supertypes, else a free function; `Type.name` or `Type.shared.name` in that type and its
    /// supertypes; `super.name` from the calling type's superclass up. A method called on a variable
    /// (`activity.end()`) is followed only when the files say its type (`let store = Store()`,
    /// `var appDelegate: AppDelegate!`). `accessor` looks for a property's `get`, `willSet` or `didSet`
    /// instead of a function.
    package func resolve(name: String, receiver: [String], callingType: String?, accessor: String? = nil) -> Function? {
        let candidates = functions(named: name).filter {
            $0.function.body != nil && $0.function.name != "init" && $0.function.accessor == accessor
        }
        guard !candidates.isEmpty else { return nil }
        if receiver.isEmpty || receiver == ["Self"] {
            if let callingType, let found = member(of: callingType, in: candidates) { return found }
            return receiver.isEmpty ? candidates.first { $0.typeName == nil } : nil
        }
        if receiver == ["super"] {
            guard let callingType else { return nil }
            return superclasses(of: callingType).lazy.compactMap { member(of: $0, in: candidates) }.first
        }
        guard var type = receiver.first else { return nil }
        if type.first?.isUppercase != true {
            // `store.save()` where `store` holds a value of a type of the files (`let store = Store()`).
            guard receiver.count == 1, let known = valueTypes[type] else { return nil }
            type = known
        }
        return member(of: type, in: candidates)
    }

    /// The candidate declared in `type`, else in its superclasses and the protocols it (or they) conform to.
    private func member(of type: String, in candidates: [Function]) -> Function? {
        var queue = [type], seen: Set<String> = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted, seen.count <= 64 else { continue }
            if let found = candidates.first(where: { $0.typeName == next }) { return found }
            queue += supertypes[next] ?? []
        }
        return nil
    }

    /// The classes of the files `type` inherits from, nearest first.
    func superclasses(of type: String) -> [String] {
        var found: [String] = [], current = type
        while let parent = supertypes[current]?.first(where: { typeKeywords[$0] == "class" }), !found.contains(parent),
            parent != type
        {
            found.append(parent)
            current = parent
        }
        return found
    }

    /// The initializer `Type(…)` runs, among the type's `init`s with a body: the one whose argument labels
    /// are `labels` (`_` for none), else the first with as many parameters, else the first.
    package func initializer(of type: String, labels: [String]) -> Function? {
        let inits = functions(named: "init").filter { $0.typeName == type && $0.function.body != nil }
        return inits.first { $0.function.parameterLabels == labels }
            ?? inits.first { $0.function.parameterLabels.count == labels.count } ?? inits.first
    }

    /// The properties of `type` with an initial value, with the file each is written in: those whose value
    /// runs when an instance is made (not `static`, not `lazy`), or with `static: true` all of them.
    package func storedPropertyValues(of type: String, static all: Bool = false) -> [(property: SwiftProperty, file: SwiftFile)] {
        (propertyFiles[type] ?? []).filter { entry in
            entry.property.value != nil
                && (all || !entry.property.modifiers.contains { ["static", "lazy", "class"].contains($0) })
        }
    }
}
