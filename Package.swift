// swift-tools-version: 6.0
import PackageDescription

/// Heap and engine invariants, checked after every event in debug builds (`swift test`, `.ci/run`).
let invariants: [SwiftSetting] = [.define("EXITRACE_INVARIANTS", .when(configuration: .debug))]

/// The library's layers, lowest first: each folder of `Sources/ExitRace` is a module `ExitRace<Folder>` that
/// depends only on the layers below it, so the compiler keeps the direction (a sibling on the same layer
/// is out of reach too). What one layer uses from another is `package` (or `public`); each module
/// re-exports the layers below it (its `Layers.swift`), so a file needs no import of its own.
let layers: [(folder: String, below: [String])] = [
    ("Kernel", []), ("Diagnostics", []),
    ("JSON", ["Kernel", "Diagnostics"]), ("Files", ["Kernel", "Diagnostics"]),
    ("Model", ["JSON", "Files"]),
    ("Parameters", ["Model"]),
    ("Scenario", ["Parameters"]), ("Engine", ["Parameters"]),
    ("Experiment", ["Scenario", "Engine"]), ("Import", ["Scenario", "Engine"]),
    ("Explain", ["Experiment"]),
    ("Report", ["Explain", "Import"]),
    ("Batch", ["Report"]), ("Benchmark", ["Report"]),
]

/// The files and folders of `Sources/ExitRace`: the layers' folders, `Version.swift` (the lowest layer's)
/// and `ExitRace.swift` (the umbrella's). Every target there names its own and excludes the rest.
let libraryEntries = layers.map(\.folder) + ["Version.swift", "ExitRace.swift"]

func libraryTarget(_ name: String, sources: [String], dependencies: [String], settings: [SwiftSetting]) -> Target {
    .target(
        name: name,
        dependencies: dependencies.map { .target(name: $0) },
        path: "Sources/ExitRace",
        exclude: libraryEntries.filter { !sources.contains($0) },
        sources: sources,
        swiftSettings: settings
    )
}

let layerTargets = layers.map { layer in
    libraryTarget(
        "ExitRace" + layer.folder,
        // Version.swift sits beside the folders and belongs to the lowest layer.
        sources: layer.folder == "Kernel" ? ["Kernel", "Version.swift"] : [layer.folder],
        dependencies: layer.below.map { "ExitRace" + $0 },
        settings: invariants
    )
}

let package = Package(
    name: "ExitRace",
    // ContinuousClock (the benchmark) and FileHandle.read(upToCount:) need these versions; on Linux
    // the toolchain's Foundation has both.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
    products: [
        .library(name: "ExitRace", targets: ["ExitRace"]),
        .executable(name: "exitrace", targets: ["exitrace"]),
    ],
    targets: layerTargets + [
        // The simulator and everything a program needs to use it; no terminal, exit codes or signals:
        // `import ExitRace` re-exports every layer (ExitRace.swift).
        libraryTarget(
            "ExitRace", sources: ["ExitRace.swift"], dependencies: layers.map { "ExitRace" + $0.folder }, settings: []),
        // The command line: argument parsing, one file per command, exit codes, process output.
        .target(name: "ExitRaceCLI", dependencies: ["ExitRace"]),
        .executableTarget(name: "exitrace", dependencies: ["ExitRaceCLI"]),
        // The allocation guard's probe: the hot loop, optimized, with its allocations counted
        // (HotLoopAllocationTests runs it from the release build in `.ci/run`). Not a product.
        .executableTarget(name: "exitrace-hot-loop", dependencies: ["ExitRace"], path: "Sources/HotLoopProbe"),
        .testTarget(
            name: "ExitRaceTests",
            // ExplainTests and ScenarioVariantTests still run some commands through Tool.
            dependencies: ["ExitRace", "ExitRaceCLI"],
            exclude: ["Golden", "ImportFixtures"]
        ),
        .testTarget(name: "ExitRaceCLITests", dependencies: ["ExitRace", "ExitRaceCLI"]),
        // The library as a dependency sees it: `import ExitRace` without `@testable`.
        // Outside the package's access (`packageAccess: false`): it sees only `public`, as a real consumer does.
        .testTarget(name: "ExitRaceLibraryTests", dependencies: ["ExitRace"], packageAccess: false),
    ]
)
