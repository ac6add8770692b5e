#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import ArgumentParser

/// `almanac zone`: where a zone's rules come from, and its offsets and transitions.
struct ZoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zone",
        abstract: "Show where zone rules come from, and a zone's offsets and transitions.",
        discussion: """
            Zones take their rules from the newest tz data the machine has: the \
            system's tz database (TZif files under TZDIR or /usr/share/zoneinfo, kept \
            current by the system's tzdata package) when it is at least as new as \
            ICU's, else ICU's. ICU still maps Windows ids and aliases. The \
            environment variable ALMANAC_ZONE_SOURCE (system, icu or foundation) \
            chooses the source for every command; --source chooses it here.

            With no zone, prints the sources, their tz data versions and which one \
            is preferred. With zones, prints each one's source, version, and its \
            transitions from --from to --to (UTC dates).

            Examples:

              Where zone data comes from on this machine:
                almanac zone

              Mexico City since its 2022 abolition of DST, then as ICU's data has it:
                almanac zone America/Mexico_City --from 2022-01-01 --to 2025-01-01
                almanac zone America/Mexico_City --from 2022-01-01 --to 2025-01-01 \\
                  --source icu

              A Windows id, as JSON:
                almanac zone 'Pacific Standard Time' --from 2024-01-01 \\
                  --to 2025-01-01 --json

            --json writes one line per zone: {"zone", "identifier", "source", \
            "data_version", "transitions": [{"instant", "before", "after"}]}, or with \
            no zone {"preferred", "sources": [{"source", "data_version", "directory"}]}.

            Exit status: 0 on success, 2 for an unknown zone or a bad option, 1 if \
            the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("Zone ids: IANA (America/New_York), aliases or Windows ids.", valueName: "zone"))
    var zones: [String] = []

    @Option(help: ArgumentHelp("Read the zones from this source only: system, icu or foundation.", valueName: "source"))
    var source: String?

    @Option(help: ArgumentHelp("The first UTC date of the transitions shown (default: 1 January of this year).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("The UTC date the transitions shown end before (default: two years after --from).", valueName: "date"))
    var to: String?

    @Flag(help: "Write JSON Lines.")
    var json = false

    func run() throws {
        var chosen: Zone.Source?
        if let source {
            guard let s = Zone.Source(rawValue: source) else {
                throw CLI.inputError(option: "--source", "\"\(source)\" is not a source: expected system, icu or foundation")
            }
            chosen = s
        }
        guard !zones.isEmpty else { return try writeSources() }
        let first = try from.map { try CLI.date($0, option: "--from") } ?? CivilDate(Self.thisYear(), 1, 1)
        let last = try to.map { try CLI.date($0, option: "--to") } ?? CivilDate(first.year + 2, first.month, min(first.day, 28))
        let window = try Timestamp(utc: first.at(0, 0))..<Timestamp(utc: last.at(0, 0))
        for id in zones {
            let zone: Zone
            do throws(AlmanacError) { zone = try Zone(id, source: chosen) } catch { throw error.named(field: "zone") }
            let transitions = zone.transitions(from: window.lowerBound, to: window.upperBound)
            if json {
                try CLI.writeJSON(ZoneReply(zone: id, identifier: zone.identifier, source: zone.source.rawValue, data_version: zone.dataVersion,
                                            transitions: transitions.map { .init(instant: $0.instant.description, before: $0.before.description, after: $0.after.description) }))
                continue
            }
            var text = zone.identifier + (zone.identifier == id ? "" : "  (\(id))") + "\n"
            text += "  source       " + Self.describe(zone.source, version: zone.dataVersion) + "\n"
            text += "  transitions  \(first) to \(last) (UTC)" + (transitions.isEmpty ? ": none\n" : "\n")
            for t in transitions {
                text += "    " + t.instant.description + "  " + t.before.description + " → " + t.after.description + "\n"
            }
            try CLI.write(text)
        }
    }

    private func writeSources() throws {
        let sources: [Zone.Source] = [.system, .icu]
        if json {
            try CLI.writeJSON(SourcesReply(preferred: Zone.preferredSource.rawValue, sources: sources.map {
                .init(source: $0.rawValue, data_version: Zone.dataVersion(of: $0), directory: $0 == .system ? Zone.systemDirectory : nil)
            }))
            return
        }
        var text = "preferred  \(Zone.preferredSource.rawValue)\n"
        for s in sources { text += s.rawValue + String(repeating: " ", count: max(0, 10 - s.rawValue.count)) + " " + Self.describe(s, version: Zone.dataVersion(of: s)) + "\n" }
        try CLI.write(text)
    }

    /// `almanac --version`: the zone data every command uses.
    static var versionText: String {
        "almanac: zone rules from the " + describe(Zone.preferredSource, version: Zone.dataVersion(of: Zone.preferredSource))
            + "; ICU tz data \(Zone.icuDataVersion) for Windows ids, aliases and RSCALE calendars"
    }

    /// The current year in UTC.
    static func thisYear() -> Int {
        Zone.utc.civil(at: Timestamp(secondsSinceEpoch: Int64(time(nil))))?.0.date.year ?? 2000
    }

    /// `system tz database 2025b (/usr/share/zoneinfo)`, `ICU tz data 2022e`.
    static func describe(_ source: Zone.Source, version: String) -> String {
        let v = version.isEmpty ? "(version unknown)" : version
        switch source {
        case .system: return "system tz database \(v)" + (Zone.systemDirectory.map { " (\($0))" } ?? ": none on this machine")
        case .icu: return "ICU tz data \(v)"
        case .foundation: return "Foundation tz data \(v)"
        }
    }

    struct ZoneReply: Encodable {
        var zone: String, identifier: String, source: String, data_version: String
        var transitions: [TransitionReply]
    }

    struct TransitionReply: Encodable {
        var instant: String, before: String, after: String
    }

    struct SourcesReply: Encodable {
        struct Source: Encodable { var source: String, data_version: String, directory: String? }
        var preferred: String
        var sources: [Source]
    }
}
