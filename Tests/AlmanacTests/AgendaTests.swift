import AlmanacFoundation
import Foundation
import Testing
@testable import Almanac

private func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(y, m, d) }
private func period(_ text: String) -> Period { try! Period(parsing: text) }

/// The planner cases: a week-48 to-do shows in the
/// week, in November and December, and in 2023; per-item visibility; spans
/// ranked by length; list order; moving between granularities.
@Suite struct AgendaTests {
    /// Which of `lists` show `item`, through the index and through the predicate.
    func shown(_ item: AgendaItem, _ lists: [String]) -> [String] {
        let agenda = Agenda([item])
        let viaIndex = lists.filter { !agenda.list(for: period($0)).isEmpty }
        #expect(viaIndex == lists.filter { item.isListed(in: period($0)) })
        return viaIndex
    }

    static let aroundNov13 = ["2023-11-13", "2023-11-14", "2023-W46", "2023-W46@SU1", "2023-W47", "2023-11", "2023-12",
                              "2023", "2024", "2023-11-13/P1D", "2023-11-13/P7D", "2023-11-01/P30D", "2023-01-01/P365D"]

    @Test func dayItemVisibleOnlyInDayLists() {
        let item = AgendaItem(id: "a", title: "Call Ada", period: period("2023-11-13"), visibleIn: [.day])
        #expect(shown(item, Self.aroundNov13) == ["2023-11-13", "2023-11-13/P1D"])
    }

    @Test func dayItemVisibleInDayAndWeekLists() {
        let item = AgendaItem(id: "a", title: "Call Ada", period: period("2023-11-13"), visibleIn: [.day, .week])
        #expect(shown(item, Self.aroundNov13) == ["2023-11-13", "2023-W46", "2023-W46@SU1", "2023-11-13/P1D", "2023-11-13/P7D"])
    }

