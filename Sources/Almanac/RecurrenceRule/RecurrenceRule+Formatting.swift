import AlmanacCore

extension RecurrenceRule: CustomStringConvertible {
    /// The rule as canonical RRULE value text (RFC 5545 section 3.3.10),
    /// without the `RRULE:` prefix.
    ///
    /// Canonical order: `FREQ`, `RSCALE`, `SKIP`, `UNTIL`, `COUNT`,
    /// `INTERVAL` (left out when 1), `BYSECOND`, `BYMINUTE`, `BYHOUR`,
    /// `BYDAY`, `BYMONTHDAY`, `BYYEARDAY`, `BYWEEKNO`, `BYMONTH`, `BYSETPOS`,
    /// `WKST` (left out when MO), then the ``extensions`` in their order.
    /// FREQ comes first because RFC 5545 says it "MUST be the first rule part"
    /// for older readers; RSCALE and SKIP follow it because they change how
    /// every later part is read (RFC 7529's examples put RSCALE before FREQ,
    /// which Almanac reads too). List values are written sorted, each once,
    /// numbers in plain decimal (`-1`, never `+1` or `01`); an UNTIL keeps its
    /// form (`19971224`, `19971224T000000`, `19971224T000000Z`).
    ///
    /// For every rule that passes ``validate()``, reading the description
    /// back gives an equal rule (lists sorted without repeats, as the parser
    /// keeps them): `try RecurrenceRule(rule.description) == rule`. A rule
    /// read in lenient mode reads back equal in lenient mode.
    ///
    /// ```swift
    /// let rule = try RecurrenceRule("BYDAY=FR,MO;COUNT=10;FREQ=WEEKLY;INTERVAL=1;WKST=MO")
    /// rule.description   // "FREQ=WEEKLY;COUNT=10;BYDAY=MO,FR"
    /// ```
    ///
    /// - Complexity: O(n) in the number of list values (O(n log n) for lists
    ///   built in code out of order).
    public var description: String {
        var out = "FREQ="
        out.reserveCapacity(64)
        out += frequency.rawValue
        if let rscale {
            out += ";RSCALE="
            out += rscale
        }
        if let skip {
            out += ";SKIP="
            out += skip.rawValue
        }
        if let until {
            out += ";UNTIL="
            switch until {
            case .date(let d): out += d.rfc5545
            case .local(let c): out += c.rfc5545
            case .utc(let c):
                out += c.rfc5545
                out += "Z"
            }
        }
        if let count {
            out += ";COUNT="
            out += String(count)
        }
        if interval != 1 {
            out += ";INTERVAL="
            out += String(interval)
        }
        Self._append(&out, "BYSECOND", bySecond) { $0 += String($1) }
        Self._append(&out, "BYMINUTE", byMinute) { $0 += String($1) }
        Self._append(&out, "BYHOUR", byHour) { $0 += String($1) }
        Self._append(&out, "BYDAY", byDay) { out, d in
            if let n = d.ordinal { out += String(n) }
            out += d.weekday.rfcCode
        }
        Self._append(&out, "BYMONTHDAY", byMonthDay) { $0 += String($1) }
        Self._append(&out, "BYYEARDAY", byYearDay) { $0 += String($1) }
        Self._append(&out, "BYWEEKNO", byWeekNo) { $0 += String($1) }
        Self._append(&out, "BYMONTH", byMonth) { out, m in
            out += String(m.number)
            if m.isLeap { out += "L" }
        }
        Self._append(&out, "BYSETPOS", bySetPos) { $0 += String($1) }
        if weekStart != .monday {
            out += ";WKST="
            out += weekStart.rfcCode
        }
        for e in extensions {
            out += ";"
            out += e.name
            out += "="
            out += e.value
        }
        return out
    }

    private static func _append<T: Comparable>(_ out: inout String, _ name: String, _ values: [T],
                                               _ write: (inout String, T) -> Void) {
        guard !values.isEmpty else { return }
        out += ";"
        out += name
        out += "="
        for (k, v) in sortedUnique(values).enumerated() {
            if k > 0 { out += "," }
            write(&out, v)
        }
    }
}
