// What issue 26's audit and a newcomer's walk still found (items 5, 6 and 9, and the walk's list),
// each as a command prints it.
import ExitRace
import Foundation
import Testing

@testable import ExitRaceCLI

@Suite("Issue 26: the audit's and the walk's follow-ups")
struct AuditFollowUpTests {
    static let root = Repository.root.path

    @Test("a --set that breaks the built-in scenario's sweep is named, with the way to leave the sweep out")
    func setBlamedOnBuiltinScenario() {
        let output = Tool.main(["run", "--set", #"procedures["background"]=null"#])
        #expect(output.exitCode == .badInput)
        #expect(output.stderr.hasPrefix(#"--set procedures["background"]=null: error: sweeps.terminateDelay.vary[0]: "#), "\(output.stderr)")
        #expect(output.stderr.contains("which is valid without this --set: the --set makes it so"))
        #expect(output.stderr.contains("; to leave that sweep out, add --set sweeps.terminateDelay=null (applied to the built-in default scenario)"))
        // The suggestion, followed, runs.
        #expect(Tool.main(["run", "--set", #"procedures["background"]=null"#, "--set", "sweeps.terminateDelay=null"]).exitCode == .success)
        // The same with the file given.
        let file = Tool.main(["validate", Self.root + "/scenarios/live-activity.json", "--set", #"procedures["background"]=null"#])
        #expect(file.stderr.contains("; to leave that sweep out, add --set sweeps.terminateDelay=null (applied to "))
    }
}
