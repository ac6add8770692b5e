import Testing

/// Every fixture of `Corpus/freebusy/` (README there) through `almanac
/// freebusy --json`: the periods must be exactly the expected ones, in order.
struct FreeBusyFixtureTests {
    static let folder = CorpusFixture.folder("freebusy")
    static var names: [String] { CorpusFixture.names(in: folder) }

    @Test func thereAreFixtures() {
        #expect(Self.names.count >= 5, "\(Self.names.count) fixtures in \(Self.folder.path)")
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        try CorpusFixture.check(name, in: Self.folder, command: "freebusy")
    }
}
