@testable import Almanac

// Helpers shared by the DaySlice*Tests and Key*Tests files.

/// A test needed a value that was not there.
struct MissingValue: Error, CustomStringConvertible {
    var description: String
}

/// The first occurrence of a set; throws when it has none.
func firstOccurrence(_ set: RecurrenceSet) throws -> Occurrence {
    var it = try set.occurrences().makeIterator()
    guard let o = it.next() else { throw MissingValue(description: "the set has no occurrence") }
    return o
}

/// A rule built in place (rule text parsing lives on another branch).
func buildRule(_ f: RecurrenceRule.Frequency, _ build: (inout RecurrenceRule) throws -> Void = { _ in }) rethrows -> RecurrenceRule {
    var r = RecurrenceRule(frequency: f)
    try build(&r)
    return r
}
