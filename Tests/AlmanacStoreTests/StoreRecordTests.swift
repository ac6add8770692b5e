import Almanac
import AlmanacCalendar
import AlmanacReview
import AlmanacStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Records through snapshots, one case each: moved with their occurrence
/// (inside the horizon and before it), kept through a retitle, orphaned by
/// a deletion and restored when the series comes back, never written over
/// one another; their history; typed errors.
@Suite struct StoreRecordTests {
    static let paris = try! Zone("Europe/Paris")
    /// May 2024, and a horizon of 2024 or one that starts after May.
    static let year2024 = Timestamp(secondsSinceEpoch: 1_704_067_200)..<Timestamp(secondsSinceEpoch: 1_735_689_600)
    static let fromJuly = Timestamp(secondsSinceEpoch: 1_719_792_000)..<Timestamp(secondsSinceEpoch: 1_767_225_600)

    static func standup(at time: String, title: String = "Stand-up", extra: String = "") -> EventCalendar {
        try! EventCalendar(ics: """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:standup@example.com
            SUMMARY:\(title)
            DTSTART;TZID=Europe/Paris:20240506T\(time)
            DURATION:PT15M
            RRULE:FREQ=DAILY;COUNT=5
            END:VEVENT
            \(extra)END:VCALENDAR
            """)
    }

    static let trip = """
        BEGIN:VEVENT
        UID:trip@example.com
        SUMMARY:Trip
        DTSTART;VALUE=DATE:20240507
        DTEND;VALUE=DATE:20240510
        END:VEVENT

        """

    func key(_ text: String) throws -> DayKey { try DayKey(parsing: text) }

    func marked(_ store: CalendarStore, _ key: DayKey, note: String) async throws {
        try await store.mark(DayRecord(key: key, mark: .done, note: note, recordedAt: Timestamp(secondsSinceEpoch: 1_715_000_000)),
                             calendar: "work")
    }

    @Test(arguments: StoreBackends.all, [true, false])
    func aRecordFollowsItsOccurrenceWhenTheSeriesMoves(backend: String, insideTheHorizon: Bool) async throws {
        let store = try await StoreBackends.open(backend)
        let options = ApplyOptions(zoneID: "Europe/Paris", horizon: insideTheHorizon ? Self.year2024 : Self.fromJuly)
        try await store.apply(Self.standup(at: "090000"), to: "work", options: options)
        let old = try key("standup%40example.com/2024-05-07T09:00:00/2024-05-07")
        try await marked(store, old, note: "went")
        let r = try await store.apply(Self.standup(at: "100000"), to: "work")
        #expect(r.recordsMoved == 1 && r.recordsOrphaned == 0)
        let new = try key("standup%40example.com/2024-05-07T10:00:00/2024-05-07")
        #expect(try await store.record(at: old, calendar: "work") == nil)
        #expect(try await store.record(at: new, calendar: "work")?.record.note == "went")
        let history = try await store.history(of: new, calendar: "work")
        #expect(history.map(\.change) == [.marked, .rekeyed])
        #expect(history.last?.previousKey == old)
        await store.close()
    }

    @Test(arguments: StoreBackends.all)
    func aRetitleKeepsRecordsWhereTheyAre(backend: String) async throws {
        let store = try await StoreBackends.open(backend)
        try await store.apply(Self.standup(at: "090000"), to: "work", options: ApplyOptions(zoneID: "Europe/Paris", horizon: Self.year2024))
        let k = try key("standup%40example.com/2024-05-08T09:00:00/2024-05-08")
        try await marked(store, k, note: "n")
        let r = try await store.apply(Self.standup(at: "090000", title: "Daily"), to: "work")
        #expect(r.changedSeries == ["standup@example.com"] && r.recordsMoved == 0 && r.recordsOrphaned == 0)
        #expect(try await store.record(at: k, calendar: "work")?.orphanedAt == nil)
        let titles = try await store.instances(of: ["work"], overlapping: Self.year2024, viewer: Self.paris).map(\.title)
        #expect(titles == Array(repeating: "Daily", count: 5))
        await store.close()
    }

