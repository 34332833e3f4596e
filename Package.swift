// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExitRace",
    // ContinuousClock, typed throws and FileHandle.read(upToCount:) need macOS 13.
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ExitRace", targets: ["ExitRace"]),
        .executable(name: "exitrace", targets: ["exitrace"]),
    ],
    targets: [
        .target(name: "ExitRace"),
        .executableTarget(name: "exitrace", dependencies: ["ExitRace"]),
        .testTarget(
            name: "ExitRaceTests",
            dependencies: ["ExitRace"],
            exclude: ["Golden"]
        ),
    ]
)
