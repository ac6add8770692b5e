// swift-tools-version: 6.1
// A separate package so that users of Almanac never resolve the benchmark
// dependency (as swift-nio does). Run from the repository root:
//
//     swift package --package-path Benchmarks benchmark
//     Benchmarks/table.sh              # one run, one markdown table
//     Benchmarks/table.sh --ci         # short run + allocation gate
import PackageDescription

let package = Package(
    name: "AlmanacBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Almanac", path: ".."),
        // MallocInterposer only: the default traits would also pull in a
        // runtime interposer that the local package mirror does not carry.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The Store target's Sabre-style baseline table (ST2), beside the store's own SQLite file.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The C limit loop: W1, W2 and W7's instants with the least logic (CLimit.swift).
        .target(name: "CLimitLoop", path: "Sources/CLimitLoop"),
        // libical's parser, C1 and C3's peer (Calendars.swift), and its free/busy
        // (icalspanlist, libicalss), F1's peer (FreeBusy.swift); needs libical-dev.
        .target(name: "CLibical", path: "Sources/CLibical", linkerSettings: [.linkedLibrary("ical"), .linkedLibrary("icalss")]),
        .executableTarget(
            name: "Recurrence",
            dependencies: [
                .product(name: "Almanac", package: "Almanac"),
                .product(name: "AlmanacFoundation", package: "Almanac"),
                .product(name: "AlmanacJSON", package: "Almanac"),
                .product(name: "AlmanacRequests", package: "Almanac"),
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "AlmanacCalendar", package: "Almanac"),
                .product(name: "AlmanacSync", package: "Almanac"),
                .product(name: "AlmanacReview", package: "Almanac"),
                .product(name: "AlmanacAvailability", package: "Almanac"),
                .product(name: "AlmanacReminders", package: "Almanac"),
                "CLimitLoop",
                "CLibical",
            ],
            path: "Benchmarks/Recurrence",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark"),
            ]
        ),
        // Issue 27's store rows (ST1-ST4): a target of its own, so that the
        // Recurrence suite and the CI gate (`table.sh --ci`) never build
        // SQLite or PostgreSQL: `Benchmarks/table.sh --target Store`. It links
        // the calendar generator, SplitMix64 and the report from Recurrence
        // (symbolic links in Benchmarks/Store).
        .executableTarget(
            name: "Store",
            dependencies: [
                .product(name: "Almanac", package: "Almanac"),
                .product(name: "AlmanacFoundation", package: "Almanac"),
                .product(name: "AlmanacCalendar", package: "Almanac"),
                .product(name: "AlmanacStore", package: "Almanac"),
                .product(name: "AlmanacStorePostgres", package: "Almanac"),
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/Store",
            // ST4 (StorePostgres.swift) is compiled with the PostgreSQL backend.
            swiftSettings: [.define("ALMANAC_BENCH_POSTGRES")],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
