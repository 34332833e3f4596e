/// How a sweep picture fills each state so that no two states drawn in one picture look the same:
/// ○ and × have colours of their own; the △ states drawn (only those) take the △ colours in turn,
/// in ``SweepSVG/orderedStates(_:_:)``'s order, and when more occur than there are △ colours, each
/// further round of colours carries a hatch (defined once in the picture's `<defs>` and shown in
/// the legend too): 5 colours × (plain + 6 hatches) keep up to 35 △ states apart.
extension SweepSVG {
    /// A state's look: its colour and its hatch (0: none, else ``hatches``[`hatch` − 1] over the colour).
    struct Fill: Hashable {
        let colour: String, hatch: Int
    }

    /// The hatches' strokes in a 6-pixel tile: a diagonal, the other diagonal, horizontal, vertical,
    /// a cross and dots.
    static let hatches = [
        "<path d=\"M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2\"/>", "<path d=\"M-1,5 l2,2 M0,0 l6,6 M5,-1 l2,2\"/>",
        "<path d=\"M0,3 h6\"/>", "<path d=\"M3,0 v6\"/>", "<path d=\"M0,3 h6 M3,0 v6\"/>",
        "<circle cx=\"3\" cy=\"3\" r=\"1.2\" stroke=\"none\" fill=\"#000\" fill-opacity=\"0.6\"/>",
    ]

    /// The look of `state` in a picture whose drawn states are `states` (in their order).
    static func fill(_ report: FlipReport, _ state: UInt64, states: [UInt64]) -> Fill {
        if let fixed = colours[report.stateText(state)] { return Fill(colour: fixed, hatch: 0) }
        let partialStates = states.filter { colours[report.stateText($0)] == nil }
        let index = partialStates.firstIndex(of: state) ?? partialStates.count
        return Fill(colour: partials[index % partials.count], hatch: (index / partials.count) % (hatches.count + 1))
    }

    /// The `<defs>` holding the hatches that `states` use, each as `sweep-hatch-N`; nothing when
    /// none is used.
    static func hatchDefinitions(_ report: FlipReport, _ states: [UInt64]) -> String {
        let used = Set(states.map { fill(report, $0, states: states).hatch }).subtracting([0]).sorted()
        guard !used.isEmpty else { return "" }
        var out = "<defs>\n"
        for hatch in used {
            out += "<pattern id=\"sweep-hatch-\(hatch)\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
            out += "<g stroke=\"#000\" stroke-opacity=\"0.6\" stroke-width=\"1.2\">"
            out += hatches[hatch - 1] + "</g></pattern>\n"
        }
        return out + "</defs>\n"
    }

    /// A rectangle in `fill`'s colour with `inside` (e.g. a `<title>`), and its hatch over it, if any.
    static func filledRect(
        x: Double, y: Double, width: Double, height: Double, _ fill: Fill, inside: String = ""
    ) -> String {
        let place = "x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(width))\" height=\"\(f(height))\""
        let coloured = "<rect \(place) fill=\"\(fill.colour)\""
        var out = inside.isEmpty ? coloured + "/>" : coloured + ">\(inside)</rect>"
        if fill.hatch > 0 { out += "<rect \(place) fill=\"url(#sweep-hatch-\(fill.hatch))\" pointer-events=\"none\"/>" }
        return out
    }
}
