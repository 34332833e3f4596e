/// SwiftUI's `.onChange(of: scenePhase)`: an entry point per phase whose code the handler runs
/// (``ScenePhaseReader``), under the scene callback delivered when the phase becomes it.
extension EntryPointFinder {
    /// The name a watched expression gives the scene phase by: `scenePhase`, or a property declared
    /// `@Environment(\.scenePhase)` under another name (`@Environment(\.scenePhase) private var phase`).
    func scenePhaseName(_ watched: SwiftExpr) -> String? {
        guard let name = StepTranslator.chain(watched).last else { return nil }
        return name == "scenePhase" || codebase.scenePhaseProperties.contains(name) ? name : nil
    }

    /// `.onChange(of: scenePhase) { old, new in … }` (or `{ new in … }`, `{ … }`), or `.onChange(of: scenePhase,
    /// perform: handle)` with `handle` a method of the files.
    mutating func addScenePhase(
        _ property: String, _ arguments: [SwiftArgument], _ trailing: [SwiftClosure], _ location: SwiftLocation,
        _ owner: SwiftCodebase.Function
    ) {
        if let closure = StepRecogniser.closure(arguments, trailing) {
            let names = Set([property] + (closure.parameters.last.map { [$0] } ?? []))
            addPhases(closure.body, names: names, at: closure.location, owner)
        } else if let handler = StepRecogniser.argument("perform", arguments) ?? StepRecogniser.argument("action", arguments),
            let function = handlerFunction(handler, owner), let body = function.function.body
        {
            let names = Set([property] + (function.function.parameterNames.last.map { [$0] } ?? []))
            addPhases(body, names: names, at: function.function.location, function)
        } else {
            note(.untranslated, location, owner, ".onChange(of: \(property)) with a handler the importer cannot find "
                + "among the files given: write its hook by hand")
        }
    }

    /// The method a handler names (`handle`, `self.handle`), as a bare call of it would resolve.
    private func handlerFunction(_ handler: SwiftExpr, _ owner: SwiftCodebase.Function) -> SwiftCodebase.Function? {
        let (base, name) = StepTranslator.splitCallee(handler)
        guard base == nil, let name else { return nil }
        return codebase.resolve(name: name, receiver: [], callingType: owner.typeName)
    }

    /// An entry point per phase whose code is not empty, in the order of the first test that selects it
    /// (phases with only the code that runs on every change last). A handler that is only a call of the
    /// app's method with the phase (`{ _, phase in handle(phase) }`) is that method's code.
    private mutating func addPhases(
        _ body: [SwiftStatement], names: Set<String>, at location: SwiftLocation, _ owner: SwiftCodebase.Function
    ) {
        if let (function, parameter) = phaseHandlerCall(body, names, owner), let inner = function.function.body {
            addPhases(inner, names: [parameter], at: function.function.location, function)
            return
        }
        let reader = ScenePhaseReader(names: names)
        var found: [(phase: String, body: [SwiftStatement], anchor: SwiftLocation?)] = []
        var unread: [SwiftLocation] = []
        for phase in ScenePhaseReader.phases {
            var reading = ScenePhaseReader.Reading()
            let statements = reader.statements(body, for: phase, &reading)
            unread += reading.unread.filter { !unread.contains($0) }
            if !statements.isEmpty { found.append((phase, statements, reading.anchor)) }
        }
        for place in unread {
            note(.assumption, place, owner, "a test of the scene phase the importer cannot read: taken as true for every "
                + "phase; write it as `phase == .background` (or `!=`, `||`, a switch) for its code to run in the phases "
                + "it stands for")
        }
        noteEveryPhase(body, reader, found.map(\.phase), owner)
        let ordered = found.sorted { ($0.anchor ?? .init(line: .max, column: 0)) < ($1.anchor ?? .init(line: .max, column: 0)) }
        for entry in ordered {
            guard let callback = Self.scenePhases[entry.phase] else { continue }
            entryPoints.append(EntryPoint(
                callback: callback, name: "\(owner.typeName.map { "\($0)." } ?? "")scenePhase .\(entry.phase)",
                body: entry.body, isolation: owner.isolation, typeName: owner.typeName, file: owner.file,
                location: entry.anchor ?? location))
        }
    }

    /// Code that tests no phase runs on every change of phase: it is in each phase's entry point, said once.
    private mutating func noteEveryPhase(
        _ body: [SwiftStatement], _ reader: ScenePhaseReader, _ phases: [String], _ owner: SwiftCodebase.Function
    ) {
        let tests = { (statement: SwiftStatement) -> Bool in
            switch statement.kind {
            case .ifStatement(let conditions, _, _), .guardStatement(let conditions, _): conditions.contains(where: reader.mentions)
            case .switchStatement(let subject, _): reader.mentions(subject)
            default: false
            }
        }
        let beforeGuard = body.prefix { if case .guardStatement = $0.kind { !tests($0) } else { true } }
        guard let common = beforeGuard.first(where: { !tests($0) }), phases.count > 1 else { return }
        note(.assumption, common.location, owner, ".onChange(of: scenePhase): the code here tests no phase, so it runs "
            + "on every change of phase: it is translated in each phase's entry point ("
            + phases.map { ".\($0)" }.joined(separator: ", ") + ")")
    }

    /// `{ _, phase in handle(phase) }`: a body that is one call of a method of the files passing the phase.
    /// The method, and the name of its parameter that receives the phase.
    private func phaseHandlerCall(
        _ body: [SwiftStatement], _ names: Set<String>, _ owner: SwiftCodebase.Function
    ) -> (SwiftCodebase.Function, String)? {
        guard body.count == 1, case .expression(let expr) = body[0].kind,
            let (callee, arguments, _, _) = StepRecogniser.call(expr),
            let index = arguments.firstIndex(where: { StepRecogniser.variable($0.value).map(names.contains) == true }),
            let function = handlerFunction(callee, owner), let body = function.function.body, !body.isEmpty
        else { return nil }
        let parameters = function.function.parameterNames
        guard index < parameters.count else { return nil }
        return (function, parameters[index])
    }
}
