/// What a cell that never flips shows at the right of its thin row in a 1-D sweep picture: its
/// margin closest to zero (how far it is from flipping), or, when no run of it has a margin, that
/// it has none, in the same place and size, with why in a tooltip. A × cell without a margin
/// (a deadlock; a task queued behind `exit`) showed nothing there until 2026-12-02.
extension SweepSVG {
    struct SteadyLabel: Equatable {
        /// `+13 ms`, `−8 ms`, or ``noMargin``.
        let text: String
        /// What the label does not say, for a label without a margin.
        let tooltip: String?

        init(text: String, tooltip: String? = nil) {
            self.text = text
            self.tooltip = tooltip
        }

        /// The label of cell `cell` (an index into the report's one line) over `points`.
        init(_ report: FlipReport, _ points: [SweepPoint], cell: Int) {
            if let margin = SweepSVG.closestMargin(points, cell: cell, procedures: report.scenario.procedures.count) {
                self.init(text: SweepSVG.marginLabel(margin))
            } else if report.lines[0].cells[cell].segments.first?.finished == 0 {
                self.init(text: Self.noMargin, tooltip: Self.neverFinishes)
            } else {
                self.init(text: Self.noMargin, tooltip: Self.noRace)
            }
        }

        /// Short enough to stand in the room the margins take beside the strips.
        static let noMargin = "no margin"
        /// A × cell's: what is known of it.
        static let neverFinishes = "× at every value: never finishes in this range, and no run has a margin to say how near it came"
        /// A ○ or △ cell's.
        static let noRace = "no run of this cell has a margin: no finish of it raced the process's death "
            + "(or the cell is judged by another goal than its cleanup)"
    }

    /// The margin closest to zero (nanoseconds) of a cell, over every point and procedure; `nil`
    /// when no run of it has a margin.
    static func closestMargin(_ points: [SweepPoint], cell: Int, procedures: Int) -> Int64? {
        var closest: Int64?
        for point in points {
            for outcome in point.outcomes[(cell * procedures)..<((cell + 1) * procedures)] {
                guard let margin = outcome.marginNs else { continue }
                if closest.map({ margin.magnitude < $0.magnitude }) ?? true { closest = margin }
            }
        }
        return closest
    }
}
