/// A self-contained HTML report: for each scenario the result table, and for each cell, under
/// each kill procedure, an SVG timeline and the verdict. No scripts, no network, no external
/// files: one page that opens anywhere and prints well.
///
/// Only formats: the runs come from ``ReportContent/compute(_:)``, so the page is a function of
/// its content and `expanded`.
package enum HTMLReport {
    /// `expanded` opens every cell (for printing and screenshots).
    package static func render(_ content: ReportContent, expanded: Bool = false) -> String {
        var body = ""
        var contents = ""
        for (number, section) in content.sections.enumerated() {
            let scenario = section.scenario
            let id = "s\(number)"
            let title = scenario.title == scenario.name ? "" : ": \(HTML.escape(scenario.title))"
            contents += "<li><a href=\"#\(id)\">\(HTML.escape(scenario.name))</a>\(title)</li>\n"
            body += self.section(section, id: id, expanded: expanded)
        }
        let header = """
            <p>Does cleanup started while an iOS app is being killed finish? Each table cell is one hook running one
            strategy; ○ it finished under every kill procedure, △ under the ones named, × under none. Open a cell for
            its timelines: one row per thread, in virtual time, with the request and the process's death marked.</p>
            <ul class="contents">
            \(contents)</ul>

            """
        return HTMLPage.render(title: "ExitRace report", style: style, header: header, body: body, sameFrom: "the same scenarios give")
    }

    static func section(_ section: ReportContent.Section, id: String, expanded: Bool) -> String {
        let layout = section.rates.map { TableLayout($0) } ?? TableLayout(section.table)
        var out = "<section id=\"\(id)\">\n<h2>\(HTML.escape(layout.heading))</h2>\n"
        out += placeholderNotice(section.scenario) + RateSVG.summary(section) + table(layout, id: id) + legend(layout)
        for cell in layout.rows.flatMap(\.cells) {
            let traces = section.traces(hook: cell.hook, strategy: cell.strategy)
            let rates = RateSVG.cell(section, hook: cell.hook, strategy: cell.strategy)
            let killed = section.rates == nil ? watchdogKills(section, hook: cell.hook, strategy: cell.strategy) : ""
            out += details(cell, layout, traces: traces, id: id, expanded: expanded, extra: rates + killed)
        }
        return out + sweeps(section, expanded: expanded) + "</section>\n"
    }

    /// Above the table, while system calls still have the cost `exitrace import` wrote as a placeholder:
    /// the table is built on those numbers (docs/import.md, "After the import"). Empty otherwise.
    package static func placeholderNotice(_ scenario: Scenario) -> String {
        // Styled inline (not in the page's style sheet) so that reports without it keep their bytes.
        scenario.placeholderNotes.map { note in
            "<p class=\"notice\" style=\"background:#fff4d6;border:1px solid #e0c060;padding:6px 9px\">"
                + "<strong>Placeholder costs:</strong> \(HTML.escape(note))</p>\n"
        }.joined()
    }

    /// For a `[w]` cell: the procedures under which the cleanup finished and a watchdog then
    /// killed the process; empty for any other cell.
    package static func watchdogKills(_ section: ReportContent.Section, hook: Int, strategy: Int) -> String {
        let cell = section.table.cell(hook: hook, strategy: strategy)
        guard cell.watchdogKilled else { return "" }
        let names = CellText.procedureProse(cell.watchdogKillProcedures.map { section.scenario.procedures[$0].name })
        return "<p class=\"verdict\">[w] the cleanup finished, then a watchdog killed the process (0x8badf00d, a crash "
            + "report on a device) under: \(HTML.escape(names))</p>\n"
    }

    /// Each sweep's picture, then its flip report in words.
    package static func sweeps(_ section: ReportContent.Section, expanded: Bool) -> String {
        guard !section.sweeps.isEmpty else { return "" }
        var out = "<h3>How far each cell is from flipping</h3>\n"
        for sweep in section.sweeps {
            out += "<details class=\"sweep\"\(expanded ? " open" : "")><summary>sweep <code>\(HTML.escape(sweep.name))</code>: "
            out += "\(HTML.escape(sweep.report.axes.map(\.path).joined(separator: " × ")))</summary>\n"
            out += "<div class=\"picture\">\(sweep.picture)</div>\n"
            out += "<pre>\(HTML.escape(FlipReportRenderer.text(sweep.report)))</pre>\n</details>\n"
        }
        return out
    }

    /// The result table; each cell links to its details.
    package static func table(_ layout: TableLayout, id: String) -> String {
        var out = "<div class=\"scroll\"><table class=\"results\">\n<thead><tr><th>\(HTML.escape(TableLayout.cornerTitle))</th>"
        for column in layout.columns {
            out += "<th title=\"\(HTML.escape(column.code))\"><code>\(headerText(column.title))</code></th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in layout.rows {
            out += "<tr><th>\(HTML.escape(row.title))</th>"
            for cell in row.cells {
                out += "<td class=\"\(verdictClass(cell.verdict))\"><a href=\"#\(id)-\(cell.hook)-\(cell.strategy)\">"
                out += "\(cellText(cell.text))</a></td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table></div>\n"
    }

    /// A column's name with a break allowed (`<wbr>`) after each `.`, `(` and `:` and before each
    /// camel-case hump, as the text table breaks a long name: `applicationWill<wbr>Terminate`, not
    /// `applicatio` / `nWillTerminate` when the column is narrow.
    static func headerText(_ name: String) -> String {
        var out = "", previous: Character?, beforePrevious: Character?
        for character in name {
            if let previous {
                // A mark that starts a word (`.high)`) stays with it, as in the text table.
                let afterMark = ".(:".contains(previous) && character != " " && beforePrevious.map { $0 != " " } ?? false
                let hump = character.isUppercase && (previous.isLowercase || previous.isNumber)
                if afterMark || hump { out += "<wbr>" }
            }
            out += HTML.escape(String(character))
            (beforePrevious, previous) = (previous, character)
        }
        return out
    }

    /// A cell's text, each of its groups (``TextRenderer/verdictCellWords(_:)``: `△ 100% · 0%`,
    /// `[i] [d]`) kept on one line, as the text table keeps them, so that a narrow column breaks
    /// between groups, not inside one.
    static func cellText(_ text: String) -> String {
        TextRenderer.verdictCellWords(text).map { group in
            group.contains(" ") ? "<span class=\"keep\">\(HTML.escape(group))</span>" : HTML.escape(group)
        }.joined(separator: " ")
    }

    /// The legend, then the procedures by name.
    package static func legend(_ layout: TableLayout) -> String {
        var out = "<ul class=\"legend\">\n"
        for line in layout.legend { out += "<li>\(HTML.escape(line))</li>\n" }
        for procedure in layout.procedures {
            out += "<li><code>\(HTML.escape(procedure.name))</code>\(HTML.escape(procedure.labelSuffix(": ")))</li>\n"
        }
        return out + "</ul>\n"
    }

    /// One cell, opened from the table: the strategy's code, `extra` (a sampled cell's rates),
    /// then per procedure a timeline and the verdict.
    package static func details(
        _ cell: TableLayout.Cell, _ layout: TableLayout, traces: [CellTrace], id: String, expanded: Bool, extra: String = ""
    ) -> String {
        let column = layout.columns[cell.strategy]
        var out = "<details class=\"cell\" id=\"\(id)-\(cell.hook)-\(cell.strategy)\"\(expanded ? " open" : "")>\n"
        out += "<summary><span class=\"\(verdictClass(cell.verdict))\">\(HTML.escape(cell.text))</span> "
        out += "\(HTML.escape(layout.rows[cell.hook].title)) · <code>\(HTML.escape(column.title))</code></summary>\n"
        if !column.code.isEmpty {
            out += "<pre>\(HTML.escape(column.code))</pre>\n"
        }
        out += extra
        for (procedure, trace) in traces.enumerated() {
            out += "<h4>\(HTML.escape(layout.procedures[procedure].label))</h4>\n"
            out += TimelineSVG.render(Timeline(trace)) + "\n"
            out += StepSourceHTML.render(trace)
            if trace.recordsCut {
                out += "<p class=\"verdict\">The timeline stops after \(TimeFormatting.grouped(trace.records.count)) records "
                    + "(limits.maxTraceRecords); the run went on unrecorded.</p>\n"
            }
            out += "<p class=\"verdict\">\(HTML.escape(VerdictSentence.sentence(trace)))</p>\n"
        }
        return out + "</details>\n"
    }

    static func verdictClass(_ verdict: ResultTable.Verdict) -> String {
        switch verdict {
        case .always: "always"
        case .some: "some"
        case .never: "never"
        }
    }

    static let style = """
        .sweep pre{white-space:pre-wrap}.sweep .picture{overflow-x:auto}
        body{font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1280px;padding:0 16px;color:#1d1d1f}
        h1{font-size:24px}h2{font-size:19px;margin-top:36px}h4{margin:14px 0 4px;font-size:13px;color:#444}
        table.results{border-collapse:collapse;margin:12px 0}table.results th,table.results td{border:1px solid #d0d0d7;padding:5px 9px;text-align:left}
        table.results thead th{background:#f3f3f6;font-weight:600;max-width:24em}
        table.results thead th code{white-space:normal;overflow-wrap:break-word}table.results td a{color:inherit;text-decoration:none;display:block}table.results td .keep{white-space:nowrap}
        .always{background:#e5f6e8}.some{background:#fff4d6}.never{background:#fde4e4}
        summary span{padding:1px 6px;border-radius:4px;margin-right:4px}
        ul.legend{font-size:12px;color:#555;padding-left:18px}details.cell{border-top:1px solid #eee;padding:6px 0}
        summary{cursor:pointer}pre{background:#f6f6f8;padding:6px 8px;font-size:12px;overflow-x:auto}
        p.verdict{margin:2px 0 10px;font-size:13px}footer{margin:40px 0 10px;color:#888;font-size:12px}
        svg.timeline{display:block;max-width:100%;height:auto;font-size:11px}
        svg .row{fill:#fafafc;stroke:#eee}svg .label{fill:#333}svg .tick,svg .gap{fill:#777}
        svg .slice{stroke:#fff;stroke-width:.5}svg .job{fill:#c9d7f2}svg .hook{fill:#6f8fd6}svg .work{fill:#a0a0a8}
        svg .call{fill:#f0a040}svg .wait{fill:#e06666}svg .sleep{fill:#b48fd6}svg .exit{fill:#333}svg .ghost{opacity:.35}
        div.scroll{overflow-x:auto;max-width:100%}svg .key{fill:#444}svg .tickmark{stroke:#999}
        svg .instant{fill:#555}svg .instant.effect{fill:#1d9a3a}svg .instant.ghost{fill:#bbb}
        svg .flow{stroke:#6f8fd6;stroke-width:1;stroke-dasharray:3 2}svg .death{stroke:#d22;stroke-width:2}
        \(RateSVG.style)
        """
}
