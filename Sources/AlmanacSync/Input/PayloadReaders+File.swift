import Almanac

extension GoogleEvents {
    /// Reads the Google Calendar API JSON in the file at `path` (see
    /// `read(json:mode:)` on bytes).
    ///
    /// ```swift
    /// let payload = try GoogleEvents.read(contentsOf: "Corpus/sync/google-weekly-moved-cancelled.json", mode: .lenient)
    /// payload.events.count
    /// let strict = try GoogleEvents.read(contentsOf: "events.json", mode: .strict)
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_value` when the file
    ///   cannot be read (`cannot read "events.json": No such file or
    ///   directory`), else as `read(json:mode:)`.
    public static func read(contentsOf path: String, mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        try read(json: FileBytes.read(path: path), mode: mode)
    }
}

extension GraphEvents {
    /// Reads the Microsoft Graph JSON in the file at `path` (see
    /// `read(json:mode:)` on bytes).
    ///
    /// ```swift
    /// let payload = try GraphEvents.read(contentsOf: "Corpus/sync/graph-daily-exceptions.json", mode: .lenient)
    /// for r in payload.readings { print("note:", r) }
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_value` when the file
    ///   cannot be read, else as `read(json:mode:)`.
    public static func read(contentsOf path: String, mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        try read(json: FileBytes.read(path: path), mode: mode)
    }
}
