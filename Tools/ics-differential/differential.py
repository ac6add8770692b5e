#!/usr/bin/env python3
"""Differential testing of `almanac events` (.ics files) against recurring-ical-events.

Three answers per generated calendar:

    almanac   `almanac events FILE --from F --to T --viewer V --json [--drop-cancelled]`
    peer      recurring-ical-events (`recurring_ical_events.of(cal).between(from, to)`), in process
    model     this file's own reading of the calendar it generated (the generator keeps the
              calendar as data and `model_answer` expands it with our semantics, see README.md);
              python-dateutil expands the RRULEs in civil time, everything else is written here

All three are normalised to the JSON line form of `almanac events --json` and compared as
multisets of (uid, recurrence_id, start, end, all_day, status, summary), instants as instants.
When Almanac and the peer differ, the model referees: every difference between the peer and
the model must be explained by a peer kind below (PEER_KINDS), and every difference between
Almanac and the model by an Almanac kind (ALMANAC_KINDS, none known); else the case is
unclassified and (with --keep DIR) written out as DIR/NAME.ics + DIR/NAME.json in the
Corpus/ics fixture format. The run exits 1 when any case is unclassified.

A kind explains a difference by *repairing* the peer: it rewrites the peer's input (bytes or the
parsed calendar) into what the peer needs to read the file our way, or rewrites the peer's
answer. When all repairs together give the expected answer, the kinds are dropped one by one
while the answer stays right; the kinds left name the divergence (none of them superfluous). So
a kind can only claim a case it actually explains.

Usage:
    differential.py --peer-only --cases 200                  # generator + peer vs the model (no almanac)
    differential.py --cases 200 --almanac .build/debug/almanac   # the CI short run (< 60 s)
    differential.py --cases 20000 --seed 7 --jobs 2 --almanac PATH --keep /tmp/unclassified
    differential.py --fixtures [--almanac PATH]               # Corpus/ics/*.ics against their expectations
    differential.py --show 17 --seed 1                        # print generated case 17 (ics + answers)
"""
from __future__ import annotations

import argparse
import calendar as calmod
import copy
import dataclasses
import datetime as dt
import json
import multiprocessing
import random
import re
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = ROOT / "Corpus" / "ics"

# --------------------------------------------------------------------------------------------
# Divergence kinds. (name, category, one-line reason, stage, repair)
#   category: "rfc"    our reading is the RFC's (or the RFC leaves it open and we chose; the
#                      reason says which), the peer reads otherwise
#             "peer"   a peer bug: the RFC says what we do
#             "ours"   an Almanac bug (ALMANAC_KINDS; each needs a regression fixture)
#   stage:    "bytes"  repair(data: bytes) -> bytes, before icalendar parses the file
#             "cal"    repair(cal: icalendar.Calendar) -> None, edits the parsed calendar in place
#             "answer" repair(cal, answer) -> answer, edits the peer's normalised answer
# The repairs are applied in this order; the functions are defined further down.

PEER_KINDS = [
    ("x-wr-timezone-applied", "rfc",
     "the peer applies Google's X-WR-TIMEZONE (x_wr_timezone.to_standard: floating times move into that "
     "zone); it is a non-standard property (RFC 5545 3.8.8.2) and Almanac ignores it by default",
     "cal", lambda cal: repair_drop_x_wr_timezone(cal)),
    ("utf8-sequence-split-by-folding", "peer",
     "RFC 5545 3.1: a fold may split a UTF-8 multi-octet sequence and unfolding must restore it; "
     "icalendar decodes each physical line first and garbles the character",
     "bytes", lambda data: repair_unfold_bytes(data)),
    ("exrule-ignored", "rfc",
     "RFC 2445 4.8.5.2 EXRULE (deprecated by RFC 5545 but still written): its instances are excluded; "
     "the peer ignores EXRULE",
     "cal", lambda cal: repair_exrule_to_exdate(cal)),
    ("same-uid-masters-collapsed", "rfc",
     "several VEVENTs with one UID and no RECURRENCE-ID are separate series (our choice for files that "
     "break RFC 5545 3.8.4.7's unique UID); the peer keeps only the one with the highest SEQUENCE",
     "cal", lambda cal: repair_split_same_uid(cal)),
    ("duplicate-recurrence-id-first-wins", "rfc",
     "two overrides name one instance with the same SEQUENCE: RFC 5545 says which wins only by SEQUENCE "
     "(3.8.7.4); Almanac takes the later one in the file (README, Calendars), the peer the first",
     "cal", lambda cal: repair_duplicate_overrides(cal)),
    ("recurrence-ids-compared-as-naive-utc-or-local", "peer",
     "RFC 5545 3.8.5.1: EXDATE removes the instance at the same instant; the peer keys every instance, "
     "EXDATE and RECURRENCE-ID by both its naive UTC time and its naive local time in one set, so an EXDATE "
     "at 15:45 Sao Paulo time also removes the instance at 15:45 UTC (12:45 local)",
     "cal", lambda cal: repair_exdates_stash(cal)),
    ("count-includes-unsynchronised-dtstart", "rfc",
     "with --dtstart-in-count (RFC 5545 3.3.10: \"The DTSTART property value always counts as the first "
     "occurrence\"), a DTSTART the rule does not produce counts toward COUNT; the peer adds DTSTART and then "
     "COUNT rule instances, as Almanac does by default (RFC 5545 3.8.5.3: such a set is undefined)",
     "cal", lambda cal: repair_count_dtstart(cal)),
    ("dtstart-after-until-dropped", "rfc",
     "RFC 5545 3.3.10: DTSTART always counts as the first occurrence, also when UNTIL is before it; "
     "the peer drops DTSTART then",
     "cal", lambda cal: repair_dtstart_after_until(cal)),
    ("date-until-on-timed-series", "rfc",
     "a DATE UNTIL on a timed series breaks RFC 5545 3.3.10 (same value type as DTSTART); Almanac's "
     "lenient reading keeps the whole day, the peer stops at its midnight",
     "cal", lambda cal: repair_date_until(cal)),
    ("vtimezone-gap-resolved-with-offset-after", "peer",
     "RFC 5545 3.3.5: a local time in a DST gap is \"interpreted using the UTC offset before the gap\" "
     "(02:30 becomes 03:30); for zones known only from a VTIMEZONE (dateutil's tzical) the peer uses the "
     "offset after it (02:30 becomes 01:30). zoneinfo zones are right",
     "answer", lambda cal, ans: repair_vtimezone_gaps(cal, ans)),
    ("duration-added-in-wall-clock-time", "peer",
     "RFC 5545 3.8.5.3: a DTEND (or a DURATION's hours) gives every instance the same exact duration; the "
     "peer adds it in wall-clock time (Python aware-datetime arithmetic), so an instance across a DST "
     "change, or starting in a gap, gets an end one offset change off",
     "answer", lambda cal, ans: repair_exact_durations(cal, ans)),
    ("thisandfuture-later-instances-carry-its-recurrence-id", "peer",
     "RFC 5545 3.8.4.4: each instance's RECURRENCE-ID is its original start; the peer shifts the later "
     "instances of a RANGE=THISANDFUTURE override correctly but gives them all the override's own "
     "RECURRENCE-ID",
     "answer", lambda cal, ans: repair_thisandfuture_ids(cal, ans)),
    ("long-rdate-period-before-window-missed", "peer",
     "RFC 5545 3.8.5.2: an RDATE PERIOD is an instance with its own length; the peer looks back from the "
     "window by the event's own length only, so a period longer than the event that starts before the "
     "window and runs into it is not listed",
     "answer", lambda cals, ans: repair_long_periods(cals, ans)),
    # the second half of the EXDATE repair above: last, so it sees the recurrence ids repaired
    ("recurrence-ids-compared-as-naive-utc-or-local", "peer", "(the stashed EXDATEs applied by instant)",
     "answer", lambda cals, ans: repair_exdates_apply(cals, ans)),
]

# Peer failures no repair can mend (the peer raises instead of answering): (name, category, reason,
# predicate(exception, expected) -> bool). A raise that no predicate matches is unclassified.
RAISE_KINDS = [
    ("x-name-rule-part-raises", "rfc",
     "RFC 5545 3.3.10's recur-rule-part has no x-name part (RFC 2445's \";\" x-name \"=\" text is gone); "
     "Almanac's lenient mode skips such a part with a reading (strict mode refuses it), the peer "
     "(python-dateutil's rrulestr) raises on it and reads nothing",
     lambda e, expected: type(e).__name__ == "BadRuleStringFormat" and re.search(r"(^|;)X-[A-Z0-9-]+=", str(e).split(": ")[-1])),
    ("dates-past-year-9999", "peer",
     "RFC 5545 sets no last year (3.3.4 DATE has four digits, 3.3.6 DURATION no bound), and Almanac "
     "keeps an end past 9999-12-31 as its clock reads (README, Limits: Calendar); Python's datetime "
     "stops at 9999-12-31, so the peer raises OverflowError where an answer reaches year 10000",
     lambda e, expected: isinstance(e, OverflowError) and any(
         (o.get(k) or "")[:5].isdigit() for o in expected for k in ("start", "end", "recurrence_id"))),
    ("instants-outside-years-1-9999", "peer",
     "RFC 5545 3.3.5: a DATE-TIME with a TZID is a local time in that zone, and years 1 to 9999 are "
     "Almanac's calendar on that clock (README, Limits: Calendar); 09:00 on 0001-01-01 in Tokyo is an "
     "instant of year 0 in UTC and 20:00 on 9999-12-31 in Los Angeles one of year 10000, which Python's "
     "datetime cannot hold, so the peer raises ValueError",
     lambda e, expected: isinstance(e, (ValueError, OverflowError))
         and any(y in str(e) for y in ("year 0 is out of range", "year 10000 is out of range"))
         and any((o.get("start") or "")[:10] in ("0001-01-01", "9999-12-31") for o in expected)),
]


