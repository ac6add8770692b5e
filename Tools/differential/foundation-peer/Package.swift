// swift-tools-version: 6.1
// The Foundation peer of the differential harness (Tools/differential/differential.py).
// Its own package, so the library's users never build it.
import PackageDescription

let package = Package(
    name: "foundation-peer",
    dependencies: [
        .package(name: "Almanac", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "FoundationPeer",
            dependencies: [.product(name: "Almanac", package: "Almanac"), .product(name: "AlmanacFoundation", package: "Almanac")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
