/// A Dispatch quality-of-service class, with its real raw value (`qos_class_t` / `TaskPriority`).
///
/// `TaskPriority` raw values equal these: `.high` 25, `.medium` 21, `.low` 17, `.background` 9.
/// Priorities between the classes belong to the class below them, as in Dispatch.
public enum QoSClass: UInt8, CaseIterable, Comparable, Sendable {
    /// Background (9): `TaskPriority.background`; the longest start latency by default.
    case background = 9
    /// Utility (17): `TaskPriority.low` and `.utility`.
    case utility = 17
    /// Default (21): `TaskPriority.medium`, what `Task.detached` and `DispatchQueue.global()` get.
    case `default` = 21
    /// User-initiated (25): `TaskPriority.high`, what a `Task {}` created on the main thread gets.
    case userInitiated = 25
    /// User-interactive (33): the main thread's class; a `Task {}` created there gets user-initiated.
    case userInteractive = 33

    /// The class a raw priority value falls into.
    @inlinable public init(priority: UInt8) {
        switch priority {
        case 33...: self = .userInteractive
        case 25...: self = .userInitiated
        case 21...: self = .default
        case 17...: self = .utility
        default: self = .background
        }
    }

    /// Dense index for per-class tables.
    @inlinable public var index: Int {
        switch self {
        case .background: 0
        case .utility: 1
        case .default: 2
        case .userInitiated: 3
        case .userInteractive: 4
        }
    }

    /// Lower raw value, lower class: `.background` is the lowest.
    public static func < (a: QoSClass, b: QoSClass) -> Bool { a.rawValue < b.rawValue }

    /// The name used in scenario files.
    public var name: String {
        switch self {
        case .background: "background"
        case .utility: "utility"
        case .default: "default"
        case .userInitiated: "userInitiated"
        case .userInteractive: "userInteractive"
        }
    }

    /// The name the Thread Performance Checker uses, e.g. "User-interactive".
    public var checkerName: String {
        switch self {
        case .background: "Background"
        case .utility: "Utility"
        case .default: "Default"
        case .userInitiated: "User-initiated"
        case .userInteractive: "User-interactive"
        }
    }

    /// Scenario-file names, including the `TaskPriority` spellings (`high`, `medium`, `low`).
    package static func named(_ name: String) -> QoSClass? {
        switch name {
        case "background": .background
        case "utility", "low": .utility
        case "default", "medium": .default
        case "userInitiated", "high": .userInitiated
        case "userInteractive": .userInteractive
        default: nil
        }
    }

    package static let acceptedNames = [
        "userInteractive", "userInitiated", "high", "default", "medium", "utility", "low", "background",
    ]

    /// The priority a `Task {}` inherits from a thread running at this class when it is created
    /// outside any task. The runtime never gives a task user-interactive priority: it downgrades it
    /// to user-initiated (25), which is what a `Task` created on the main thread gets.
    @inlinable public var inheritedTaskPriority: QoSClass {
        self == .userInteractive ? .userInitiated : self
    }
}
