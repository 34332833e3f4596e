/// The Swift files given to `import`, indexed: every function with the type it belongs to and the
/// actor it is isolated to, and every name declared as a `DispatchSemaphore`.
public struct SwiftCodebase: Sendable {
    /// The isolation of code, as far as the importer tells from the source.
    public enum Isolation: Equatable, Sendable {
        /// `@MainActor` (a type, a method, a type conforming to a UIKit delegate or a SwiftUI protocol).
        case mainActor
        /// An `actor` type's own executor (the scenario language has no actors yet: run as `none`).
        case actor(String)
        /// Not isolated: a plain class, a `nonisolated` method, a free function.
        case none
    }

    /// A function and where it is declared.
    public struct Function: Sendable {
        public var function: SwiftFunction
        /// The type (or extended type) it is a member of; `nil` at file level.
        public var typeName: String?
        public var isolation: Isolation
        public var file: SwiftFile
        /// Its position in the index: ties between functions of one name go to the first.
        public var order: Int
    }

    public let files: [SwiftFile]
    public private(set) var functions: [Function] = []
    /// Names declared with `DispatchSemaphore(…)` anywhere (properties and locals).
    public private(set) var semaphoreNames: Set<String> = []

    /// Types whose conformance or superclass makes them main-actor isolated (UIKit and SwiftUI).
    static let mainActorSupertypes: Set<String> = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "UIResponder", "UIViewController",
        "UIView", "App", "View", "Scene", "UIApplication", "NSObject & UIApplicationDelegate",
    ]

    public init(files: [SwiftFile]) {
        self.files = files
        var typeIsolation: [String: Isolation] = [:]
        for file in files { collectTypeIsolation(file.declarations, into: &typeIsolation) }
        for file in files { index(file.declarations, typeName: nil, typeIsolation: nil, file: file, known: typeIsolation) }
    }

    private func collectTypeIsolation(_ declarations: [SwiftDecl], into table: inout [String: Isolation]) {
        for case .type(let type) in declarations {
            if let isolation = Self.isolation(of: type, known: [:]), type.keyword != "extension" || table[type.name] == nil {
                if type.keyword != "extension" || isolation != .none { table[type.name] = isolation }
            }
            collectTypeIsolation(type.members, into: &table)
        }
    }

    /// A type's isolation from its own declaration; `nil` for an extension that says nothing.
    package static func isolation(of type: SwiftTypeDecl, known: [String: Isolation]) -> Isolation? {
        if type.attributes.contains("@MainActor") { return .mainActor }
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
                let isolation = Self.isolation(of: type, known: known) ?? known[type.name] ?? .none
                index(type.members, typeName: type.name, typeIsolation: isolation, file: file, known: known)
            case .function(let function):
                var isolation = typeIsolation ?? .none
                if function.attributes.contains("@MainActor") { isolation = .mainActor }
                if function.modifiers.contains("nonisolated") { isolation = .none }
                functions.append(Function(function: function, typeName: typeName, isolation: isolation, file: file, order: functions.count))
                collectSemaphores(function.body ?? [])
            case .property(let name, let value, _):
                if let value, Self.isSemaphoreCreation(value) { semaphoreNames.insert(name) }
            }
        }
    }

    private mutating func collectSemaphores(_ statements: [SwiftStatement]) {
        for statement in statements {
            if case .binding(let name, let value?) = statement.kind, Self.isSemaphoreCreation(value) {
                semaphoreNames.insert(name)
            }
        }
    }

    static func isSemaphoreCreation(_ expr: SwiftExpr) -> Bool {
        if case .call(let callee, _, _) = expr.kind, case .name("DispatchSemaphore") = callee.kind { return true }
        return false
    }

    /// The function a call names, by its base name: the one in `typeName` if there is one, else the
    /// first declared. Delegate methods and `init` are never callees.
    public func function(named name: String, preferring typeName: String?) -> Function? {
        let candidates = functions.filter { $0.function.name == name && $0.function.body != nil }
        return candidates.first { $0.typeName == typeName } ?? candidates.first
    }

    /// The function a call resolves to, as Swift would find it among the given files: a bare name
    /// (or `self.name`) in the calling type, else a free function; `Type.name` or
    /// `Type.shared.name` in that type. A method called on a variable (`activity.end()`) is not
    /// followed: its type is unknown.
    public func resolve(name: String, receiver: [String], callingType: String?) -> Function? {
        let candidates = functions.filter { $0.function.name == name && $0.function.body != nil && $0.function.name != "init" }
        if receiver.isEmpty {
            return candidates.first { $0.typeName == callingType && callingType != nil } ?? candidates.first { $0.typeName == nil }
        }
        guard let type = receiver.first, type.first?.isUppercase == true else { return nil }
        return candidates.first { $0.typeName == type }
    }
}
