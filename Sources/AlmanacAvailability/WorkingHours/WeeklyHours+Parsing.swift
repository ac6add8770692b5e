import Almanac

extension WeeklyHours {
    /// Reads a weekly pattern: groups of weekdays, each followed by one or
    /// more local time ranges, separated by `;`, `,` or spaces.
    ///
    /// ```swift
    /// let office = try WeeklyHours(parsing: "Mon-Fri 09:00-17:00")
    /// let split = try WeeklyHours(parsing: "Mon-Thu 09:00-12:30,13:30-17:30; Fri 09:00-13:00")
    /// let late = try WeeklyHours(parsing: "Tue,Thu 21:00-23:00")
    /// ```
    ///
    /// Weekdays are English names or their first three letters (`Mon`,
    /// `monday`) or RFC 5545 codes (`MO`), in any case; `Mon-Fri` is a run
    /// (`Fri-Mon` wraps over the weekend). Times are `H:MM` or `HH:MM`
    /// (`:SS` allowed), `24:00` ends the day, and a range whose end is not
    /// after its start (`22:00-02:00`) runs into the next day. A weekday
    /// named twice gets both groups' ranges.
    ///
    /// - Throws: `AlmanacError` `.invalidValue` naming the word that is
    ///   not a weekday or a time range, or a pattern with a weekday and no
    ///   range (or a range before any weekday).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        let input = String(text)
        let words = input.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\t" })
        var ranges: [Weekday: [Range<Int>]] = [:]
        var pendingDays: [Weekday] = [], groupDays: [Weekday] = []
        for w in words {
            if let first = w.first, first.isNumber {
                if !pendingDays.isEmpty { groupDays = pendingDays; pendingDays = [] }
                guard !groupDays.isEmpty else { throw Self.fault(input, "the range \"\(w)\" comes before any weekday") }
                let r = try Self.range(w, in: input)
                for d in groupDays { ranges[d, default: []].append(r) }
            } else {
                if pendingDays.isEmpty { groupDays = [] }
                pendingDays += try Self.weekdays(w, in: input)
            }
        }
        if !pendingDays.isEmpty {
            throw Self.fault(input, "\(pendingDays.map { Self.names[$0.rawValue - 1] }.joined(separator: ",")) has no time range (such as 09:00-17:00)")
        }
        guard !ranges.isEmpty else { throw Self.fault(input, "no weekday and time range in it (such as Mon-Fri 09:00-17:00)") }
        try self.init(ranges)
    }

    static func fault(_ input: String, _ message: String) -> AlmanacError {
        AlmanacError(.invalidValue, "working hours \"\(input)\": \(message)", text: input)
    }

    /// A weekday or a run of them (`Mon`, `Mon-Fri`, `FR-MO`).
    static func weekdays(_ word: Substring, in input: String) throws(AlmanacError) -> [Weekday] {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw fault(input, "\"\(word)\" is not a weekday or a run of weekdays such as Mon-Fri") }
        var days: [Weekday] = []
        for p in parts {
            guard let d = weekday(p) else {
                throw fault(input, "\"\(p)\" is not a weekday (Mon, Tue, Wed, Thu, Fri, Sat, Sun, or MO...SU)")
            }
            days.append(d)
        }
        guard days.count == 2 else { return days }
        let from = days[0].rawValue - 1, n = (days[1].rawValue - days[0].rawValue + 7) % 7
        return (0...n).map { Weekday(rawValue: (from + $0) % 7 + 1)! }
    }

    static func weekday(_ s: Substring) -> Weekday? {
        let lower = s.lowercased()
        if lower.count == 2 { return Weekday(rfcCode: lower.uppercased()) }
        let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        guard lower.count >= 3, let i = full.firstIndex(where: { $0.hasPrefix(lower) }) else { return nil }
        return Weekday(rawValue: i + 1)
    }

    /// `09:00-17:00`: seconds since midnight; an end not after the start runs into the next day.
    static func range(_ word: Substring, in input: String) throws(AlmanacError) -> Range<Int> {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = seconds(parts[0]), let e = seconds(parts[1]), s < 86_400 else {
            throw fault(input, "\"\(word)\" is not a time range such as 09:00-17:00")
        }
        return s..<(e > s ? e : e + 86_400)
    }

    /// `H:MM`, `HH:MM` or `HH:MM:SS`, up to `24:00`.
    static func seconds(_ s: Substring) -> Int? {
        let f = s.split(separator: ":", omittingEmptySubsequences: false)
        guard f.count == 2 || f.count == 3, f.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              f.dropFirst().allSatisfy({ $0.count == 2 }),
              let h = Int(f[0]), let m = Int(f[1]), let sec = f.count == 3 ? Int(f[2]) : 0,
              m < 60, sec < 60 else { return nil }
        let total = h * 3600 + m * 60 + sec
        return total <= 86_400 ? total : nil
    }
}
