extension CellExplanation {
    /// The explanation of a traced run exactly as ``renderText()`` writes it, without holding the
    /// timeline's lines: each line is folded as it is made (``TimelineFoldingStream``), so the
    /// memory is that of what is shown. A timer storm's million lines took some 300 MB as lines.
    /// `eventBudget` names the command's option that lowered the run's `limits.maxEvents`
    /// (`--max-events`), so that a run cut there says to raise that rather than the scenario's limit.
    public static func text(of trace: CellTrace, eventBudget: String? = nil) -> String {
        let places = CleanupPlaces(trace, always: true)  // read once: for the verdict and the section
        var stream = TimelineFoldingStream()
        var placeWidth = 0
        var lastTime: Int64 = 0
        var systemWorkAfterDeath = false
        forEachLine(trace) { line in
            placeWidth = max(placeWidth, line.place.count)
            lastTime = line.time
            systemWorkAfterDeath = systemWorkAfterDeath || (line.place == servicePlace && line.afterDeath)
            stream.append(line)
        }
        return render(
            title: trace.title, pieces: stream.finish(), placeWidth: placeWidth, lastTime: lastTime,
            systemWorkAfterDeath: systemWorkAfterDeath,
            cutNotice: cutNotice(recordsKept: trace.recordsCut ? trace.records.count : nil),
            verdict: VerdictSentence.sentence(trace, eventBudget: eventBudget, places: places) + placesSection(places))
    }

    /// The lines of ``CleanupPlaces`` after a blank line, or nothing.
    static func placesSection(_ places: CleanupPlaces) -> String {
        let lines = places.lines()
        return lines.isEmpty ? "" : "\n\n" + lines.joined(separator: "\n")
    }

    /// The timeline's lines in order, as ``lines(_:)`` lists them: a line the same as the one
    /// before it (place, text, before or after death, Swift source) is counted on that line.
    static func forEachLine(_ trace: CellTrace, _ body: (Line) -> Void) {
        let deathIndex = trace.records.firstIndex { $0.kind == .died }
        let sources = StepSourceMatcher.sources(trace)
        var pending: Line?
        for (index, record) in trace.records.enumerated() {
            guard let (place, text) = describeBlocking(record, at: index, trace) else { continue }
            let afterDeath = deathIndex.map { index > $0 } ?? false
            let source = index < sources.count ? sources[index] : nil
            if var last = pending, last.text == text, last.place == place, last.afterDeath == afterDeath, last.source == source {
                last.repeats += 1
                last.lastTime = record.time
                pending = last
                continue
            }
            if let last = pending { body(last) }
            pending = Line(time: record.time, place: place, text: text, afterDeath: afterDeath, source: source)
        }
        if let last = pending { body(last) }
    }

    /// The line that ends a cut timeline, when the trace kept only `recordsKept` records.
    static func cutNotice(recordsKept: Int?) -> String? {
        recordsKept.map {
            "the trace was cut after \(TimeFormatting.grouped($0)) records (limits.maxTraceRecords); the run went on unrecorded"
        }
    }

    /// The text of ``renderText()`` from the folded timeline: the title, the lines aligned by place
    /// with times in milliseconds (`placeWidth`: the widest place of every line, shown or folded;
    /// `lastTime`: the last line's time, which sets the time column's width), a marker line where
    /// the process died (`systemWorkAfterDeath`: some of what follows is the system's work, which
    /// does happen), each line's Swift source under it, then the verdict.
    static func render(
        title: String, pieces: [TimelineFolding.Piece], placeWidth: Int, lastTime: Int64, systemWorkAfterDeath: Bool,
        cutNotice: String?, verdict: String
    ) -> String {
        var out = "\(title)\n\n"
        // Times right-aligned: 13 columns hold `99,999.999 ms`; a longer run widens the column.
        let timeWidth = max(13, TimeFormatting.fixedMilliseconds(lastTime).count)
        var markedDeath = false
        for piece in pieces {
            guard case .line(let line) = piece else {
                if case .folded(let fold) = piece { out += "  " + String(repeating: " ", count: timeWidth) + "  ⋮  \(fold.sentence)\n" }
                continue
            }
            if line.afterDeath && !markedDeath {
                out += systemWorkAfterDeath
                    ? "  ---- the process is dead; the app's lines that follow would have happened had it lived; "
                        + "the system's work outside the process does happen ----\n"
                    : "  ---- the process is dead; what follows would have happened had it lived ----\n"
                markedDeath = true
            }
            let time = TimeFormatting.fixedMilliseconds(line.time)
            out += "  " + String(repeating: " ", count: max(0, timeWidth - time.count)) + time + "  "
            out += line.place + String(repeating: " ", count: placeWidth - line.place.count) + "  " + line.textWithRepeats + "\n"
            if let source = line.source {
                out += String(repeating: " ", count: 2 + timeWidth + 2 + placeWidth + 2) + "↳ \(source.description)\n"
            }
        }
        if let cutNotice { out += "  ---- \(cutNotice) ----\n" }
        return out + "\n" + verdict + "\n"
    }
}
