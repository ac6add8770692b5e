import AlmanacCore

/// The months of every year of a lunisolar calendar (Chinese, Dangi),
/// generated from ICU by `Tools/scale-tables/generate.sh` and embedded:
/// ICU computes these calendars astronomically, about 40 microseconds a
/// month, so a rule that looks for a rare leap month across the centuries
/// would spend seconds in ICU. Decoded on first use; `ScaleTableTests`
/// checks it against ICU.
final class EmbeddedScaleTable: Sendable {
    let firstYear: Int
    /// 3 bytes a year: bit i set when month i has 30 days, bits 13...16 the
    /// index of the leap month (0: none); and each year's first day.
    private let years: [UInt32]
    private let firstDays: [Int32]

    init(firstYear: Int, firstDay: Int, base64: String) {
        self.firstYear = firstYear
        var bytes: [UInt8] = []
        var acc: UInt32 = 0, bits = 0
        for c in base64.utf8 {
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            default: continue
            }
            acc = acc << 6 | v
            bits += 6
            if bits >= 8 { bits -= 8; bytes.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits))) }
        }
        var years: [UInt32] = [], firstDays: [Int32] = []
        years.reserveCapacity(bytes.count / 3)
        var day = firstDay
        for i in stride(from: 0, to: bytes.count - 2, by: 3) {
            let y = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
            years.append(y)
            firstDays.append(Int32(day))
            day += Self.length(y)
        }
        self.years = years
        self.firstDays = firstDays
    }

    private static func length(_ y: UInt32) -> Int {
        let count = y >> 13 == 0 ? 12 : 13
        return count * 29 + (y & 0x1FFF).nonzeroBitCount
    }

    /// Year `number`, or `nil` outside the table.
    func year(_ number: Int) -> ScaleYear? {
        let i = number - firstYear
        guard i >= 0 && i < years.count else { return nil }
        let y = years[i], leap = Int(y >> 13)
        var months: [ScaleMonth] = []
        months.reserveCapacity(13)
        var first = firstDays[i]
        for j in 0..<(leap == 0 ? 12 : 13) {
            let length: UInt8 = y & (1 << UInt32(j)) != 0 ? 30 : 29
            let number = leap != 0 && j >= leap ? j : j + 1
            months.append(ScaleMonth(first: first, length: length, number: UInt8(number), isLeap: leap != 0 && j == leap))
            first += Int32(length)
        }
        return ScaleYear(number: number, months: months)
    }

    /// The number of the year that holds day `day`, or `nil` outside the table.
    func yearNumber(containing day: Int) -> Int? {
        guard let f = firstDays.first, day >= Int(f) else { return nil }
        var lo = 0, hi = firstDays.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(firstDays[mid]) <= day { lo = mid } else { hi = mid }
        }
        guard lo + 1 < firstDays.count || day < Int(firstDays[lo]) + Self.length(years[lo]) else { return nil }
        return firstYear + lo
    }
}
