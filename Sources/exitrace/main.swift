import ExitRaceCLI
import Foundation

StandardStream.ignoreBrokenPipeSignal()
TemporaryFileRegistry.installSignalCleanup()
let output = Tool.main(Array(CommandLine.arguments.dropFirst()), environment: .process())
exit(output.deliver().rawValue)
