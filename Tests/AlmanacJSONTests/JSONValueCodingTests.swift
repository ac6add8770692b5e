import AlmanacCore
import AlmanacJSON
import Testing

/// `JSONValueDecoder` and `JSONValueEncoder`: `Codable` over the request
/// layer's reader and writer, and `AgendaItem`'s strict decoding through them.
@Suite struct JSONValueCodingTests {
    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var tags: [String]
        var note: String?
        var flag: Bool
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws(AlmanacError) -> T {
        try JSONValueDecoder().decode(type, from: Array(text.utf8))
    }

    func failure<T: Decodable>(_ type: T.Type, _ text: String) -> AlmanacError? {
        do throws(AlmanacError) {
            _ = try decode(type, text)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripsInMemberOrder() throws {
        let value = Sample(name: "a\"b", count: -3, ratio: 0.5, tags: ["x", "y"], note: nil, flag: true)
        let text = try JSONValueEncoder().text(value)
        #expect(text == #"{"name":"a\"b","count":-3,"ratio":0.5,"tags":["x","y"],"flag":true}"#)
        #expect(try decode(Sample.self, text) == value)
    }

    @Test(arguments: [
        (#"{"name":"a","count":1.5,"ratio":1,"tags":[],"flag":true}"#, #"count: expected an integer from"#),
        (#"{"name":"a","count":1,"ratio":"x","tags":[],"flag":true}"#, "ratio: expected a number, got a string"),
        (#"{"name":"a","count":1,"ratio":1,"tags":["x",2],"flag":true}"#, "tags[1]: expected a string, got a number"),
        (#"{"name":"a","count":1,"ratio":1,"tags":[]}"#, #"the top level: missing field "flag""#),
        (#"[1]"#, "the top level: expected an object, got an array"),
        ("{\n\"name\": \"a\",\n}", "invalid JSON at line 2, column 12: a comma before '}'"),
    ])
    func errorsGiveThePath(text: String, message: String) {
        let e = failure(Sample.self, text)
        #expect(e?.kind == .invalidRequest)
        #expect(e?.description.hasPrefix(message) == true, "\(String(describing: e))")
        if !message.hasPrefix("invalid JSON") {
            #expect(e?.field.map { message.hasPrefix($0 + ": ") } == true, "the path is the error's field: \(String(describing: e))")
        }
    }

    // MARK: AgendaItem

    @Test func agendaItemWithoutVisibleInShowsInEveryList() throws {
        let item = try decode(AgendaItem.self, #"{"id":"t","title":"T","period":"2023-W48"}"#)
        #expect(item.visibleIn == Set(Period.Granularity.allCases))
        #expect(try item.isListed(in: .month(2023, 12)))
        let round = try decode(AgendaItem.self, try JSONValueEncoder().text(item))
        #expect(round == item)
    }

    /// What a newcomer wrote by mistake: each is an error with its path, not a silent default.
    @Test(arguments: [
        (#"[{"id":"t","title":"T","period":"2023-W48","visiblein":["day"]}]"#, #"[0].visiblein: unknown field "visiblein""#),
        (#"[{"id":"t","title":"T","period":"2023-W48","done":true}]"#, #"[0].done: unknown field "done""#),
        (#"[{"id":"t","title":"T","period":"2023-W48","visibleIn":[]}]"#, "[0].visibleIn: an empty list hides the to-do everywhere"),
        (#"[{"id":"t","title":"T","period":"2023-W48","visibleIn":["weekly"]}]"#, #"[0].visibleIn[0]: unknown granularity "weekly""#),
        (#"[{"id":"t","title":"T","period":"2023-W60"}]"#, "[0].period: invalid period"),
        (#"[{"id":"t","title":"T"}]"#, #"[0]: missing field "period""#),
    ])
    func agendaItemRejectsMistakes(text: String, message: String) {
        let e = failure([AgendaItem].self, text)
        #expect(e?.description.hasPrefix(message) == true, "\(String(describing: e))")
        // An agenda reads its items with the same decoder.
        #expect(failure(Agenda.self, text) == e)
    }

    @Test func anAgendaRejectsTwoItemsWithOneId() throws {
        let one = #"{"id":"t","title":"T","period":"2023-W48"}"#
        let two = #"{"id":"t","title":"U","period":"2023-12"}"#
        #expect(try decode(Agenda.self, "[\(one)]").count == 1)
        #expect(failure(Agenda.self, "[\(one),\(two)]")?.description == #"[1]: two items have the id "t""#)
    }
}
