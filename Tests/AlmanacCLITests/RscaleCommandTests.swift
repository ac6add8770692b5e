import Foundation
import Testing

/// The CLI takes RFC 7529 rules in `expand`, `days` and `batch` (issue 13),
/// and the README's two RSCALE examples print what it says. Each date is
/// read back through Foundation's `Calendar` of the same calendar.
@Suite struct RscaleCommandTests {
    static func calendar(_ id: Calendar.Identifier) -> Calendar {
        var c = Calendar(identifier: id)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    /// `2024-09-17` (the first field of a line) as a Foundation date at midnight UTC.
    static func date(_ text: Substring) -> Date? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f.date(from: String(text.prefix(10)))
    }

    @Test func expandGivesTheChineseBirthdayEveryYear() throws {
        let r = try AlmanacExecutable.run(["expand", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;COUNT=4", "--start", "20240917"])
        #expect(r.status == 0, "\(r)")
        let chinese = Self.calendar(.chinese)
        let dates = r.stdout.split(separator: "\n").compactMap(Self.date)
        #expect(dates.count == 4, "\(r)")
        var years: [Int] = []
        for d in dates {
            let c = chinese.dateComponents([.year, .month, .day], from: d)
            #expect(c.month == 8 && c.day == 15 && c.isLeapMonth == false, "\(d) is \(c)")
            years.append(c.year!)
        }
        #expect(zip(years, years.dropFirst()).allSatisfy { $1 == $0 % 60 + 1 }, "consecutive Chinese years: \(years)")
    }

    @Test func expandMovesAdarIForwardInCommonYears() throws {
        let r = try AlmanacExecutable.run(["expand", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD;COUNT=3", "--start", "20240217"])
        #expect(r.status == 0, "\(r)")
        let hebrew = Self.calendar(.hebrew)
        let dates = r.stdout.split(separator: "\n").compactMap(Self.date)
        #expect(dates.count == 3, "\(r)")
        for d in dates {
            // Foundation numbers Hebrew months in ICU's order: Adar I is 6 (leap years only), Adar 7.
            let c = hebrew.dateComponents([.month, .day], from: d)
            let leapYear = hebrew.range(of: .day, in: .year, for: d)!.count > 380   // 383 to 385 days
            #expect(c.day == 8 && c.month == (leapYear ? 6 : 7), "\(d): month \(c.month!), leap year \(leapYear)")
        }
    }

    @Test func daysAndBatchTakeRscaleRules() throws {
        let rule = "RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;COUNT=3"
        let days = try AlmanacExecutable.run(["days", rule, "--start", "20250301"])
        #expect(days.status == 0, "\(days)")
        let islamic = Self.calendar(.islamicUmmAlQura)
        let dates = days.stdout.split(separator: "\n").compactMap(Self.date)
        #expect(dates.count == 3, "\(days)")
        for d in dates {
            let c = islamic.dateComponents([.month, .day], from: d)
            #expect(c.month == 9 && c.day == 1, "\(d) is \(c)")
        }
        let batch = try AlmanacExecutable.run(["batch"], stdin: #"{"id":"r","dtstart":"20250301","rrule":"\#(rule)"}"# + "\n")
        #expect(batch.status == 0, "\(batch)")
        let listed = dates.map { d -> String in
            let c = Self.calendar(.gregorian).dateComponents([.year, .month, .day], from: d)
            return String(format: "\"%04d-%02d-%02d\"", c.year!, c.month!, c.day!)
        }
        #expect(batch.stdout.contains("\"occurrences\":[\(listed.joined(separator: ","))]"), "\(batch)")
    }
}
