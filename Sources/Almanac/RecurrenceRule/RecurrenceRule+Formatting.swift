extension RecurrenceRule: CustomStringConvertible {
    /// Canonical RRULE value text. STUB: owned by the parser work.
    public var description: String { "FREQ=" + frequency.rawValue }
}
