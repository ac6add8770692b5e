/// One request of the batch protocol, as text fields not yet interpreted.
///
/// `almanac batch` decodes it from a JSON line (``init(json:)``);
/// `almanac expand` builds it from its arguments. Either way
/// ``BatchQuery/init(_:)`` turns it into a recurrence set, so both front ends
/// read values, zones and rules the same way.
///
/// ```swift
/// let request = BatchRequest(id: "a", dtstart: "19970902T090000", tzid: "America/New_York",
///                            rrules: ["FREQ=DAILY;COUNT=10"])
/// BatchProtocol.respond(to: request)
/// // {"id":"a","occurrences":["1997-09-02T09:00:00-04:00",...],"truncated":false}
/// ```
public struct BatchRequest: Sendable, Hashable {
    /// `id`: echoed in the reply.
    public var id: String?
    /// `dtstart`: `19970902` (DATE), `19970902T090000` (local or floating), `19970902T090000Z` (UTC).
    public var dtstart: String
    /// `tzid`: an IANA or Windows zone id for a local date-time `dtstart`;
    /// `nil` means floating (or UTC for a `...Z` start).
    public var tzid: String?
    /// `rrule`: RRULE values.
    public var rrules: [String]
    /// `exrule`: EXRULE values.
    public var exrules: [String]
    /// `rdate`: extra instances, in the value forms of `dtstart` (local ones read in `tzid`).
    public var rdates: [String]
    /// `exdate`: removed instances, in the value forms of `dtstart`.
    public var exdates: [String]
    /// `after`: the window's inclusive lower bound on occurrence start.
    public var after: String?
    /// `before`: the window's exclusive upper bound on occurrence start.
    public var before: String?
    /// `limit`: at most this many occurrences (negative is an error; above
    /// ``maximumLimit`` reads as ``maximumLimit``).
    public var limit: Int
    /// `strict`: parse rules with RFC 5545's strict grammar and validate the set.
    public var strict: Bool
    /// `include_dtstart`: DTSTART is an instance even when the rules do not produce it.
    public var includeDtstart: Bool

    /// The limit when a request gives none.
    public static let defaultLimit = 1000
    /// The largest limit honoured: a larger one is read as this, so a reply
    /// stays bounded (about 30 MB); `truncated` still says whether more exist.
    public static let maximumLimit = 1_000_000

    /// A request from its fields; defaults are the protocol's (no window, limit 1000, lenient, DTSTART included).
    public init(id: String? = nil, dtstart: String, tzid: String? = nil,
                rrules: [String] = [], exrules: [String] = [], rdates: [String] = [], exdates: [String] = [],
                after: String? = nil, before: String? = nil, limit: Int = BatchRequest.defaultLimit,
                strict: Bool = false, includeDtstart: Bool = true) {
        self.id = id
        self.dtstart = dtstart
        self.tzid = tzid
        self.rrules = rrules
        self.exrules = exrules
        self.rdates = rdates
        self.exdates = exdates
        self.after = after
        self.before = before
        self.limit = limit
        self.strict = strict
        self.includeDtstart = includeDtstart
    }
}
