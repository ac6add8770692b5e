import Testing
import Almanac
import AlmanacCore

/// Every rule part of RFC 5545 section 3.3.10 and RFC 7529, read in strict mode.
@Suite struct RecurrenceRuleParsingTests {
    typealias Rule = RecurrenceRule

    // RFC 5545 section 3.3.10: freq = "SECONDLY" / "MINUTELY" / ... / "YEARLY"
    @Test(arguments: Rule.Frequency.allCases)
    func frequency(_ f: Rule.Frequency) throws {
        let rule = try Rule("FREQ=\(f.rawValue)")
        #expect(rule == Rule(frequency: f))
    }

    // RFC 5545 section 3.3.10: enddate = date / date-time (section 3.3.4, 3.3.5)
    @Test func untilForms() throws {
        #expect(try Rule("FREQ=DAILY;UNTIL=19971224").until == .date(CivilDate(1997, 12, 24)))
        #expect(try Rule("FREQ=DAILY;UNTIL=19971224T083000").until == .local(CivilDate(1997, 12, 24).at(8, 30)))
        #expect(try Rule("FREQ=DAILY;UNTIL=19971224T000000Z").until == .utc(CivilDate(1997, 12, 24).at(0, 0)))
        #expect(try Rule("FREQ=DAILY;UNTIL=20240229").until == .date(CivilDate(2024, 2, 29)))
        #expect(try Rule("FREQ=DAILY;UNTIL=00010101").until == .date(CivilDate(1, 1, 1)))
        #expect(try Rule("FREQ=DAILY;UNTIL=99991231T235959Z").until == .utc(CivilDate(9999, 12, 31).at(23, 59, 59)))
    }

    // RFC 5545 section 3.3.10: ( "COUNT" "=" 1*DIGIT ), ( "INTERVAL" "=" 1*DIGIT )
    @Test func countAndInterval() throws {
        let rule = try Rule("FREQ=DAILY;COUNT=10;INTERVAL=2")
        #expect(rule.count == 10)
        #expect(rule.interval == 2)
        let big = try Rule("FREQ=DAILY;COUNT=9223372036854775807;INTERVAL=9223372036854775807")
        #expect(big.count == Int.max)
        #expect(big.interval == Int.max)
        #expect(try Rule("FREQ=DAILY;INTERVAL=0000000000000000000000001").interval == 1)
        #expect(try Rule("FREQ=DAILY").interval == 1)
        #expect(try Rule("FREQ=DAILY").count == nil)
    }

    // RFC 5545 section 3.3.10: seconds 0 to 60, minutes 0 to 59, hour 0 to 23
    @Test func timeLists() throws {
        let rule = try Rule("FREQ=DAILY;BYSECOND=0,30,59,60;BYMINUTE=0,59;BYHOUR=0,9,23")
        #expect(rule.bySecond == [0, 30, 59, 60])
        #expect(rule.byMinute == [0, 59])
        #expect(rule.byHour == [0, 9, 23])
        #expect(try Rule("FREQ=DAILY;BYHOUR=09").byHour == [9])
    }

    // RFC 5545 section 3.3.10: weekdaynum = [[plus / minus] ordwk] weekday
    @Test func byDay() throws {
        let rule = try Rule("FREQ=MONTHLY;BYDAY=MO,+1MO,-1FR,2TU,SU")
        #expect(rule.byDay == [.nth(-1, .friday), .every(.monday), .every(.sunday), .nth(1, .monday), .nth(2, .tuesday)])
        let all = try Rule("FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH,FR,SA")
        #expect(all.byDay == Weekday.allCases.map { .every($0) })
        let yearly = try Rule("FREQ=YEARLY;BYDAY=53MO,-53SU,20MO")
        #expect(yearly.byDay == [.nth(-53, .sunday), .nth(20, .monday), .nth(53, .monday)])
    }

    // RFC 5545 section 3.3.10: monthdaynum, yeardaynum, weeknum, monthnum, setposday
    @Test func numberLists() throws {
        let rule = try Rule("FREQ=YEARLY;BYMONTHDAY=1,-1,+15,31,-31;BYYEARDAY=1,100,-366,366;BYWEEKNO=20,-1,53,-53;BYMONTH=1,12,6")
        #expect(rule.byMonthDay == [-31, -1, 1, 15, 31])
        #expect(rule.byYearDay == [-366, 1, 100, 366])
        #expect(rule.byWeekNo == [-53, -1, 20, 53])
        #expect(rule.byMonth == [1, 6, 12])
        let setPos = try Rule("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1,1,366,-366")
        #expect(setPos.bySetPos == [-366, -1, 1, 366])
    }

    // RFC 5545 section 3.3.10: WKST, default MO
    @Test(arguments: Weekday.allCases)
    func weekStart(_ d: Weekday) throws {
        #expect(try Rule("FREQ=WEEKLY;WKST=\(d.rfcCode)").weekStart == d)
    }

    @Test func weekStartDefaultsToMonday() throws {
        #expect(try Rule("FREQ=WEEKLY").weekStart == .monday)
    }

    // RFC 7529: RSCALE names are case-insensitive; Almanac stores them upper case.
    @Test(arguments: Rule.supportedScales)
    func rscale(_ name: String) throws {
        #expect(try Rule("RSCALE=\(name);FREQ=YEARLY").rscale == name)
        #expect(try Rule("FREQ=YEARLY;RSCALE=\(name.lowercased())").rscale == name)
    }

