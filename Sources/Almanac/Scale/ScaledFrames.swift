import AlmanacCore

/// Where a MONTHLY walk in an RSCALE calendar is: the year's number, the
/// month's index in it, and the step (months from DTSTART's month) it stands
/// for. Plain integers: the year itself is read where its chunk holds it.
struct ScaledMonthPosition {
    var year: Int
    var index: Int
    var step: Int
}

extension _RulePlan {
    /// The calendar year of the first YEARLY frame: the year holding DTSTART,
    /// or with BYWEEKNO the year whose weeks hold it.
    func scaledFrameYear(containing day: Int) -> ScaleYear? { Self.scaledFrameYear(containing: day, dayParts) }

    static func scaledFrameYear(containing day: Int, _ dayParts: DayParts) -> ScaleYear? {
        guard let scale = dayParts.scale, let y = scale.year(containing: day) else { return nil }
        guard dayParts.hasByWeekNo else { return y }
        if day < dayParts.weekOneStart(yearFirst: y.first) { return scale.year(y.number - 1) }
        if day >= dayParts.weekOneStart(yearFirst: y.first + y.length) { return scale.year(y.number + 1) }
        return y
    }

    /// Frames (years or months of the calendar) from the one holding `from`
    /// to the one holding `to`, for seeking a window; 0 when unknown.
    func scaledFramesBetween(_ from: Int, _ to: Int) -> Int {
        guard let scale = dayParts.scale, let a = scaledFrameYear(containing: from),
              let b = scaledFrameYear(containing: max(from, min(to, _maxDayNumber))) else { return 0 }
        guard frequency == .monthly else { return b.number - a.number }
        var months = b.index(ofDay: max(b.first, min(to, b.first + b.length - 1))) - a.index(ofDay: from)
        var chunk: ScaleChunk? = nil
        for number in a.number..<b.number {
            if chunk?.year(number) == nil { chunk = scale.chunk(holding: number) }
            guard let y = chunk?.year(number) else { return 0 }
            months += y.monthCount
        }
        return months
    }
}

extension DayIterator {
    /// Loads YEARLY or MONTHLY frame number `step` (in frames from DTSTART's)
    /// of an RSCALE calendar. `false` past the end of the tables or the walk.
    mutating func loadScaledFrame(step: Int) -> Bool {
        guard let scale = plan.scale else { return false }
        if plan.frequency == .yearly {
            guard let y0 = plan.scaleFirstYear, step < 20_000 else { return false }
            let number = y0 + step
            // The year read where the chunk holds it (not copied out of it).
            if scaledChunk?.holds(number) != true { scaledChunk = scale.chunk(holding: number) }
            guard let chunk = scaledChunk, chunk.holds(number) else { return false }
            let i = number - chunk.base
            frame.start = chunk.years[i].first - DayParts.scaleYearLead
            guard frame.start <= lastDay else { return false }
            frame.days = plan.scaledYearDays(chunk.years[i], scale: scale)
            scaledFrameEnd = chunk.years[i].first + chunk.years[i].length
            return true
        }
        return loadScaledMonth(step: step, scale: scale)
    }

    /// Loads the month `step` months after DTSTART's, walked on from the
    /// last one. Years are read in place in `scaledChunk`; only the month
    /// (8 bytes) leaves it.
    private mutating func loadScaledMonth(step: Int, scale: Scale) -> Bool {
        var p: ScaledMonthPosition
        if let last = scaledMonth, last.step <= step {
            p = last
        } else {
            guard let y = scale.year(containing: plan.startDay) else { return false }
            p = ScaledMonthPosition(year: y.number, index: y.index(ofDay: plan.startDay), step: 0)
        }
        p.index += step - p.step
        p.step = step
        var month = ScaleMonth()
        while true {
            if scaledChunk?.holds(p.year) != true { scaledChunk = scale.chunk(holding: p.year) }
            guard let chunk = scaledChunk, chunk.holds(p.year),
                  chunk.years[p.year - chunk.base].first <= lastDay else { return false }
            let count = chunk.years[p.year - chunk.base].monthCount
            if p.index < count {
                month = chunk.month(p.year, p.index)
                break
            }
            p.index -= count
            p.year += 1
        }
        scaledMonth = p
        frame.start = Int(month.first) - 1
        guard frame.start <= lastDay else { return false }
        frame.days = plan.scaledMonthDays(month, scale: scale)
        return true
    }
}
