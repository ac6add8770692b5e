import Almanac
import AlmanacAvailability
import AlmanacCalendar
import AlmanacTestSupport
import Testing

/// VFREEBUSY read back as busy time and written (RFC 5545 sections 3.6.4,
/// 3.8.2.6 FREEBUSY, 3.2.9 FBTYPE, 3.3.9 PERIOD).
struct VFreeBusyTests {
    let day = at(6, 0)..<at(7, 0)

    func vfreebusy(_ lines: [String]) -> String {
        ics(["BEGIN:VFREEBUSY", "UID:fb@example.com", "DTSTAMP:20240501T000000Z", "DTSTART:20240506T000000Z",
             "DTEND:20240507T000000Z"] + lines + ["END:VFREEBUSY"])
    }

    @Test func periodsWithEndOrDurationSeveralALineTypedByFBTYPE() throws {
        // RFC 5545 section 3.8.2.6's examples: "FREEBUSY;FBTYPE=BUSY-UNAVAILABLE:19970308T160000Z/PT8H30M",
        // "FREEBUSY;FBTYPE=FREE:19970308T160000Z/PT3H,19970308T200000Z/PT1H".
        let c = try EventCalendar(ics: vfreebusy(["FREEBUSY:20240506T090000Z/20240506T100000Z,20240506T110000Z/PT30M",
                                                  "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20240506T130000Z/PT1H",
                                                  "FREEBUSY;FBTYPE=FREE:20240506T150000Z/PT1H",
                                                  "FREEBUSY;FBTYPE=busy-unavailable:20240506T160000Z/P1D"]), options: .strict)
        #expect(c.freeBusy.count == 1)
        let fb = try #require(c.freeBusy.first)
        #expect(fb.uid == "fb@example.com" && fb.start == at(6, 0) && fb.end == at(7, 0) && fb.line == 4)
        #expect(fb.periods == [
            FreeBusyComponent.Entry(range: at(6, 9)..<at(6, 10)),
            FreeBusyComponent.Entry(range: at(6, 11)..<at(6, 11, 30)),
            FreeBusyComponent.Entry(range: at(6, 13)..<at(6, 14), type: .busyTentative),
            FreeBusyComponent.Entry(range: at(6, 15)..<at(6, 16), type: .free),
            FreeBusyComponent.Entry(range: at(6, 16)..<at(7, 16), type: .busyUnavailable),
        ])
        #expect(c.busyPeriods(overlapping: day) == [
            BusyPeriod(range: at(6, 9)..<at(6, 10)), BusyPeriod(range: at(6, 11)..<at(6, 11, 30)),
            BusyPeriod(range: at(6, 13)..<at(6, 14), type: .busyTentative),
            BusyPeriod(range: at(6, 16)..<at(7, 0), type: .busyUnavailable),
        ])
    }

    @Test func publishedBusyTimeJoinsTheInstances() throws {
        let c = try EventCalendar(ics: vfreebusy(["FREEBUSY:20240506T090000Z/20240506T100000Z"])
                                  .replacingOccurrences("END:VCALENDAR", with: event("e", "20240506T100000Z", "20240506T110000Z").joined(separator: "\r\n") + "\r\nEND:VCALENDAR"))
        #expect(c.events.count == 1)
        #expect(c.busyPeriods(overlapping: day) == [BusyPeriod(range: at(6, 9)..<at(6, 11))])
    }

    @Test func strictRefusesWhatTheRFCForbidsWithItsLine() {
        let cases: [(String, String)] = [
            ("FREEBUSY:20240506T090000/20240506T100000Z", "UTC"),                 // floating
            ("FREEBUSY:20240506T100000Z/20240506T090000Z", "does not end after"), // backwards
            ("FREEBUSY:20240506T090000Z/PT0S", "no positive duration"),
            ("FREEBUSY:20240506T090000Z", "is not a period"),
            ("FREEBUSY:20240506T090000Z/PXYZ", "FREEBUSY"),
            ("FREEBUSY:nonsense/20240506T100000Z", "FREEBUSY"),
        ]
        for (line, part) in cases {
            do {
                _ = try EventCalendar(ics: vfreebusy([line]), options: .strict)
                Issue.record("\(line) was read")
            } catch {
                #expect(error.line == 9, "\(line): \(error)")
                #expect(error.message.contains(part), "\(line): \(error)")
            }
        }
    }

    @Test func lenientReadsWhatProducersMeanAndSkipsTheRest() throws {
        let c = try EventCalendar(ics: vfreebusy(["FREEBUSY:20240506T090000/20240506T100000,nonsense,20240506T120000Z/PT1H",
                                                  "FREEBUSY;FBTYPE=BUSY:20240506T140000Z/20240506T130000Z"]))
        #expect(c.freeBusy.first?.periods == [FreeBusyComponent.Entry(range: at(6, 9)..<at(6, 10)),
                                              FreeBusyComponent.Entry(range: at(6, 12)..<at(6, 13))])
        let notes = c.readings.map(\.description)
        #expect(notes.contains { $0.hasPrefix("line 9: FREEBUSY \"20240506T090000\" of a VFREEBUSY has no Z: read as UTC") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("line 9: FREEBUSY period \"nonsense\" skipped") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("line 10: FREEBUSY period \"20240506T140000Z/20240506T130000Z\" skipped") }, "\(notes)")
    }

    @Test func writtenThenReadBackGivesTheSamePeriods() throws {
        let busy = [BusyPeriod(range: at(6, 8)..<at(6, 9), type: .busyUnavailable),
                    BusyPeriod(range: at(6, 9)..<at(6, 10), type: .busy),
                    BusyPeriod(range: at(6, 10)..<at(6, 12), type: .busyTentative),
                    BusyPeriod(range: at(6, 13)..<at(6, 14), type: .busy)]
        let text = FreeBusy.icsText(busy, window: day, uid: "me@example.com", stamp: at(1, 0))
        #expect(text.contains("\r\nFREEBUSY;FBTYPE=BUSY:20240506T090000Z/20240506T100000Z,20240506T130000Z/202\r\n 40506T140000Z\r\n"))
        #expect(text.contains("\r\nDTSTAMP:20240501T000000Z\r\nDTSTART:20240506T000000Z\r\nDTEND:20240507T000000Z\r\n"))
        let back = try EventCalendar(ics: text, options: .strict)
        #expect(back.freeBusy.map(\.uid) == ["me@example.com"])
        #expect(back.busyPeriods(overlapping: day) == busy)
    }

    /// Bad input gets a typed error with a line inside the input, or a
    /// bounded result: 3,000 seeded mutations (bytes replaced, deleted,
    /// duplicated) of the fuzz seed with VFREEBUSY components, read in both
    /// modes and asked for their busy time (Tools/fuzz's fuzz-ics runs the
    /// same seed for longer).
    @Test func mutatedVFreeBusyInputsReadOrFailWithALine() throws {
        let seed = try FileBytes.read(path: "Tools/fuzz/seeds/fuzz-ics/vfreebusy-periods-durations-types.ics")
        var g = SplitMix64(seed: 0xFB_F022)
        let tokens: [[UInt8]] = ["/", ",", "P", "-", "Z", ";FBTYPE=", "\r\n ", ":", "T"].map { Array($0.utf8) }
        var read = 0
        for _ in 0..<3_000 {
            var b = seed
            for _ in 0..<g.int(1...4) {
                let i = g.int(0...(b.count - 1))
                switch g.int(0...3) {
                case 0: b[i] = UInt8(truncatingIfNeeded: g.next())
                case 1: b.remove(at: i)
                case 2: b.insert(contentsOf: g.pick(tokens), at: i)
                default: b.insert(contentsOf: b[i..<min(b.count, i + g.int(1...40))], at: i)
                }
            }
            // Line breaks: LF, and CR alone (the reader reads both).
            let lines = b.indices.filter { b[$0] == 0x0A || (b[$0] == 0x0D && ($0 + 1 == b.count || b[$0 + 1] != 0x0A)) }.count
            for options in [CalendarOptions(), CalendarOptions.strict] {
                do {
                    let c = try EventCalendar(ics: b, options: options)
                    let busy = c.busyPeriods(overlapping: at(1, 0)..<at(20, 0))
                    #expect(busy.allSatisfy { !$0.range.isEmpty })
                    read += 1
                } catch {
                    #expect((0...lines + 1).contains(error.line ?? 0), "\(error)")
                }
            }
        }
        #expect(read > 1_000)
    }
}

extension String {
    func replacingOccurrences(_ s: String, with r: String) -> String {
        split(separator: s, omittingEmptySubsequences: false).joined(separator: r)
    }
}
