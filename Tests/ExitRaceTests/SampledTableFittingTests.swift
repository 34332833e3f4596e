import Testing

@testable import ExitRace
@testable import ExitRaceReport

/// A newcomer's walk: a sampled table of four procedures at 120 columns squeezed whole columns to 5
/// or 6 characters (`App` / `Delega` / `te.` …, `△ 35% · 0% · 100% · 100% [i]` over 7 lines) while
/// others kept 24. The widest columns narrow first, long names at their camel-case humps, before a
/// cell's shares are parted; a share keeps its `·`.
@Suite("Sampled tables share the width fairly")
struct SampledTableFittingTests {
    /// `exitrace run app-prior.json --runs 20` of a newcomer's app (four procedures, your code's four hooks).
    static let headers = [
        "hook", "your code: AppDelegate.applicationDidEnterBackground", "your code: AppDelegate.applicationWillTerminate",
        "your code: SceneDelegate.sceneDidEnterBackground", "your code: SceneDelegate.sceneDidDisconnect", "your app",
    ]
    static let rows = [
        ["AppDelegate.applicationDidEnterBackground", "×", "×", "×", "×", "×"],
        ["AppDelegate.applicationWillTerminate", "×", "△ 0% · 5% · 0% · 0% [i]", "×", "×", "△ 0% · 5% · 0% · 0% [i]"],
        [
            "SceneDelegate.sceneDidEnterBackground", "△ 0% · 0% · 100% · 100%", "△ 0% · 35% · 100% · 95% [i]",
            "△ 0% · 0% · 100% · 100%", "△ 0% · 30% · 100% · 95%", "△ 0% · 0% · 100% · 100%",
        ],
        ["SceneDelegate.sceneDidDisconnect", "×", "△ 0% · 35% · 0% · 0% [i]", "×", "△ 30% · 30% · 0% · 0%", "△ 30% · 30% · 0% · 0%"],
        [
            "your app", "△ 0% · 0% · 100% · 100%", "△ 0% · 60% · 100% · 95% [i]", "△ 0% · 0% · 100% · 100%",
            "△ 30% · 30% · 100% · 95%", "△ 35% · 0% · 100% · 100% [i] [n]",
        ],
    ]

    @Test("every column keeps at least a name's first hump: none is squeezed to 5 while others keep 24")
    func noSqueezedColumn() {
        let widths = TextRenderer.fittedWidths(headers: Self.headers, rows: Self.rows)
        #expect(TextRenderer.lineWidth(widths) <= TextRenderer.maximumLineWidth, "\(widths)")
        #expect(widths.allSatisfy { $0 >= TextRenderer.minimumColumnWidth }, "\(widths)")
        let cells = widths.dropFirst()
        #expect(cells.max()! - cells.min()! <= 2, "the verdict columns share the width evenly: \(widths)")
    }

    @Test("a cell of shares takes at most two lines, each · at the end of a line, never at the start")
    func sharesStayReadable() {
        let widths = TextRenderer.fittedWidths(headers: Self.headers, rows: Self.rows)
        for row in Self.rows {
            for column in 1..<row.count {
                let lines = TextRenderer.wrapVerdictCell(row[column], width: widths[column])
                #expect(lines.count <= 2, "\(row[column]) in \(widths[column]): \(lines)")
                #expect(!lines.contains { $0.hasPrefix("·") }, "\(lines)")
                #expect(lines.allSatisfy { $0.count <= widths[column] })
            }
        }
        expectEqual(TextRenderer.wrapVerdictCell("△ 35% · 0% · 100% · 100% [i]", width: 18), ["△ 35% · 0% ·", "100% · 100% [i]"])
    }

    @Test("long names break at their humps (applicationWill / Terminate), never mid-hump")
    func namesAtHumps() {
        let widths = TextRenderer.fittedWidths(headers: Self.headers, rows: Self.rows)
        let header = TextRenderer.wrap(Self.headers[2], width: widths[2]).flatMap {
            $0.count > widths[2] ? TextRenderer.wrapCell($0, width: widths[2]) : [$0]
        }
        expectEqual(header, ["your code:", "AppDelegate.", "applicationWill", "Terminate"], "\(header) in \(widths[2])")
    }
}