    @Test func dayItemVisibleInDayWeekAndMonthLists() {
        let item = AgendaItem(id: "a", title: "Call Ada", period: period("2023-11-13"), visibleIn: [.day, .week, .month])
        #expect(shown(item, Self.aroundNov13)
                == ["2023-11-13", "2023-W46", "2023-W46@SU1", "2023-11", "2023-11-13/P1D", "2023-11-13/P7D", "2023-11-01/P30D"])
    }

    @Test func dayItemVisibleInAllLists() {
        let item = AgendaItem(id: "a", title: "Call Ada", period: period("2023-11-13"))
        #expect(item.visibleIn == [.day, .week, .month, .year])
        #expect(shown(item, Self.aroundNov13) == ["2023-11-13", "2023-W46", "2023-W46@SU1", "2023-11", "2023", "2023-11-13/P1D",
                                                  "2023-11-13/P7D", "2023-11-01/P30D", "2023-01-01/P365D"])
    }

    @Test func week48ShowsInNovemberDecemberAnd2023() {
        let item = AgendaItem(id: "w", title: "Plan sprint", period: period("2023-W48"))
        let lists = ["2023-W48", "2023-11", "2023-12", "2023", "2023-11-28", "2023-W47", "2023-W49", "2023-10", "2024",
                     "2023-11-27/P7D", "2023-12-03/P1D", "2023-W48@SU1", "2023-W49@SU1"]
        // US week 49 (3 ... 9 Dec) shares Sunday 3 December with ISO week 48.
        #expect(shown(item, lists) == ["2023-W48", "2023-11", "2023-12", "2023", "2023-11-27/P7D", "2023-W48@SU1", "2023-W49@SU1"])
        let notInMonths = AgendaItem(id: "w", title: "Plan sprint", period: period("2023-W48"), visibleIn: [.week, .year])
        #expect(shown(notInMonths, lists) == ["2023-W48", "2023", "2023-11-27/P7D", "2023-W48@SU1", "2023-W49@SU1"])
    }

    @Test func week52Of2023StaysOutOfJanuary() {
        let item = AgendaItem(id: "w", title: "Wrap up", period: period("2023-W52"))
        #expect(shown(item, ["2023-12", "2023", "2024-01", "2024", "2024-W01"]) == ["2023-12", "2023"])
    }

    @Test func week1Of2025ShowsInBothYears() {
        let item = AgendaItem(id: "w", title: "New year", period: period("2025-W01"))
        #expect(shown(item, ["2024-11", "2024-12", "2025-01", "2025-02", "2024", "2025", "2023"])
                == ["2024-12", "2025-01", "2024", "2025"])
    }

    @Test func usWeekItems() {
        // US week 1 of 2024 is 31 Dec 2023 ... 6 Jan 2024.
        let item = AgendaItem(id: "u", title: "US", period: period("2024-W01@SU1"))
        #expect(shown(item, ["2023-12", "2024-01", "2023", "2024", "2024-W01", "2023-W52", "2024-W01@SU1", "2023-W52@SU1"])
                == ["2023-12", "2024-01", "2023", "2024", "2024-W01", "2023-W52", "2024-W01@SU1"])
    }

    @Test func spansRankByLength() {
        // 3 days (30 Nov ... 2 Dec): ranked as a week.
        let three = AgendaItem(id: "s3", title: "Trip", period: period("2023-11-30/P3D"))
        #expect(shown(three, ["2023-W48", "2023-W49", "2023-11", "2023-12", "2023", "2023-12-01", "2023-12-01/P1D", "2023-12-02/P7D"])
                == ["2023-W48", "2023-11", "2023-12", "2023", "2023-12-02/P7D"])
        // 10 days (25 Nov ... 4 Dec): ranked as a month, so no week list shows it.
        let ten = AgendaItem(id: "s10", title: "Trip", period: period("2023-11-25/P10D"))
        #expect(shown(ten, ["2023-W47", "2023-W48", "2023-W49", "2023-11", "2023-12", "2023", "2023-11-27/P7D", "2023-11-20/P31D"])
                == ["2023-11", "2023-12", "2023", "2023-11-20/P31D"])
        // 40 days (25 Nov 2023 ... 3 Jan 2024): ranked as a year.
        let forty = AgendaItem(id: "s40", title: "Trip", period: period("2023-11-25/P40D"))
        #expect(shown(forty, ["2023-11", "2023-12", "2024-01", "2023", "2024", "2025", "2023-12-01/P32D"])
                == ["2023", "2024", "2023-12-01/P32D"])
        // 1 day: ranked as a day.
        let one = AgendaItem(id: "s1", title: "Trip", period: period("2023-11-30/P1D"), visibleIn: [.day])
        #expect(shown(one, ["2023-11-30", "2023-W48", "2023-11"]) == ["2023-11-30"])
    }

    @Test func listsSortByEndThenTitleThenID() {
        let agenda = Agenda([
            AgendaItem(id: "a", title: "Zebra", period: period("2023-11-13")),
            AgendaItem(id: "b", title: "Apple", period: period("2023-11-13")),
            AgendaItem(id: "a2", title: "Apple", period: period("2023-11-13")),
            AgendaItem(id: "d", title: "Budget", period: period("2023-11")),
            AgendaItem(id: "e", title: "Alpha", period: period("2023-W48")),
            AgendaItem(id: "f", title: "Aardvark", period: period("2023-11-30")),
            AgendaItem(id: "g", title: "Mid", period: period("2023-W46")),
            AgendaItem(id: "h", title: "October", period: period("2023-10")),
        ])
        #expect(agenda.list(for: period("2023-11")).map(\.id) == ["a2", "b", "a", "g", "f", "d", "e"])
        #expect(agenda.list(for: period("2023")).map(\.id) == ["h", "a2", "b", "a", "g", "f", "d", "e"])
        #expect(agenda.list(for: period("2023-W46")).map(\.id) == ["a2", "b", "a", "g"])
        #expect(agenda.list(for: period("2023-11-13")).map(\.id) == ["a2", "b", "a"])
        #expect(agenda.count == 8 && agenda["d"]?.title == "Budget")
    }

    @Test func movingReassignsToTheContainingPeriod() throws {
        var agenda = Agenda([AgendaItem(id: "a", title: "Call Ada", period: period("2023-11-13"), visibleIn: [.day])])
        let moved = try agenda.move(id: "a", to: .week, containing: date(2023, 11, 15))
        #expect(moved.period == period("2023-W46") && moved.visibleIn == [.day, .week])
        #expect(agenda.list(for: period("2023-11-13")).isEmpty)
        #expect(agenda.list(for: period("2023-W46")).map(\.id) == ["a"])
        #expect(agenda.list(for: period("2023-11")).isEmpty)

        try agenda.move(id: "a", to: .month, containing: date(2023, 12, 24))
        #expect(agenda["a"]!.period == period("2023-12") && agenda["a"]!.visibleIn == [.day, .week, .month])
        #expect(agenda.list(for: period("2023-W46")).isEmpty && agenda.list(for: period("2023-12")).map(\.id) == ["a"])

        try agenda.move(id: "a", to: .week, containing: date(2023, 11, 13), weekRule: .us)
        #expect(agenda["a"]!.period.description == "2023-W46@SU1")
        try agenda.move(id: "a", to: .year, containing: date(2024, 2, 29))
        #expect(agenda["a"]!.period.description == "2024" && agenda.list(for: period("2024")).map(\.id) == ["a"])
        try agenda.move(id: "a", to: .day, containing: date(2024, 2, 29))
        #expect(agenda.list(for: period("2024")).map(\.id) == ["a"])   // visible in year lists since the last move
        #expect(agenda.list(for: period("2024-02-29")).map(\.id) == ["a"])
    }

    @Test func movingFailsWithoutChangingAnything() throws {
        var agenda = Agenda([AgendaItem(id: "a", title: "A", period: period("9999-12-31"))])
        let before = agenda
        #expect(throws: AlmanacError(.invalidValue, "no item has the id \"zz\"", text: "zz")) {
            try agenda.move(id: "zz", to: .week, containing: date(2023, 11, 13))
        }
        #expect(throws: AlmanacError(.outOfRange, "the week containing 9999-12-31 crosses the supported range 0001-01-01...9999-12-31")) {
            try agenda.move(id: "a", to: .week, containing: date(9999, 12, 31))
        }
        #expect(agenda == before)
    }

    @Test func insertReplacesAndRemoveForgets() {
        var agenda = Agenda()
        #expect(agenda.isEmpty)
        #expect(agenda.insert(AgendaItem(id: "a", title: "A", period: period("2023-11-13"))) == nil)
        let old = agenda.insert(AgendaItem(id: "a", title: "A2", period: period("2023-12-13")))
        #expect(old?.title == "A" && agenda.count == 1)
        #expect(agenda.list(for: period("2023-11")).isEmpty && agenda.list(for: period("2023-12")).map(\.title) == ["A2"])
        #expect(agenda.remove(id: "a")?.title == "A2" && agenda.remove(id: "a") == nil)
        #expect(agenda.list(for: period("2023")).isEmpty && agenda.isEmpty)
        #expect(agenda == Agenda())
    }

    @Test func bulkLoadingKeepsTheLastItemOfAnID() {
        let agenda = Agenda([
            AgendaItem(id: "a", title: "Old", period: period("2023-11-13")),
            AgendaItem(id: "b", title: "B", period: period("2023-11-14")),
            AgendaItem(id: "a", title: "New", period: period("2023-12-13")),
        ])
        #expect(agenda.count == 2 && agenda["a"]?.title == "New")
        #expect(agenda.list(for: period("2023-11")).map(\.title) == ["B"])
        #expect(agenda.list(for: period("2023-11-13")).isEmpty)
        #expect(agenda.list(for: period("2023")).map(\.title) == ["B", "New"])
    }

    @Test func horizonLists() throws {
        let agenda = Agenda([
            AgendaItem(id: "d", title: "Day", period: period("2023-11-15"), visibleIn: [.day, .week]),
            AgendaItem(id: "w", title: "Week", period: period("2023-W47")),
            AgendaItem(id: "m", title: "Month", period: period("2023-11")),
        ])
        let weeks = try agenda.lists(for: .weeks(2), from: date(2023, 11, 15))
        #expect(weeks.map(\.period.description) == ["2023-W46", "2023-W47"])
        #expect(weeks.map { $0.items.map(\.id) } == [["d"], ["w"]])
        // "Next 7 days" from Wednesday 15 November as one list: a 7-day span lists like a week.
        let seven = try Horizon.days(7).span(from: date(2023, 11, 15))
        #expect(agenda.list(for: seven).map(\.id) == ["d", "w"])
        #expect(try agenda.lists(for: .days(3), from: date(2023, 11, 15)).map { $0.items.map(\.id) } == [["d"], [], []])
        #expect(throws: AlmanacError.self) { try agenda.lists(for: .days(2), from: date(9999, 12, 31)) }
    }

    @Test func codableRoundTrips() throws {
        let agenda = Agenda([
            AgendaItem(id: "b", title: "Week", period: period("2023-W48@SU1"), visibleIn: [.week, .year]),
            AgendaItem(id: "a", title: "Span", period: period("2023-11-13/P7D")),
        ])
        let data = try JSONEncoder().encode(agenda)
        #expect(try JSONDecoder().decode(Agenda.self, from: data) == agenda)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(period("2023-W48")), as: UTF8.self) == "\"2023-W48\"")
        #expect(String(decoding: try encoder.encode(WeekRule.us), as: UTF8.self) == "\"SU1\"")
        #expect(try JSONDecoder().decode(WeekRule.self, from: Data("\"MO4\"".utf8)) == .iso)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Period.self, from: Data("\"2023-W54\"".utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(WeekRule.self, from: Data("\"MO0\"".utf8))
        }
        let item = AgendaItem(id: "t1", title: "Pay rent", period: period("2023-W48"), visibleIn: [.year, .week, .month])
        #expect(String(decoding: try encoder.encode(item), as: UTF8.self)
                == "{\"id\":\"t1\",\"period\":\"2023-W48\",\"title\":\"Pay rent\",\"visibleIn\":[\"week\",\"month\",\"year\"]}")
        #expect(String(decoding: try encoder.encode(Horizon.weeks(6)), as: UTF8.self) == "\"P6W\"")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Period.Granularity.self, from: Data("\"decade\"".utf8)) }
        #expect(try JSONDecoder().decode(Horizon.self, from: try JSONEncoder().encode(Horizon.weeks(6))) == .weeks(6))
    }
}
