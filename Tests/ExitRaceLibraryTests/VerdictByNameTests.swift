// A cell's verdict with its procedures by name, as a consumer of the library writes it (no @testable).
import ExitRace
import Testing

@Suite("A cell's verdict by names")
struct VerdictByNameTests {
    @Test("the built-in table: a plain Task from applicationWillTerminate is △ background, by name")
    func defaultScenario() throws {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        #expect(try table.verdict(hook: "AppDelegate", strategy: "Task") == .some(["background"]))
        #expect(try table.verdict(hook: "AppDelegate", strategy: "Task.detached + semaphore") == .always)
        let cell = try table.cell(hook: "AppDelegate", strategy: "Task")
        #expect(table.procedures(finishedIn: cell) == ["background"])
        #expect(cell.verdict == .some([1]))
    }

    @Test("every procedure of ○ and none of × by name; a misspelt hook throws with a suggestion")
    func alwaysAndNever() throws {
        let table = Simulator(scenario: DefaultScenario.load()).table()
        let always = try table.cell(hook: "AppDelegate", strategy: "Task.detached + semaphore")
        #expect(table.procedures(finishedIn: always) == table.scenario.procedures.map(\.name))
        for cell in table.cells where cell.verdict == .never {
            #expect(table.procedures(finishedIn: cell).isEmpty)
        }
        #expect(throws: InputError.self) { try table.verdict(hook: "AppDelegat", strategy: "Task") }
    }
}
