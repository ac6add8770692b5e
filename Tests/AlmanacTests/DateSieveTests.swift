import AlmanacTestSupport
import PropertyBased
import Testing
@testable import Almanac

/// `RecurrenceSet.Occurrences.mayStart(in:)`, the test a calendar query
/// makes before it opens a series: it may admit a window with no instance,
/// never refuse one that has an instance.
@Suite struct DateSieveTests {
    /// Windows of a second, two hours and a week around each of the first
    /// instances of generated rules (every frequency and BY part, RSCALE,
    /// DATE, floating, UTC and zoned starts) are all admitted.
    @Test func admitsEveryWindowThatHasAnInstance() async throws {
        let refused = Counter()
        await propertyCheck(count: 400, input: PropertyGen.cases(SeedStream(0x51E_7E))) { c in
            let prepared = try c.set.occurrences()
            for o in prepared.first(60) {
                let t = o.instants(in: .utc).lowerBound.secondsSinceEpoch
                for (before, length) in [(Int64(0), Int64(1)), (3_600, 7_200), (3 * 86_400, 7 * 86_400)] {
                    let w = Timestamp(secondsSinceEpoch: t - before)..<Timestamp(secondsSinceEpoch: t - before + length)
                    #expect(prepared.mayStart(in: .instants(w, viewer: .utc)), "\(c.batchRequest(window: w)): refused a window holding \(o)")
                }
            }
            // The windows it refuses are empty.
            if let o = prepared.first(1).first {
                let t = o.instants(in: .utc).lowerBound.secondsSinceEpoch
                for k in 1...12 {
                    let a = t + Int64(k) * 23 * 86_400
                    let w = Timestamp(secondsSinceEpoch: a)..<Timestamp(secondsSinceEpoch: a + 5 * 86_400)
                    if !prepared.mayStart(in: .instants(w, viewer: .utc)) {
                        refused.add()
                        #expect(try c.set.occurrences(in: .instants(w, viewer: .utc)).first(1).isEmpty,
                                "\(c.batchRequest(window: w)): refused a window with an instance")
                    }
                }
            }
        }
        // Not vacuous: the generated YEARLY and MONTHLY rules leave many windows out.
        #expect(refused.value > 100, "only \(refused.value) windows refused")
    }

    @Test(arguments: [
        // rule, DTSTART, window start, days, admitted
        ("FREQ=YEARLY", "20200515", "20240513", 7, true),
        ("FREQ=YEARLY", "20200515", "20240601", 7, false),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "20200131", "20240227", 2, false),   // Feb 27-28 2024: the last is the 29th
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "20200131", "20240227", 3, true),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "20200329", "20240401", 14, false),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "20200329", "20240320", 14, true),
        // Weekdays: 2024-06-01 is a Saturday, 06-07 a Friday, 06-11 the second Tuesday.
        ("FREQ=WEEKLY;BYDAY=FR", "20200515", "20240601", 2, false),
        ("FREQ=WEEKLY;BYDAY=FR", "20200515", "20240601", 7, true),
        ("FREQ=WEEKLY", "20200515", "20240601", 6, false),             // DTSTART's weekday, a Friday
        ("FREQ=WEEKLY;BYMONTH=6", "20200515", "20240601", 6, false),   // BYMONTH limits: still DTSTART's weekday
        ("FREQ=WEEKLY;BYMONTH=6", "20200515", "20240601", 7, true),
        ("FREQ=DAILY;BYDAY=MO,TU", "20200515", "20240601", 2, false),
        ("FREQ=MONTHLY;BYDAY=2TU", "20200512", "20240601", 10, false), // June 1-10: the 2nd Tuesday is the 11th
        ("FREQ=MONTHLY;BYDAY=2TU", "20200512", "20240601", 11, true),
        ("FREQ=MONTHLY;BYDAY=-1FR", "20200529", "20240601", 27, false), // the last Friday is the 28th
        ("FREQ=MONTHLY;BYDAY=-1FR", "20200529", "20240601", 28, true),
        ("FREQ=MONTHLY;BYDAY=2TU,SA", "20200512", "20240601", 2, true),  // a plain weekday is every such day
        ("FREQ=YEARLY;BYDAY=2TU", "20200114", "20240601", 10, true),    // within the year: any Tuesday
        ("FREQ=YEARLY;BYMONTH=6;BYDAY=2TU", "20200609", "20240601", 10, false),
        ("RSCALE=HEBREW;FREQ=YEARLY", "20200515", "20240601", 2, true),  // other calendars admit every date
    ])
    func sievesByMonthAndDay(rule: String, start: String, from: String, days: Int, admitted: Bool) throws {
        let set = RecurrenceSet(start: try Anchor(parsing: start), rules: [try RecurrenceRule(rule)])
        let first = try Anchor(parsing: from).civil.date
        let w = try Timestamp(utc: first.at(0, 0))..<Timestamp(utc: first.adding(days: days).at(0, 0))
        // Instants window: a day of slack each side for the zones.
        let wall = try RecurrenceSet.Window.wallClock(first.at(0, 0)..<first.adding(days: days).at(0, 0))
        #expect(try set.occurrences().mayStart(in: wall) == admitted)
        #expect(try set.occurrences().mayStart(in: .instants(w, viewer: .utc)) == true || !admitted)
        if !admitted { #expect(try set.occurrences(in: wall).first(1).isEmpty) }
    }

    /// RDATEs are admitted by their span: a window on an RDATE far from the
    /// rule's dates is admitted, one past the last RDATE is not.
    @Test func admitsTheRDATEs() throws {
        let set = try RecurrenceSet(start: .date(CivilDate(2020, 5, 15)), rules: [try RecurrenceRule("FREQ=YEARLY")],
                                dates: try [.date(CivilDate(2024, 8, 3)), .date(CivilDate(2024, 9, 20))])
        func window(_ d: CivilDate, _ days: Int) -> RecurrenceSet.Window { try! .wallClock(d.at(0, 0)..<d.adding(days: days).at(0, 0)) }
        let prepared = try set.occurrences()
        #expect(try prepared.mayStart(in: window(CivilDate(2024, 8, 2), 3)))
        #expect(try !set.occurrences(in: window(CivilDate(2024, 8, 2), 3)).first(1).isEmpty)
        #expect(try !prepared.mayStart(in: window(CivilDate(2024, 10, 1), 7)))
        #expect(try set.occurrences(in: window(CivilDate(2024, 10, 1), 7)).first(1).isEmpty)
    }

    /// An instants window is read as the series' wall-clock dates, exactly
    /// where the zone's offset holds; a time in a DST gap moves by the gap
    /// (RFC 5545 section 3.3.5), up to a whole day: Samoa skipped 30
    /// December 2011, so the 30th's 09:00 is 31 December 09:00, and a window
    /// on the 31st must admit BYMONTHDAY=30.
    @Test func admitsAnInstanceAGapMovedToTheNextDate() throws {
        let apia = try Zone("Pacific/Apia")
        let set = try RecurrenceSet(start: .zoned(CivilDate(2011, 11, 30).at(9, 0), apia),
                                rules: [try RecurrenceRule("FREQ=MONTHLY;BYMONTHDAY=30")])
        let from = try apia.instant(of: CivilDate(2011, 12, 31).at(0, 0))
        let w = from..<Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + 12 * 3_600)
        let found = try set.occurrences(in: .instants(w)).first(1)
        #expect(try found.first?.start == CivilDate(2011, 12, 31).at(9, 0), "the premise: the gap moved the 30th")
        #expect(try set.occurrences().mayStart(in: .instants(w)))
        // Where the offset holds, the dates are exact: a window over 28-29
        // May 2024 (Apia at +13:00 all year) refuses BYMONTHDAY=30, which the
        // UTC dates a day wider each way (26-30 May) would admit.
        let may = try apia.instant(of: CivilDate(2024, 5, 28).at(0, 0))
        let plain = may..<Timestamp(secondsSinceEpoch: may.secondsSinceEpoch + 2 * 86_400)
        #expect(try !set.occurrences().mayStart(in: .instants(plain)))
        #expect(try set.occurrences(in: .instants(plain)).first(1).isEmpty)
    }

    /// The month-mask test of a window's dates gives the day-by-day
    /// answer: every window of 1 to 63 days starting in 2023-2024 (leap
    /// February, year ends), for rules with month days counted from either
    /// end, weekdays, months and all three.
    @Test(arguments: ["FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYMONTHDAY=-1,15", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
                      "FREQ=MONTHLY;BYMONTHDAY=31,-30", "FREQ=DAILY;BYMONTH=3,12;BYDAY=SA,SU", "FREQ=WEEKLY",
                      "FREQ=MONTHLY;BYMONTHDAY=1,2,3;BYDAY=TU", "FREQ=YEARLY;BYMONTH=1,6;BYMONTHDAY=-7,-8;BYDAY=SU"])
    func monthMasksAgreeWithADayByDayWalk(rule: String) throws {
        let set = try RecurrenceSet(start: .date(CivilDate(2019, 4, 17)), rules: [try RecurrenceRule(rule)])
        let sieve = DateSieve(set, rules: set.rules)
        var admitted = 0, refused = 0
        for a in try CivilDate(2023, 1, 1).daysSinceEpoch...CivilDate(2024, 12, 31).daysSinceEpoch {
            for length in [1, 2, 3, 5, 7, 9, 13, 29, 31, 45, 63] {
                let b = a + length - 1
                let fast = sieve.admitsSome(fromDay: a, throughDay: b)
                #expect(fast == sieve.admitsSomeDayByDay(fromDay: a, throughDay: b), "\(rule): days \(a)...\(b)")
                if fast { admitted += 1 } else { refused += 1 }
            }
        }
        // Not vacuous: each rule admits some windows and refuses others.
        #expect(admitted > 0 && refused > 0, "\(rule): \(admitted) admitted, \(refused) refused")
    }
}
