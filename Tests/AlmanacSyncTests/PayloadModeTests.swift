import Almanac
import AlmanacCalendar
import Foundation
import Testing
import AlmanacSync

/// The payload readers' two modes, as the `.ics` reader has them: an empty
/// list is zero events in both; an item that cannot be read is skipped with
/// a reading naming its place and id (lenient) or is an error naming the
/// same (strict).
@Suite struct PayloadModeTests {
    static func read(_ source: SyncEvent.Origin, _ json: String, _ mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        source == .google ? try GoogleEvents.read(json: json, mode: mode) : try GraphEvents.read(json: json, mode: mode)
    }

    static func corpus(_ name: String) throws -> String {
        try String(contentsOf: GraphZoneTests.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Google: `events.list` with `"items": []`, or with no `items` (proto3's
    /// JSON leaves empty lists out), or only a page's own fields; Graph:
    /// OData's `{"value": []}` and a page with no `value`; arrays of none.
    @Test(arguments: [
        (SyncEvent.Origin.google, #"{"kind":"calendar#events","items":[]}"#),
        (.google, #"{"kind":"calendar#events","summary":"Team","timeZone":"Europe/Paris"}"#),
        (.google, #"{"nextSyncToken":"CPDAlvWDx70CEPDAlvWDx70CGAU="}"#),
        (.google, #"{"kind":"calendar#events","items":[]} {"kind":"calendar#events"}"#),
        (.google, "[]"),
        (.graph, #"{"value":[]}"#),
        (.graph, #"{"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#users('me')/events","value":[]}"#),
        (.graph, #"{"@odata.deltaLink":"https://graph.microsoft.com/v1.0/me/calendarView/delta?$deltatoken=x"}"#),
        (.graph, #"[{"value":[]},{"value":[]}]"#),
    ])
    func anEmptyListIsZeroEvents(_ source: SyncEvent.Origin, _ json: String) throws {
        for mode in [RecurrenceRule.ParsingMode.lenient, .strict] {
            let payload = try Self.read(source, json, mode)
            #expect(payload.events.isEmpty && payload.readings.isEmpty, "\(mode): \(payload)")
        }
        #expect(try (source == .google ? GoogleEvents.read(json: json) : GraphEvents.read(json: json)).isEmpty)
    }

    /// Pages of `events.list` saved one after another (read by AlmanacJSON's
    /// `JSONReader.parseSequence`), with a byte order mark before the first:
    /// every page's items; a fault in a later page names the page as its
    /// field (`[1]`: the second), and its line in the file.
    @Test func concatenatedPagesAreOnePayload() throws {
        let page1 = #"{"kind":"calendar#events","items":[{"id":"a","start":{"date":"2024-05-06"}}]}"#
        let page2 = #"{"kind":"calendar#events","items":[{"id":"b","start":{"date":"2024-05-07"}}]}"#
        #expect(try GoogleEvents.read(json: "\u{FEFF}" + page1 + page2).map(\.id) == ["a", "b"])
        #expect(try GoogleEvents.read(json: page1 + "\n" + page2).map(\.id) == ["a", "b"])
        let e = #expect(throws: AlmanacError.self) { try GoogleEvents.read(json: page1 + "\n" + #"{"items":[}"#) }
        #expect(e?.message == "invalid JSON at line 2, column 11: expected a value")
        #expect(e?.field == "[1]")
    }

    /// A lone event is still an event (not taken for an empty page), and
    /// one with no id is an item that cannot be read.
    @Test func aLoneItemIsAnItem() throws {
        let google = try GoogleEvents.read(json: #"{"kind":"calendar#event","id":"a","start":{"date":"2024-05-06"}}"#)
        #expect(google.map(\.sourceID) == ["a"])
        let graph = try GraphEvents.read(json: #"{"@odata.context":"x","id":"b","start":{"dateTime":"2024-05-06T09:00:00","timeZone":"UTC"}}"#)
        #expect(graph.map(\.sourceID) == ["b"])
        let lenient = try GoogleEvents.read(json: #"{"summary":"no id","start":{"date":"2024-05-06"}}"#, mode: .lenient)
        #expect(lenient.events.isEmpty)
        #expect(lenient.readings.map(\.description) == [#"the item: skipped: missing field "id""#])
        #expect(throws: AlmanacError.self) { try GoogleEvents.read(json: #"{"summary":"no id","start":{"date":"2024-05-06"}}"#) }
    }

    /// `Corpus/sync/google-bad-items.json`: BYDAY=XX, an unknown zone and
    /// a missing start between two good items.
    @Test func googleBadItemsAreSkippedWithAReadingOrRefused() throws {
        let json = try Self.corpus("google-bad-items.json")
        let payload = try GoogleEvents.read(json: json, mode: .lenient)
        #expect(payload.events.map(\.sourceID) == ["good-one", "good-two"])
        #expect(payload.readings.map(\.path) == ["items[1]", "items[2]", "items[3]"])
        #expect(payload.readings.map(\.id) == ["bad-byday", "bad-zone", "no-start"])
        #expect(payload.readings.allSatisfy { $0.kind == .skipped })
        #expect(payload.readings[0].message.hasPrefix("recurrence[0]: ") && payload.readings[0].message.contains("BYDAY"))
        #expect(payload.readings[1].message == #"start.timeZone: unknown time zone "Mars/Olympus_Mons""#)
        do {
            _ = try GoogleEvents.read(json: json, mode: .strict)
            Issue.record("strict mode read a BYDAY=XX item")
        } catch {
            #expect(error.field == "items[1].recurrence[0]", "\(error)")
            #expect(error.description.hasPrefix("items[1].recurrence[0]: ") && error.description.hasSuffix(#" (item id "bad-byday")"#), "\(error)")
        }
    }

    /// `Corpus/sync/graph-bad-items.json`: an unknown pattern type, an
    /// unknown zone, an item with no id, a custom recurrence zone and a
    /// malformed `cancelledOccurrences` entry.
    @Test func graphBadItemsAreSkippedWithAReadingOrRefused() throws {
        let json = try Self.corpus("graph-bad-items.json")
        let payload = try GraphEvents.read(json: json, mode: .lenient)
        #expect(payload.events.map(\.sourceID) == ["AAMkGood", "AAMkCustom"])
        #expect(payload.readings.map(\.kind) == [.skipped, .skipped, .skipped, .zone, .skipped])
        #expect(payload.readings.map(\.path) == ["value[1]", "value[2]", "value[3]", "value[4]", "value[4].cancelledOccurrences[1]"])
        #expect(payload.readings.map(\.id) == ["AAMkBadPattern", "AAMkBadZone", nil, "AAMkCustom", "AAMkCustom"])
        // The custom zone gave way to originalStartTimeZone: 09:00 Pacific, 16:00Z in May.
        let custom = payload.events[1].series
        #expect(try custom.recurrence.start == .zoned(CivilDate(2024, 5, 13).at(9, 0), try Zone("America/Los_Angeles")))
        #expect(custom.overrides.count == 1)   // the good OID only
        do {
            _ = try GraphEvents.read(json: json, mode: .strict)
            Issue.record("strict mode read an unknown pattern type")
        } catch {
            #expect(error.field == "value[1].recurrence.pattern.type", "\(error)")
            #expect(error.description.hasPrefix(#"value[1].recurrence.pattern.type: unknown pattern type "fortnightly""#), "\(error)")
        }
    }

    /// A reading made while reading an item that is then skipped goes with it.
    @Test func aSkippedItemLeavesOneReading() throws {
        let json = #"{"value":[{"id":"x","originalStartTimeZone":"Mars Standard Time","end":{"dateTime":"2024-05-06T10:00:00","timeZone":"UTC"}}]}"#
        let payload = try GraphEvents.read(json: json, mode: .lenient)
        #expect(payload.readings.map(\.description) == [#"value[0] (id "x"): skipped: missing field "start""#])
    }

    /// An unknown `recurrenceTimeZone`: lenient, the series recurs in
    /// `originalStartTimeZone` with a reading; strict, an error naming it.
    @Test func anUnknownRecurrenceZoneGivesWayOrIsRefused() throws {
        let json = #"""
            {"value":[{"id":"m","type":"seriesMaster","originalStartTimeZone":"Eastern Standard Time",
             "start":{"dateTime":"2024-03-04T14:00:00.0000000","timeZone":"UTC"},"end":{"dateTime":"2024-03-04T14:30:00.0000000","timeZone":"UTC"},
             "recurrence":{"pattern":{"type":"daily","interval":1},
                           "range":{"type":"numbered","startDate":"2024-03-04","numberOfOccurrences":10,"recurrenceTimeZone":"Atlantis Standard Time"}}}]}
            """#
        let payload = try GraphEvents.read(json: json, mode: .lenient)
        #expect(payload.readings.map(\.kind) == [.zone])
        #expect(payload.readings.first?.message.contains(#"unknown time zone "Atlantis Standard Time": read in originalStartTimeZone"#) == true)
        let set = try #require(payload.events.first).series.recurrence
        #expect(try set.start == .zoned(CivilDate(2024, 3, 4).at(9, 0), try Zone("America/New_York")))
        // 09:00 New York: 14:00Z before 10 March 2024, 13:00Z from then on.
        let starts = try set.occurrences().map { $0.instants(in: .utc).lowerBound }
        #expect(try starts[5] == Timestamp(utc: CivilDate(2024, 3, 9).at(14, 0)) && starts[6] == Timestamp(utc: CivilDate(2024, 3, 10).at(13, 0)))
        #expect(throws: AlmanacError.self) { try GraphEvents.read(json: json, mode: .strict) }
    }

    /// All day: Graph writes midnight (labelled UTC by default); a value
    /// converted to UTC from the event's zone (05:00Z, for New York in
    /// November) is read on that zone's clock. An exception's
    /// `originalStart` names the same date at 00:00Z (19:00 the day before
    /// in New York) or at the zone's midnight.
    @Test func allDayValuesAreDates() throws {
        func event(_ start: String, _ end: String, _ originals: [String]) -> String {
            var items = [#"{"id":"m","type":"seriesMaster","isAllDay":true,"originalStartTimeZone":"Eastern Standard Time","#
                + #""start":{"dateTime":"\#(start)","timeZone":"UTC"},"end":{"dateTime":"\#(end)","timeZone":"UTC"},"#
                + #""recurrence":{"pattern":{"type":"absoluteYearly","interval":1,"month":11,"dayOfMonth":28},"range":{"type":"noEnd","startDate":"2024-11-28"}}}"#]
            for (k, o) in originals.enumerated() {
                items.append(#"{"id":"e\#(k)","type":"exception","seriesMasterId":"m","isAllDay":true,"isCancelled":true,"originalStart":"\#(o)","#
                    + #""originalStartTimeZone":"Eastern Standard Time","start":{"dateTime":"2025-11-28T00:00:00","timeZone":"UTC"}}"#)
            }
            return #"{"value":["# + items.joined(separator: ",") + "]}"
        }
        for (start, end) in [("2024-11-28T00:00:00", "2024-11-29T00:00:00"), ("2024-11-28T05:00:00", "2024-11-29T05:00:00")] {
            let e = try #require(try GraphEvents.read(json: event(start, end, ["2025-11-28T00:00:00Z", "2026-11-28T05:00:00Z"])).first)
            #expect(try e.series.recurrence.start == .date(CivilDate(2024, 11, 28)), "\(start)")
            #expect(try e.series.overrides.map(\.originalStart) == [.date(CivilDate(2025, 11, 28)), .date(CivilDate(2026, 11, 28))])
            let single = #"{"value":[{"id":"s","isAllDay":true,"originalStartTimeZone":"Eastern Standard Time","#
                + #""start":{"dateTime":"\#(start)","timeZone":"UTC"},"end":{"dateTime":"\#(end)","timeZone":"UTC"}}]}"#
            let one = try #require(try GraphEvents.read(json: single).first).series.recurrence
            #expect(try one.start == .date(CivilDate(2024, 11, 28)) && one.length == .end(.date(CivilDate(2024, 11, 29))), "\(one)")
        }
    }

    /// `tzone://Microsoft/Custom` is documented by Microsoft: read past with
    /// a reading in strict mode too; `tzone://Microsoft/Utc` is UTC.
    @Test func microsoftZoneMarks() throws {
        let custom = #"{"value":[{"id":"a","originalStartTimeZone":"tzone://Microsoft/Custom","start":{"dateTime":"2024-05-06T09:00:00","timeZone":"Pacific Standard Time"}}]}"#
        let payload = try GraphEvents.read(json: custom, mode: .strict)
        #expect(payload.readings.map(\.kind) == [.zone])
        #expect(try payload.events.first?.start == .zoned(CivilDate(2024, 5, 6).at(9, 0), try Zone("America/Los_Angeles")))
        let utc = #"{"value":[{"id":"a","originalStartTimeZone":"tzone://Microsoft/Utc","start":{"dateTime":"2024-05-06T09:00:00","timeZone":"Pacific Standard Time"}}]}"#
        #expect(try GraphEvents.read(json: utc).first?.start == .utc(CivilDate(2024, 5, 6).at(16, 0)))
    }
}

/// Google's recurrence lines are read by the `.ics` reader with the
/// engine's reading of DTSTART and COUNT, and a TZID they name that is a
/// known zone is no note.
@Suite struct GoogleRecurrenceLineTests {
    static func payload(_ recurrence: String) throws -> SyncPayload {
        try GoogleEvents.read(json: #"{"kind":"calendar#events","items":[{"id":"a","status":"confirmed","summary":"x","#
            + #""start":{"dateTime":"2024-05-07T09:00:00+02:00","timeZone":"Europe/Paris"},"#
            + #""end":{"dateTime":"2024-05-07T10:00:00+02:00","timeZone":"Europe/Paris"},"recurrence":["# + recurrence + "]}]}",
                              mode: .lenient)
    }

    /// RFC 5545 section 3.3.10: DTSTART (a Tuesday) is the first of COUNT's three.
    @Test func dtstartCountsTowardCount() throws {
        let p = try Self.payload(#""RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3""#)
        let o = Array(try p.events[0].series.recurrence.occurrences()).map { $0.start.date.description }
        #expect(o == ["2024-05-07", "2024-05-13", "2024-05-20"])
    }

    @Test func aKnownTZIDIsNoNote() throws {
        let p = try Self.payload(#""RRULE:FREQ=WEEKLY;COUNT=3","EXDATE;TZID=Europe/Paris:20240514T090000""#)
        #expect(p.readings.isEmpty, "\(p.readings)")
        #expect(Array(try p.events[0].series.recurrence.occurrences()).count == 2)
    }
}
