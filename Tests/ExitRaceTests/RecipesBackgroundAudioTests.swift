import Testing

@testable import ExitRace
@testable import ExitRaceEngine

/// `scenarios/recipes-in-the-wild-production-audio.json`: LoopFollow's recipe in production, with
/// the background audio its source states (loopandlearn/LoopFollow#611).
@Suite("Recipes in the wild: LoopFollow's background audio")
struct RecipesBackgroundAudioTests {
    static let audio = "recipes-in-the-wild-production-audio"
    static let loopFollow = "Task.detached + wait(3 s)"

    @Test("background audio keeps LoopFollow running: its recipe wins every swipe in production, the late one included")
    func lateSwipeWins() throws {
        let survived = try RecipesTests.survives(Self.audio, hook: RecipesTests.willTerminate, strategy: Self.loopFollow)
        expectEqual(survived, ["foreground", "background", "suspended"])
    }

    @Test("the audio file is the production file with audio active, holding LoopFollow's recipe alone")
    func audioExtendsProduction() throws {
        let audio = try LifecycleTests.load(Self.audio)
        let production = try LifecycleTests.load(RecipesTests.production)
        #expect(!audio.lifecycle.debuggerAttached)
        expectEqual(audio.lifecycle.activeBackgroundModes, [.audio])
        #expect(production.lifecycle.activeBackgroundModes.isEmpty)
        expectEqual(audio.strategies.map(\.name), [Self.loopFollow])
        expectEqual(audio.procedures.map(\.name), production.procedures.map(\.name))
    }
}
