import Almanac
import AlmanacCalendar
import Foundation
import Testing
import AlmanacSync

/// The alarm and availability fields of Google and Graph payloads: every
/// fixture of `Corpus/sync/` whose expectation has `"alarms"` (one entry per
/// line of its `"expect"`, in order: the instance's TRANSP, its explicit busy
/// type, and its alarms as `ACTION RELATED TRIGGER`), read through
/// `CalendarInput` as `almanac` reads it (lenient) and, unless hostile, in
/// strict mode too. The instances' order and count are `SyncFixtureTests`'.
@Suite struct ReminderFixtureTests {
    static let folder = GraphZoneTests.folder

    /// The fixtures with an `"alarms"` expectation, with their forms (`NAME.utc.json`).
    static var payloads: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let names = Set(files.filter { $0.hasSuffix(".expect.json") }.map { String($0.dropLast(12)) }
            .filter { (try? spec($0)["alarms"]) != nil })
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }
            .filter { names.contains(String($0.prefix { $0 != "." })) }.sorted()
    }

    static func spec(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent(name + ".expect.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `ACTION START -PT10M`, `ACTION END PT0S`, `ACTION AT 20240506T070000Z`.
    static func text(_ a: Alarm) -> String {
        switch a.trigger {
        case .start(let d): "\(a.action) START \(d)"
        case .end(let d): "\(a.action) END \(d)"
        case .absolute(let t): "\(a.action) AT \(t.secondsSinceEpoch)"
        }
    }

    /// `"20240501"` at the start of that day in `zone`.
    static func bound(_ text: String, _ zone: Zone) throws -> Timestamp {
        let digits = text.compactMap(\.wholeNumberValue)
        let n = digits.reduce(0) { $0 * 10 + $1 }
        let date = try CivilDate(n / 10_000, n / 100 % 100, n % 100)
        return zone.startOfDay(date)
    }

    @Test(arguments: payloads)
    func alarmsAndAvailabilityOfEachInstance(_ payload: String) throws {
        let spec = try Self.spec(String(payload.prefix { $0 != "." }))
        let expected = try #require(spec["alarms"] as? [[String: Any]])
        let viewer = try Zone(spec["viewer"] as? String ?? "UTC")
        let window = try Self.bound(spec["from"] as! String, viewer)..<Self.bound(spec["to"] as! String, viewer)
        let path = Self.folder.appendingPathComponent(payload).path
        var modes: [RecurrenceRule.ParsingMode] = [.lenient]
        if spec["hostile"] as? Bool != true { modes.append(.strict) }
        for mode in modes {
            let input = try CalendarInput(contentsOf: path, options: CalendarOptions(mode: mode))
            let instances = Array(input.calendar.occurrences(overlapping: window, viewer: viewer))
            #expect(instances.count == expected.count, "\(payload) \(mode): \(instances.count) instances")
            for (o, e) in zip(instances, expected) {
                let what = "\(payload) \(mode) \(o.seriesID) \(o.occurrence.instants(in: .utc).lowerBound)"
                #expect(o.transparency.rawValue == e["transparency"] as? String, "\(what): \(o.transparency)")
                #expect(o.busyType?.rawValue == e["busy_type"] as? String, "\(what): \(String(describing: o.busyType))")
                #expect(input.calendar.alarms(of: o).map(Self.text) == e["alarms"] as? [String], "\(what): \(input.calendar.alarms(of: o))")
            }
        }
    }

    /// Every payload reader's fixture set has reminders: a Google and a
    /// Graph fixture as the services write them, and a hostile one of each.
    @Test func bothServicesHaveReminderFixtures() {
        let names = Set(Self.payloads.map { String($0.prefix { $0 != "." }) })
        #expect(names.isSuperset(of: ["google-reminders", "google-bad-reminders", "graph-reminders-show-as", "graph-bad-reminders"]), "\(names)")
    }

    /// What `almanac import` writes of a payload reads back with the same
    /// alarms, transparency and busy type on every instance: nothing the
    /// services send about reminders and busy time is lost on the way to an
    /// .ics file (the busy type goes as Outlook's X-MICROSOFT-CDO-BUSYSTATUS).
    @Test(arguments: ["google-reminders.json", "graph-reminders-show-as.json"])
    func importedFilesKeepAlarmsAndTransparency(_ payload: String) throws {
        let spec = try Self.spec(String(payload.prefix { $0 != "." }))
        let viewer = try Zone(spec["viewer"] as? String ?? "UTC")
        let window = try Self.bound(spec["from"] as! String, viewer)..<Self.bound(spec["to"] as! String, viewer)
        let input = try CalendarInput(contentsOf: Self.folder.appendingPathComponent(payload).path)
        let text = input.calendar.icsText(stamp: Timestamp(secondsSinceEpoch: 1_714_550_400))
        let back = try EventCalendar(ics: text, options: .strict)
        let before = Array(input.calendar.occurrences(overlapping: window, viewer: viewer))
        let after = Array(back.occurrences(overlapping: window, viewer: viewer))
        #expect(before.count == after.count && !before.isEmpty, "\(payload)")
        var alarms = 0
        for (a, b) in zip(before, after) {
            #expect(a.key == b.key && a.transparency == b.transparency && a.busyType == b.busyType, "\(payload) \(a.key)")
            // A DISPLAY alarm without a text is written with "Reminder" (RFC 5545 requires DESCRIPTION).
            #expect(input.calendar.alarms(of: a).map(Self.text) == back.alarms(of: b).map(Self.text), "\(payload) \(a.key)")
            alarms += input.calendar.alarms(of: a).count
        }
        #expect(alarms > 0, "\(payload): no alarm to carry")
    }
}
