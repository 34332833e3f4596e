import ExitRaceCLI
import Foundation

let output = Tool.main(Array(CommandLine.arguments.dropFirst()), environment: .process())
if !output.stdout.isEmpty { FileHandle.standardOutput.write(Data(output.stdout.utf8)) }
if !output.stderr.isEmpty { FileHandle.standardError.write(Data(output.stderr.utf8)) }
exit(output.exitCode.rawValue)