def explain_raise(e, expected):
    """The RAISE_KINDS that explain the peer's exception `e` (a list of one name), or None."""
    names = [name for name, _, _, pred in RAISE_KINDS if pred(e, expected)]
    return names[:1] or None


# Almanac bugs found by this harness: (name, "ours", reason, predicate(case, almanac, model) -> bool).
# A predicate must only match the bug's shape; each needs a fixture in Corpus/ics. None open.
ALMANAC_KINDS: list = []

# --------------------------------------------------------------------------------------------
# Values: every start, end and recurrence id is one of
#   ("date", date) | ("float", naive datetime) | ("inst", epoch seconds, zone or None for UTC)

UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1)


def epoch_of(naive_utc):
    return int((naive_utc - EPOCH).total_seconds())


def utc_naive(t):
    return EPOCH + dt.timedelta(seconds=t)


def fmt_offset(sec):
    sign = "-" if sec < 0 else "+"
    sec = abs(sec)
    s = "%s%02d:%02d" % (sign, sec // 3600, sec // 60 % 60)
    return s + (":%02d" % (sec % 60) if sec % 60 else "")


def show(v):
    """A value in the JSON line form (years before 1000 with four digits: glibc's %Y writes "1")."""
    if v is None:
        return None
    if v[0] == "date":
        return v[1].isoformat()
    if v[0] == "float":
        return _clock(v[1])
    t, zone = v[1], v[2]
    if zone is None:
        return _clock(utc_naive(t)) + "Z"
    off = zone.offset(t)
    return _clock(utc_naive(t + off)) + fmt_offset(off)


def _clock(d):
    return "%04d-%02d-%02dT%02d:%02d:%02d" % (d.year, d.month, d.day, d.hour, d.minute, d.second)


def key(v):
    """What a comparison looks at: instants as instants."""
    if v is None:
        return None
    if v[0] == "inst":
        return ("inst", v[1])
    return (v[0], v[1].isoformat())


def parse_shown(s):
    """A JSON line value back to a value (instants keep their printed offset as a fixed zone)."""
    if s is None:
        return None
    if len(s) == 10:
        return ("date", dt.date.fromisoformat(s))
    if s.endswith("Z"):
        return ("inst", epoch_of(dt.datetime.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")), None)
    if len(s) == 19:
        return ("float", dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S"))
    d = dt.datetime.fromisoformat(s)
    off = int(d.utcoffset().total_seconds())
    return ("inst", int(d.timestamp()), FixedZone(off))


# --------------------------------------------------------------------------------------------
# Zones: IANA (zoneinfo), Windows ids (mapped as CLDR does), and zones known only from a
# VTIMEZONE the generator writes (a standard offset and an optional yearly daylight rule).

class FixedZone:
    def __init__(self, off):
        self.off = off

    def offset(self, t):
        return self.off


class IanaZone:
    def __init__(self, tzid, iana=None, vtimezone=None):
        self.tzid, self.iana = tzid, iana or tzid
        self.zi = ZoneInfo(self.iana)
        self.vtimezone = vtimezone

    def offset(self, t):
        return int(dt.datetime.fromtimestamp(t, self.zi).utcoffset().total_seconds())

    def resolve(self, local):
        """RFC 5545 3.3.5: the first of a repeated time; a time in a gap uses the offset before it
        (zoneinfo's fold=0 does both, PEP 495)."""
        return int(local.replace(tzinfo=self.zi, fold=0).timestamp())


def nth_weekday(year, month, n, weekday):
    """Day of month of the n-th (n<0: from the end) weekday (0=Monday) of a month."""
    days = [d for d in range(1, calmod.monthrange(year, month)[1] + 1) if dt.date(year, month, d).weekday() == weekday]
    return days[n - 1] if n > 0 else days[n]


class CustomZone:
    """A zone that exists only in the file's VTIMEZONE. rule = (month, n, weekday, hour) in local
    time before the change, RFC 5545 3.6.5 style (BYMONTH, BYDAY=nSU)."""

    def __init__(self, tzid, std, dst=None, dst_start=None, dst_end=None):
        self.tzid, self.std, self.dst, self.dst_start, self.dst_end = tzid, std, dst, dst_start, dst_end

    def _change(self, year, rule, off):
        month, n, wd, hour = rule
        return epoch_of(dt.datetime(year, month, nth_weekday(year, month, n, wd), hour)) - off

    def offset(self, t):
        if self.dst is None:
            return self.std
        y = utc_naive(t).year
        on, off = self._change(y, self.dst_start, self.std), self._change(y, self.dst_end, self.dst)
        if on < off:
            return self.dst if on <= t < off else self.std
        return self.std if off <= t < on else self.dst

    def resolve(self, local):
        base = epoch_of(local)
        if self.dst is None:
            return base - self.std
        ok = [base - o for o in (self.dst, self.std) if self.offset(base - o) == o]
        return min(ok) if ok else base - self.std  # a gap: the offset before it (standard time)

    @property
    def vtimezone(self):
        lines = ["BEGIN:VTIMEZONE", "TZID:" + self.tzid]

        def sub(name, rule, frm, to):
            month, n, wd, hour = rule
            day = nth_weekday(1970, month, n, wd)
            return ["BEGIN:" + name, "DTSTART:1970%02d%02dT%02d0000" % (month, day, hour),
                    "RRULE:FREQ=YEARLY;BYMONTH=%d;BYDAY=%d%s" % (month, n, DAYS[wd]),
                    "TZOFFSETFROM:" + ical_offset(frm), "TZOFFSETTO:" + ical_offset(to), "END:" + name]
        if self.dst is None:
            lines += ["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:" + ical_offset(self.std),
                      "TZOFFSETTO:" + ical_offset(self.std), "END:STANDARD"]
        else:
            lines += sub("STANDARD", self.dst_end, self.dst, self.std) + sub("DAYLIGHT", self.dst_start, self.std, self.dst)
        return "\n".join(lines + ["END:VTIMEZONE"])


def ical_offset(sec):
    sign = "-" if sec < 0 else "+"
    return "%s%02d%02d" % (sign, abs(sec) // 3600, abs(sec) // 60 % 60)


DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
IANA = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "Europe/London",
        "America/Los_Angeles", "Pacific/Auckland", "Asia/Tokyo", "America/Sao_Paulo"]
WINDOWS = {"W. Europe Standard Time": "Europe/Berlin", "Eastern Standard Time": "America/New_York",
           "AUS Eastern Standard Time": "Australia/Sydney", "Pacific Standard Time": "America/Los_Angeles",
           "Tokyo Standard Time": "Asia/Tokyo"}
CUSTOM = [  # names no ICU knows; offsets and rules differ from any real zone's
    lambda: CustomZone("Atlantis Standard Time", 12600, 16200, (3, 2, 6, 2), (11, 1, 6, 2)),
    lambda: CustomZone("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", 3600, 7200, (3, -1, 6, 2), (10, -1, 6, 3)),
    lambda: CustomZone("Custom/Olympus", -9000),
    lambda: CustomZone("Southern Test Time", 34200, 37800, (10, 1, 6, 2), (4, 1, 6, 3)),
    lambda: CustomZone("/example.org/Tzfile/Shifted", -18000, -14400, (3, 2, 6, 2), (11, 1, 6, 2)),
]


def zone_named(name):
    """A viewer zone (IANA)."""
    return IanaZone(name) if name not in ("UTC", "Etc/UTC") else IanaZone("UTC")


# --------------------------------------------------------------------------------------------
# The generated calendar, kept as data

@dataclasses.dataclass
class Override:
    rid: object              # the instance it names: a date, a naive local datetime (series zone) or naive UTC
    start: object            # new start, same form as the series' DTSTART
    end: object              # new end (None: no DTEND)
    summary: str | None = None
    status: str | None = None
    future: bool = False     # RANGE=THISANDFUTURE
    rid_written: str = "same"  # "same" | "utc" (zoned series) | "exchange" (DATE series: DATE-TIME at local midnight)
    duration: tuple | None = None  # (days, seconds): an orphan override keeps its master's DURATION


@dataclasses.dataclass
class Series:
    uid: str
    comp: str = "VEVENT"
    form: str = "utc"        # "date" | "float" | "utc" | "zoned"
    zone: object = None      # for "zoned"
    start: object = None     # date, or naive datetime (local for zoned and float, UTC for utc)
    dtend: object = None     # same form as start
    duration: tuple | None = None  # (days, seconds)
    due_only: bool = False   # VTODO with DUE and no DTSTART (start is the DUE)
    rrules: list = dataclasses.field(default_factory=list)
    exrules: list = dataclasses.field(default_factory=list)
    rdates: list = dataclasses.field(default_factory=list)   # (value, zone|None|"utc", period_end|None, period_dur|None)
    exdates: list = dataclasses.field(default_factory=list)  # [(value, zone|None|"utc")] per property
    status: str | None = None
    summary: str | None = None
    overrides: list = dataclasses.field(default_factory=list)
    orphan_rid: object = None  # an override without its master: this is that override
    sequence: int | None = None


@dataclasses.dataclass
class Case:
    name: str
    series: list
    frm: str
    to: str
    viewer: str
    options: list
    x_wr_timezone: str | None = None


# --------------------------------------------------------------------------------------------
# Writing the calendar

def esc(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fmt_local(v):
    if isinstance(v, dt.datetime):
        return v.strftime("%Y%m%dT%H%M%S")
    return v.strftime("%Y%m%d")


def tzparam(zone):
    name = zone.tzid
    return ';TZID="%s"' % name if any(c in name for c in ",;:") else ";TZID=" + name


def prop_value(s, v, where=None):
    """Parameters and value of a date-time property of series s (where: None = the series' own form,
    "utc", or a zone)."""
    if isinstance(v, dt.date) and not isinstance(v, dt.datetime):
        return ";VALUE=DATE:" + fmt_local(v)
    if where == "utc" or (where is None and s.form == "utc"):
        return ":" + fmt_local(v) + "Z"
    if where is None and s.form == "float":
        return ":" + fmt_local(v)
    zone = s.zone if where is None else where
    return tzparam(zone) + ":" + fmt_local(v)


def fmt_duration(days, secs):
    out = "P"
    if days and days % 7 == 0 and not secs:
        return "P%dW" % (days // 7)
    if days:
        out += "%dD" % days
    if secs:
        out += "T"
        h, m = secs // 3600, secs // 60 % 60
        out += ("%dH" % h if h else "") + ("%dM" % m if m else "")
    return out


def fold(line):
    data = line.encode()
    if len(data) <= 75:
        return [line]
    out, cur = [], b""
    for ch in line:
        b = ch.encode()
        if len(cur) + len(b) > (75 if not out else 74):
            out.append(cur.decode())
            cur = b""
        cur += b
    out.append(cur.decode())
    return [out[0]] + [" " + x for x in out[1:]]


def write_ics(case):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//ics-differential//EN"]
    if case.x_wr_timezone:
        lines += ["X-WR-CALNAME:Generated", "X-WR-TIMEZONE:" + case.x_wr_timezone]
    zones = {}
    for s in case.series:
        for z in [s.zone] + [r[1] for r in s.rdates] + [x[1] for prop in s.exdates for x in prop]:
            if z is not None and z != "utc" and getattr(z, "vtimezone", None):
                zones[z.tzid] = z.vtimezone
    for text in zones.values():
        lines += text.split("\n")
    for s in case.series:
        if s.orphan_rid is None:
            lines += component_lines(s)
        for o in s.overrides:
            lines += override_lines(s, o)
        if s.orphan_rid is not None:
            lines += override_lines(s, Override(s.orphan_rid, s.start, s.dtend, s.summary, s.status, duration=s.duration))
    lines.append("END:VCALENDAR")
    return "".join(x + "\r\n" for line in lines for x in fold(line))


def component_lines(s):
    out = ["BEGIN:" + s.comp, "UID:" + s.uid, "DTSTAMP:20200101T000000Z"]
    if s.sequence is not None:
        out.append("SEQUENCE:%d" % s.sequence)
    if s.due_only:
        out.append("DUE" + prop_value(s, s.start))
    else:
        out.append("DTSTART" + prop_value(s, s.start))
    if s.dtend is not None:
        out.append(("DUE" if s.comp == "VTODO" else "DTEND") + prop_value(s, s.dtend))
    if s.duration is not None:
        out.append("DURATION:" + fmt_duration(*s.duration))
    out += ["RRULE:" + r for r in s.rrules]
    out += ["EXRULE:" + r for r in s.exrules]
    for v, where, pend, pdur in s.rdates:
        if pend is not None or pdur is not None:
            tail = fmt_local(pend) + "Z" if pend is not None else fmt_duration(*pdur)
            out.append("RDATE;VALUE=PERIOD:" + fmt_local(v) + "Z/" + tail)
        else:
            out.append("RDATE" + prop_value(s, v, where))
    for prop in s.exdates:
        v0, where = prop[0]
        head = prop_value(s, v0, where)
        out.append("EXDATE" + head + "".join("," + prop_value(s, v, w).rsplit(":", 1)[1] for v, w in prop[1:]))
    if s.status:
        out.append("STATUS:" + s.status)
    if s.summary is not None:
        out.append("SUMMARY:" + esc(s.summary))
    out.append("END:" + s.comp)
    return out


def override_lines(s, o):
    out = ["BEGIN:" + s.comp, "UID:" + s.uid, "DTSTAMP:20200102T000000Z"]
    rng = ";RANGE=THISANDFUTURE" if o.future else ""
    if o.rid_written == "utc" and s.form == "zoned":
        out.append("RECURRENCE-ID%s:%sZ" % (rng, fmt_local(utc_naive(s.zone.resolve(o.rid)))))
    elif o.rid_written == "exchange" and s.form == "date":
        out.append("RECURRENCE-ID;TZID=W. Europe Standard Time%s:%sT000000" % (rng, fmt_local(o.rid)))
    else:
        pv = prop_value(s, o.rid)
        cut = pv.rindex(":")  # values hold no colon; a quoted TZID may
        out.append("RECURRENCE-ID" + pv[:cut] + rng + pv[cut:])
    out.append("DTSTART" + prop_value(s, o.start))
    if o.end is not None:
        out.append(("DUE" if s.comp == "VTODO" else "DTEND") + prop_value(s, o.end))
    if o.duration is not None:
        out.append("DURATION:" + fmt_duration(*o.duration))
    if o.status:
        out.append("STATUS:" + o.status)
    if o.summary is not None:
        out.append("SUMMARY:" + esc(o.summary))
    out.append("END:" + s.comp)
    return out


# --------------------------------------------------------------------------------------------
# The model: our semantics, on the generator's data

def to_inst(s, v, where=None):
    """A value of series s (or of an RDATE/EXDATE written `where`) as a value tuple."""
    if isinstance(v, dt.date) and not isinstance(v, dt.datetime):
        return ("date", v)
    if where == "utc" or (where is None and s.form == "utc"):
        return ("inst", epoch_of(v), None)
    if where is None and s.form == "float":
        return ("float", v)
    zone = s.zone if where is None else where
    return ("inst", zone.resolve(v), s.zone if s.form == "zoned" else None)


def as_series_form(s, v):
    """Print an instant in the series' own zone (UTC series: Z)."""
    if v[0] == "inst":
        return ("inst", v[1], s.zone if s.form == "zoned" else None)
    return v


def civil_of(s, v):
    """The civil (local) datetime of a value in the series' zone, for nominal arithmetic."""
    if v[0] == "date":
        return dt.datetime.combine(v[1], dt.time())
    if v[0] == "float":
        return v[1]
    zone = s.zone if s.form == "zoned" else None
    return utc_naive(v[1] + (zone.offset(v[1]) if zone else 0))


def from_civil(s, c, like):
    if like[0] == "date":
        return ("date", c.date())
    if like[0] == "float":
        return ("float", c)
    if s.form == "zoned":
        return ("inst", s.zone.resolve(c), s.zone)
    return ("inst", epoch_of(c), None)


def add(v, seconds):
    if v[0] == "inst":
        return ("inst", v[1] + seconds, v[2])
    if v[0] == "date":
        return ("date", v[1] + dt.timedelta(seconds=seconds))
    return ("float", v[1] + dt.timedelta(seconds=seconds))


def diff(a, b):
    """Exact seconds from b to a (dates: days * 86400)."""
    if a[0] == "inst":
        return a[1] - b[1]
    return int((a[1] - b[1]).total_seconds()) if a[0] == "float" else (a[1] - b[1]).days * 86400


def end_of(s, start):
    """An instance's end from the series' length: DTEND exact, DURATION nominal days + exact time."""
    if s.dtend is not None:
        return add(start, diff(to_inst(s, s.dtend), to_inst(s, s.start)))
    if s.duration is not None:
        days, secs = s.duration
        v = from_civil(s, civil_of(s, start) + dt.timedelta(days=days), start) if days else start
        return add(v, secs)
    if start[0] == "date" and s.comp == "VEVENT":
        return ("date", start[1] + dt.timedelta(days=1))
    return start


def rule_parts(rule):
    return dict(p.split("=", 1) for p in rule.split(";"))


def expand_rule(s, rule, horizon, inject_start=True):
    """The rule's instances as values, DTSTART first, up to horizon (civil). COUNT counts the rule's own
    instances, DTSTART beside them when the rule does not produce it (our default for files,
    CalendarOptions.UnsynchronizedStart.besideCount; RFC 5545 3.8.5.3 calls such a set undefined)."""
    from dateutil import rrule as du
    p = rule_parts(rule)
    count = int(p.pop("COUNT")) if "COUNT" in p else None
    until = p.pop("UNTIL", None)
    rest = ";".join("%s=%s" % kv for kv in p.items())
    start_civil = s.start if isinstance(s.start, dt.datetime) else dt.datetime.combine(s.start, dt.time())
    start_v = to_inst(s, s.start)
    out = [start_v] if inject_start else []
    produced = 0
    for c in du.rrulestr(rest, dtstart=start_civil):
        if c > horizon or (count is not None and produced >= count):
            break
        produced += 1
        v = to_inst(s, c if isinstance(s.start, dt.datetime) else c.date())
        if until is not None:
            if len(until) == 8:  # DATE: the whole day (for timed series: Almanac's lenient reading)
                if c.date() > dt.datetime.strptime(until, "%Y%m%d").date():
                    break
            elif until.endswith("Z"):
                if v[0] == "inst" and v[1] > epoch_of(dt.datetime.strptime(until, "%Y%m%dT%H%M%SZ")):
                    break
            elif c > dt.datetime.strptime(until, "%Y%m%dT%H%M%S"):
                break
        if inject_start and key(v) == key(start_v):
            continue
        out.append(v)
    return out


def instances(s, horizon):
    """[(recurrence id value, own end or None)] of a series, before overrides."""
    if not s.rrules and not s.rdates:
        return [(to_inst(s, s.start), None)]
    found = {}
    base = [to_inst(s, s.start)]
    for r in s.rrules:
        base += expand_rule(s, r, horizon)
    for v in base:
        found.setdefault(key(v), (as_series_form(s, v), None))
    for v, where, pend, pdur in s.rdates:
        iv = to_inst(s, v, where)
        own = None
        if pend is not None:
            own = ("inst", epoch_of(pend), None)
        elif pdur is not None:
            own = add(iv, pdur[0] * 86400 + pdur[1])
        if own is not None:  # RFC 5545 3.8.5.3: a PERIOD RDATE sets the length of the instance it names
            found[key(iv)] = (as_series_form(s, iv), own)
        else:
            found.setdefault(key(iv), (as_series_form(s, iv), None))
    gone = set()
    for prop in s.exdates:
        for v, where in prop:
            gone.add(key(to_inst(s, v, where)))
    for r in s.exrules:
        gone |= {key(v) for v in expand_rule(s, r, horizon, inject_start=False)}
    return sorted((v for k, v in found.items() if k not in gone), key=lambda x: order_key(x[0]))


def order_key(v):
    return v[1] if v[0] == "inst" else (v[1] if v[0] == "float" else dt.datetime.combine(v[1], dt.time()))


def window_bounds(case):
    viewer = zone_named(case.viewer)
    return parse_bound(case.frm, viewer), parse_bound(case.to, viewer), viewer


def parse_bound(text, viewer):
    """--from/--to: RFC 5545 (20240425T000000Z, 20240425) or ISO 8601; no Z/offset, or a date: viewer zone."""
    t = text.strip()
    if re.fullmatch(r"\d{8}", t):
        return viewer.resolve(dt.datetime.strptime(t, "%Y%m%d"))
    if re.fullmatch(r"\d{8}T\d{6}Z", t):
        return epoch_of(dt.datetime.strptime(t, "%Y%m%dT%H%M%SZ"))
    if re.fullmatch(r"\d{8}T\d{6}", t):
        return viewer.resolve(dt.datetime.strptime(t, "%Y%m%dT%H%M%S"))
    if re.fullmatch(r"\d{4}-\d\d-\d\d", t):
        return viewer.resolve(dt.datetime.strptime(t, "%Y-%m-%d"))
    d = dt.datetime.fromisoformat(t.replace("Z", "+00:00"))
    return int(d.timestamp()) if d.tzinfo else viewer.resolve(d)


def position(v, viewer):
    """Where a value sits on the time line for the window test: floating and dates in the viewer zone."""
    if v[0] == "inst":
        return v[1]
    c = v[1] if v[0] == "float" else dt.datetime.combine(v[1], dt.time())
    return viewer.resolve(c)


def in_window(start, end, lo, hi, viewer):
    a, b = position(start, viewer), position(end, viewer)
    return a < hi and (b > lo or a >= lo)


def occurrence(uid, rid, start, end, status, summary):
    o = {"uid": uid, "recurrence_id": show(rid), "start": show(start), "end": show(end),
         "all_day": start[0] == "date"}
    if status is not None:
        o["status"] = status
    if summary is not None:
        o["summary"] = summary
    return o


def revised(case):
    """The masters that a later revision of their UID replaces (CalendarOptions.keepsRevisions off): a
    higher SEQUENCE, a missing one read as 0 (the generator writes no LAST-MODIFIED); equal ones stay."""
    best = {}
    for s in case.series:
        if s.orphan_rid is None:
            best[s.uid] = max(best.get(s.uid, 0), s.sequence or 0)
    return {id(s) for s in case.series if s.orphan_rid is None and (s.sequence or 0) < best[s.uid]}


def model_answer(case):
    lo, hi, viewer = window_bounds(case)
    horizon = utc_naive(hi) + dt.timedelta(days=400)
    out = []
    gone = revised(case)
    for s in case.series:
        if id(s) in gone:
            continue
        if s.orphan_rid is not None:
            st = to_inst(s, s.start)
            en = to_inst(s, s.dtend) if s.dtend is not None else end_of(s, st)
            items = [(to_inst(s, s.orphan_rid), st, en, s.status, s.summary)]
        else:
            recurring = bool(s.rrules or s.rdates)
            ovr = {key(to_inst(s, o.rid)): o for o in s.overrides}
            futures = sorted((o for o in s.overrides if o.future), key=lambda o: order_key(to_inst(s, o.rid)))
            items = []
            for rid, own_end in instances(s, horizon):
                o = ovr.get(key(rid))
                if o is not None:
                    st = to_inst(s, o.start)
                    en = to_inst(s, o.end) if o.end is not None else st
                    items.append((rid, st, en, o.status, o.summary))
                    continue
                f = None
                for x in futures:
                    if order_key(to_inst(s, x.rid)) < order_key(rid):
                        f = x
                if f is not None:
                    frid, fst = to_inst(s, f.rid), to_inst(s, f.start)
                    st = add(rid, diff(fst, frid))
                    en = add(st, diff(to_inst(s, f.end), fst) if f.end is not None else 0)
                    items.append((rid, st, en, f.status, f.summary))
                    continue
                st = rid
                en = own_end if own_end is not None else end_of(s, st)
                items.append((rid if recurring else None, st, en, s.status, s.summary))
        for rid, st, en, status, summary in items:
            if not in_window(st, en, lo, hi, viewer):
                continue
            if "--drop-cancelled" in case.options and status == "CANCELLED":
                continue
            out.append(occurrence(s.uid, rid, as_series_form(s, st), as_series_form(s, en), status, summary))
    return sort_answer(out, viewer)


def sort_answer(answer, viewer):
    def k(o):
        rid = parse_shown(o["recurrence_id"])
        return (position(parse_shown(o["start"]), viewer), o["uid"], -1 if rid is None else position(rid, viewer))
    return sorted(answer, key=k)


# --------------------------------------------------------------------------------------------
# The generator

def rand_summary(r):
    words = ["Standup", "Lunch", "Review", "Gym", "1:1", "Dentist", "Sprint planning", "Call", "Yoga", "Choir"]
    s = r.choice(words)
    x = r.random()
    if x < 0.1:
        s += ", bring slides; laptop"
    elif x < 0.15:
        s += "\nRoom 4\\B"
    elif x < 0.2:
        s += " – café"
    elif x < 0.23:
        s += " " + "very long title " * 6
    return s


def gen_zone(r):
    x = r.random()
    if x < 0.5:
        z = IanaZone(r.choice(IANA))
        return z
    if x < 0.65:
        name = r.choice(sorted(WINDOWS))
        return IanaZone(name, WINDOWS[name])
    return r.choice(CUSTOM)()


def gen_rule(r, s, start):
    """A rule the start satisfies (mostly), with common parts and COUNT/UNTIL."""
    freq = r.choice(["DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "MONTHLY", "YEARLY"])
    parts = ["FREQ=" + freq]
    d = start if not isinstance(start, dt.datetime) else start.date()
    synced = r.random() > 0.08
    wd = d.weekday()
    if r.random() < 0.3 and freq != "YEARLY":
        parts.append("INTERVAL=%d" % r.choice([2, 3]))
    if freq == "DAILY" and r.random() < 0.2:
        days = {wd if synced else (wd + 1) % 7} | {r.randrange(7) for _ in range(r.randint(0, 3))}
        parts.append("BYDAY=" + ",".join(DAYS[x] for x in sorted(days)))
    elif freq == "WEEKLY" and r.random() < 0.6:
        days = {wd if synced else (wd + 2) % 7} | {r.randrange(7) for _ in range(r.randint(0, 2))}
        parts.append("BYDAY=" + ",".join(DAYS[x] for x in sorted(days)))
    elif freq == "MONTHLY":
        y = r.random()
        if y < 0.35:
            parts.append("BYMONTHDAY=%d" % (d.day if synced else (d.day % 28) + 1))
        elif y < 0.6:
            n = (d.day - 1) // 7 + 1
            last = d.day + 7 > calmod.monthrange(d.year, d.month)[1]
            ordinal = -1 if last and r.random() < 0.5 else min(n, 4) if n <= 4 else -1
            parts.append("BYDAY=%d%s" % (ordinal, DAYS[wd if synced else (wd + 1) % 7]))
            if not synced or (ordinal > 0 and n != ordinal):
                pass
        elif y < 0.75:
            parts.append("BYDAY=MO,TU,WE,TH,FR;BYSETPOS=%d" % r.choice([1, -1]))
    elif freq == "YEARLY" and r.random() < 0.3:
        n = (d.day - 1) // 7 + 1
        parts.append("BYMONTH=%d;BYDAY=%d%s" % (d.month, min(n, 4), DAYS[wd]))
    e = r.random()
    if e < 0.4:
        parts.append("COUNT=%d" % r.randint(1, 25))
    elif e < 0.7:
        span = {"DAILY": 60, "WEEKLY": 200, "MONTHLY": 600, "YEARLY": 2000}[freq]
        until = (start if isinstance(start, dt.datetime) else dt.datetime.combine(start, dt.time())) + \
            dt.timedelta(days=r.randint(-5 if r.random() < 0.05 else 0, span))
        if s.form == "date":
            parts.append("UNTIL=" + until.strftime("%Y%m%d"))
        elif s.form == "float":
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
        elif r.random() < 0.05:
            parts.append("UNTIL=" + until.strftime("%Y%m%d"))  # lenient: a DATE UNTIL on a timed series
        else:
            u = utc_naive(to_inst(s, until)[1])
            parts.append("UNTIL=" + u.strftime("%Y%m%dT%H%M%SZ"))
    return ";".join(parts)


def gen_series(r, uid, lo):
    s = Series(uid)
    s.comp = "VTODO" if r.random() < 0.1 else "VEVENT"
    s.form = r.choices(["date", "float", "utc", "zoned"], [20, 15, 20, 45])[0]
    if s.comp == "VTODO" and s.form == "date":
        s.form = "utc"
    if s.form == "zoned":
        s.zone = gen_zone(r)
    day = (utc_naive(lo) + dt.timedelta(days=r.randint(-90, 40))).date()
    if s.form == "date":
        s.start = day
    else:
        hour = r.choice([0, 1, 2, 3, 7, 8, 9, 10, 12, 14, 17, 19, 22, 23]) if r.random() < 0.9 else r.randrange(24)
        s.start = dt.datetime.combine(day, dt.time(hour, r.choice([0, 0, 15, 30, 45])))
    # length
    x = r.random()
    if s.comp == "VTODO":
        if x < 0.3:
            s.due_only = True
        elif x < 0.7:
            s.dtend = s.start + dt.timedelta(minutes=r.choice([30, 60, 120, 600, 1500]))
    elif x < 0.5:
        s.dtend = s.start + (dt.timedelta(days=r.randint(1, 4)) if s.form == "date" else
                             dt.timedelta(minutes=r.choice([15, 30, 60, 90, 180, 600, 1500, 2880])))
    elif x < 0.75:
        s.duration = (r.choice([1, 2, 7]), 0) if s.form == "date" else r.choice([(0, 1800), (0, 3600), (1, 0), (0, 9000), (1, 7200)])
    s.sequence = r.choice([None, None, 0, 1, 2])
    if r.random() < 0.8:
        s.summary = rand_summary(r)
    y = r.random()
    s.status = "CANCELLED" if y < 0.07 else r.choice(["CONFIRMED", "TENTATIVE"]) if y < 0.2 else None
    if s.comp == "VTODO" and y > 0.9:
        s.status = "NEEDS-ACTION"
    return s


def gen_case(seed, i):
    r = random.Random("%d-%d" % (seed, i))
    year = r.randint(2021, 2027)
    viewer = "UTC" if r.random() < 0.6 else r.choice(IANA)
    vz = zone_named(viewer)
    start_day = dt.date(year, 1, 1) + dt.timedelta(days=r.randint(0, 364))
    length = r.choice([7, 7, 14, 31, 45, 92, 120])
    lo_civil = dt.datetime.combine(start_day, dt.time())
    hi_civil = lo_civil + dt.timedelta(days=length)

    def bound(c):
        f = r.random()
        if f < 0.4:
            return c.strftime("%Y%m%d")
        if f < 0.7:
            return utc_naive(vz.resolve(c)).strftime("%Y%m%dT%H%M%SZ")
        if f < 0.85:
            return c.strftime("%Y%m%dT%H%M%S")
        return c.strftime("%Y-%m-%d") if r.random() < 0.5 else utc_naive(vz.resolve(c)).strftime("%Y-%m-%dT%H:%M:%SZ")
    case = Case("s%d-%d" % (seed, i), [], bound(lo_civil), bound(hi_civil), viewer,
                ["--drop-cancelled"] if r.random() < 0.2 else [])
    if r.random() < 0.1:
        case.x_wr_timezone = r.choice(IANA)
    lo, hi, _ = window_bounds(case)
    horizon = utc_naive(hi) + dt.timedelta(days=400)
    n = r.randint(1, 4)
    for k in range(n):
        s = gen_series(r, "e%d-%d@example.com" % (i, k), lo)
        if s.comp == "VTODO" and s.due_only:
            case.series.append(s)
            continue
        if r.random() < 0.75:
            s.rrules.append(gen_rule(r, s, s.start))
            if r.random() < 0.05:
                s.rrules.append(gen_rule(r, s, s.start))
        if r.random() < 0.2:
            for _ in range(r.randint(1, 2)):
                gen_rdate(r, s)
        if s.rrules and r.random() < 0.05:
            s.exrules.append(r.choice(["FREQ=WEEKLY;BYDAY=%s" % r.choice(DAYS), "FREQ=MONTHLY;BYMONTHDAY=%d" % r.randint(1, 28)]))
        insts = [v for v, own in instances(s, horizon)]
        if len(insts) > 1 and r.random() < 0.3:
            picks = r.sample(insts, min(len(insts) - 1, r.randint(1, 3)))
            gen_exdates(r, s, picks)
            insts = [v for v, own in instances(s, horizon)]
        if len(insts) > 1 and s.comp == "VEVENT":
            gen_overrides(r, s, insts, lo, hi)
        if r.random() < 0.04 and not s.rrules and not s.rdates:
            s.orphan_rid = s.start - dt.timedelta(days=r.randint(1, 3)) if isinstance(s.start, dt.datetime) else s.start - dt.timedelta(days=1)
        case.series.append(s)
        if r.random() < 0.03 and not s.rrules and not s.rdates and s.orphan_rid is None:
            twin = copy.deepcopy(s)
            twin.start = s.start + dt.timedelta(days=1)
            twin.dtend = None if s.dtend is None else s.dtend + dt.timedelta(days=1)
            twin.summary = (s.summary or "") + " (copy)"
            twin.sequence = s.sequence
            if r.random() < 0.5:  # a later revision of the event (RFC 5545 3.8.7.4), not a second event
                twin.sequence = (s.sequence or 0) + 1
            case.series.append(twin)
    return case


def gen_rdate(r, s):
    base = s.start if isinstance(s.start, dt.datetime) else dt.datetime.combine(s.start, dt.time())
    v = base + dt.timedelta(days=r.randint(1, 60), hours=0 if s.form == "date" else r.choice([0, 0, 3, -2]))
    if s.form == "date":
        s.rdates.append((v.date(), None, None, None))
    elif s.form == "float":
        s.rdates.append((v, None, None, None))
    else:
        x = r.random()
        if x < 0.15:  # PERIOD, UTC
            u = utc_naive(to_inst(s, v)[1])
            if r.random() < 0.5:
                s.rdates.append((u, "utc", u + dt.timedelta(minutes=r.choice([30, 90])), None))
            else:
                s.rdates.append((u, "utc", None, (0, r.choice([1800, 7200]))))
        elif x < 0.35:
            s.rdates.append((utc_naive(to_inst(s, v)[1]), "utc", None, None))
        elif x < 0.5:
            other = IanaZone(r.choice(IANA))
            t = to_inst(s, v)[1]
            s.rdates.append((utc_naive(t + other.offset(t)), other, None, None))
        else:
            s.rdates.append((v, None, None, None))


def gen_exdates(r, s, picks):
    props = [[]]
    for v in picks:
        if v[0] == "date":
            item = (v[1], None)
        elif v[0] == "float":
            item = (v[1], None)
        elif s.form == "utc" or r.random() < 0.2:
            item = (utc_naive(v[1]), "utc")
        elif r.random() < 0.15:
            other = IanaZone(r.choice(IANA))
            item = (utc_naive(v[1] + other.offset(v[1])), other)
        else:
            item = (utc_naive(v[1] + s.zone.offset(v[1])), None)
        if props[-1] and (r.random() < 0.5 or item[1] != props[-1][0][1]):
            props.append([])
        props[-1].append(item)
    s.exdates = [x for x in props if x]


def local_of(s, v):
    """An instance value as the civil value written in the series' form."""
    if v[0] == "date":
        return v[1]
    if v[0] == "float":
        return v[1]
    if s.form == "utc":
        return utc_naive(v[1])
    return utc_naive(v[1] + s.zone.offset(v[1]))


def gen_overrides(r, s, insts, lo, hi):
    near = [v for v in insts if abs(position(v, zone_named("UTC")) - lo) < 120 * 86400] or insts
    if r.random() < 0.35:
        used = set()
        for _ in range(r.randint(1, 3)):
            v = r.choice(near)
            if key(v) in used or key(v) == key(insts[0]) and r.random() < 0.5:
                continue
            used.add(key(v))
            rid = local_of(s, v)
            kind = r.random()
            if s.form == "date":
                shift = dt.timedelta(days=r.choice([0, 0, 1, -1, 3, 30, -30]))
                length = s.dtend - s.start if s.dtend is not None else dt.timedelta(days=1)
                o = Override(rid, rid + shift, rid + shift + length)
                if r.random() < 0.3:
                    o.rid_written = "exchange"
            else:
                shift = dt.timedelta(hours=r.choice([0, 0, 1, 2, -3, 24, 48, -48, 24 * 30, -24 * 30]))
                length = dt.timedelta(minutes=r.choice([30, 60, 90]))
                o = Override(rid, rid + shift, rid + shift + length)
                if s.form == "zoned" and r.random() < 0.3:
                    o.rid_written = "utc"
            o.summary = (s.summary or "Event") + " (changed)" if r.random() < 0.7 else None
            if kind < 0.25:
                o.status, o.start, o.end = "CANCELLED", rid, (rid + (s.dtend - s.start) if s.dtend is not None else None)
                if s.form == "date" and o.end is None:
                    o.end = rid + dt.timedelta(days=1)
            s.overrides.append(o)
    if s.form in ("utc", "float") and not any(x[2] or x[3] for x in s.rdates) and r.random() < 0.12:
        taken = {key(to_inst(s, o.rid)) for o in s.overrides}
        cands = [v for v in near[1:] if key(v) not in taken]
        for v in sorted(r.sample(cands, min(len(cands), r.randint(1, 2))), key=order_key):
            rid = local_of(s, v)
            st = rid + dt.timedelta(hours=r.choice([1, 2, -1, -3]))
            o = Override(rid, st, st + dt.timedelta(minutes=r.choice([30, 45, 120])), future=True,
                         summary=(s.summary or "Event") + " (from now on)")
            s.overrides.append(o)


# --------------------------------------------------------------------------------------------
# The peer: recurring-ical-events, normalised

def peer_version():
    from importlib.metadata import version
    return "recurring-ical-events %s (icalendar %s, python-dateutil %s)" % (
        version("recurring-ical-events"), version("icalendar"), version("python-dateutil"))


def parse_calendars(data):
    import icalendar
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return icalendar.Calendar.from_ical(data, multiple=True)


def peer_value(v):
    if isinstance(v, dt.datetime):
        if v.tzinfo is None:
            return ("float", v.replace(microsecond=0))
        off = int(v.utcoffset().total_seconds())
        return ("inst", int(v.timestamp()), None if off == 0 and str(v.tzinfo) in ("UTC", "utc") else FixedZone(off))
    return ("date", v)


def peer_run(cals, lo, hi, viewer, options):
    """recurring-ical-events on parsed calendars -> normalised answer (or raises)."""
    import recurring_ical_events as rie
    vz = ZoneInfo(viewer) if viewer != "UTC" else UTC
    frm = dt.datetime.fromtimestamp(lo, vz)
    to = dt.datetime.fromtimestamp(hi, vz)
    out = []
    for cal in cals:
        overrides = set()
        for c in cal.walk():
            if c.name in ("VEVENT", "VTODO") and "RECURRENCE-ID" in c:
                overrides.add((str(c["UID"]), key(peer_value(c["RECURRENCE-ID"].dt))))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            comps = rie.of(cal, keep_recurrence_attributes=True, components=("VEVENT", "VTODO")).between(frm, to)
        for c in comps:
            start = peer_value(c["DTSTART"].dt)
            endp = c.get("DTEND") if c.name == "VEVENT" else c.get("DUE")
            end = peer_value(endp.dt) if endp is not None else start
            rid = peer_value(c["RECURRENCE-ID"].dt) if "RECURRENCE-ID" in c else None
            uid = str(c.get("UID"))
            if not ("RRULE" in c or "RDATE" in c) and (uid, key(rid)) not in overrides:
                rid = None
            if rid is not None and start[0] == "date" and rid[0] != "date":
                # the series is all-day: its recurrence id is a date (Exchange writes a DATE-TIME)
                rid = ("date", rid[1].date() if rid[0] == "float" else
                       (utc_naive(rid[1] + rid[2].offset(rid[1])) if rid[2] else utc_naive(rid[1])).date())
            status = str(c["STATUS"]) if "STATUS" in c else None
            summary = str(c["SUMMARY"]) if "SUMMARY" in c else None
            if "--drop-cancelled" in options and status == "CANCELLED":
                continue
            out.append(occurrence(uid, rid, start, end, status, summary))
    return out


# Kinds that explain an answer only when it was asked for with an option of `almanac events`: without
# the option Almanac reads as the peer does, and the repair would move the peer away from it.
OPTION_KINDS = {"count-includes-unsynchronised-dtstart": "--dtstart-in-count"}


def peer_answer(data, lo, hi, viewer, options, kinds=()):
    """The peer's answer with the named repairs applied (in PEER_KINDS order)."""
    kinds = [k for k in kinds if OPTION_KINDS.get(k) is None or OPTION_KINDS[k] in options]
    for name, _, _, stage, fn in PEER_KINDS:
        if name in kinds and stage == "bytes":
            data = fn(data)
    cals = parse_calendars(data)
    for name, _, _, stage, fn in PEER_KINDS:
        if name in kinds and stage == "cal":
            for cal in cals:
                fn(cal)
    fixes = [fn for name, _, _, stage, fn in PEER_KINDS if name in kinds and stage == "answer"]
    # An answer repair can move an end into the window (or a start into it), so the peer is asked a
    # wider window and the window rule (the peer's own, the same as ours) is applied afterwards.
    margin = 3 * 86400 if fixes else 0
    ans = strip_split_marks(peer_run(cals, lo - margin, hi + margin, viewer, options))  # the same-uid renaming undone
    for fn in fixes:
        ans = fn(cals, ans)
    if fixes:
        vz = zone_named(viewer)
        ans = [o for o in ans if in_window(parse_shown(o["start"]), parse_shown(o["end"]), lo, hi, vz)]
    return ans


def explain_peer(data, lo, hi, viewer, options, expected, first=None):
    """The peer kinds that explain the peer's difference from `expected` (a list of names), or None."""
    want = multiset(expected)
    try:
        current = first if first is not None else peer_answer(data, lo, hi, viewer, options)
    except Exception:  # noqa: BLE001  a peer that raises is not explained
        return None
    if multiset(current) == want:
        return []
    # Every repair at once: if that does not give the expected answer, the kinds do not explain it.
    names = list(dict.fromkeys(k[0] for k in PEER_KINDS))

    def repaired(kinds):
        try:
            return multiset(peer_answer(data, lo, hi, viewer, options, kinds)) == want
        except Exception:  # noqa: BLE001  a repair the calendar does not take
            return False
    if not repaired(names):
        return None
    # Then drop every kind the answer does not need (backward elimination): what is left is a set
    # of kinds that explains the difference and none of which is superfluous.
    needed = list(names)
    for name in names:
        rest = [n for n in needed if n != name]
        if repaired(rest):
            needed = rest
    return needed


# --------------------------------------------------------------------------------------------
# Repairs (see PEER_KINDS)

def repair_drop_x_wr_timezone(cal):
    if "X-WR-TIMEZONE" in cal:
        del cal["X-WR-TIMEZONE"]


def repair_unfold_bytes(data):
    """Unfold at the byte level (RFC 5545 3.1), so a split multi-octet sequence is whole again."""
    return re.sub(rb"\r?\n[ \t]", b"", data)


def _masters(cal):
    return [c for c in cal.walk() if c.name in ("VEVENT", "VTODO") and "RECURRENCE-ID" not in c]


def _rules(c):
    rr = c.get("RRULE")
    return [] if rr is None else (rr if isinstance(rr, list) else [rr])


def repair_exrule_to_exdate(cal):
    from dateutil import rrule as du
    for c in _masters(cal):
        ex = c.get("EXRULE")
        if ex is None:
            continue
        start = c["DTSTART"].dt
        s = start if isinstance(start, dt.datetime) else dt.datetime.combine(start, dt.time())
        values = []
        for rule in (ex if isinstance(ex, list) else [ex]):
            for x in du.rrulestr(rule.to_ical().decode(), dtstart=s):
                if x.year > s.year + 12:
                    break
                values.append(x if isinstance(start, dt.datetime) else x.date())
        del c["EXRULE"]
        if values:
            c.add("EXDATE", values)


def repair_exdates_stash(cal):
    """EXDATEs taken out of the peer's hands; repair_exdates_apply removes their instances."""
    stash = []
    for c in _masters(cal):
        ex = c.get("EXDATE")
        if ex is None:
            continue
        for prop in (ex if isinstance(ex, list) else [ex]):
            for x in prop.dts:
                stash.append((str(c.get("UID")), peer_value(x.dt)))
        del c["EXDATE"]
    cal.almanac_exdates = stash


def repair_exdates_apply(cals, ans):
    gone = set()
    for cal in cals:
        for uid, v in getattr(cal, "almanac_exdates", []):
            gone.add((uid, key(v)))
    out = []
    for o in ans:
        rid = parse_shown(o["recurrence_id"])
        if rid is not None and (o["uid"], key(rid)) in gone:
            continue
        out.append(o)
    return out


SPLIT_MARK = "\u2063dup"


def repair_split_same_uid(cal):
    seen = Counter()
    for c in _masters(cal):
        uid = str(c.get("UID"))
        seen[uid] += 1
        if seen[uid] > 1:
            c["UID"] = uid + SPLIT_MARK + str(seen[uid])


def repair_duplicate_overrides(cal):
    """Of the overrides naming one instance, keep the highest SEQUENCE, then the last in the file."""
    groups = {}
    for c in list(cal.walk("VEVENT")):
        if c.get("RECURRENCE-ID") is None:
            continue
        rid = c["RECURRENCE-ID"].dt
        key = (str(c.get("UID")), rid.astimezone(dt.timezone.utc) if isinstance(rid, dt.datetime) and rid.tzinfo else rid)
        groups.setdefault(key, []).append(c)
    for group in groups.values():
        if len(group) < 2:
            continue
        best = max(int(c.get("SEQUENCE", 0)) for c in group)
        winner = [c for c in group if int(c.get("SEQUENCE", 0)) == best][-1]
        for c in group:
            if c is not winner:
                cal.subcomponents.remove(c)


def strip_split_marks(ans):
    for o in ans:
        if SPLIT_MARK in o["uid"]:
            o["uid"] = o["uid"].split(SPLIT_MARK)[0]
    return ans


def _first_rule_instance(c, rule):
    from dateutil import rrule as du
    start = c["DTSTART"].dt
    s = start if isinstance(start, dt.datetime) else dt.datetime.combine(start, dt.time())
    text = rule.to_ical().decode()
    text = re.sub(r";?COUNT=\d+", "", text)
    text = re.sub(r";?UNTIL=[^;]*", "", text).lstrip(";")
    for x in du.rrulestr(text, dtstart=s):
        return x, s
    return None, s


def repair_count_dtstart(cal):
    for c in _masters(cal):
        for rule in _rules(c):
            if "COUNT" not in rule or "DTSTART" not in c:
                continue
            first, s = _first_rule_instance(c, rule)
            if first != s:
                n = rule["COUNT"][0] if isinstance(rule["COUNT"], list) else rule["COUNT"]
                if n > 1:
                    rule["COUNT"] = [n - 1]
                else:  # DTSTART alone: a rule that gives just DTSTART
                    for part in list(rule):
                        del rule[part]
                    rule["FREQ"], rule["COUNT"] = ["DAILY"], [1]


def repair_dtstart_after_until(cal):
    for c in _masters(cal):
        rules = _rules(c)
        if not rules or "DTSTART" not in c or any("UNTIL" not in r for r in rules):
            continue
        start = c["DTSTART"].dt
        ends = []
        for r in rules:
            u = r["UNTIL"][0]
            if isinstance(start, dt.datetime) and isinstance(u, dt.datetime):
                ends.append(u if (u.tzinfo is None) == (start.tzinfo is None) else u.replace(tzinfo=None) if start.tzinfo is None else u)
            elif not isinstance(u, dt.datetime):  # a DATE UNTIL (on a timed series: the whole day)
                ends.append(u)
        day = start.date() if isinstance(start, dt.datetime) else start
        if ends and len(ends) == len(rules) and all(
                (day > u) if not isinstance(u, dt.datetime) else (start > u) for u in ends):
            c.add("RDATE", start)


def repair_date_until(cal):
    for c in _masters(cal):
        start = c.get("DTSTART")
        if start is None or not isinstance(start.dt, dt.datetime):
            continue
        for rule in _rules(c):
            u = rule.get("UNTIL")
            if not u or isinstance(u[0], dt.datetime):
                continue
            day_end = dt.datetime.combine(u[0], dt.time(23, 59, 59))
            if start.dt.tzinfo is not None:
                day_end = day_end.replace(tzinfo=start.dt.tzinfo).astimezone(UTC)
            rule["UNTIL"] = [day_end]


def _length_of(c):
    """(exact seconds, nominal days) of a master's instances, or None for no end."""
    start = c["DTSTART"].dt if "DTSTART" in c else None
    endp = c.get("DTEND") if c.name == "VEVENT" else c.get("DUE")
    if start is None or not isinstance(start, dt.datetime):
        return None
    if endp is not None:
        e = endp.dt
        if isinstance(e, dt.datetime) and (e.tzinfo is None) == (start.tzinfo is None):
            return (int(e.timestamp() - start.timestamp()) if start.tzinfo else int((e - start).total_seconds()), 0)
        return None
    if "DURATION" in c:
        d = c["DURATION"].dt
        return (d.seconds, d.days)
    return (0, 0)


def repair_exact_durations(cals, ans):
    lengths, overridden, futures, periods = {}, set(), {}, set()
    for cal in cals:
        for c in cal.walk():
            if c.name not in ("VEVENT", "VTODO"):
                continue
            uid = str(c.get("UID"))
            if "RECURRENCE-ID" in c:
                overridden.add((uid, key(peer_value(c["RECURRENCE-ID"].dt))))
                if c["RECURRENCE-ID"].params.get("RANGE") == "THISANDFUTURE":
                    futures.setdefault(uid, []).append(peer_value(c["RECURRENCE-ID"].dt))
                continue
            if uid in lengths or "DTSTART" not in c:
                lengths[uid] = None  # several masters, or a to-do with DUE only: not this repair's business
                continue
            lengths[uid] = (_length_of(c), c["DTSTART"].dt)
            rd = c.get("RDATE")
            for prop in ([] if rd is None else rd if isinstance(rd, list) else [rd]):
                for p in prop.dts:
                    if isinstance(p.dt, tuple):
                        periods.add((uid, key(peer_value(p.dt[0]))))
    out = []
    for o in ans:
        o = dict(o)
        info = lengths.get(o["uid"])
        rid = parse_shown(o["recurrence_id"])
        start = parse_shown(o["start"])
        if (info and info[0] is not None and rid is not None and start[0] == "inst" and isinstance(info[1], dt.datetime)
                and info[1].tzinfo is not None and (o["uid"], key(rid)) not in overridden
                and (o["uid"], key(start)) not in periods
                and not any(order_key(f) < order_key(rid) for f in futures.get(o["uid"], []) if f[0] == rid[0])):
            secs, days = info[0]
            tz = info[1].tzinfo
            local = dt.datetime.fromtimestamp(start[1], tz)
            if days:
                wall = local.replace(tzinfo=None) + dt.timedelta(days=days)
                end_t = int(wall.replace(tzinfo=tz, fold=0).timestamp()) + secs
            else:
                end_t = start[1] + secs
            end = parse_shown(o["end"])
            o["end"] = show(("inst", end_t, end[2] if end[0] == "inst" else None))
        out.append(o)
    return out


def repair_long_periods(cals, ans):
    """The RDATE PERIOD instances the peer left out (not overridden, not excluded by an EXDATE at their
    start); the window rule applied after the answer repairs keeps those that overlap the window."""
    have = {(o["uid"], o["recurrence_id"]) for o in ans}
    out = list(ans)
    for cal in cals:
        overridden = {(str(c["UID"]), key(peer_value(c["RECURRENCE-ID"].dt)))
                      for c in cal.walk() if c.name in ("VEVENT", "VTODO") and "RECURRENCE-ID" in c}
        for c in _masters(cal):
            uid = str(c.get("UID"))
            excluded = set()
            for prop in _listed(c.get("EXDATE")):
                excluded.update(key(peer_value(d.dt)) for d in prop.dts)
            for prop in _listed(c.get("RDATE")):
                for p in prop.dts:
                    if not isinstance(p.dt, tuple):
                        continue
                    first, length = p.dt
                    start = peer_value(first)
                    end = peer_value(first + length if isinstance(length, dt.timedelta) else length)
                    if (uid, key(start)) in overridden or key(start) in excluded or (uid, show(start)) in have:
                        continue
                    out.append(occurrence(uid, start, start, end, str(c["STATUS"]) if "STATUS" in c else None,
                                          str(c["SUMMARY"]) if "SUMMARY" in c else None))
    return out


def _listed(prop):
    return [] if prop is None else prop if isinstance(prop, list) else [prop]


def repair_vtimezone_gaps(cals, ans):
    zones = {}
    for cal in cals:
        for c in cal.walk():
            if c.name in ("VEVENT", "VTODO") and "DTSTART" in c:
                tz = getattr(c["DTSTART"].dt, "tzinfo", None)
                if tz is not None and not isinstance(tz, (ZoneInfo, dt.timezone)):
                    zones[str(c.get("UID"))] = tz

    def off(t, tz):
        return int(dt.datetime.fromtimestamp(t, tz).utcoffset().total_seconds())

    def fix(text, tz):
        v = parse_shown(text)
        if v is None or v[0] != "inst" or v[2] is None:
            return text
        wall = epoch_of(utc_naive(v[1] + v[2].offset(v[1])))
        # only a wall time that does not exist in the series' zone (an RDATE in another zone does)
        if any(off(wall - o, tz) == o for o in {off(wall - 43200, tz), off(wall + 43200, tz)}):
            return text
        t = wall - off(wall - 43200, tz)  # the offset before the gap
        return show(("inst", t, FixedZone(int(dt.datetime.fromtimestamp(t, tz).utcoffset().total_seconds()))))
    out = []
    for o in ans:
        tz = zones.get(o["uid"])
        if tz is not None:
            o = dict(o, start=fix(o["start"], tz), end=fix(o["end"], tz), recurrence_id=fix(o["recurrence_id"], tz))
        out.append(o)
    return out


def repair_thisandfuture_ids(cals, ans):
    shifts = {}
    for cal in cals:
        for c in cal.walk():
            if c.name in ("VEVENT", "VTODO") and "RECURRENCE-ID" in c and \
                    c["RECURRENCE-ID"].params.get("RANGE") == "THISANDFUTURE":
                rid, st = peer_value(c["RECURRENCE-ID"].dt), peer_value(c["DTSTART"].dt)
                shifts[(str(c["UID"]), key(rid))] = (rid, st)
    out = []
    for o in ans:
        o = dict(o)
        rid = parse_shown(o["recurrence_id"])
        hit = shifts.get((o["uid"], key(rid)))
        if hit is not None:
            start = parse_shown(o["start"])
            if key(start) != key(hit[1]):
                o["recurrence_id"] = show(add(start, -diff(hit[1], hit[0])) if start[0] != "inst" else
                                          ("inst", start[1] - diff(hit[1], hit[0]), rid[2] if rid[0] == "inst" else None))
        out.append(o)
    return out


def multiset(answer):
    return Counter((o["uid"], key(parse_shown(o["recurrence_id"])), key(parse_shown(o["start"])),
                    key(parse_shown(o["end"])), o["all_day"], o.get("status"), o.get("summary")) for o in answer)


# --------------------------------------------------------------------------------------------
# Almanac

def almanac_answer(almanac, path, frm, to, viewer, options):
    cmd = [almanac, "events", str(path), "--from", frm, "--to", to, "--viewer", viewer, "--json"] + list(options)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("almanac exit %d: %s" % (p.returncode, p.stderr.strip()[:300]))
    return [json.loads(x) for x in p.stdout.splitlines() if x.strip()]


# --------------------------------------------------------------------------------------------
# Running cases

def run_case(args_tuple):
    seed, i, almanac, peer_only, keep = args_tuple
    case = gen_case(seed, i)
    text = write_ics(case)
    data = text.encode()
    lo, hi, viewer = window_bounds(case)
    model = model_answer(case)
    result = {"name": case.name, "occurrences": len(model)}
    raised = None
    try:
        peer = peer_answer(data, lo, hi, case.viewer, case.options)
    except Exception as e:  # noqa: BLE001
        peer = "peer raised %s: %s" % (type(e).__name__, e)
        raised = e
    ours = None
    if not peer_only:
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / (case.name + ".ics")
            path.write_bytes(data)
            try:
                ours = almanac_answer(almanac, path, case.frm, case.to, case.viewer, case.options)
            except Exception as e:  # noqa: BLE001
                ours = "almanac failed: %s" % e
    if isinstance(peer, str):
        kinds = explain_raise(raised, model)
    else:
        kinds = explain_peer(data, lo, hi, case.viewer, case.options, model, first=peer)
    if peer_only:
        if not isinstance(peer, str) and multiset(peer) == multiset(model):
            result["verdict"] = "agree"
        elif kinds:
            result["verdict"] = "classified"
            result["kinds"] = sorted(kinds)
        else:
            result["verdict"] = "unclassified"
    else:
        both = not isinstance(ours, str) and not isinstance(peer, str)
        if both and multiset(ours) == multiset(peer):
            result["verdict"] = "agree"
            if multiset(ours) != multiset(model):
                result["note"] = "almanac and the peer agree, the model does not"
        else:
            ours_ok = not isinstance(ours, str) and multiset(ours) == multiset(model)
            ours_kinds = [] if ours_ok else [k for k, _, _, pred in ALMANAC_KINDS
                                             if not isinstance(ours, str) and pred(case, ours, model)]
            if kinds is not None and (ours_ok or ours_kinds):
                result["verdict"] = "classified"
                result["kinds"] = sorted(set(kinds) | set(ours_kinds))
                if not result["kinds"]:
                    result["verdict"] = "agree"
            else:
                result["verdict"] = "unclassified"
    if result["verdict"] == "unclassified" or result.get("note"):
        result["ics"] = text
        result["case"] = {"from": case.frm, "to": case.to, "viewer": case.viewer, "options": case.options}
        result["model"] = model
        result["peer"] = peer
        if ours is not None:
            result["almanac"] = ours
    return result


def write_kept(keep, r):
    d = Path(keep)
    d.mkdir(parents=True, exist_ok=True)
    (d / (r["name"] + ".ics")).write_bytes(r["ics"].encode())
    meta = {"quirk": "generated case %s (%s)" % (r["name"], r.get("note", "unclassified")),
            "producer": "ics-differential", "source": "model answer of Tools/ics-differential/differential.py",
            **r["case"], "expect": r["model"], "peer": r["peer"]}
    if "almanac" in r:
        meta["almanac"] = r["almanac"]
    (d / (r["name"] + ".json")).write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n")


def run_generated(args):
    t0 = time.time()
    tasks = [(args.seed, i, args.almanac, args.peer_only, args.keep) for i in range(args.cases)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(run_case, tasks, chunksize=max(1, len(tasks) // (args.jobs * 8)))
    else:
        results = [run_case(t) for t in tasks]
    agree = sum(r["verdict"] == "agree" for r in results)
    classes = Counter()
    for r in results:
        if r["verdict"] == "classified":
            classes.update(r["kinds"])
    classified = sum(r["verdict"] == "classified" for r in results)
    unclassified = [r for r in results if r["verdict"] == "unclassified"]
    notes = [r for r in results if r.get("note")]
    if args.keep:
        for r in unclassified + notes:
            write_kept(args.keep, r)
    for r in unclassified[:args.show_unclassified]:
        print("UNCLASSIFIED %s" % r["name"] + (" (kept in %s)" % args.keep if args.keep else ""))
    if notes:
        print("%d cases where almanac and the peer agree but the model does not (kept with --keep)" % len(notes))
    what = "peer vs model" if args.peer_only else "almanac vs peer"
    occ = sum(r["occurrences"] for r in results)
    empty = sum(r["occurrences"] == 0 for r in results)
    print("%d occurrences expected in all (%d cases with none in their window)" % (occ, empty))
    print("ics differential (%s; %s; seed %d): %d cases, %d agree, %d classified %s, %d unclassified (%.0f s)" % (
        what, peer_version(), args.seed, len(results), agree, classified,
        json.dumps(dict(sorted(classes.items(), key=lambda x: -x[1]))), len(unclassified), time.time() - t0))
    return 1 if unclassified else 0


def run_fixtures(args):
    """Every Corpus/ics fixture: the peer against its expectation (classified with PEER_KINDS), and
    Almanac's answer against it exactly, lines and order (with --almanac)."""
    # The alarm fixtures ("command": "alarms") are compared in the alarms mode.
    names = sorted(p.stem for p in FIXTURES.glob("*.ics")
                   if json.loads((FIXTURES / (p.stem + ".json")).read_text()).get("command", "events") == "events")
    peer = Counter()
    ours = Counter()
    for name in names:
        data = (FIXTURES / (name + ".ics")).read_bytes()
        fx = json.loads((FIXTURES / (name + ".json")).read_text())
        viewer = zone_named(fx["viewer"])
        lo, hi = parse_bound(fx["from"], viewer), parse_bound(fx["to"], viewer)
        expect = fx["expect"]
        line = "%-45s" % name
        if fx.get("exit", 0) != 0:
            # An input Almanac refuses (strict mode, nothing to read): no answer to compare with
            # the peer's; Almanac must exit with that status and name the fault.
            line += " refused (exit %d): not compared with the peer" % fx["exit"]
            peer["refused"] += 1
            if args.almanac:
                cmd = [args.almanac, "events", str(FIXTURES / (name + ".ics")), "--from", fx["from"], "--to", fx["to"],
                       "--viewer", fx["viewer"], "--json"] + list(fx["options"])
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
                errors = fx.get("error", [])
                if p.returncode == fx["exit"] and all(e in p.stderr for e in ([errors] if isinstance(errors, str) else errors)):
                    line += "; almanac exact"
                    ours["exact"] += 1
                else:
                    line += "; almanac WRONG (exit %d: %s)" % (p.returncode, p.stderr.strip()[:200])
                    ours["wrong"] += 1
            print(line)
            continue
        try:
            got = peer_answer(data, lo, hi, fx["viewer"], fx["options"])
        except Exception as e:  # noqa: BLE001
            got = None
            line += " peer raised %s: %s" % (type(e).__name__, e)
            kinds = explain_raise(e, expect)
            if kinds is None:
                peer["unclassified"] += 1
            else:
                line += " (classified: %s)" % ", ".join(kinds)
                peer["classified"] += 1
        if got is not None and multiset(got) == multiset(expect):
            line += " peer agrees"
            peer["agrees"] += 1
        elif got is not None:
            kinds = explain_peer(data, lo, hi, fx["viewer"], fx["options"], expect, first=got)
            if kinds is None:
                line += " peer DISAGREES, unclassified"
                peer["unclassified"] += 1
                if args.verbose:
                    line += "\n    peer: " + "\n          ".join(json.dumps(o, ensure_ascii=False) for o in sort_answer(got, viewer))
            else:
                line += " peer disagrees: " + ", ".join(kinds)
                peer["classified"] += 1
        if args.almanac:
            try:
                mine = almanac_answer(args.almanac, FIXTURES / (name + ".ics"), fx["from"], fx["to"], fx["viewer"], fx["options"])
                if mine == expect:
                    line += "; almanac exact"
                    ours["exact"] += 1
                elif multiset(mine) == multiset(expect):
                    line += "; almanac: the same occurrences, printed or ordered otherwise"
                    ours["form"] += 1
                else:
                    line += "; almanac WRONG"
                    ours["wrong"] += 1
                if mine != expect and args.verbose:
                    line += "\n    almanac: " + "\n             ".join(json.dumps(o, ensure_ascii=False) for o in mine)
            except Exception as e:  # noqa: BLE001
                line += "; almanac failed: %s" % e
                ours["failed"] += 1
        print(line)
    print("%d fixtures: the peer agrees with %d, disagrees with %d (classified), %d unclassified, %d refused by Almanac (not compared)%s" % (
        len(names), peer["agrees"], peer["classified"], peer["unclassified"], peer["refused"],
        "" if not args.almanac else "; almanac exact %d, other form or order %d, wrong %d, failed %d" % (
            ours["exact"], ours["form"], ours["wrong"], ours["failed"])))
    return 1 if peer["unclassified"] or (args.almanac and ours["exact"] != len(names)) else 0


def show_case(args):
    case = gen_case(args.seed, args.show)
    text = write_ics(case)
    lo, hi, viewer = window_bounds(case)
    print(text)
    print("window", case.frm, case.to, "viewer", case.viewer, "options", case.options)
    print("model:")
    for o in model_answer(case):
        print("  " + json.dumps(o, ensure_ascii=False))
    print("peer:")
    try:
        for o in sort_answer(peer_answer(text.encode(), lo, hi, case.viewer, case.options), viewer):
            print("  " + json.dumps(o, ensure_ascii=False))
    except Exception as e:  # noqa: BLE001
        print("  raised", type(e).__name__, e)
    print("peer kinds:", explain_peer(text.encode(), lo, hi, case.viewer, case.options, model_answer(case)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=200, help="generated calendars (200: the CI short run)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="processes at once")
    ap.add_argument("--almanac", help="the built almanac executable (PATH events FILE --from F --to T --json)")
    ap.add_argument("--peer-only", action="store_true", help="no almanac: compare the peer with the model")
    ap.add_argument("--keep", metavar="DIR", help="write unclassified cases as DIR/NAME.ics + NAME.json")
    ap.add_argument("--fixtures", action="store_true", help="check Corpus/ics/*.ics (the peer, and almanac if given)")
    ap.add_argument("--show", type=int, metavar="I", help="print generated case I of --seed and exit")
    ap.add_argument("--show-unclassified", type=int, default=5, help="name this many unclassified cases")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if args.show is not None:
        return show_case(args)
    if args.fixtures:
        sys.exit(run_fixtures(args))
    if not args.peer_only and not args.almanac:
        default = ROOT / ".build" / "debug" / "almanac"
        if not default.exists():
            sys.exit("no almanac: pass --almanac PATH (after `swift build`), or --peer-only")
        args.almanac = str(default)
    sys.exit(run_generated(args))


if __name__ == "__main__":
    main()
