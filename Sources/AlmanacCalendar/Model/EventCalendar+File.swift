import Almanac

extension EventCalendar {
    /// Reads the iCalendar file at `path` (as ``init(ics:options:)-([UInt8],_)``
    /// reads its bytes).
    ///
    /// ```swift
    /// let calendar = try EventCalendar(contentsOf: "Corpus/samples/calendar.ics")
    /// for r in calendar.readings { print("note:", r) }
    /// let strict = try EventCalendar(contentsOf: "work.ics", options: .strict)
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_value` when the file cannot
    ///   be read (`cannot read "work.ics": No such file or directory`); the
    ///   reader's error when its content cannot (its kind, such as
    ///   `structure`, with its line, column and the file's path).
    /// - Complexity: O(n) in the file's bytes, plus indexing its series
    ///   (see ``init(events:fileZones:readings:)``).
    public init(contentsOf path: String, options: CalendarOptions = CalendarOptions()) throws(AlmanacError) {
        let bytes = try FileBytes.read(path: path)
        do throws(AlmanacError) {
            try self.init(ics: bytes, options: options)
        } catch {
            throw error.at(file: path)
        }
    }
}

extension EventCalendar {
    /// Called once each time a calendar's index is built, in the task that
    /// builds it: tests count builds with it (a calendar read from a file
    /// is indexed once). Read once per index, never per series.
    @TaskLocal package static var indexBuildHook: (@Sendable () -> Void)?
}
