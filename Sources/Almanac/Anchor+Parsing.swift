import AlmanacCore

extension Anchor {
    /// Reads `19970902` (DATE), `19970902T090000` (floating, or local in
    /// `zone` when one is given) or `19970902T090000Z` (UTC). STUB: owned by the parser work.
    public init(parsing text: some StringProtocol, zone: Zone? = nil) throws(AlmanacError) {
        throw AlmanacError(.unsupported, "value parsing is not built yet")
    }
}
