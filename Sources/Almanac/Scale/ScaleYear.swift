import AlmanacCore

/// One month of a calendar year of an RSCALE calendar: its first day (day
/// number from 1970-01-01), length, CLDR number (1...13) and whether it is
/// a leap month (Chinese `9L`, Hebrew Adar I `5L`).
struct _ScaleMonth: Sendable, Equatable {
    var first: Int32 = 0
    var length: UInt8 = 0
    var number: UInt8 = 0
    var isLeap = false
}

/// One year of an RSCALE calendar, inline (no allocation): up to 13 months.
/// Expansion reads these tables on integers, as it reads Gregorian years.
struct _ScaleYear: Sendable {
    /// ICU's extended year (a running count; only differences matter).
    var number: Int
    /// The day number of the year's first day.
    var first: Int
    var length: Int
    var monthCount: Int
    private var m: (_ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth,
                    _ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth, _ScaleMonth)

    init(number: Int, months: some Collection<_ScaleMonth>) {
        self.number = number
        let none = _ScaleMonth()
        m = (none, none, none, none, none, none, none, none, none, none, none, none, none)
        monthCount = min(13, months.count)
        first = Int(months.first?.first ?? 0)
        length = 0
        for (i, month) in months.prefix(13).enumerated() {
            self[i] = month
            length += Int(month.length)
        }
    }

    /// The `i`th month of the year (from 0), which must exist.
    subscript(i: Int) -> _ScaleMonth {
        get { withUnsafeBytes(of: m) { $0.load(fromByteOffset: i * MemoryLayout<_ScaleMonth>.stride, as: _ScaleMonth.self) } }
        set { withUnsafeMutableBytes(of: &m) { $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<_ScaleMonth>.stride, as: _ScaleMonth.self) } }
    }

    /// The index of the month numbered `number` (leap or not), if the year has it.
    func index(ofMonth number: Int, leap: Bool) -> Int? {
        for i in 0..<monthCount where Int(self[i].number) == number && self[i].isLeap == leap { return i }
        return nil
    }

    /// The index of the month that holds `day`, which must lie in the year.
    func index(ofDay day: Int) -> Int {
        var i = 0
        while i + 1 < monthCount && Int(self[i + 1].first) <= day { i += 1 }
        return i
    }
}
