/// The Swift files given to `import`, indexed: every function with the type it belongs to and the
/// actor it is isolated to, and every name declared as a `DispatchSemaphore`.
package struct SwiftCodebase: Sendable {
    /// The isolation of code, as far as the importer tells from the source.
    package enum Isolation: Equatable, Sendable {
        /// `@MainActor` (a type, a method, a type conforming to a UIKit delegate or a SwiftUI protocol).
        case mainActor
        /// An `actor` type's own executor (the scenario language has no actors yet: run as `none`).
        case actor(String)
        /// Not isolated: a plain class, a `nonisolated` method, a free function.
        case none
    }

    /// A function and where it is declared.
    package struct Function: Sendable {
        package var function: SwiftFunction
        /// The type (or extended type) it is a member of; `nil` at file level.
        package var typeName: String?
        package var isolation: Isolation
        package var file: SwiftFile
        /// Its position in the index: ties between functions of one name go to the first.
        package var order: Int
    }

    package let files: [SwiftFile]
    package private(set) var functions: [Function] = []
    /// The positions in ``functions`` of the functions of each name, in order: a call resolves among
    /// these, not among every function (an import of 8,000 delegates took seconds in the search).
    private(set) var functionsNamed: [String: [Int]] = [:]
    /// Names declared with `DispatchSemaphore(…)` anywhere (properties and locals).
    package private(set) var semaphoreNames: Set<String> = []
    /// Names declared with `DispatchGroup()` anywhere.
    package private(set) var groupNames: Set<String> = []
    /// Queues declared with `DispatchQueue(label:qos:attributes:)` anywhere, by the name they are bound to.
    package private(set) var queues: [String: ImportedQueue] = [:]
    /// Properties and locals bound to a value of a type declared in the files (`let store = Store()`,
    /// `Store.shared`): name → type, the first declaration winning.
    package private(set) var valueTypes: [String: String] = [:]
    /// A type's `let` properties whose value is a literal number or duration (`let saveTimeout:
    /// TimeInterval = 1.5`, `let saveTimeout = DispatchTimeInterval.seconds(2)`): type → name → value.
    package private(set) var constants: [String: [String: SwiftExpr]] = [:]
    /// Properties by the type they are declared in, in order, with the file each is written in.
    package private(set) var propertyFiles: [String: [(property: SwiftProperty, file: SwiftFile)]] = [:]
    /// The type each property's annotation names (`var la: Activity<T>?` → `Activity`), the first declaration
    /// winning: system types too, unlike ``valueTypes``.
    package private(set) var declaredTypes: [String: String] = [:]
    /// Properties declared `@Environment(\.scenePhase)`, by name (`phase` in `@Environment(\.scenePhase) var phase`).
    package private(set) var scenePhaseProperties: Set<String> = []
    /// Flags polled by a `while !flag { sleep }` loop anywhere: assigning `true` to one sets it.
    package private(set) var polledFlags: Set<String> = []
    /// What each type of the files inherits from and conforms to, as written in its declaration and its
    /// extensions, in order (a superclass or protocol declared in the files is searched for methods).
    package private(set) var supertypes: [String: [String]] = [:]
    /// The types declared in the files, by name, with their keyword (`actor`, `class`, …).
    package private(set) var typeKeywords: [String: String] = [:]
    /// Global actors other than the main actor: types declared `@globalActor` in the files. Code
    /// marked `@Name` (a type, a method, a closure) is isolated to that actor.
    package private(set) var globalActors: Set<String> = []
    /// Names a task handle is kept under and used by: assigned a `Task { … }` somewhere in the files,
    /// and used by `name.cancel()` or `name.value` somewhere (the task step is then named so).
    package var taskHandles: Set<String> { taskHandleUses.intersection(assignedTasks) }
    private var taskHandleUses: Set<String> = []
    private var assignedTasks: Set<String> = []
    /// Names bound to `URLSessionConfiguration.background(withIdentifier:)`, and to a `URLSession` made
    /// with one (also in a `lazy var session = { … }()`): its upload and download tasks outlive the app.
    package private(set) var backgroundConfigurations: Set<String> = []
    package private(set) var backgroundSessions: Set<String> = []

    /// Types whose conformance or superclass makes them main-actor isolated (UIKit and SwiftUI).
    static let mainActorSupertypes: Set<String> = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "UIResponder", "UIViewController",
        "UIView", "App", "View", "Scene", "UIApplication", "NSObject & UIApplicationDelegate",
    ]

    package init(files: [SwiftFile]) {
        self.files = files
        var typeIsolation: [String: Isolation] = [:]
        for file in files { collectGlobalActors(file.declarations) }
        for file in files { collectTypeIsolation(file.declarations, into: &typeIsolation) }
        for file in files { collectTypeKeywords(file.declarations) }
        for file in files { index(file.declarations, typeName: nil, typeIsolation: nil, file: file, known: typeIsolation) }
    }

    private mutating func collectGlobalActors(_ declarations: [SwiftDecl]) {
        for case .type(let type) in declarations {
            if type.attributes.contains("@globalActor"), type.keyword != "extension" { globalActors.insert(type.name) }
            collectGlobalActors(type.members)
        }
    }

    /// The isolation attributes name: `@MainActor`, or `@Name` of a global actor of the files.
    package static func isolation(attributes: [String], globalActors: Set<String>) -> Isolation? {
        for attribute in attributes {
            if attribute == "@MainActor" { return .mainActor }
            let name = String(attribute.dropFirst())
            if globalActors.contains(name) { return .actor(name) }
        }
        return nil
    }

    /// The isolation an attribute of code gives it (`@MainActor`, `@Name` of a global actor), or `nil`.
    package func isolation(attributes: [String]) -> Isolation? {
        Self.isolation(attributes: attributes, globalActors: globalActors)
    }

    private func collectTypeIsolation(_ declarations: [SwiftDecl], into table: inout [String: Isolation]) {
        for case .type(let type) in declarations {
            if let isolation = Self.isolation(of: type, known: [:], globalActors: globalActors),
                type.keyword != "extension" || table[type.name] == nil
            {
                if type.keyword != "extension" || isolation != .none { table[type.name] = isolation }
            }
            collectTypeIsolation(type.members, into: &table)
        }
    }

    /// A type's isolation from its own declaration; `nil` for an extension that says nothing.
    package static func isolation(of type: SwiftTypeDecl, known: [String: Isolation], globalActors: Set<String> = [])
        -> Isolation?
    {
        if let isolation = isolation(attributes: type.attributes, globalActors: globalActors) { return isolation }
        if type.keyword == "actor" { return .actor(type.name) }
        if type.inherits.contains(where: { mainActorSupertypes.contains($0) }) { return .mainActor }
        if type.keyword == "extension" { return known[type.name] }
        return Isolation.none
    }

    private mutating func index(
        _ declarations: [SwiftDecl], typeName: String?, typeIsolation: Isolation?, file: SwiftFile, known: [String: Isolation]
    ) {
        for declaration in declarations {
            switch declaration {
            case .type(let type):
                let isolation = Self.isolation(of: type, known: known, globalActors: globalActors) ?? known[type.name] ?? .none
                index(type.members, typeName: type.name, typeIsolation: isolation, file: file, known: known)
            case .function(let function):
                var isolation = typeIsolation ?? .none
                if let marked = self.isolation(attributes: function.attributes) { isolation = marked }
                if function.modifiers.contains("nonisolated") { isolation = .none }
                functionsNamed[function.name, default: []].append(functions.count)
                functions.append(Function(function: function, typeName: typeName, isolation: isolation, file: file, order: functions.count))
                collectSemaphores(function.body ?? [], file)
                let handles = Self.taskHandleUses(function.body ?? [])
                taskHandleUses.formUnion(handles.used)
                assignedTasks.formUnion(handles.assigned)
            case .property(let property):
                indexProperty(property, typeName: typeName, typeIsolation: typeIsolation, file: file)
            }
        }
    }

    private mutating func indexProperty(_ property: SwiftProperty, typeName: String?, typeIsolation: Isolation?, file: SwiftFile) {
        let name = property.name
        if let value = property.value { collectBinding(name, value, file) }
        if property.constant, let value = property.value, let typeName, constants[typeName]?[name] == nil,
            StepRecogniser.number(value) != nil || StepRecogniser.durationNanoseconds(value) != nil
        {
            constants[typeName, default: [:]][name] = value
        }
        // `var appDelegate: AppDelegate!`: a variable of a type of the files.
        if let type = property.type, typeKeywords[type] != nil, valueTypes[name] == nil { valueTypes[name] = type }
        if let type = property.type, declaredTypes[name] == nil { declaredTypes[name] = type }
        if property.environmentKey == "scenePhase" { scenePhaseProperties.insert(name) }
        if let typeName { propertyFiles[typeName, default: []].append((property, file)) }
        for accessor in property.accessors { index([.function(accessor)], typeName: typeName, typeIsolation: typeIsolation, file: file, known: [:]) }
    }

    private mutating func collectSemaphores(_ statements: [SwiftStatement], _ file: SwiftFile) {
        for statement in statements {
            switch statement.kind {
            case .binding(let name, let value?): collectBinding(name, value, file)
            case .loop("while", let conditions, let body):
                if let flag = Self.polledFlag(conditions, body) { polledFlags.insert(flag) }
                collectSemaphores(body, file)
            case .ifStatement(_, let then, let otherwise): collectSemaphores(then + (otherwise ?? []), file)
            case .doBlock(let body, _), .forIn(_, _, let body, _), .guardStatement(_, let body): collectSemaphores(body, file)
            case .expression(let expr): collectClosures(expr, file)
            default: break
            }
        }
    }

    /// Locals declared in closures (a `Task { }` body, a dispatched block) count too.
    private mutating func collectClosures(_ expr: SwiftExpr, _ file: SwiftFile) {
        guard case .call(_, let arguments, let trailing) = expr.kind else {
            if case .prefix(_, let inner) = expr.kind { collectClosures(inner, file) }
            return
        }
        for closure in trailing { collectSemaphores(closure.body, file) }
        for case .closure(let closure) in arguments.map(\.value.kind) { collectSemaphores(closure.body, file) }
    }

    private mutating func collectTypeKeywords(_ declarations: [SwiftDecl]) {
        for case .type(let type) in declarations {
            if type.keyword != "extension", typeKeywords[type.name] == nil { typeKeywords[type.name] = type.keyword }
            supertypes[type.name, default: []] += type.inherits.filter { !(supertypes[type.name]?.contains($0) ?? false) }
            collectTypeKeywords(type.members)
        }
    }

    /// What a `let`/`var` holds: a semaphore, a group, a queue, or a value of a type of the files.
    private mutating func collectBinding(_ name: String, _ value: SwiftExpr, _ file: SwiftFile) {
        if Self.isSemaphoreCreation(value) { semaphoreNames.insert(name) }
        if Self.isBackgroundConfiguration(value) { backgroundConfigurations.insert(name) }
        if isBackgroundSession(value) { backgroundSessions.insert(name) }
        guard case .call(let callee, let arguments, _) = value.kind else {
            // `Store.shared`
            if case .member(let base, _) = value.kind, case .name(let type) = base.kind, typeKeywords[type] != nil,
                valueTypes[name] == nil
            {
                valueTypes[name] = type
            }
            return
        }
        var typeCallee = callee
        if case .member(let base, "init") = callee.kind { typeCallee = base }  // `DispatchQueue.init(label:)`
        guard case .name(let type) = typeCallee.kind else { return }
        if type == "DispatchGroup" { groupNames.insert(name) }
        if type == "DispatchQueue", queues[name] == nil {
            let line = value.location.line - 1 < file.lines.count ? file.lines[value.location.line - 1] : ""
            queues[name] = ImportedQueue(arguments, line: line)
        }
        if typeKeywords[type] != nil, valueTypes[name] == nil { valueTypes[name] = type }
    }

    /// `while !flag { Thread.sleep(…) }` (or `usleep`): the flag it polls.
    static func polledFlag(_ conditions: [SwiftExpr], _ body: [SwiftStatement]) -> String? {
        guard conditions.count == 1, case .prefix("!", let operand) = conditions[0].kind,
            let flag = StepRecogniser.variable(operand), body.count == 1
        else { return nil }
        return flag
    }

    /// `URLSessionConfiguration.background(withIdentifier:)` (or `.background(withIdentifier:)`).
    static func isBackgroundConfiguration(_ expr: SwiftExpr) -> Bool {
        guard case .call(let callee, let arguments, _) = expr.kind, arguments.first?.label == "withIdentifier" else { return false }
        return StepTranslator.chain(callee).last == "background"
    }

    /// `URLSession(configuration: c, …)` with a background configuration, written in place or bound to
    /// a name; or `{ …; return URLSession(…) }()`, whose locals are read first.
    private mutating func isBackgroundSession(_ expr: SwiftExpr) -> Bool {
        guard case .call(let callee, let arguments, _) = expr.kind else { return false }
        if case .closure(let closure) = callee.kind, arguments.isEmpty {
            for statement in closure.body {
                switch statement.kind {
                case .binding(let local, let value?):
                    if Self.isBackgroundConfiguration(value) { backgroundConfigurations.insert(local) }
                case .jump("return", let value?), .expression(let value):
                    if isBackgroundSession(value) { return true }
                default: break
                }
            }
            return false
        }
        guard StepTranslator.chain(callee) == ["URLSession"], let configuration = StepRecogniser.argument("configuration", arguments)
        else { return false }
        if Self.isBackgroundConfiguration(configuration) { return true }
        return StepRecogniser.variable(configuration).map(backgroundConfigurations.contains) ?? false
    }

    static func isSemaphoreCreation(_ expr: SwiftExpr) -> Bool {
        if case .call(let callee, _, _) = expr.kind, case .name("DispatchSemaphore") = callee.kind { return true }
        return false
    }

    /// The function a call names, by its base name: the one in `typeName` if there is one, else the
    /// first declared. Delegate methods and `init` are never callees.
    package func function(named name: String, preferring typeName: String?) -> Function? {
        let candidates = functions(named: name).filter { $0.function.body != nil && $0.function.accessor == nil }
        return candidates.first { $0.typeName == typeName } ?? candidates.first
    }
}
