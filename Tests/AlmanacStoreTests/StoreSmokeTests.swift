import Almanac
import AlmanacCalendar
import AlmanacReview
import AlmanacStore
import Testing

/// The sample calendar through the store: the index answers a week as the
/// calendar does in memory, and as the store's own expansion does.
@Suite struct StoreSmokeTests {
    static let sample = "Corpus/samples/calendar.ics"

    @Test(arguments: StoreBackends.all)
    func sampleWeekFromTheIndexEqualsTheCalendar(backend: String) async throws {
        let store = try await StoreBackends.open(backend)
        let calendar = try EventCalendar(contentsOf: Self.sample)
        let horizon = Timestamp(secondsSinceEpoch: 1_704_067_200)..<Timestamp(secondsSinceEpoch: 1_767_225_600)   // 2024..2026
        let report = try await store.apply(calendar, to: "sample", options: ApplyOptions(horizon: horizon))
        #expect(report.changedSeries.count == Set(calendar.events.map(\.id)).count)
        let paris = try Zone("Europe/Paris")
        let week = try Period(parsing: "2024-W19").instants(in: paris)
        let fromIndex = try await store.instances(of: ["sample"], overlapping: week, viewer: paris)
        let memory: [String] = calendar.occurrences(overlapping: week, viewer: paris).map { "\($0.key) \($0.occurrence.instants(in: paris))" }
        let stored: [String] = fromIndex.map { "\($0.key) \($0.instants)" }
        #expect(!stored.isEmpty)
        #expect(stored.sorted() == memory.sorted())
        let expanded = try await store.expandedInstances(of: "sample", overlapping: week, viewer: paris)
        #expect(fromIndex == expanded)
        #expect(fromIndex.contains { $0.zone != nil } && fromIndex.allSatisfy { ($0.zone != nil) == ($0.occurrence.kind == .zoned) })
        let counts = try await store.counts(of: "sample")
        // The index holds the instances of the horizon widened by two days (floating ones in any zone).
        let wide = Timestamp(secondsSinceEpoch: horizon.lowerBound.secondsSinceEpoch - 2 * 86_400)
            ..< Timestamp(secondsSinceEpoch: horizon.upperBound.secondsSinceEpoch + 2 * 86_400)
        let expectedRows = calendar.occurrences(overlapping: wide).reduce(0) { n, _ in n + 1 }
        #expect(counts == StoredCounts(series: Set(calendar.events.map(\.id)).count, instances: expectedRows, records: 0, orphans: 0))
        let again = try await store.apply(calendar, to: "sample")
        #expect(again.changedSeries.isEmpty && again.instancesWritten == 0 && again.version == 2)
        await store.close()
    }
}
