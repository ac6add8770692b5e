/// Why a store could not do what was asked: a typed error with a message a
/// user can act on.
///
/// ```swift
/// do { try await store.mark(record, calendar: "work") }
/// catch let e as StoreError where e.kind == .notFound { print(e.message) }
/// ```
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public var kind: Kind
    /// What happened, and what to do about it.
    public var message: String

    /// The kinds of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The database refused or failed (its message is kept).
        case database
        /// No calendar (or record) by that name.
        case notFound
        /// Another writer changed the calendar while this one prepared its
        /// change; ``CalendarStore`` retries, and reports this only when
        /// the retries run out.
        case conflict
        /// A value that cannot be stored (a time outside years 1-9999, a
        /// stored series that no longer reads).
        case invalidValue
    }

    /// An error of `kind` with `message`.
    ///
    /// ```swift
    /// throw StoreError(.notFound, "no calendar \"work\" in the store")
    /// ```
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
