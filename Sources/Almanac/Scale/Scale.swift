import AlmanacCore
internal import CAlmanacICU
import Synchronization

/// A calendar system named by RFC 7529's RSCALE whose months are not the
/// Gregorian ones (Hebrew, Chinese, Islamic, Persian, Ethiopic, ...), with
/// its year tables read from ICU through the C shim (``Source``), 32 years
/// at a time, once per process. Expansion then runs on the tables' integers.
///
/// RSCALE values whose months and days are the Gregorian ones (GREGORIAN,
/// ISO8601, BUDDHIST, JAPANESE, ROC: only their year numbers differ, and no
/// rule part reads year numbers) have no `Scale`: the Gregorian kernels
/// expand them.
final class Scale: Sendable {
    /// Where the year tables come from.
    enum Source: Sendable {
        /// ICU, through the shim, by calendar keyword ("hebrew", "ethiopic-amete-alem").
        case icu(String)
        /// Tables generated from ICU and embedded (Chinese, Dangi: ICU
        /// computes them astronomically, slowly).
        case embedded(EmbeddedScaleTable)
        /// ICU's Umm al-Qura calendar is a table for the years 1300...1600 AH
        /// and the civil (arithmetic) calendar outside them, which ICU
        /// computes ever more slowly the farther a year lies from the table
        /// (ScaleTableTests checks the two agree there): those years come
        /// from ICU's "islamic-civil".
        case ummAlQura
    }

    let source: Source
    /// Years before the first and after the last of these have no table:
    /// they lie wholly outside the Gregorian years 1...9999 Almanac shows.
    private let firstDay = _minDayNumber - 800, lastDay = _maxDayNumber + 800
    private let chunks = Mutex<[Int: ScaleChunk]>([:])
    /// The year that holds day 0, and the mean year length in days, to find
    /// the year of a day in one or two steps.
    private let anchorYear: Int
    private let meanYear: Double

    static let chunkYears = 32

    private init?(_ source: Source) {
        self.source = source
        guard let anchor = Self.yearNumber(containingDay: 0, source), let chunk = Self.load(source, firstYear: anchor),
              chunk.years.count == Self.chunkYears else { return nil }
        anchorYear = anchor
        let last = chunk.years[Self.chunkYears - 1]
        meanYear = Double(last.first + last.length - chunk.years[0].first) / Double(Self.chunkYears)
        chunks.withLock { $0[chunk.base] = chunk }
    }

    /// The calendars, by RSCALE name (upper case, as the parser stores it).
    static func named(_ rscale: String) -> Scale? {
        switch rscale {
        case "CHINESE": chinese
        case "DANGI": dangi
        case "HEBREW": hebrew
        case "ISLAMIC", "ISLAMIC-RGSA": islamic
        case "ISLAMIC-CIVIL": islamicCivil
        case "ISLAMIC-UMALQURA": islamicUmmAlQura
        case "ISLAMIC-TBLA": islamicTabular
        case "PERSIAN": persian
        case "ETHIOPIC": ethiopic
        case "ETHIOAA": ethiopicAmeteAlem
        case "COPTIC": coptic
        case "INDIAN": indian
        default: nil
        }
    }

    private static let chinese = Scale(.embedded(.chinese))
    private static let dangi = Scale(.embedded(.dangi))
    private static let hebrew = Scale(.icu("hebrew"))
    private static let islamic = Scale(.icu("islamic"))
    private static let islamicCivil = Scale(.icu("islamic-civil"))
    private static let islamicUmmAlQura = Scale(.ummAlQura)
    private static let islamicTabular = Scale(.icu("islamic-tbla"))
    private static let persian = Scale(.icu("persian"))
    private static let ethiopic = Scale(.icu("ethiopic"))
    private static let ethiopicAmeteAlem = Scale(.icu("ethiopic-amete-alem"))
    private static let coptic = Scale(.icu("coptic"))
    private static let indian = Scale(.icu("indian"))

    /// Year `number`, or `nil` outside the days Almanac covers.
    func year(_ number: Int) -> ScaleYear? {
        chunk(holding: number).flatMap { $0.year(number) }
    }

