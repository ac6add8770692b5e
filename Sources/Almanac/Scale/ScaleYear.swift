import AlmanacCore

/// One month of a calendar year of an RSCALE calendar: its first day (day
/// number from 1970-01-01), length, CLDR number (1...13) and whether it is
/// a leap month (Chinese `9L`, Hebrew Adar I `5L`).
struct ScaleMonth: Sendable, Equatable {
    var first: Int32 = 0
    var length: UInt8 = 0
    var number: UInt8 = 0
    var isLeap = false
}

/// One year of an RSCALE calendar, inline (no allocation) and in one
/// cache line: up to 13 months, each a start (days from the year's first),
/// a CLDR number and a leap flag. Expansion reads these tables on integers,
/// as it reads Gregorian years; a walk over thousands of years streams
/// 64 bytes a year.
struct ScaleYear: Sendable {
    /// Month `i` starts `starts[i]` days after the year's first day;
    /// `starts[monthCount]` is the year's length; lanes after it hold
    /// `UInt16.max`, so that one vector comparison finds a day's month.
    private var starts: SIMD16<UInt16>
    /// Month `i`'s CLDR number (1...13) in bits `4i...4i+3`.
    private var numbers: UInt64
    /// Bit `i` set when month `i` is a leap month.
    private var leaps: UInt16
    private var count: UInt8
    private var firstDay: Int32
    private var extendedYear: Int32

    init(number: Int, months: some Collection<ScaleMonth>) {
        extendedYear = Int32(clamping: number)
        firstDay = months.first?.first ?? 0
        count = UInt8(min(13, months.count))
        starts = SIMD16(repeating: .max)
        numbers = 0
        leaps = 0
        var offset = 0
        for (i, month) in months.prefix(13).enumerated() {
            starts[i] = UInt16(offset)
            numbers |= UInt64(month.number & 0xF) << UInt64(4 * i)
            if month.isLeap { leaps |= 1 << UInt16(i) }
            offset += Int(month.length)
        }
        starts[Int(count)] = UInt16(offset)
    }

    /// ICU's extended year (a running count; only differences matter).
    var number: Int { Int(extendedYear) }
    /// The day number of the year's first day.
    var first: Int { Int(firstDay) }
    var length: Int { Int(starts[Int(count)]) }
    var monthCount: Int { Int(count) }

    /// The `i`th month of the year (from 0), which must exist.
    subscript(i: Int) -> ScaleMonth {
        @inline(__always) get {
            let start = starts[i]
            return ScaleMonth(first: firstDay + Int32(start), length: UInt8(truncatingIfNeeded: starts[i + 1] &- start),
                               number: UInt8(truncatingIfNeeded: numbers >> UInt64(4 * i)) & 0xF, isLeap: leaps >> UInt16(i) & 1 != 0)
        }
    }

    /// The index of the month numbered `number` (leap or not), if the year has it.
    func index(ofMonth number: Int, leap: Bool) -> Int? {
        // Months come in order, a leap month after its namesake: month `n`
        // is at `n - 1` or `n` in every calendar ICU has; others are searched.
        if number - 1 >= 0 && number - 1 < monthCount && isMonth(number - 1, number, leap) { return number - 1 }
        if number < monthCount && isMonth(number, number, leap) { return number }
        for i in 0..<monthCount where isMonth(i, number, leap) { return i }
        return nil
    }

    @inline(__always) private func isMonth(_ i: Int, _ number: Int, _ leap: Bool) -> Bool {
        Int(numbers >> UInt64(4 * i) & 0xF) == number && (leaps >> UInt16(i) & 1 != 0) == leap
    }

    /// The index of the month that holds `day`, which must lie in the year
    /// (the first month before it, the last after it).
    func index(ofDay day: Int) -> Int {
        let d = UInt16(clamping: day - first)
        // Lane 0 starts at 0 and lanes after the last month never match:
        // the months started by `d`, less one, is the index.
        let started = SIMD16<UInt16>(repeating: 0).replacing(with: 1, where: starts .<= d).wrappedSum()
        return min(Int(started) - 1, monthCount - 1)
    }
}
