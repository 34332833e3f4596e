/// Code of the files that runs without a call by name: a type's initializer (`_ = Flusher()`, with the
/// stored properties' initial values it runs first), a computed property's getter (read as `isReady`,
/// `self.pending`, `store.pending`), and a property's observers (`willSet`, `didSet`) when it is assigned.
/// Each is followed where it runs, as a called function is.
extension StepTranslator {
    /// The type a call makes an instance of: `Flusher()`, `Flusher.init()`, when the files declare it.
    func initializedType(_ callee: SwiftExpr) -> String? {
        var type = callee
        if case .member(let base, "init") = callee.kind { type = base }
        if case .generic(let base, _) = type.kind { type = base }
        guard case .name(let name) = type.kind, codebase.typeKeywords[name] != nil,
            codebase.typeKeywords[name] != "protocol"
        else { return nil }
        return name
    }

    /// `Flusher(…)`: the initial values of its stored properties that run code (`let task = Task { … }`),
    /// then the `init` whose labels the call's match; `nil` when the type is not the files' or runs nothing.
    mutating func followInitializer(
        _ callee: SwiftExpr, _ location: SwiftLocation, _ context: Context,
        closures: (arguments: [SwiftArgument], trailing: [SwiftClosure])
    ) -> [ImportedStep]? {
        guard let type = initializedType(callee) else { return nil }
        let labels = closures.arguments.map { $0.label ?? "_" }
        let initializer = codebase.initializer(of: type, labels: labels)
        var inner = context
        inner.typeName = type
        inner.assignedName = nil
        inner.atTaskBodyTop = false
        let values = codebase.storedPropertyValues(of: type).filter { runsCode($0.property.value!, inner) }
        guard initializer != nil || !values.isEmpty else { return nil }
        var steps: [ImportedStep] = []
        for (property, file) in values {
            inner.file = file
            steps += translate(property.value!, inner)
        }
        if let initializer {
            steps += enter(initializer, name: "\(type).init", location, context, closures: closures)
        }
        return steps
    }

    /// `isReady`, `self.pending`, `store.pending`: the getter of a computed property of the files, where the
    /// property is read; `nil` when the expression names none.
    mutating func followGetter(_ expr: SwiftExpr, _ context: Context) -> [ImportedStep]? {
        guard let function = accessor("get", of: expr, context) else { return nil }
        let (_, name) = Self.splitCallee(expr)
        return enter(function, name: name ?? "get", expr.location, context)
    }

    /// `state = value` on a property with observers: its `willSet`, then its `didSet`, after the value.
    mutating func propertyObservers(_ target: SwiftExpr, _ location: SwiftLocation, _ context: Context) -> [ImportedStep] {
        let (_, name) = Self.splitCallee(target)
        return ["willSet", "didSet"].flatMap { kind -> [ImportedStep] in
            guard let observer = accessor(kind, of: target, context) else { return [] }
            return enter(observer, name: "\(name ?? "").\(kind)", location, context)
        }
    }

    /// The accessor `kind` of the property an expression names, as a call of it would resolve.
    func accessor(_ kind: String, of expr: SwiftExpr, _ context: Context) -> SwiftCodebase.Function? {
        switch expr.kind {
        case .name, .member: break
        default: return nil
        }
        let (base, name) = Self.splitCallee(expr)
        guard let name else { return nil }
        return codebase.resolve(name: name, receiver: base.map(Self.chain) ?? [], callingType: context.typeName, accessor: kind)
    }
}

extension StepTranslator {
    /// `cleanup()` where `cleanup` is a property of the calling type (or of a type of the files) whose
    /// initial value is a closure (`lazy var cleanup: () -> Void = { … }`): that closure, to run here.
    func propertyClosure(_ callee: SwiftExpr, _ context: Context) -> (String, BoundClosure)? {
        let (base, name) = Self.splitCallee(callee)
        guard let name else { return nil }
        var type = context.typeName
        if let base {
            let receiver = Self.chain(base)
            type = receiver.first.map { $0.first?.isUppercase == true ? $0 : codebase.valueTypes[$0] ?? "" }
            if receiver.count != 1 { return nil }
        }
        guard let type, let entry = codebase.storedPropertyValues(of: type, static: true).first(where: { $0.property.name == name }),
            case .closure(let closure)? = entry.property.value?.kind
        else { return nil }
        return (name, BoundClosure(closure: closure, file: entry.file, typeName: type))
    }
}
