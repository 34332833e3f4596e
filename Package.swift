// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExitRace",
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
