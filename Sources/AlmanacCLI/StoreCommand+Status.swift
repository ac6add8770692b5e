import Almanac
import AlmanacStore
import ArgumentParser

extension StoreCommand {
    /// `almanac store status`: the calendars of the store and their sync state.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the store's calendars: source, owner, version, horizon, sync state, counts.",
            discussion: """
                Prints, for each calendar (those named by --calendar, or all), a block: \
                its source (ics, google, graph) and owner, the zone of its records' \
                days, its version (raised by each snapshot applied), the horizon its \
                index covers, its sync state (etag, sync token, last fetch: `-` when \
                unset), and the series, index rows and records it holds (orphans: \
                records whose day is gone). --json prints one object per calendar: \
                {"calendar", "source", "owner", "zone", "version", "horizon": \
                {"start", "end"}, "etag", "sync_token", "last_fetch", "series", \
                "instances", "records", "orphans"}.

                Example:

                  The bundled calendar imported here, then the store's state:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store status
                """
        )

        @Option(help: ArgumentHelp("A calendar of the store (repeatable; default: all).", valueName: "name"))
        var calendar: [String] = []

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: JSONOption

        func run() async throws {
            let store = try self.store.openExisting()
            var out = ""
            for id in try await store.calendarIDs(calendar) {
                guard let c = try await store.calendar(id) else { continue }
                let n = try await store.counts(of: id)
                out += output.json ? String(decoding: try CLI.jsonLine(StatusJSON(c, n)), as: UTF8.self) : Self.text(c, n)
            }
            try CLI.write(out)
            await store.close()
        }

        static func instant(_ t: Timestamp?) -> String {
            guard let t, let utc = t.utc else { return t.map { "\($0.secondsSinceEpoch) s" } ?? "-" }
            return utc.description + "Z"
        }

        static func text(_ c: StoredCalendar, _ n: StoredCounts) -> String {
            """
            \(c.id)
              source     \(c.source.rawValue), owner \(c.owner.isEmpty ? "-" : c.owner), records' days in \(c.zoneID)
              version    \(c.version)
              horizon    \(instant(c.horizon.lowerBound)) ..< \(instant(c.horizon.upperBound))
              sync       etag \(c.sync.etag ?? "-"), sync token \(c.sync.syncToken ?? "-"), last fetch \(instant(c.sync.lastFetch))
              holds      \(n.series) series, \(n.instances) index rows, \(n.records) records (\(n.orphans) orphaned)

            """
        }

        struct StatusJSON: Encodable {
            struct Horizon: Encodable {
                var start: String
                var end: String
            }

            var calendar: String
            var source: String
            var owner: String
            var zone: String
            var version: Int64
            var horizon: Horizon
            var etag: String?
            var sync_token: String?
            var last_fetch: String?
            var series: Int
            var instances: Int
            var records: Int
            var orphans: Int

            init(_ c: StoredCalendar, _ n: StoredCounts) {
                calendar = c.id
                source = c.source.rawValue
                owner = c.owner
                zone = c.zoneID
                version = c.version
                horizon = Horizon(start: Status.instant(c.horizon.lowerBound), end: Status.instant(c.horizon.upperBound))
                etag = c.sync.etag
                sync_token = c.sync.syncToken
                last_fetch = c.sync.lastFetch.map { Status.instant($0) }
                (series, instances, records, orphans) = (n.series, n.instances, n.records, n.orphans)
            }
        }
    }
}
