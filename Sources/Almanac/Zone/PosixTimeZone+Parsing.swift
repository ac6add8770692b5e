import AlmanacCore

extension PosixTimeZone {
    /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`; `nil`
    /// for anything else (an empty string included).
    ///
    /// A DST name without rules takes the rules POSIX leaves to the
    /// implementation; glibc and the tz code use the United States' rules
    /// since 2007 (`M3.2.0,M11.1.0`), and so does this. TZif footers always
    /// carry their rules.
    init?(_ text: String) {
        var p = PosixScanner(Array(text.utf8))
        guard p.name(), let std = p.offset(maxHours: 24) else { return nil }
        standard = Int32(-std)
        if p.atEnd { daylight = nil; return }
        guard p.name() else { return nil }
        var dstOffset = standard + 3600
        if !p.atEnd, p.peek != UInt8(ascii: ",") {
            guard let d = p.offset(maxHours: 24) else { return nil }
            dstOffset = Int32(-d)
        }
        let start: Rule, end: Rule
        if p.atEnd {
            start = Rule(date: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Rule(date: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard p.eat(","), let s = p.rule(), p.eat(","), let e = p.rule(), p.atEnd else { return nil }
            (start, end) = (s, e)
        }
        guard (try? Offset(seconds: Int(dstOffset))) != nil else { return nil }
        daylight = (dstOffset, start, end)
    }
}

/// The scanner behind ``PosixTimeZone/init(_:)``.
private struct PosixScanner {
    let b: [UInt8]
    var i = 0

    init(_ b: [UInt8]) { self.b = b }

    var atEnd: Bool { i >= b.count }
    var peek: UInt8? { atEnd ? nil : b[i] }

    mutating func eat(_ c: Character) -> Bool {
        guard let v = c.asciiValue, peek == v else { return false }
        i += 1
        return true
    }

    /// `<...>` of letters, digits, `+` and `-`, or three or more letters.
    mutating func name() -> Bool {
        if eat("<") {
            let start = i
            while let c = peek, c != UInt8(ascii: ">") {
                guard isAlnum(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return false }
                i += 1
            }
            return i - start >= 3 && eat(">")
        }
        let start = i
        while let c = peek, isAlpha(c) { i += 1 }
        return i - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (positive west, as POSIX writes it).
    mutating func offset(maxHours: Int) -> Int? {
        var sign = 1
        if eat("-") { sign = -1 } else { _ = eat("+") }
        guard let h = number(maxDigits: 3), h <= maxHours else { return nil }
        var seconds = h * 3600
        if eat(":") {
            guard let m = number(maxDigits: 2), m < 60 else { return nil }
            seconds += m * 60
            if eat(":") {
                guard let s = number(maxDigits: 2), s < 60 else { return nil }
                seconds += s
            }
        }
        let value = sign * seconds
        return abs(value) <= 64_800 || maxHours > 24 ? value : nil
    }

    /// A rule date and its optional `/time` (default 02:00:00).
    mutating func rule() -> PosixTimeZone.Rule? {
        let date: PosixTimeZone.RuleDate
        if eat("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            date = .julian(n)
        } else if eat("M") {
            guard let m = number(maxDigits: 2), (1...12).contains(m), eat("."),
                  let w = number(maxDigits: 1), (1...5).contains(w), eat("."),
                  let d = number(maxDigits: 1), (0...6).contains(d) else { return nil }
            date = .monthWeekDay(month: m, week: w, weekday: d)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            date = .zeroBased(n)
        }
        var time = 7200
        if eat("/") {
            // RFC 8536 section 3.3.1: hours from -167 to 167, and a sign.
            guard let t = offset(maxHours: 167) else { return nil }
            time = t
        }
        return PosixTimeZone.Rule(date: date, time: time)
    }

    mutating func number(maxDigits: Int) -> Int? {
        var value = 0, digits = 0
        while let c = peek, c >= 0x30, c <= 0x39, digits < maxDigits {
            value = value * 10 + Int(c - 0x30)
            digits += 1
            i += 1
        }
        return digits == 0 ? nil : value
    }

    private func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    private func isAlnum(_ c: UInt8) -> Bool { isAlpha(c) || (c >= 0x30 && c <= 0x39) }
}
