import Almanac
import AlmanacCalendar
import AlmanacReview
import AlmanacStore
import Testing

/// Many writers at once in one process, through two stores on one
/// database: tasks marking, tasks querying, and snapshots applied by both
/// stores (each prepared against a version another writer may change
/// first, then prepared again). Every mark that returned is stored once,
/// carried through the snapshots that moved its occurrence.
@Suite struct StoreWriterTests {
    static let year = Timestamp(secondsSinceEpoch: 1_704_067_200)..<Timestamp(secondsSinceEpoch: 1_735_689_600)   // 2024

    /// A daily stand-up for the year at `hour`, in Paris.
    static func calendar(hour: Int) throws -> EventCalendar {
        let h = hour < 10 ? "0\(hour)" : "\(hour)"
        return try EventCalendar(ics: """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:daily@example.com
            SUMMARY:Daily at \(h)
            DTSTART;TZID=Europe/Paris:20240101T\(h)0000
            DURATION:PT15M
            RRULE:FREQ=DAILY;COUNT=366
            END:VEVENT
            END:VCALENDAR
            """)
    }

    @Test(arguments: StoreBackends.all)
    func concurrentMarksQueriesAndSnapshotsLoseNothing(backend: String) async throws {
        let (a, b) = try await StoreBackends.openTwo(backend)
        try await a.apply(try Self.calendar(hour: 9), to: "team", options: ApplyOptions(zoneID: "Europe/Paris", horizon: Self.year))
        let paris = try Zone("Europe/Paris")
        let days = try await a.daySlices(of: ["team"], overlapping: Self.year, viewer: paris).map(\.slice.date)
        #expect(days.count == 366)
        let marked = try await withThrowingTaskGroup(of: [String].self) { group in
            for w in 0..<8 {
                group.addTask {
                    var notes: [String] = []
                    let store = w % 2 == 0 ? a : b
                    for i in 0..<12 {
                        let date = days[(w * 12 + i) * 3 % days.count]
                        // The key of the day as the store holds it now: the series may have moved.
                        let slices = try await store.daySlices(of: ["team"], overlapping: paris.startOfDay(date)..<paris.startOfDay(try date.adding(days: 1)),
                                                               viewer: paris)
                        guard let key = slices.first?.key else { continue }
                        let note = "w\(w)-\(i)"
                        do {
                            try await store.mark(DayRecord(key: key, mark: .done, note: note, recordedAt: Timestamp(secondsSinceEpoch: 1_716_000_000 + Int64(w * 100 + i))),
                                                 calendar: "team")
                            notes.append(note)
                        } catch {
                            Issue.record("mark \(note): \(error)")
                        }
                    }
                    return notes
                }
            }
            for q in 0..<4 {
                group.addTask {
                    let store = q % 2 == 0 ? a : b
                    for _ in 0..<10 {
                        let n = try await store.instances(of: ["team"], overlapping: Self.year, viewer: paris).count
                        #expect(n == 366)
                    }
                    return []
                }
            }
            for s in 0..<2 {
                group.addTask {
                    let store = s == 0 ? a : b
                    for round in 0..<4 {
                        try await store.apply(try Self.calendar(hour: 9 + (round + s) % 3), to: "team")
                    }
                    return []
                }
            }
            var all: [String] = []
            for try await notes in group { all += notes }
            return all
        }
        // Every mark is of its own day: each is stored once, at a key of the
        // calendar as it ends, or orphaned (its key was read before a
        // snapshot moved the series, and marked after).
        let stored = try await a.records(of: ["team"])
        #expect(stored.compactMap(\.record.note).sorted() == marked.sorted())
        let final = Set(try await a.daySlices(of: ["team"], overlapping: Self.year, viewer: paris).map(\.key))
        for r in stored where r.orphanedAt == nil {
            #expect(final.contains(r.record.key), "\(r.record.note ?? ""): \(r.record.key)")
        }
        await a.close()
        await b.close()
    }
}
