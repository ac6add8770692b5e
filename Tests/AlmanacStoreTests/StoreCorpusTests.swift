import Almanac
import AlmanacCalendar
import AlmanacStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every calendar file of the corpus (producers' quirks, DST gaps and folds,
/// VTIMEZONEs no zone database knows, RSCALE, overrides of every kind)
/// through the store: its instances from the index, and from the store's
/// own expansion of what it kept, equal the file's in memory, over years
/// and months in several viewers.
@Suite struct StoreCorpusTests {
    static let files: [String] = {
        var out: [String] = []
        for dir in ["Corpus/ics", "Corpus/samples", "Corpus/samples/team", "Corpus/freebusy", "Corpus/availability"] {
            guard let d = opendir(dir) else { continue }
            while let e = readdir(d) {
                let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".ics") { out.append(dir + "/" + name) }
            }
            closedir(d)
        }
        return out.sorted()
    }()
    /// 2000 ..< 2030: the index's horizon; the windows below reach past both ends.
    static let horizon = Timestamp(secondsSinceEpoch: 946_684_800)..<Timestamp(secondsSinceEpoch: 1_893_456_000)

    @Test func theCorpusHasCalendarFiles() {
        #expect(Self.files.count > 100)
    }

    @Test(arguments: StoreBackends.all)
    func everyCorpusFileReadsBackFromTheStoreAsFromItsFile(backend: String) async throws {
        let store = try await StoreBackends.open(backend)
        let windows: [Range<Timestamp>] = [
            Self.horizon,
            Timestamp(secondsSinceEpoch: 1_704_067_200)..<Timestamp(secondsSinceEpoch: 1_706_745_600),   // January 2024
            Timestamp(secondsSinceEpoch: 1_711_324_800)..<Timestamp(secondsSinceEpoch: 1_712_016_000),   // spring 2024
            Timestamp(secondsSinceEpoch: 631_152_000)..<Timestamp(secondsSinceEpoch: 978_307_200),       // 1990-2001, past the start
        ]
        let viewers = [Zone.utc, try Zone("Europe/Paris"), try Zone("America/Los_Angeles")]
        var compared = 0
        for (n, path) in Self.files.enumerated() {
            guard let calendar = try? EventCalendar(contentsOf: path) else { continue }   // the strict-mode fixtures that must not read
            let id = "c\(n)"
            try await store.apply(calendar, to: id, options: ApplyOptions(horizon: Self.horizon))
            for (w, window) in windows.enumerated() {
                let viewer = viewers[(n + w) % viewers.count]
                let memory = calendar.occurrences(overlapping: window, viewer: viewer).map { o in
                    "\(o.key) \(o.occurrence.instants(in: viewer)) \(o.title ?? "-") \(o.status?.rawValue ?? "-")"
                }
                let stored = try await store.instances(of: [id], overlapping: window, viewer: viewer).map(Self.line)
                let expanded = try await store.expandedInstances(of: id, overlapping: window, viewer: viewer).map(Self.line)
                #expect(stored.sorted() == memory.sorted(), "\(path): index, window \(window) in \(viewer)")
                #expect(expanded.sorted() == memory.sorted(), "\(path): stored series, window \(window) in \(viewer)")
                compared += memory.count
            }
        }
        #expect(compared > 1000)
        await store.close()
    }

    static func line(_ i: StoredInstance) -> String {
        "\(i.key) \(i.instants) \(i.title ?? "-") \(i.status?.rawValue ?? "-")"
    }
}