    @Test(arguments: StoreBackends.all)
    func aDeletedSeriesOrphansItsRecordsAndTheyComeBackWithIt(backend: String) async throws {
        let store = try await StoreBackends.open(backend)
        try await store.apply(Self.standup(at: "090000", extra: Self.trip), to: "work",
                              options: ApplyOptions(zoneID: "Europe/Paris", horizon: Self.year2024))
        let day2 = try key("trip%40example.com/2024-05-07/2024-05-08")
        try await marked(store, day2, note: "day two")
        let gone = try await store.apply(Self.standup(at: "090000"), to: "work")
        #expect(gone.removedSeries == ["trip@example.com"] && gone.recordsOrphaned == 1)
        #expect(try await store.records(of: ["work"], orphansOnly: true).map(\.record.key) == [day2])
        let back = try await store.apply(Self.standup(at: "090000", extra: Self.trip), to: "work")
        #expect(back.recordsRestored == 1)
        #expect(try await store.records(of: ["work"], orphansOnly: true).isEmpty)
        #expect(try await store.history(of: day2, calendar: "work").map(\.change) == [.marked, .orphaned, .restored])
        await store.close()
    }

    @Test(arguments: StoreBackends.all)
    func aRecordIsNeverWrittenOverAnother(backend: String) async throws {
        // Two instances on one day (09:00 and 09:30); the rule changes so
        // that only one instance is left that day. Both records stay.
        let store = try await StoreBackends.open(backend)
        func cal(_ rule: String) throws -> EventCalendar {
            try EventCalendar(ics: """
                BEGIN:VCALENDAR
                BEGIN:VEVENT
                UID:pair@example.com
                DTSTART;TZID=Europe/Paris:20240506T090000
                DURATION:PT10M
                RRULE:\(rule)
                END:VEVENT
                END:VCALENDAR
                """)
        }
        try await store.apply(try cal("FREQ=MINUTELY;INTERVAL=30;COUNT=2"), to: "work",
                              options: ApplyOptions(zoneID: "Europe/Paris", horizon: Self.year2024))
        try await marked(store, try key("pair%40example.com/2024-05-06T09:00:00/2024-05-06"), note: "first")
        try await marked(store, try key("pair%40example.com/2024-05-06T09:30:00/2024-05-06"), note: "second")
        try await store.apply(try cal("FREQ=MINUTELY;INTERVAL=15;COUNT=1"), to: "work")
        let notes = try await store.records(of: ["work"]).compactMap(\.record.note).sorted()
        #expect(notes == ["first", "second"])
        await store.close()
    }

    @Test(arguments: StoreBackends.all)
    func marksOnAnUnknownCalendarOrOutOfRangeAreTypedErrors(backend: String) async throws {
        let store = try await StoreBackends.open(backend)
        let k = try key("standup%40example.com/2024-05-07T09:00:00/2024-05-07")
        await #expect(throws: StoreError.self) {
            try await store.mark(DayRecord(key: k, mark: .done, recordedAt: CalendarStore.now()), calendar: "nowhere")
        }
        try await store.apply(Self.standup(at: "090000"), to: "work")
        await #expect(throws: StoreError.self) {
            try await store.mark(DayRecord(key: k, mark: .done, recordedAt: Timestamp(secondsSinceEpoch: Int64.max / 2)), calendar: "work")
        }
        await #expect(throws: StoreError.self) {
            _ = try await store.instances(of: ["nowhere"], overlapping: Self.year2024)
        }
        await store.close()
    }

    @Test(arguments: StoreBackends.all)
    func aMarkOfAnOccurrenceTheCalendarLacksIsKeptAsAnOrphan(backend: String) async throws {
        let store = try await StoreBackends.open(backend)
        try await store.apply(Self.standup(at: "090000"), to: "work", options: ApplyOptions(zoneID: "Europe/Paris", horizon: Self.year2024))
        let there = try await store.mark(DayRecord(key: try key("standup%40example.com/2024-05-07T09:00:00/2024-05-07"), mark: .done,
                                                   recordedAt: CalendarStore.now()), calendar: "work")
        #expect(there.orphanedAt == nil)
        // Read at 10:00 from a snapshot that another writer has since replaced.
        let stale = try await store.mark(DayRecord(key: try key("standup%40example.com/2024-05-08T10:00:00/2024-05-08"), mark: .done,
                                                   recordedAt: CalendarStore.now()), calendar: "work")
        #expect(stale.orphanedAt != nil)
        #expect(try await store.records(of: ["work"], orphansOnly: true).map(\.record.key) == [stale.record.key])
        await store.close()
    }

    @Test func theSQLiteFileIsCreatedReadableByItsOwnerOnly() async throws {
        let path = StoreBackends.temporaryPath("private.sqlite")
        let store = try CalendarStore(sqlitePath: path)
        try await store.apply(Self.standup(at: "090000"), to: "work")
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        await store.close()
    }
}
