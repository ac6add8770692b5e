import AlmanacCore

/// The immutable transition table behind a ``Zone``: half-open spans of
/// constant UTC offset, as java.time and jiff keep them.
///
/// `offsets[i]` is in force on `[transitions[i-1], transitions[i])`, with
/// `offsets[0]` before the first transition and `offsets.last` after the last.
/// Loaders fill the table up to ``tableEnd``; when the zone still changes
/// offset in the last 400 years of the table, later instants reuse those
/// 400 years (the Gregorian calendar, and so every tz rule written in it,
/// repeats every 146097 days, a whole number of weeks).
@usableFromInline
final class ZoneTable: Sendable {
    @usableFromInline let identifier: String
    @usableFromInline let transitions: [Int64]
    @usableFromInline let offsets: [Int32]
    /// Whether instants at or after ``tableEnd`` fold back by 400-year cycles.
    @usableFromInline let repeats: Bool
    /// The transitions that move the clock forward by a day or more (Samoa
    /// skipping 30 December 2011), by index: the only ones that can empty a
    /// date. Almost every zone has none.
    let dayJumps: [Int]
    let source: Zone.Source
    let dataVersion: String
    /// `spanStarts[k]`: the number of transitions at or before
    /// `spanBase + k << spanShift` (about 97 days apart), so that
    /// ``spanIndex(_:)`` starts a step or two short of its answer instead
    /// of searching a table of a thousand transitions.
    @usableFromInline let spanStarts: [Int32]
    @usableFromInline let spanBase: Int64
    @usableFromInline static let spanShift: Int64 = 23

    /// 2500-01-01T00:00:00Z: loaders record every transition before it.
    @usableFromInline static let tableEnd: Int64 = Int64(daysFromCivil(2500, 1, 1)) * 86_400
    /// 146097 days in seconds: the Gregorian cycle.
    @usableFromInline static let cycle: Int64 = 146_097 * 86_400

    init(identifier: String, transitions: [Int64], offsets: [Int32], source: Zone.Source, dataVersion: String) {
        precondition(offsets.count == transitions.count + 1, "a zone table has one more offset than transitions")
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
        self.source = source
        self.dataVersion = dataVersion
        dayJumps = transitions.indices.filter { Int64(offsets[$0 + 1]) - Int64(offsets[$0]) >= 86_400 }
        (spanBase, spanStarts) = Self.spanStarts(transitions)
        // Fold only a table that ends in a full cycle of rules: it changes
        // offset in the last 400 years, records nothing at or after
        // `tableEnd`, and joins up at the seam (the offset in force when the
        // last cycle starts is the one in force at its end). A hand-made
        // table with a one-off change in 2200, or with changes after 2500,
        // keeps its last offset instead of replaying a cycle that is not one.
        let lastCycleStart = Self.tableEnd - Self.cycle
        if let last = transitions.last, last >= lastCycleStart, last < Self.tableEnd {
            let atCycleStart = offsets[transitions.firstIndex { $0 > lastCycleStart } ?? transitions.count]
            self.repeats = atCycleStart == offsets[offsets.count - 1]
        } else {
            self.repeats = false
        }
    }

    /// Moves an instant at or after ``tableEnd`` back into the table's last
    /// cycle; returns the instant to look up and the shift that was applied.
    @inlinable @inline(__always)
    func fold(_ t: Int64) -> (Int64, Int64) {
        guard repeats, t >= Self.tableEnd else { return (t, 0) }
        let k = (t - Self.tableEnd) / Self.cycle + 1
        return (t - k * Self.cycle, k * Self.cycle)
    }

    /// Index of the span containing instant `t` (already folded): the number
    /// of transitions at or before `t`.
    @inlinable
    func spanIndex(_ t: Int64) -> Int {
        let k = (t &- spanBase) >> Self.spanShift
        if k >= 0 && k < spanStarts.count {
            var i = Int(spanStarts[Int(k)])
            while i < transitions.count && transitions[i] <= t { i += 1 }
            return i
        }
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    @inlinable
    func offset(at t: Int64) -> Int32 {
        offsets[spanIndex(fold(t).0)]
    }

    /// The start of ``spanStarts`` and its counts, one per `1 << spanShift`
    /// seconds from the first transition to the last (none for a table
    /// that would need more than 65,536).
    static func spanStarts(_ transitions: [Int64]) -> (Int64, [Int32]) {
        guard let first = transitions.first, let last = transitions.last, first > Int64.min / 2, last < Int64.max / 2,
              (last - first) >> spanShift < 65_536 else { return (0, []) }
        let count = Int((last - first) >> spanShift) + 1
        var starts = [Int32](repeating: 0, count: count), i = 0
        for k in 0..<count {
            let at = first + (Int64(k) << spanShift)
            while i < transitions.count && transitions[i] <= at { i += 1 }
            starts[k] = Int32(i)
        }
        return (first, starts)
    }

    /// Whether `other` has this table's id, source, transitions and offsets
    /// (what `Zone ==` compares).
    func hasSameRules(as other: ZoneTable) -> Bool {
        identifier == other.identifier && source == other.source
            && transitions == other.transitions && offsets == other.offsets
    }

    /// The offset in force at every instant from `lo` through `hi`, or
    /// `nil` when it changes there.
    func constantOffset(from lo: Int64, through hi: Int64) -> Int32? {
        let (a, da) = fold(lo), (b, db) = fold(hi)
        guard da == db, lo <= hi else { return nil }
        let i = spanIndex(a)    // transitions[i], if any, is the first after `a`
        return i == transitions.count || transitions[i] > b ? offsets[i] : nil
    }
}
