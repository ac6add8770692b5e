import Almanac
import Testing

/// `Anchor(parsing:zone:syntax:)`: the one reader of RFC 5545 and RFC 3339
/// (section 5.6) dates and date-times, which the CLI, the `.ics` reader's
/// lenient mode and the payload readers use.
@Suite struct AnchorSyntaxTests {
    static let both: Anchor.Syntax = [.rfc5545, .rfc3339]

    /// RFC 3339 section 5.6: full-date, and full-date "T" partial-time with
    /// "Z" or a numeric offset; its note allows lower case and a space.
    /// Without an offset, a local time (ISO 8601's local form).
    @Test(arguments: [
        try ("2024-01-01", Anchor.date(CivilDate(2024, 1, 1))),
        try ("2024-01-01T09:00:00", .floating(CivilDate(2024, 1, 1).at(9, 0))),
        try ("2024-01-01t09:00:00", .floating(CivilDate(2024, 1, 1).at(9, 0))),
        try ("2024-01-01 09:00:00", .floating(CivilDate(2024, 1, 1).at(9, 0))),
        try ("2024-01-01T09:00:00Z", .utc(CivilDate(2024, 1, 1).at(9, 0))),
        try ("2024-01-01T09:00:00z", .utc(CivilDate(2024, 1, 1).at(9, 0))),
        try ("2024-01-01T09:00:00+02:00", .utc(CivilDate(2024, 1, 1).at(7, 0))),
        try ("2024-01-01T01:00:00+02:00", .utc(CivilDate(2023, 12, 31).at(23, 0))),
        try ("2024-01-01T09:00:00-05:30", .utc(CivilDate(2024, 1, 1).at(14, 30))),
        try ("20240101T090000Z", .utc(CivilDate(2024, 1, 1).at(9, 0))),   // RFC 5545's form, in the same reader
        try ("20240101", .date(CivilDate(2024, 1, 1))),
    ])
    func readsBothForms(text: String, expected: Anchor) throws {
        #expect(try Anchor(parsing: text, syntax: Self.both) == expected)
    }

    /// A zone places a local value of either form; `Z` and offsets ignore it.
    @Test func aZonePlacesLocalValues() throws {
        let paris = try Zone("Europe/Paris")
        #expect(try Anchor(parsing: "2024-01-01T09:00:00", zone: paris, syntax: Self.both) == .zoned(CivilDate(2024, 1, 1).at(9, 0), paris))
        #expect(try Anchor(parsing: "2024-01-01T09:00:00Z", zone: paris, syntax: Self.both) == .utc(CivilDate(2024, 1, 1).at(9, 0)))
        #expect(try Anchor(parsing: "2024-01-01", zone: paris, syntax: Self.both) == .date(CivilDate(2024, 1, 1)))
    }

    /// Errors quote the text as typed, with the column as typed, and the
    /// same reasons as RFC 5545's reader (the CLI's messages, which the CLI
    /// tests also check end to end).
    @Test(arguments: [
        ("2024-13-01", AlmanacError.Kind.invalidValue, 6, #"invalid date "2024-13-01" at column 6: month 13 is not in 1...12"#),
        ("2024-02-30T00:00:00Z", .invalidValue, 9, #"invalid date-time "2024-02-30T00:00:00Z" at column 9: day 30 is not in 1...29 for 2024-02"#),
        ("2023-02-29", .invalidValue, 9, #"invalid date "2023-02-29" at column 9: 2023-02-29 does not exist: 2023 is not a leap year"#),
        ("2024-01-01T25:00:00+02:00", .invalidValue, 12, #"invalid date-time "2024-01-01T25:00:00+02:00" at column 12: hour 25 is not in 0...23"#),
        ("2024-01-01T09:60:00", .invalidValue, 15, #"invalid date-time "2024-01-01T09:60:00" at column 15: minute 60 is not in 0...59"#),
        ("2024-01-01T09:00:60Z", .invalidValue, 18,
         #"invalid date-time "2024-01-01T09:00:60Z" at column 18: second 60 is a leap second, which Almanac does not support (it has no leap seconds)"#),
        ("2024-01-01T09:00:00+25:00", .invalidValue, 21, #"invalid date-time "2024-01-01T09:00:00+25:00" at column 21: offset hours 25 are not in 00...23"#),
        ("2024-01-01T09:00:00+02:75", .invalidValue, 24, #"invalid date-time "2024-01-01T09:00:00+02:75" at column 24: offset minutes 75 are not in 00...59"#),
        ("2024-01-01T09:00:00+0200", .invalidValue, 20,
         #"invalid date-time "2024-01-01T09:00:00+0200" at column 20: expected Z or an offset such as +02:00 after the time"#),
        ("2024-01-01T09:00:00.5Z", .invalidValue, 20,
         #"invalid date-time "2024-01-01T09:00:00.5Z" at column 20: expected Z or an offset such as +02:00 after the time"#),
        ("2024-01-01X09:00:00", .invalidValue, 11,
         #"invalid date-time "2024-01-01X09:00:00" at column 11: expected "T" and a time such as T09:00:00 after the date"#),
        ("2024-01-01T0900", .invalidValue, 12, #"invalid date-time "2024-01-01T0900" at column 12: expected a time HH:MM:SS after "T""#),
        ("0000-01-01", .outOfRange, 1, #"invalid date "0000-01-01" at column 1: year 0 is not in the supported range 1...9999"#),
        ("0001-01-01T01:00:00+02:00", .invalidValue, 1,
         #"invalid date-time "0001-01-01T01:00:00+02:00" at column 1: the instant it names is outside the years 1...9999 in UTC"#),
        ("é2024-01-01", .invalidValue, 1,
         #"invalid date "é2024-01-01" at column 1: expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ"#),
    ])
    func errorsQuoteTheTextAsTyped(text: String, kind: AlmanacError.Kind, column: Int, message: String) {
        #expect { try Anchor(parsing: text, syntax: Self.both) } throws: { error in
            guard let e = error as? AlmanacError else { return false }
            return e.kind == kind && e.column == column && e.message == message
        }
    }

    /// Each form only when asked for: RFC 5545's reader alone refuses RFC
    /// 3339 text (a calendar file in strict mode), and RFC 3339's alone
    /// refuses RFC 5545's; lower-case `t` and `z` in RFC 5545's form only
    /// with `.lowercase`.
    @Test func eachFormOnlyWhenAskedFor() throws {
        #expect(throws: AlmanacError.self) { try Anchor(parsing: "2024-01-01", syntax: .rfc5545) }
        #expect(throws: AlmanacError.self) { try Anchor(parsing: "2024-01-01") }
        #expect(throws: AlmanacError.self) { try Anchor(parsing: "20240101", syntax: .rfc3339) }
        #expect(throws: AlmanacError.self) { try Anchor(parsing: "20240101t090000z", syntax: Self.both) }
        #expect(try Anchor(parsing: "20240101t090000z", syntax: [.rfc5545, .lowercase]) == .utc(CivilDate(2024, 1, 1).at(9, 0)))
    }
}
