// swift-tools-version: 6.0
import PackageDescription

/// Heap and engine invariants, checked after every event in debug builds (`swift test`, `.ci/run`).
let invariants: [SwiftSetting] = [.define("EXITRACE_INVARIANTS", .when(configuration: .debug))]

let package = Package(
    name: "ExitRace",
    // ContinuousClock (the benchmark) and FileHandle.read(upToCount:) need these versions; on Linux
    // the toolchain's Foundation has both.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
    products: [
        .library(name: "ExitRace", targets: ["ExitRace"]),
        .executable(name: "exitrace", targets: ["exitrace"]),
    ],
    targets: [
        // The simulator and everything a program needs to use it; no terminal, exit codes or signals.
        .target(name: "ExitRace", swiftSettings: invariants),
        // The command line: argument parsing, one file per command, exit codes, process output.
        .target(name: "ExitRaceCLI", dependencies: ["ExitRace"]),
        .executableTarget(name: "exitrace", dependencies: ["ExitRaceCLI"]),
        .testTarget(
            name: "ExitRaceTests",
            // ExplainTests and ScenarioVariantTests still run some commands through Tool.
            dependencies: ["ExitRace", "ExitRaceCLI"],
            exclude: ["Golden", "ImportFixtures"]
        ),
        .testTarget(name: "ExitRaceCLITests", dependencies: ["ExitRace", "ExitRaceCLI"]),
        // The library as a dependency sees it: `import ExitRace` without `@testable`.
        .testTarget(name: "ExitRaceLibraryTests", dependencies: ["ExitRace"]),
    ]
)
