// S1's and S2's peer: Foundation's JSONDecoder decoding the same payload
// into plain Codable structs with the fields the Almanac readers read
// (GoogleEvents, GraphEvents), every value a String, Int, Bool or array
// of them as the JSON has it: no dates parsed, no zones looked up, no
// rules read, no exceptions joined to their series. JSONDecoder reads one
// document at a time, so a run decodes each page (its bytes as `Data`,
// made in setup), as a client decodes each response.

import AlmanacFoundation
import Foundation

struct PlainGooglePage: Decodable {
    let timeZone: String?
    let items: [PlainGoogleEvent]
}

struct PlainGoogleEvent: Decodable {
    let id: String
    let iCalUID: String?
    let summary: String?
    let status: String?
    let etag: String?
    let updated: String?
    let sequence: Int?
    let start: PlainGoogleTime?
    let end: PlainGoogleTime?
    let recurrence: [String]?
    let recurringEventId: String?
    let originalStartTime: PlainGoogleTime?
}

struct PlainGoogleTime: Decodable {
    let date: String?
    let dateTime: String?
    let timeZone: String?
}

struct PlainGraphPage: Decodable {
    let value: [PlainGraphEvent]
}

struct PlainGraphEvent: Decodable {
    let etag: String?
    let id: String
    let iCalUId: String?
    let subject: String?
    let type: String?
    let seriesMasterId: String?
    let originalStart: String?
    let originalStartTimeZone: String?
    let isAllDay: Bool?
    let isCancelled: Bool?
    let showAs: String?
    let lastModifiedDateTime: String?
    let start: PlainGraphTime?
    let end: PlainGraphTime?
    let recurrence: PlainGraphRecurrence?
    let cancelledOccurrences: [String]?

    enum CodingKeys: String, CodingKey {
        case etag = "@odata.etag"
        case id, iCalUId, subject, type, seriesMasterId, originalStart, originalStartTimeZone, isAllDay, isCancelled, showAs
        case lastModifiedDateTime, start, end, recurrence, cancelledOccurrences
    }
}

struct PlainGraphTime: Decodable {
    let dateTime: String
    let timeZone: String?
}

struct PlainGraphRecurrence: Decodable {
    let pattern: Pattern
    let range: Range

    struct Pattern: Decodable {
        let type: String
        let interval: Int?
        let daysOfWeek: [String]?
        let dayOfMonth: Int?
        let month: Int?
        let index: String?
        let firstDayOfWeek: String?
    }

    struct Range: Decodable {
        let type: String
        let startDate: String?
        let endDate: String?
        let numberOfOccurrences: Int?
        let recurrenceTimeZone: String?
    }
}

/// The pages of a payload as `Data` (setup).
func pageData(_ p: SyncPayload) -> [Data] {
    p.pages.map { Data(p.bytes[$0]) }
}

/// S1-JSONDecoder's run: every page decoded; returns the events and the
/// exception items (`recurringEventId`).
@inline(never)
func decodeGoogle(_ pages: [Data]) -> (events: Int, exceptions: Int) {
    let decoder = JSONDecoder()
    var events = 0, exceptions = 0
    for page in pages {
        do {
            let items = try decoder.decode(PlainGooglePage.self, from: page).items
            events += items.count
            for e in items where e.recurringEventId != nil { exceptions += 1 }
        } catch {
            fatalError("JSONDecoder cannot read the Google payload: \(error)")
        }
    }
    return (events, exceptions)
}

/// S2-JSONDecoder's run: every page decoded; returns the events and the
/// exception items (`seriesMasterId`).
@inline(never)
func decodeGraph(_ pages: [Data]) -> (events: Int, exceptions: Int) {
    let decoder = JSONDecoder()
    var events = 0, exceptions = 0
    for page in pages {
        do {
            let items = try decoder.decode(PlainGraphPage.self, from: page).value
            events += items.count
            for e in items where e.seriesMasterId != nil { exceptions += 1 }
        } catch {
            fatalError("JSONDecoder cannot read the Graph payload: \(error)")
        }
    }
    return (events, exceptions)
}
