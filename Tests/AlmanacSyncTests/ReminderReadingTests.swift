import Almanac
import AlmanacCalendar
import Testing
import AlmanacSync

/// How the payload readers read reminders and availability where the
/// fixtures do not show it: the calendar's defaults per page, exceptions
/// that carry no reminder fields, and the typed errors of strict mode.
@Suite struct ReminderReadingTests {
    static func item(_ id: String, day: Int = 6, _ extra: String) -> String {
        #"{"id":"\#(id)","start":{"dateTime":"2024-05-0\#(day)T09:00:00Z"},"end":{"dateTime":"2024-05-0\#(day)T10:00:00Z"}\#(extra)}"#
    }

    /// `useDefault: true` takes the defaults of the page the item is in;
    /// each page of a paginated list carries them (Events: list's response
    /// fields); an item given alone, with no page, has none to take.
    @Test func defaultsComeFromTheItemsOwnPage() throws {
        let page1 = #"{"kind":"calendar#events","defaultReminders":[{"method":"popup","minutes":10}],"items":["#
            + Self.item("a", #","reminders":{"useDefault":true}"#) + "]}"
        let page2 = #"{"kind":"calendar#events","items":["# + Self.item("b", #","reminders":{"useDefault":true}"#) + "]}"
        let events = try GoogleEvents.read(json: page1 + "\n" + page2)
        #expect(events.map(\.series.alarms) == [[Alarm(trigger: .start(EventDuration(seconds: -600)), action: .display)], []])
        let alone = try GoogleEvents.read(json: Self.item("c", #","kind":"calendar#event","reminders":{"useDefault":true}"#))
        #expect(alone.map(\.series.alarms) == [[]])
    }

    /// An exception item without `reminders` keeps the series' alarms; one
    /// with `useDefault: false` and no overrides has none.
    @Test func googleExceptionsKeepOrReplaceTheSeriesAlarms() throws {
        let series = #"{"id":"s","start":{"dateTime":"2024-05-06T09:00:00Z"},"end":{"dateTime":"2024-05-06T10:00:00Z"},"#
            + #""recurrence":["RRULE:FREQ=DAILY;COUNT=3"],"reminders":{"useDefault":false,"overrides":[{"method":"email","minutes":60}]}}"#
        let keeps = #"{"id":"s_1","recurringEventId":"s","originalStartTime":{"dateTime":"2024-05-07T09:00:00Z"},"#
            + #""start":{"dateTime":"2024-05-07T11:00:00Z"},"end":{"dateTime":"2024-05-07T12:00:00Z"}}"#
        let drops = #"{"id":"s_2","recurringEventId":"s","originalStartTime":{"dateTime":"2024-05-08T09:00:00Z"},"#
            + #""start":{"dateTime":"2024-05-08T11:00:00Z"},"end":{"dateTime":"2024-05-08T12:00:00Z"},"reminders":{"useDefault":false}}"#
        let events = try GoogleEvents.read(json: #"{"items":["# + [series, keeps, drops].joined(separator: ",") + "]}")
        let email = Alarm(trigger: .start(EventDuration(seconds: -3600)), action: .email)
        #expect(events.count == 1)
        #expect(events[0].series.alarms == [email])
        #expect(events[0].series.overrides.map(\.alarms) == [[email], []])
    }

    /// A Graph exception without `isReminderOn` or `showAs` (a `$select`
    /// that left them out) keeps its master's; one with them has its own.
    @Test func graphExceptionsKeepOrReplaceTheMasters() throws {
        let master = #"{"id":"m","type":"seriesMaster","isReminderOn":true,"reminderMinutesBeforeStart":5,"showAs":"oof","#
            + #""start":{"dateTime":"2024-05-06T09:00:00","timeZone":"UTC"},"end":{"dateTime":"2024-05-06T10:00:00","timeZone":"UTC"},"#
            + #""recurrence":{"pattern":{"type":"daily","interval":1},"range":{"type":"numbered","startDate":"2024-05-06","numberOfOccurrences":3}}}"#
        let bare = #"{"id":"x1","type":"exception","seriesMasterId":"m","originalStart":"2024-05-07T09:00:00Z","#
            + #""start":{"dateTime":"2024-05-07T11:00:00","timeZone":"UTC"},"end":{"dateTime":"2024-05-07T12:00:00","timeZone":"UTC"}}"#
        let own = #"{"id":"x2","type":"exception","seriesMasterId":"m","originalStart":"2024-05-08T09:00:00Z","isReminderOn":false,"#
            + #""showAs":"free","start":{"dateTime":"2024-05-08T11:00:00","timeZone":"UTC"},"end":{"dateTime":"2024-05-08T12:00:00","timeZone":"UTC"}}"#
        let events = try GraphEvents.read(json: #"{"value":["# + [master, bare, own].joined(separator: ",") + "]}")
        let five = Alarm(trigger: .start(EventDuration(seconds: -300)), action: .display)
        let s = try #require(events.first?.series)
        #expect(s.alarms == [five] && s.busyType == .busyUnavailable && s.transparency == .opaque)
        #expect(s.overrides.map(\.alarms) == [[five], []])
        #expect(s.overrides.map(\.busyType) == [.busyUnavailable, .free])
        #expect(s.overrides.map(\.transparency) == [.opaque, .transparent])
    }

    /// Strict mode refuses a reminder it cannot read with an
    /// `invalid_request` error whose field is the full path; lenient mode
    /// keeps the event and says which reminder it left out.
    @Test(arguments: [
        (SyncEvent.Origin.google, #","reminders":{"useDefault":false,"overrides":[{"method":"popup","minutes":"ten"}]}"#,
         "items[0].reminders.overrides[0].minutes", "expected an integer, found a string"),
        (.google, #","reminders":{"useDefault":false,"overrides":[{"method":"popup","minutes":1e3}]}"#,
         "items[0].reminders.overrides[0].minutes", "1e3 is not an integer in the 64-bit range"),
        (.google, #","reminders":{"useDefault":false,"overrides":[{"minutes":5}]}"#,
         "items[0].reminders.overrides[0]", #"missing field "method""#),
        (.google, #","reminders":[]"#, "items[0].reminders", "expected an object, found an array"),
        (.graph, #","isReminderOn":true,"reminderMinutesBeforeStart":-1"#,
         "value[0].reminderMinutesBeforeStart", "-1 minutes is outside 0...2147483647"),
        (.graph, #","showAs":7"#, "value[0].showAs", "expected a string, found a number"),
    ])
    func badRemindersAreTypedErrors(_ source: SyncEvent.Origin, _ extra: String, _ field: String, _ message: String) throws {
        let json = source == .google
            ? #"{"items":["# + Self.item("e", extra) + "]}"
            : #"{"value":[{"id":"e","start":{"dateTime":"2024-05-06T09:00:00","timeZone":"UTC"}"# + extra + "}]}"
        let strict = #expect(throws: AlmanacError.self) {
            _ = source == .google ? try GoogleEvents.read(json: json, mode: .strict) : try GraphEvents.read(json: json, mode: .strict)
        }
        #expect(strict?.kind == .invalidRequest)
        #expect(strict?.field == field, "\(String(describing: strict))")
        #expect(strict?.message.hasPrefix(message) == true, "\(String(describing: strict))")
        let lenient = source == .google ? try GoogleEvents.read(json: json, mode: .lenient) : try GraphEvents.read(json: json, mode: .lenient)
        #expect(lenient.readings.count == 1 && lenient.readings[0].description.contains(message), "\(lenient.readings)")
    }
}
