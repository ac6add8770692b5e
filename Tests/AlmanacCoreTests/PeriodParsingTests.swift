import Testing
@testable import AlmanacCore

/// The period text forms (`2023-11-13`, `2023-W48`, `2023-11`, `2023`,
/// `2023-11-13/P7D`) plus `2023-W48@SU1` for non-ISO week rules: round trips,
/// and errors that name the fault and its column.
@Suite struct PeriodParsingTests {
    @Test(arguments: ["2023-11-13", "2023-W48", "2023-11", "2023", "2023-11-13/P7D", "2024-W01@SU1",
                      "2020-W53", "0001-01-01", "9999-12-31", "0001", "9999", "0001-W01", "9999-W51",
                      "2024-02-29", "2023-11-13/P1D", "9999-12-31/P1D", "0001-01-01/P3652059D", "2022-W53@SU1",
                      "2023-W47@MO1", "2023-W01@SA7"])
    func roundTrips(_ text: String) throws {
        let p = try Period(parsing: text)
        #expect(p.description == text)
        #expect(Period(text) == p)
        #expect(try Period(parsing: Substring(text)) == p)
    }

    @Test func formsMeanWhatTheySay() throws {
        #expect(try Period(parsing: "2023-11-13") == .day(CivilDate(2023, 11, 13)))
        #expect(try Period(parsing: "2023-W48") == .week(2023, 48))
        #expect(try Period(parsing: "2023-W48@SU1") == .week(2023, 48, rule: .us))
        #expect(try Period(parsing: "2023-W48@MO4") == .week(2023, 48))   // the ISO rule written out
        #expect(try Period(parsing: "2023-W48@MO4").description == "2023-W48")
        #expect(try Period(parsing: "2023-11") == .month(2023, 11))
        #expect(try Period(parsing: "2023") == .year(2023))
        #expect(try Period(parsing: "2023-11-13/P7D") == .span(from: CivilDate(2023, 11, 13), dayCount: 7))
    }

    /// Letters in either case (ISO 8601 writes them upper case; people type
    /// `2023-w48`); the text written back is upper case.
    @Test(arguments: [("2023-w48", "2023-W48"), ("2023-w48@su1", "2023-W48@SU1"), ("2023-W48@Su1", "2023-W48@SU1"),
                      ("2023-w48@mo4", "2023-W48"), ("2023-11-13/p7d", "2023-11-13/P7D"), ("2023-11-13/P7d", "2023-11-13/P7D")])
    func lettersInEitherCase(_ typed: String, _ canonical: String) throws {
        #expect(try Period(parsing: typed) == Period(parsing: canonical))
        #expect(try Period(parsing: typed).description == canonical)
    }

