import AlmanacCore

extension RecurrenceRule {
    /// Reads an RRULE value. STUB: owned by the parser work.
    public init(_ text: some StringProtocol, mode: ParsingMode = .strict) throws(AlmanacError) {
        self = try Self.parse(text, mode: mode).rule
    }

    /// Reads an RRULE value and reports the liberties lenient mode took.
    public static func parse(_ text: some StringProtocol, mode: ParsingMode) throws(AlmanacError) -> (rule: RecurrenceRule, readings: [Reading]) {
        throw AlmanacError(.unsupported, "rule parsing is not built yet")
    }
}
