import Almanac
import AlmanacCalendar
import AlmanacJSON
import Testing

/// `almanac events --json` lines (`CalendarOccurrence.jsonLine`), written by
/// AlmanacJSON's `JSONWriter`: text from the file is escaped as RFC 8259
/// section 7 requires and reads back as it was.
struct OccurrenceJSONTests {
    @Test func textFromTheFileIsEscapedAndReadsBack() throws {
        // RFC 5545 section 3.3.11: "\\" is a backslash, "\n" a line break, "\," a comma.
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:é-1", "DTSTART;VALUE=DATE:20240506",
            #"SUMMARY:A "quote"\, a \\ backslash\nand a line"#, "STATUS:CONFIRMED", "END:VEVENT",
        ]), options: .strict)
        let window = try Timestamp(utc: CivilDate(2024, 5, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 6, 1).at(0, 0))
        let o = try #require(Array(c.occurrences(overlapping: window)).first)
        #expect(o.title == "A \"quote\", a \\ backslash\nand a line")
        #expect(o.jsonLine == #"{"uid":"é-1","recurrence_id":null,"start":"2024-05-06","end":"2024-05-07","all_day":true,"status":"CONFIRMED","summary":"A \"quote\", a \\ backslash\nand a line"}"#)
        let json = try JSONReader.parse(o.jsonLine)
        #expect(json["summary"] == .string(o.title!))
        #expect(json["uid"] == .string("é-1"))
        #expect(json["recurrence_id"] == .null)
    }
}