    /// Each bad text, the column of the fault, the offending piece and the message.
    @Test(arguments: [
        ("2023-W54", 7, "54", "invalid period \"2023-W54\" at column 7: week 54 does not exist in 2023, which has 52 weeks"),
        ("2023-W53", 7, "53", "invalid period \"2023-W53\" at column 7: week 53 does not exist in 2023, which has 52 weeks"),
        ("2023-W00", 7, "00", "invalid period \"2023-W00\" at column 7: week 00 does not exist (weeks are numbered from 01)"),
        ("2023-W53@SU1", 7, "53", "invalid period \"2023-W53@SU1\" at column 7: week 53 does not exist in 2023 under rule SU1, which has 52 weeks"),
        ("2023-13", 6, "13", "invalid period \"2023-13\" at column 6: month 13 is not in 01...12"),
        ("2023-00", 6, "00", "invalid period \"2023-00\" at column 6: month 00 is not in 01...12"),
        ("2023-02-30", 9, "30", "invalid period \"2023-02-30\" at column 9: day 30 does not exist in 2023-02, which has 28 days"),
        ("2023-02-29", 9, "29", "invalid period \"2023-02-29\" at column 9: 2023-02-29 does not exist: 2023 is not a leap year"),
        ("2023-11-00", 9, "00", "invalid period \"2023-11-00\" at column 9: day 00 does not exist in 2023-11, which has 30 days"),
        ("0000", 1, "0000", "invalid period \"0000\" at column 1: year 0000 is not in 0001...9999"),
        ("10000", 1, "10000", "invalid period \"10000\" at column 1: year 10000 is not in 0001...9999"),
        ("023", 1, "023", "invalid period \"023\" at column 1: year \"023\" must have 4 digits"),
        ("2023-11-13/P0D", 13, "0", "invalid period \"2023-11-13/P0D\" at column 13: a span has at least one day (P1D)"),
        ("9999-12-30/P3D", 13, "3", "invalid period \"9999-12-30/P3D\" at column 13: a span of 3 days from 9999-12-30 runs past 9999-12-31"),
        ("2023-11-13/P99999999999999999999D", 13, "99999999999999999999",
         "invalid period \"2023-11-13/P99999999999999999999D\" at column 13: a span of 99999999999999999999 days from 2023-11-13 runs past 9999-12-31"),
        ("2023-11-13/P7W", 14, "W", "invalid period \"2023-11-13/P7W\" at column 14: expected \"D\" (a span counts days: P7D)"),
        ("2023-11-13/7D", 12, "7", "invalid period \"2023-11-13/7D\" at column 12: expected \"P\" (a duration such as P7D)"),
        ("2023-11-13/PD", 13, "D", "invalid period \"2023-11-13/PD\" at column 13: expected a number of days (such as P7D)"),
        ("2023-11-13/P7D ", 15, " ", "invalid period \"2023-11-13/P7D \" at column 15: unexpected text after the period"),
        ("9999-W52", 7, "52", "invalid period \"9999-W52\" at column 7: week 52 of 9999 crosses the supported range 0001-01-01...9999-12-31"),
        ("0001-W01@SU1", 7, "01", "invalid period \"0001-W01@SU1\" at column 7: week 01 of 0001 crosses the supported range 0001-01-01...9999-12-31"),
        ("2023-W48@XX1", 10, "XX", "invalid period \"2023-W48@XX1\" at column 10: expected a weekday code (MO, TU, WE, TH, FR, SA or SU) for the first day of the week"),
        ("2023-W48@SU8", 12, "8", "invalid period \"2023-W48@SU8\" at column 12: expected the minimum days in the first week, a digit in 1...7"),
        ("2023-W48@SU", 12, "", "invalid period \"2023-W48@SU\" at column 12: expected the minimum days in the first week, a digit in 1...7"),
        ("2023-W48/P7D", 9, "/", "invalid period \"2023-W48/P7D\" at column 9: expected \"@\" and a week rule such as @SU1"),
        ("2023-x48", 6, "x", "invalid period \"2023-x48\" at column 6: expected the 2-digit month"),
        ("2023-11-13/p7w", 14, "w", "invalid period \"2023-11-13/p7w\" at column 14: expected \"D\" (a span counts days: P7D)"),
        ("2023-W4", 7, "4", "invalid period \"2023-W4\" at column 7: week \"4\" must have 2 digits"),
        ("2023-1", 6, "1", "invalid period \"2023-1\" at column 6: month \"1\" must have 2 digits"),
        ("2023-11-1", 9, "1", "invalid period \"2023-11-1\" at column 9: day \"1\" must have 2 digits"),
        ("2023-", 6, "", "invalid period \"2023-\" at column 6: expected the 2-digit month"),
        ("2023/11", 5, "/", "invalid period \"2023/11\" at column 5: expected \"-\""),
        ("2023-11-13T10:00", 11, "T", "invalid period \"2023-11-13T10:00\" at column 11: expected \"/\" and a duration such as P7D"),
        ("hello", 1, "h", "invalid period \"hello\" at column 1: expected a four-digit year (YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Www or YYYY-MM-DD/PnD)"),
        (" 2023", 1, " ", "invalid period \" 2023\" at column 1: expected a four-digit year (YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Www or YYYY-MM-DD/PnD)"),
        ("", 1, "", "invalid period \"\": the text is empty (expected YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Www or YYYY-MM-DD/PnD)"),
        ("２０２３", 1, "２", "invalid period \"２０２３\" at column 1: expected a four-digit year (YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Www or YYYY-MM-DD/PnD)"),
    ])
    func errors(_ text: String, _ column: Int, _ piece: String, _ message: String) {
        do {
            let p = try Period(parsing: text)
            Issue.record("\"\(text)\" parsed as \(p)")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.column == column)
            #expect(error.text == piece)
            #expect(error.message == message)
        }
        #expect(Period(text) == nil)
    }
}
