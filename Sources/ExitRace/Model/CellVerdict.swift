/// ○, △ or ×: what a cell says about a cleanup across the kill procedures, whether measured on a
/// device (``Observation``, procedures by name) or computed (``ResultTable/Verdict``, procedures
/// by index).
public enum CellVerdict<Procedure: Equatable & Sendable>: Equatable, Sendable {
    /// ○: the cleanup finished under every kill procedure.
    case always
    /// △: it finished under these procedures only.
    case some([Procedure])
    /// ×: it finished under none.
    case never

    /// "○", "△" or "×".
    public var symbol: String {
        switch self {
        case .always: "○"
        case .some: "△"
        case .never: "×"
        }
    }

    /// The symbols a file may use, in the order ○, △, ×.
    public static var symbols: [String] { ["○", "△", "×"] }
}

/// What a measured cell showed: ○, △ (with the procedures the cleanup finished under, by name, as
/// written) or ×.
package typealias Observation = CellVerdict<String>