    /// The chunk of tables that holds year `number`, or `nil` outside the days Almanac covers.
    func chunk(holding number: Int) -> ScaleChunk? {
        let base = floorDiv(number - anchorYear, Self.chunkYears) * Self.chunkYears + anchorYear
        if let c = chunks.withLock({ $0[base] }) { return c }
        // Far outside years 1...9999 (a year is at least 354 days): no table.
        let estimate = Double(base - anchorYear) * meanYear
        guard estimate > Double(firstDay) - 40 * 400, estimate < Double(lastDay) + 40 * 400,
              let c = Self.load(source, firstYear: base) else { return nil }
        return chunks.withLock { table in
            if let existing = table[base] { return existing }
            table[base] = c
            return c
        }
    }

    /// The year that holds day number `day`, or `nil` outside the days Almanac covers.
    func year(containing day: Int) -> ScaleYear? {
        guard day >= firstDay, day <= lastDay else { return nil }
        var guess = anchorYear + Int((Double(day) / meanYear).rounded(.down))
        for _ in 0..<16 {
            // A guess past a table's end (an embedded table starts a few
            // days before year 1) steps back toward day 0.
            guard let y = year(guess) else { guess += guess < anchorYear ? 1 : -1; continue }
            // Far from day 0 the mean year's error adds up: step by the days missed.
            if day < y.first { guess -= max(1, Int(Double(y.first - day) / meanYear)) }
            else if day >= y.first + y.length { guess += max(1, Int(Double(day - y.first - y.length) / meanYear)) }
            else { return y }
        }
        return nil
    }

    /// The number of the year that holds day `day`.
    private static func yearNumber(containingDay day: Int, _ source: Source) -> Int? {
        switch source {
        case .embedded(let table): return table.yearNumber(containing: day)
        case .icu(let keyword): return icuChunk(keyword, firstYear: nil, day: day)?.base
        case .ummAlQura: return icuChunk("islamic-umalqura", firstYear: nil, day: day)?.base
        }
    }

    /// 32 years from `firstYear`.
    static func load(_ source: Source, firstYear: Int) -> ScaleChunk? {
        switch source {
        case .embedded(let table):
            let years = (firstYear..<(firstYear + chunkYears)).compactMap { table.year($0) }
            // At the table's ends a chunk holds fewer years.
            return years.first.map { ScaleChunk(base: $0.number, years: years) }
        case .icu(let keyword):
            return icuChunk(keyword, firstYear: firstYear, day: 0)
        case .ummAlQura:
            let table = firstYear + chunkYears > 1300 && firstYear <= 1600
            return icuChunk(table ? "islamic-umalqura" : "islamic-civil", firstYear: firstYear, day: 0)
        }
    }

    /// 32 years from `firstYear` (or from the year holding `day`) from ICU.
    static func icuChunk(_ keyword: String, firstYear: Int?, day: Int) -> ScaleChunk? {
        let capacity = chunkYears * 13
        var months = [almanac_icu_month](repeating: almanac_icu_month(), count: capacity)
        var counts = [UInt8](repeating: 0, count: chunkYears)
        var base: Int32 = 0
        guard firstYear.map({ $0 > Int(Int32.min) && $0 < Int(Int32.max) - chunkYears }) ?? true else { return nil }
        let n = almanac_icu_calendar_years(keyword, firstYear.map { Int32($0) } ?? Int32.min, Int32(day), Int32(chunkYears),
                                           &base, &months, Int32(capacity), &counts)
        guard n > 0, counts.allSatisfy({ $0 > 0 }) else { return nil }
        var years: [ScaleYear] = []
        years.reserveCapacity(chunkYears)
        var i = 0
        for (k, count) in counts.enumerated() {
            let slice = months[i..<(i + Int(count))].map {
                ScaleMonth(first: $0.first_day, length: $0.length, number: $0.number, isLeap: $0.is_leap != 0)
            }
            years.append(ScaleYear(number: Int(base) + k, months: slice))
            i += Int(count)
        }
        return ScaleChunk(base: Int(base), years: years)
    }
}

/// 32 consecutive years of one calendar's tables, shared and immutable.
final class ScaleChunk: Sendable {
    let base: Int
    let years: [ScaleYear]

    init(base: Int, years: [ScaleYear]) {
        self.base = base
        self.years = years
    }

    /// Month `index` of year `number`, which the chunk holds and which has it.
    func month(_ number: Int, _ index: Int) -> ScaleMonth { years[number - base][index] }

    func year(_ number: Int) -> ScaleYear? {
        let i = number - base
        return i >= 0 && i < years.count ? years[i] : nil
    }

    /// Whether the chunk holds year `number` (at `years[number - base]`).
    func holds(_ number: Int) -> Bool { number >= base && number - base < years.count }
}
