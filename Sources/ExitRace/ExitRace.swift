// `import ExitRace`: every layer of the library (Package.swift lists them, lowest first).
@_exported import ExitRaceKernel
@_exported import ExitRaceDiagnostics
@_exported import ExitRaceJSON
@_exported import ExitRaceFiles
@_exported import ExitRaceModel
@_exported import ExitRaceParameters
@_exported import ExitRaceScenario
@_exported import ExitRaceEngine
@_exported import ExitRaceExperiment
@_exported import ExitRaceImport
@_exported import ExitRaceExplain
@_exported import ExitRaceReport
@_exported import ExitRaceBatch
@_exported import ExitRaceBenchmark
