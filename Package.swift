// swift-tools-version: 6.1
import PackageDescription

// The module graph (CONTRIBUTING.md, "The modules"): every dependency below points down,
// never back. AlmanacCore <- Almanac (+ CAlmanacICU) <- AlmanacFoundation, AlmanacRequests,
// AlmanacCalendar <- AlmanacSync, AlmanacReview, AlmanacReminders, AlmanacAvailability <- AlmanacStore
// (+ GRDB) <- AlmanacStorePostgres (+ postgres-nio), AlmanacCLI. Where each kind of change goes,
// and the checks that guard it: CONTRIBUTING.md.
let package = Package(
    name: "Almanac",
    products: [
        .library(name: "Almanac", targets: ["Almanac"]),
        // Bridges to Foundation: Date, TimeZone, Calendar, Calendar.RecurrenceRule,
        // and Foundation's TimeZone as a zone source. The engine links no Foundation.
        .library(name: "AlmanacFoundation", targets: ["AlmanacFoundation"]),
        .executable(name: "almanac", targets: ["AlmanacCLI"]),
        // JSON: the one reader and writer of the package (RFC 8259, no
        // Foundation), `Codable` through them, and JSON Lines framing.
        .library(name: "AlmanacJSON", targets: ["AlmanacJSON"]),
        // The request layer: the batch protocol of `almanac expand` and
        // `batch` (requests and replies), for tools that answer
        // requests in process (the benchmark package measures it phase by phase).
        .library(name: "AlmanacRequests", targets: ["AlmanacRequests"]),
        // Calendars: iCalendar files (events, to-dos, overrides, VTIMEZONE)
        // read into series, and window queries over them.
        .library(name: "AlmanacCalendar", targets: ["AlmanacCalendar"]),
        // Sync: Google Calendar and Microsoft Graph payloads and EventKit's
        // rule shape read into one event model; diffs of two snapshots.
        .library(name: "AlmanacSync", targets: ["AlmanacSync"]),
        // Reviews: per-day records (done, partly done, skipped) joined with
        // the days of events and to-dos into day, week, month and year reviews.
        .library(name: "AlmanacReview", targets: ["AlmanacReview"]),
        // Reminders: the alarms (VALARM, Google and Graph reminders) of every
        // instance of a calendar in a window, in time order, and the next N.
        .library(name: "AlmanacReminders", targets: ["AlmanacReminders"]),
        // Availability: free/busy (VFREEBUSY), working hours (VAVAILABILITY)
        // and the free slots of several people across zones, drawn as SVG.
        .library(name: "AlmanacAvailability", targets: ["AlmanacAvailability"]),
        // The store: calendars, per-day records and an index of instances,
        // kept current by snapshot diffs. SQLite through GRDB (apps, the CLI).
        .library(name: "AlmanacStore", targets: ["AlmanacStore"]),
        // The same store in PostgreSQL through postgres-nio (servers),
        // hash-partitioned by calendar. A product of its own: an app that
        // stores in SQLite does not build SwiftNIO.
        .library(name: "AlmanacStorePostgres", targets: ["AlmanacStorePostgres"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Tests only: property checks with shrinking (Tests/AlmanacTests/Property*Tests.swift).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Documentation only: `swift package generate-documentation`, one catalog per library
        // product (Sources/<Module>/<Module>.docc), built by Tools/api/docs.sh.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The store's backends: SQLite (system libsqlite3) and PostgreSQL.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The only code that sees ICU headers. Plain C types cross the boundary.
        .target(
            name: "CAlmanacICU",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // Pure Swift: civil time, timestamps, offsets, errors, periods and the
        // planner's agenda. No Foundation, no ICU.
        .target(name: "AlmanacCore"),
        .target(
            name: "Almanac",
            dependencies: ["AlmanacCore", "CAlmanacICU"]
        ),
        // The only module that imports Foundation (jiff-icu's pattern: a bridge crate beside the engine).
        .target(name: "AlmanacFoundation", dependencies: ["Almanac"]),
        // JSON text <-> JSONValue <-> Codable values; lines of a JSON Lines stream. A leaf: no Foundation, no engine.
        .target(name: "AlmanacJSON", dependencies: ["AlmanacCore"]),
        // The JSON Lines protocol of `almanac batch` (and of the corpus): no Foundation.
        .target(name: "AlmanacRequests", dependencies: ["Almanac", "AlmanacJSON"]),
        // .ics bytes -> content lines -> components -> EventCalendar -> window queries.
        .target(name: "AlmanacCalendar", dependencies: ["Almanac", "AlmanacJSON"]),
        // Google/Graph JSON and EventKit rules -> SyncEvent (a CalendarEvent with its source) -> diffs.
        .target(name: "AlmanacSync", dependencies: ["Almanac", "AlmanacCalendar", "AlmanacJSON"]),
        // DayRecord, RecordLog (JSON Lines) -> Review of a period (tallies, rhythm, streaks, orphans) -> SVG.
        .target(name: "AlmanacReview", dependencies: ["Almanac", "AlmanacCalendar", "AlmanacJSON"]),
        // EventCalendar's instances -> the alarms they fire, merged in time order (a lazy window, the next N).
        .target(name: "AlmanacReminders", dependencies: ["Almanac", "AlmanacCalendar", "AlmanacJSON"]),
        // EventCalendar's instances and VFREEBUSY -> busy periods; working hours -> free slots -> SVG.
        .target(name: "AlmanacAvailability", dependencies: ["Almanac", "AlmanacCalendar", "AlmanacJSON"]),
        // Snapshots -> series digests -> changed series -> index rows and carried records, in one
        // transaction of a backend (StoreBackend): SQLite through GRDB here.
        .target(
            name: "AlmanacStore",
            dependencies: ["Almanac", "AlmanacCalendar", "AlmanacSync", "AlmanacReview",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The StoreBackend of PostgreSQL (tables hash-partitioned by calendar).
        .target(
            name: "AlmanacStorePostgres",
            dependencies: ["AlmanacStore", "Almanac", .product(name: "PostgresNIO", package: "postgres-nio")]
        ),
        .executableTarget(
            name: "AlmanacCLI",
            dependencies: [
                "Almanac",
                "AlmanacJSON",
                "AlmanacRequests",
                "AlmanacCalendar",
                "AlmanacSync",
                "AlmanacReview",
                "AlmanacReminders",
                "AlmanacAvailability",
                "AlmanacStore",
                "AlmanacFoundation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.embedInCode("Samples/agenda.json"), .embedInCode("Samples/records.jsonl")]
        ),
        // Helpers shared by the test targets (seeded generators). Not a product.
        .target(name: "AlmanacTestSupport", path: "Tests/AlmanacTestSupport"),
        .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore", "AlmanacTestSupport"]),
        .testTarget(
            name: "AlmanacTests",
            dependencies: [
                "Almanac",
                "AlmanacFoundation",
                "AlmanacTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "AlmanacJSONTests", dependencies: ["AlmanacJSON", "AlmanacCore"]),
        .testTarget(name: "AlmanacRequestsTests", dependencies: ["AlmanacRequests", "AlmanacJSON", "Almanac", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacCalendarTests", dependencies: ["AlmanacCalendar", "AlmanacJSON", "Almanac", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacSyncTests", dependencies: ["AlmanacSync", "AlmanacCalendar", "Almanac", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacReviewTests", dependencies: ["AlmanacReview", "AlmanacCalendar", "Almanac", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacRemindersTests", dependencies: ["AlmanacReminders", "AlmanacCalendar", "Almanac", "AlmanacTestSupport"]),
        .testTarget(
            name: "AlmanacAvailabilityTests",
            dependencies: [
                "AlmanacAvailability", "AlmanacCalendar", "Almanac", "AlmanacTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // One suite, run against SQLite and (when ALMANAC_POSTGRES_URL names a server) PostgreSQL.
        .testTarget(
            name: "AlmanacStoreTests",
            dependencies: ["AlmanacStore", "AlmanacStorePostgres", "AlmanacSync", "AlmanacCalendar", "AlmanacReview", "Almanac",
                           "AlmanacTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // The Swift blocks of every DocC article, one test per article, generated into
        // Tests/AlmanacArticleTests/Generated/ by Tools/api/article_snippets.py (CONTRIBUTING.md,
        // "Documentation"). Every library product with a catalog is a dependency.
        .testTarget(
            name: "AlmanacArticleTests",
            dependencies: ["Almanac", "AlmanacFoundation", "AlmanacJSON", "AlmanacRequests", "AlmanacCalendar", "AlmanacSync", "AlmanacReview",
                           "AlmanacReminders", "AlmanacAvailability", "AlmanacStore"]
        ),
        .testTarget(
            name: "AlmanacCLITests",
            dependencies: ["AlmanacCLI", "Almanac", "AlmanacJSON", "AlmanacReview", "AlmanacCalendar", "AlmanacStore", "AlmanacTestSupport"],
            // The heat map's pixel reader, run with python3 by ReviewCommandTests.
            exclude: ["png_pixels.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
