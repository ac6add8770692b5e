import Almanac
import AlmanacJSON

extension BatchRequest {
    /// Decodes a request object.
    ///
    /// Unknown fields are ignored (a corpus case carries `expect`, `note` and
    /// `source` beside the request); a field set to `null` counts as absent.
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request` when the value is
    ///   not an object, `dtstart` is missing, or a field has the wrong type.
    public init(json: JSONValue) throws(AlmanacError) {
        guard case .object(let object) = json else {
            throw AlmanacError(.invalidRequest, "a request must be a JSON object, not \(json.kind)")
        }
        var id: String?
        var dtstart: String?
        self.init(dtstart: "")
        for member in object.members {
            let v = member.value
            if case .null = v { continue }
            switch member.key {
            case "id": id = try Self.string(v, "id")
            case "dtstart": dtstart = try Self.string(v, "dtstart")
            case "tzid": tzid = try Self.string(v, "tzid")
            case "rrule": rrules = try Self.stringOrStrings(v, "rrule")
            case "exrule": exrules = try Self.stringOrStrings(v, "exrule")
            case "rdate": rdates = try Self.strings(v, "rdate")
            case "exdate": exdates = try Self.strings(v, "exdate")
            case "after": after = try Self.string(v, "after")
            case "before": before = try Self.string(v, "before")
            case "limit": limit = try Self.limit(v)
            case "strict": strict = try Self.bool(v, "strict")
            case "include_dtstart": includeDtstart = try Self.bool(v, "include_dtstart")
            default: continue
            }
        }
        guard let dtstart else { throw AlmanacError(.invalidRequest, "missing field \"dtstart\"") }
        self.id = id
        self.dtstart = dtstart
    }

    /// The request's `id` when it is a string, for echoing in a reply even
    /// when the rest of the request is bad; `nil` otherwise.
    public static func id(of json: JSONValue) -> String? {
        if case .string(let s)? = json["id"] { return s }
        return nil
    }

    static func string(_ v: JSONValue, _ field: String) throws(AlmanacError) -> String {
        guard case .string(let s) = v else { throw typeError(field, "a string", v) }
        return s
    }

    static func bool(_ v: JSONValue, _ field: String) throws(AlmanacError) -> Bool {
        guard case .bool(let b) = v else { throw typeError(field, "true or false", v) }
        return b
    }

    static func strings(_ v: JSONValue, _ field: String) throws(AlmanacError) -> [String] {
        guard case .array(let items) = v else { throw typeError(field, "an array of strings", v) }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for (k, item) in items.enumerated() {
            guard case .string(let s) = item else { throw typeError("\(field)[\(k)]", "a string", item) }
            out.append(s)
        }
        return out
    }

    static func stringOrStrings(_ v: JSONValue, _ field: String) throws(AlmanacError) -> [String] {
        switch v {
        case .string(let s): return [s]
        case .array: return try strings(v, field)
        default: throw typeError(field, "a string or an array of strings", v)
        }
    }

    static func limit(_ v: JSONValue) throws(AlmanacError) -> Int {
        guard case .number(let n) = v, let value = n.nonNegativeInteger else {
            let got = if case .number(let n) = v { n.text } else { v.kind }
            throw AlmanacError(.invalidRequest, "field \"limit\" must be a non-negative integer written with digits only, got \(got)")
        }
        return value
    }

    static func typeError(_ field: String, _ expected: String, _ got: JSONValue) -> AlmanacError {
        AlmanacError(.invalidRequest, "field \"\(field)\" must be \(expected), got \(got.kind)")
    }
}
