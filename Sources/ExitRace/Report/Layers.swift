// The layers below this one, visible to every file of the module and to its users.
@_exported import ExitRaceExplain
@_exported import ExitRaceImport
