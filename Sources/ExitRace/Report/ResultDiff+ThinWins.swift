extension ResultDiff {
    /// How a cell's thin wins (`[t]`: a win by less than `thinWinMs`) changed, per procedure. A diff says
    /// it in the procedure's own words, with its margin, old → new, whatever the margin tolerance:
    /// `background: margin +1.9 ms → +10.9 ms, no longer a thin win`. Until 2026-12-02 it said
    /// `thin win gone` (or `thin win under background appeared`), with no margin and no procedure.
    struct ThinWinChange {
        /// The procedures that are a thin win now and were not, and those that were and are not, in file order.
        let appeared: [String], gone: [String]
        /// The changes of procedures that have no outcome in both cells, so no part of their own: as marks
        /// (`now a thin win under background`).
        let marks: [String]

        /// A sampled cell names no thin wins: they are compared only between tables of single runs.
        init(_ old: ResultDocument.Cell, _ new: ResultDocument.Cell) {
            guard old.rates == nil && new.rates == nil else {
                (appeared, gone, marks) = ([], [], [])
                return
            }
            appeared = new.thinWinIn.filter { !old.thinWinIn.contains($0) }
            gone = old.thinWinIn.filter { !new.thinWinIn.contains($0) }
            let both = Set(old.outcomes.map(\.procedure)).intersection(new.outcomes.map(\.procedure))
            let appearedAlone = appeared.filter { !both.contains($0) }, goneAlone = gone.filter { !both.contains($0) }
            marks = (appearedAlone.isEmpty ? [] : ["now a thin win under \(CellText.procedureProse(appearedAlone))"])
                + (goneAlone.isEmpty ? [] : ["no longer a thin win under \(CellText.procedureProse(goneAlone))"])
        }

        /// `now a thin win`, `no longer a thin win`, or `nil` when `procedure`'s did not change.
        func words(for procedure: String) -> String? {
            if appeared.contains(procedure) { return "now a thin win" }
            if gone.contains(procedure) { return "no longer a thin win" }
            return nil
        }
    }
}