    // RFC 7529: SKIP=OMIT / BACKWARD / FORWARD, with RSCALE.
    @Test func skip() throws {
        #expect(try Rule("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD").skip == .forward)
        #expect(try Rule("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD").skip == .backward)
        #expect(try Rule("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=OMIT").skip == .omit)
        #expect(try Rule("RSCALE=GREGORIAN;FREQ=YEARLY").skip == nil)
    }

    // RFC 7529: BYMONTH=5L (a leap month) and month 13 with a non-Gregorian RSCALE.
    @Test func leapMonths() throws {
        let rule = try Rule("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD")
        #expect(rule.byMonth == [Rule.Month(5, isLeap: true)])
        #expect(rule.rscale == "HEBREW")
        #expect(rule.skip == .forward)
        let chinese = try Rule("FREQ=YEARLY;BYMONTH=9L,9,13,1;RSCALE=CHINESE")
        #expect(chinese.byMonth == [1, 9, Rule.Month(9, isLeap: true), 13])
    }

    // X- parts (RFC 2445's x-name rule part) are kept, in order, in both modes.
    @Test(arguments: [Rule.ParsingMode.strict, .lenient])
    func extensions(_ mode: Rule.ParsingMode) throws {
        let (rule, readings) = try Rule.parse("FREQ=DAILY;X-NAME=Some Value;X-VENDOR-FLAG=1,2=3;X-EMPTY=", mode: mode)
        #expect(rule.extensions == [.init(name: "X-NAME", value: "Some Value"),
                                    .init(name: "X-VENDOR-FLAG", value: "1,2=3"),
                                    .init(name: "X-EMPTY", value: "")])
        #expect(readings.isEmpty)
    }

    // RFC 5545 section 3.3.10: "The rule parts are not ordered in any particular sequence."
    @Test func partsInAnyOrder() throws {
        let a = try Rule("FREQ=MONTHLY;COUNT=10;BYDAY=1FR")
        let b = try Rule("BYDAY=1FR;COUNT=10;FREQ=MONTHLY")
        #expect(a == b)
    }

    // The model keeps lists sorted and without repeats; repeated values are not an error.
    @Test func listsAreSortedAndDeduplicated() throws {
        let rule = try Rule("FREQ=YEARLY;BYMONTH=3,1,2,1,3;BYDAY=FR,MO,FR,-1FR,-1FR;BYSECOND=5,5,5")
        #expect(rule.byMonth == [1, 2, 3])
        #expect(rule.byDay == [.nth(-1, .friday), .every(.monday), .every(.friday)])
        #expect(rule.bySecond == [5])
    }

    // Every rule of RFC 5545 section 3.8.5.3 (and section 3.3.10's example) reads strictly.
    static let rfcExamples: [String] = [
        "FREQ=DAILY;COUNT=10",
        "FREQ=DAILY;UNTIL=19971224T000000Z",
        "FREQ=DAILY;INTERVAL=2",
        "FREQ=DAILY;INTERVAL=10;COUNT=5",
        "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
        "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
        "FREQ=WEEKLY;COUNT=10",
        "FREQ=WEEKLY;UNTIL=19971224T000000Z",
        "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
        "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
        "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
        "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
        "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
        "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
        "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
        "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
        "FREQ=MONTHLY;BYMONTHDAY=-3",
        "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
        "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
        "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
        "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
        "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
        "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
        "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
        "FREQ=YEARLY;BYDAY=20MO",
        "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
        "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
        "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
        "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
        "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
        "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
        "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
        "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
        "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
        "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
        "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
        "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
        "FREQ=YEARLY;INTERVAL=2;BYMONTH=1;BYDAY=SU;BYHOUR=8,9;BYMINUTE=30",
        "FREQ=DAILY;COUNT=10;INTERVAL=2",
        // RFC 7529's examples (without the RRULE: prefix).
        "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD",
        "RSCALE=CHINESE;FREQ=YEARLY",
        "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD",
        "RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;BYMONTHDAY=-1",
    ]

    @Test(arguments: rfcExamples)
    func rfcExampleReadsStrictlyAndRoundTrips(_ text: String) throws {
        let (rule, readings) = try Rule.parse(text, mode: .strict)
        #expect(readings.isEmpty)
        try rule.validate()
        #expect(try Rule(rule.description) == rule, "\(rule.description)")
        #expect(try Rule(text, mode: .lenient) == rule)
    }

    @Test func rfcExampleValues() throws {
        let r = try Rule("FREQ=YEARLY;INTERVAL=2;BYMONTH=1;BYDAY=SU;BYHOUR=8,9;BYMINUTE=30")
        var expected = Rule(frequency: .yearly)
        expected.interval = 2
        expected.byMonth = [1]
        expected.byDay = [.every(.sunday)]
        expected.byHour = [8, 9]
        expected.byMinute = [30]
        #expect(r == expected)
    }

    // Substrings and other StringProtocol values read the same.
    @Test func substringInput() throws {
        let line = "RRULE:FREQ=DAILY;COUNT=3"
        let value = line.split(separator: ":")[1]
        #expect(try Rule(value) == Rule("FREQ=DAILY;COUNT=3"))
    }
}
