import Testing

/// Every fixture of `Corpus/ics/` (one real-world quirk each, README there)
/// through `almanac events --json` (or, for the alarm fixtures, `almanac
/// alarms --json`): the lines must be exactly the expected ones, in order.
struct ICSFixtureTests {
    static let folder = CorpusFixture.folder("ics")
    static var names: [String] { CorpusFixture.names(in: folder) }

    @Test func thereAreAtLeastSixtyFixtures() {
        #expect(Self.names.count >= 60, "\(Self.names.count) fixtures in \(Self.folder.path)")
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        // "command": "alarms" for the alarm fixtures; `almanac events` by default.
        try CorpusFixture.check(name, in: Self.folder, command: "events", extra: ["--limit", "100000"])
    }
}
