import AlmanacTestSupport
import Foundation
import Testing

/// `almanac freebusy`: busy time of files in a window, as text, JSON Lines
/// and a VFREEBUSY that reads back as the same periods.
struct FreeBusyCommandTests {
    func run(_ arguments: [String], stdin: String = "") throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(arguments, stdin: stdin)
    }

    let week = ["Corpus/samples/calendar.ics", "--from", "20240506", "--to", "20240513", "--viewer", "Europe/Paris"]

    @Test func theSampleWeekAsText() throws {
        let r = try run(["freebusy"] + week)
        #expect(r.status == 0, "\(r)")
        // The stand-up of Monday; the trip (all day, 7-9 May in Paris) covers the
        // moved stand-up and the call; the cancelled stand-up and the to-do are not busy.
        #expect(r.stdout == """
            2024-05-06T09:30:00+02:00  2024-05-06T09:45:00+02:00  BUSY
            2024-05-07T00:00:00+02:00  2024-05-10T00:00:00+02:00  BUSY

            """, "\(r)")
        let free = try run(["freebusy"] + week + ["--all-day", "free", "--json"])
        #expect(free.status == 0, "\(free)")
        #expect(free.stdout == """
            {"start":"2024-05-06T07:30:00Z","end":"2024-05-06T07:45:00Z","type":"BUSY"}
            {"start":"2024-05-08T12:00:00Z","end":"2024-05-08T12:15:00Z","type":"BUSY"}
            {"start":"2024-05-09T15:00:00Z","end":"2024-05-09T16:00:00Z","type":"BUSY"}

            """, "\(free)")
    }

    @Test func theVFreeBusyReadsBackAsTheSamePeriods() throws {
        let written = try run(["freebusy"] + week + ["--all-day", "free", "--ics", "--stamp", "20240501T000000Z"])
        #expect(written.status == 0, "\(written)")
        #expect(written.stdout.contains("\r\nDTSTAMP:20240501T000000Z\r\nDTSTART:20240505T220000Z\r\nDTEND:20240512T220000Z\r\n"), "\(written)")
        let back = try run(["freebusy", "-", "--from", "2024-05-06T00:00:00+02:00", "--to", "2024-05-13T00:00:00+02:00", "--json", "--strict"],
                           stdin: written.stdout)
        let direct = try run(["freebusy"] + week + ["--all-day", "free", "--json"])
        #expect(back.status == 0, "\(back)")
        #expect(back.stdout == direct.stdout && !back.stdout.isEmpty)
    }

    @Test func badInputIsATypedErrorWithExitStatus2() throws {
        let allDay = try run(["freebusy"] + week + ["--all-day", "maybe"])
        #expect(allDay.status == 2 && allDay.stderr.contains("--all-day: expected busy or free, found \"maybe\""), "\(allDay)")
        let both = try run(["freebusy"] + week + ["--ics", "--json"])
        #expect(both.status == 2 && both.stderr.contains("--ics and --json cannot be used together"), "\(both)")
        let window = try run(["freebusy", "Corpus/samples/calendar.ics", "--from", "20240513", "--to", "20240506"])
        #expect(window.status == 2 && window.stderr.contains("--from is after --to"), "\(window)")
        let strict = try run(["freebusy", "-", "--from", "20240506", "--to", "20240507", "--strict"], stdin: """
            BEGIN:VCALENDAR\r
            BEGIN:VFREEBUSY\r
            UID:x\r
            FREEBUSY:20240506T090000Z/PT0S\r
            END:VFREEBUSY\r
            END:VCALENDAR\r

            """)
        #expect(strict.status == 2 && strict.stderr.contains("line 4") && strict.stderr.contains("no positive duration"), "\(strict)")
    }

    /// `--svg` draws a row per file, named by it, with its busy blocks in the
    /// colour of their type.
    @Test func theDrawingHasARowPerFileWithItsBusyBlocks() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/busy.svg"
        let r = try run(["freebusy", "Corpus/samples/team/ana.ics", "Corpus/samples/team/ben.ics", "--from", "20260323", "--to", "20260330",
                         "--viewer", "Europe/Paris", "--svg", path])
        #expect(r.status == 0 && !r.stdout.isEmpty, "\(r)")
        let svg = try #require(String(bytes: fileBytes(atPath: path) ?? [], encoding: .utf8))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), "\(svg.prefix(80))")
        #expect(svg.contains(">ana.ics<") && svg.contains(">ben.ics<"))
        // Busy blocks of both files beside the legend's swatch, and Ana's
        // tentative Wednesday lunch (the text output lists it too).
        func blocks(_ colour: String) -> Int { svg.components(separatedBy: "fill=\"\(colour)\"").count - 1 }
        #expect(blocks("#d64545") >= 3 && blocks("#f2a93b") >= 2 && r.stdout.contains("BUSY-TENTATIVE"),
                "busy \(blocks("#d64545")), tentative \(blocks("#f2a93b"))")
        let bad = try run(["freebusy", "Corpus/samples/team/ana.ics", "--from", "20260323", "--to", "20260330", "--svg", "/no/such/dir/x.svg"])
        #expect(bad.status == 2 && bad.stderr.contains("--svg"), "\(bad)")
    }
}
