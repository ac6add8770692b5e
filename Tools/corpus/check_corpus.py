#!/usr/bin/env python3
"""Validate Almanac's recurrence corpus (Corpus/*.jsonl) and cross-check its expected values.

Usage:
    python3 Tools/corpus/check_corpus.py [--verbose] [FILE.jsonl ...]

With no files, every Corpus/*.jsonl is checked. Exit status 0 when every file is valid,
1 when any problem is found, 2 for a usage error.

What is checked:

1. Shape: one JSON object per line (no blank lines, no comments), only known keys, the
   required keys (id, dtstart, expect, note, source), ids unique across all files, value
   forms (DATE / floating / UTC / local-in-TZID) consistent with DTSTART, RRULE syntax.
2. Expected values: the printed form matches DTSTART's kind, occurrences are in strictly
   increasing order, and every UTC offset printed for a TZID case is the zone's offset at
   that instant, according to python's zoneinfo (system tzdata) AND to ICU's tz data
   (the engine's source: ICU 72 carries tz 2022e) when the ICU library can be loaded.
   The two sources must also agree over each case's time span (at each day's start, and hour
   by hour on days where either changes offset), so the answer does not depend on the tzdata
   version.
3. Independent recomputation where an outside reading is the same as the engine's:
   - DAILY and coarser rules: python-dateutil expands the rule in civil (wall-clock) time;
     this checker then applies the engine's documented semantics that dateutil lacks:
     DTSTART is the first occurrence and counts toward COUNT even when it does not match,
     local times are resolved by RFC 5545 3.3.5 (a time in a gap moves forward by the gap's
     length, an ambiguous time takes the earlier instant; zoneinfo and ICU must agree),
     UNTIL is compared as an instant, instants are de-duplicated, RDATE/EXDATE, the window
     and the limit are applied.
   - HOURLY / MINUTELY / SECONDLY: dateutil steps in wall time, so these are recomputed by
     a small elapsed-time oracle in this file (step DTSTART's instant by INTERVAL units,
     filter on the local wall-clock fields), and additionally by dateutil when the zone's
     offset is constant over the case (wall time == elapsed time there).
   Cases outside what these oracles cover are listed as skipped, with the reason.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import re
import signal
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rscale_oracle  # noqa: E402  (RFC 7529 on ICU's calendars; Tools/corpus/rscale_oracle.py)

try:
    from dateutil.rrule import rrulestr
except ImportError:  # pragma: no cover - reported in the summary
    rrulestr = None

CORPUS_DIR = Path(__file__).resolve().parents[2] / "Corpus"

ALLOWED_KEYS = {"id", "dtstart", "tzid", "rrule", "exrule", "rdate", "exdate", "after", "before",
                "limit", "strict", "include_dtstart", "expect", "note", "source", "peer"}
REQUIRED_KEYS = ("id", "dtstart", "expect", "note", "source")
ERROR_KINDS = {"invalid_rule", "invalid_value", "out_of_range", "unknown_zone", "invalid_request"}
DEFAULT_LIMIT = 1000
UTC = timezone.utc
EPOCH = datetime(1970, 1, 1)

# DTSTART (and value) kinds
DATE, FLOATING, UTC_TIME, ZONED = "DATE", "floating", "UTC", "zoned"
VALUE_FORMS = {
    DATE: re.compile(r"^(\d{4})(\d{2})(\d{2})$"),
    FLOATING: re.compile(r"^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$"),
    UTC_TIME: re.compile(r"^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$"),
}
OUTPUT_FORMS = {
    DATE: re.compile(r"^(\d{4})-(\d{2})-(\d{2})$"),
    FLOATING: re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$"),
    UTC_TIME: re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$"),
    ZONED: re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+-])(\d{2}):(\d{2})(?::(\d{2}))?$"),
}

FREQS = ("SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY")
SUB_DAILY = {"SECONDLY": 1, "MINUTELY": 60, "HOURLY": 3600}
RULE_PARTS = {"FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
              "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP"}
WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")  # index = datetime.weekday()
BYDAY_ITEM = re.compile(r"^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$")
INT_ITEM = re.compile(r"^[+-]?\d{1,3}$")
MONTH_ITEM = re.compile(r"^\d{1,2}L?$")  # RFC 7529: a leap month is written 5L
SKIPS = ("OMIT", "BACKWARD", "FORWARD")


class CaseError(Exception):
    """A problem in a case that stops its checking."""


class Skip(Exception):
    """The oracle cannot decide this case; the message says why."""


# --------------------------------------------------------------------------------------------
# ICU (the engine's zone source), through ctypes. Optional: absent ICU skips these checks.

class ICU:
    def __init__(self):
        self.lib = None
        self.version = None
        self.tz_version = None
        self.error = None
        self._cals = {}
        self.agreed_days = {}  # zone id -> day-aligned instants (UTC) from which zoneinfo and ICU agree for a day
        path = ctypes.util.find_library("icui18n")
        candidates = [path] if path else []
        candidates += [f"libicui18n.so.{v}" for v in range(90, 49, -1)]
        for name in candidates:
            try:
                lib = ctypes.CDLL(name)
            except OSError:
                continue
            for v in range(90, 49, -1):
                if hasattr(lib, f"ucal_open_{v}"):
                    self.lib, self.version = lib, v
                    break
            if self.lib:
                break
        if not self.lib:
            self.error = "libicui18n not found"
            return
        fn = self._fn
        P, I32, ERR = ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)
        self._open = fn("ucal_open", P, [P, I32, ctypes.c_char_p, ctypes.c_int, ERR])
        self._set_millis = fn("ucal_setMillis", None, [P, ctypes.c_double, ERR])
        self._get_millis = fn("ucal_getMillis", ctypes.c_double, [P, ERR])
        self._get = fn("ucal_get", I32, [P, ctypes.c_int, ERR])
        self._set = fn("ucal_set", None, [P, ctypes.c_int, I32])
        self._set_attr = fn("ucal_setAttribute", None, [P, ctypes.c_int, I32])
        self._set_date_time = fn("ucal_setDateTime", None, [P, I32, I32, I32, I32, I32, I32, ERR])
        self._canonical = fn("ucal_getCanonicalTimeZoneID", I32,
                             [P, I32, P, I32, ctypes.POINTER(ctypes.c_int8), ERR])
        self._from_windows = fn("ucal_getTimeZoneIDForWindowsID", I32, [P, I32, ctypes.c_char_p, P, I32, ERR])
        tzv = fn("ucal_getTZDataVersion", ctypes.c_char_p, [ERR])
        status = ctypes.c_int(0)
        self.tz_version = tzv(ctypes.byref(status)).decode()

    def _fn(self, name, restype, argtypes):
        f = getattr(self.lib, f"{name}_{self.version}")
        f.restype, f.argtypes = restype, argtypes
        return f

    @staticmethod
    def _u16(s):
        raw = s.encode("utf-16-le")
        return ctypes.create_string_buffer(raw, len(raw) + 2), len(s)

    def iana_for_windows(self, windows_id):
        """The IANA id ICU maps a Windows zone id to (region 001), or None."""
        buf, n = self._u16(windows_id)
        out = ctypes.create_string_buffer(256)
        status = ctypes.c_int(0)
        length = self._from_windows(buf, n, None, out, 128, ctypes.byref(status))
        if status.value > 0 or length <= 0:
            return None
        return out.raw[: 2 * length].decode("utf-16-le")

    def knows(self, zone_id):
        buf, n = self._u16(zone_id)
        out = ctypes.create_string_buffer(256)
        is_system = ctypes.c_int8(0)
        status = ctypes.c_int(0)
        self._canonical(buf, n, out, 128, ctypes.byref(is_system), ctypes.byref(status))
        return status.value <= 0 and is_system.value != 0

    def _cal(self, zone_id):
        cal = self._cals.get(zone_id)
        if cal is None:
            buf, n = self._u16(zone_id)
            status = ctypes.c_int(0)
            cal = self._open(buf, n, b"en_US", 1, ctypes.byref(status))  # 1 = UCAL_GREGORIAN
            if status.value > 0 or not cal:
                raise CaseError(f"ICU cannot open zone {zone_id!r} (status {status.value})")
            self._set_attr(cal, 3, 1)  # UCAL_REPEATED_WALL_TIME = UCAL_WALLTIME_FIRST (earlier instant)
            self._set_attr(cal, 4, 0)  # UCAL_SKIPPED_WALL_TIME = UCAL_WALLTIME_LAST (offset before the gap)
            self._cals[zone_id] = cal
        return cal

    def offset(self, zone_id, t):
        cal = self._cal(zone_id)
        status = ctypes.c_int(0)
        self._set_millis(cal, t * 1000.0, ctypes.byref(status))
        total = self._get(cal, 15, ctypes.byref(status)) + self._get(cal, 16, ctypes.byref(status))  # ZONE + DST
        return total // 1000

    def resolve(self, zone_id, civil):
        """Local civil time -> epoch seconds with RFC 5545 3.3.5 disambiguation."""
        cal = self._cal(zone_id)
        status = ctypes.c_int(0)
        self._set_date_time(cal, civil.year, civil.month - 1, civil.day, civil.hour, civil.minute,
                            civil.second, ctypes.byref(status))
        self._set(cal, 14, 0)  # UCAL_MILLISECOND
        return int(self._get_millis(cal, ctypes.byref(status)) // 1000)


# --------------------------------------------------------------------------------------------
# Values

def epoch(naive):
    """Seconds of a naive datetime read as UTC (also the ordering key of floating/DATE values)."""
    return (naive - EPOCH) // timedelta(seconds=1)


def civil_of(key):
    return EPOCH + timedelta(seconds=key)


def parse_value(text, what):
    """'19970902', '19970902T090000', '19970902T090000Z' -> (kind, naive datetime)."""
    if not isinstance(text, str):
        raise CaseError(f"{what}: {text!r} is not a string")
    for kind, rx in VALUE_FORMS.items():
        m = rx.match(text)
        if m:
            try:
                return kind, datetime(*map(int, m.groups()))
            except ValueError as e:
                raise CaseError(f"{what}: {text!r} is not a valid date/time ({e})")
    raise CaseError(f"{what}: {text!r} is not YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ")


def format_offset(seconds):
    sign = "-" if seconds < 0 else "+"
    h, rest = divmod(abs(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


@dataclass
class Frame:
    """How one case turns civil times into ordering keys and printed values."""
    kind: str                      # DTSTART kind
    tzid: str | None
    zone: ZoneInfo | None
    icu: ICU | None
    problems: list = field(default_factory=list)
    hit_gap_or_overlap: bool = False

    def resolve(self, civil):
        """Civil time of this case -> key (epoch seconds; floating/DATE read as UTC)."""
        if self.kind != ZONED:
            return epoch(civil)
        t = int(civil.replace(tzinfo=self.zone, fold=0).timestamp())  # PEP 495 fold=0 == RFC 5545 3.3.5
        back = datetime.fromtimestamp(t, self.zone).replace(tzinfo=None)
        later = int(civil.replace(tzinfo=self.zone, fold=1).timestamp())
        if back != civil or later != t:
            self.hit_gap_or_overlap = True
        if self.icu and self.icu.lib:
            ti = self.icu.resolve(self.tzid, civil)
            if ti != t:
                raise CaseError(f"zoneinfo and ICU {self.icu.tz_version} resolve {civil} in {self.tzid} differently "
                                f"({datetime.fromtimestamp(t, UTC)} vs {datetime.fromtimestamp(ti, UTC)})")
        return t

    def value_key(self, text, what):
        """An RDATE/EXDATE/window/UNTIL value -> key, checking its form against DTSTART's kind."""
        kind, civil = parse_value(text, what)
        allowed = {DATE: {DATE}, FLOATING: {FLOATING}, UTC_TIME: {UTC_TIME}, ZONED: {FLOATING, UTC_TIME}}[self.kind]
        if kind not in allowed:
            raise CaseError(f"{what}: {text!r} is a {kind} value; with a {self.kind} DTSTART use "
                            + " or ".join(sorted(allowed)))
        return epoch(civil) if kind == UTC_TIME else self.resolve(civil)

    def local(self, key):
        if self.kind == ZONED:
            return datetime.fromtimestamp(key, self.zone).replace(tzinfo=None)
        return civil_of(key)

    def offset(self, key):
        return int(datetime.fromtimestamp(key, self.zone).utcoffset().total_seconds())

    def render(self, key):
        c = self.local(key)
        if self.kind == DATE:
            return f"{c.year:04d}-{c.month:02d}-{c.day:02d}"
        s = f"{c.year:04d}-{c.month:02d}-{c.day:02d}T{c.hour:02d}:{c.minute:02d}:{c.second:02d}"
        if self.kind == UTC_TIME:
            return s + "Z"
        if self.kind == ZONED:
            return s + format_offset(self.offset(key))
        return s

    def output_key(self, text, what):
        """An expected occurrence string -> key; checks its form and, for zones, its offset."""
        m = OUTPUT_FORMS[self.kind].match(text) if isinstance(text, str) else None
        if not m:
            example = {DATE: "1997-09-02", FLOATING: "1997-09-02T09:00:00", UTC_TIME: "1997-09-02T13:00:00Z",
                       ZONED: "1997-09-02T09:00:00-04:00"}[self.kind]
            raise CaseError(f"{what}: {text!r} is not in the {self.kind} output form (like {example})")
        g = m.groups()
        try:
            civil = datetime(*map(int, g[:6])) if self.kind != DATE else datetime(*map(int, g[:3]))
        except ValueError as e:
            raise CaseError(f"{what}: {text!r} is not a valid date/time ({e})")
        if self.kind != ZONED:
            return epoch(civil)
        if g[9] == "00":
            raise CaseError(f"{what}: {text!r}: write the offset's seconds only when they are not zero")
        off = (int(g[7]) * 3600 + int(g[8]) * 60 + int(g[9] or 0)) * (-1 if g[6] == "-" else 1)
        key = epoch(civil) - off
        zi_off = self.offset(key)
        if zi_off != off:
            self.problems.append(f"{what}: {text} says {format_offset(off)} but zoneinfo gives {self.tzid} "
                                 f"{format_offset(zi_off)} at that instant ({datetime.fromtimestamp(key, UTC):%Y-%m-%dT%H:%M:%SZ})")
        if self.icu and self.icu.lib:
            icu_off = self.icu.offset(self.tzid, key)
            if icu_off != off:
                self.problems.append(f"{what}: {text} says {format_offset(off)} but ICU (tz {self.icu.tz_version}) "
                                     f"gives {format_offset(icu_off)} at that instant")
        return key


# --------------------------------------------------------------------------------------------
# Rules

@dataclass
class Rule:
    parts: dict

    @property
    def freq(self):
        return self.parts["FREQ"]

    def ints(self, name):
        return [int(v) for v in self.parts[name].split(",")] if name in self.parts else None


def parse_rule(text, frame, what):
    if not isinstance(text, str) or not text:
        raise CaseError(f"{what}: expected a non-empty string")
    if text.upper().startswith("RRULE:") or text.upper().startswith("EXRULE:"):
        raise CaseError(f"{what}: give the rule value without the property name")
    parts = {}
    for item in text.split(";"):
        name, eq, value = item.partition("=")
        if not eq or not value:
            raise CaseError(f"{what}: {item!r} is not NAME=VALUE")
        if name.upper().startswith("X-"):
            continue  # an x-name part (RFC 5545 3.3.10): kept by the engine, no meaning
        if name not in RULE_PARTS:
            raise CaseError(f"{what}: unknown rule part {name!r}")
        if name in parts:
            raise CaseError(f"{what}: {name} appears twice")
        parts[name] = value
    if parts.get("FREQ") not in FREQS:
        raise CaseError(f"{what}: FREQ missing or not one of {', '.join(FREQS)}")
    if "COUNT" in parts and "UNTIL" in parts:
        raise CaseError(f"{what}: COUNT and UNTIL together")
    for name in ("COUNT", "INTERVAL"):
        if name in parts and not re.fullmatch(r"[1-9]\d*", parts[name]):
            raise CaseError(f"{what}: {name}={parts[name]} is not a positive integer")
    for name in ("BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS"):
        if name in parts and not all(INT_ITEM.match(v) for v in parts[name].split(",")):
            raise CaseError(f"{what}: {name}={parts[name]} is not a list of integers")
    # RFC 7529: RSCALE (a CLDR calendar name, case-insensitive), SKIP only with it, leap months (5L)
    # and month 13 only with a non-Gregorian RSCALE.
    scale = parts.get("RSCALE", "").upper()
    if "RSCALE" in parts and scale not in rscale_oracle.CALENDARS:
        raise CaseError(f"{what}: RSCALE={parts['RSCALE']} is not a calendar the checker knows "
                        f"({', '.join(rscale_oracle.CALENDARS)}); a case expecting an error for it needs no rule check")
    if "SKIP" in parts and (parts["SKIP"] not in SKIPS or "RSCALE" not in parts):
        raise CaseError(f"{what}: SKIP={parts['SKIP']} must be one of {', '.join(SKIPS)}, beside RSCALE (RFC 7529)")
    if "BYMONTH" in parts:
        months = parts["BYMONTH"].split(",")
        if not all(MONTH_ITEM.match(v) for v in months):
            raise CaseError(f"{what}: BYMONTH={parts['BYMONTH']} is not a list of month numbers (with L for a leap month)")
        if scale in ("", "GREGORIAN") and any(v.endswith("L") or int(v) > 12 for v in months):
            raise CaseError(f"{what}: BYMONTH={parts['BYMONTH']}: a leap month or month 13 needs a non-Gregorian RSCALE")
    if "BYDAY" in parts and not all(BYDAY_ITEM.match(v) for v in parts["BYDAY"].split(",")):
        raise CaseError(f"{what}: BYDAY={parts['BYDAY']} is not a list of [+-n]weekday")
    if "WKST" in parts and parts["WKST"] not in WEEKDAYS:
        raise CaseError(f"{what}: WKST={parts['WKST']} is not a weekday")
    if "UNTIL" in parts:
        kind, _ = parse_value(parts["UNTIL"], f"{what} UNTIL")
        want = {DATE: DATE, FLOATING: FLOATING, UTC_TIME: UTC_TIME, ZONED: UTC_TIME}[frame.kind]
        if kind != want:
            raise CaseError(f"{what}: UNTIL={parts['UNTIL']} is a {kind} value; RFC 5545 3.3.10 wants a {want} "
                            f"value with a {frame.kind} DTSTART")
    return Rule(parts)


# --------------------------------------------------------------------------------------------
# Oracles. Each yields occurrence keys in (roughly) increasing order, DTSTART first.

def dateutil_walk_until(last_year):
    """Makes dateutil's rrule stop walking after `last_year` (None: year 9999).

    dateutil looks at no bound until it yields, so a rule that never matches again walks period by
    period to year 9999; its only stop for empty periods is `datetime.MAXYEAR`, which this lowers
    for the rrule module only. Every time up to the end of `last_year` is still produced.
    """
    import types
    import datetime as datetime_module
    import dateutil.rrule as du
    if not isinstance(du.datetime, types.SimpleNamespace):
        du.datetime = types.SimpleNamespace(**{k: getattr(datetime_module, k) for k in dir(datetime_module)
                                               if not k.startswith("__")})
    du.datetime.MAXYEAR = datetime_module.MAXYEAR if last_year is None else min(last_year, datetime_module.MAXYEAR)


def dateutil_civil(rule, dtstart_civil, last_year=None):
    """python-dateutil's civil expansion, without COUNT/UNTIL (applied by the caller), up to the
    end of `last_year` (a case's `before`) when given.

    dateutil yields only the times that match the rule, starting at DTSTART when it matches.
    """
    if rrulestr is None:
        raise Skip("python-dateutil is not installed")
    dateutil_walk_until(last_year)
    if "RSCALE" in rule.parts or "SKIP" in rule.parts:
        raise Skip("RSCALE/SKIP (RFC 7529) are not supported by dateutil")
    # Where dateutil reads a rule otherwise than RFC 5545 (Corpus/divergences.jsonl), it is no oracle.
    days = rule.parts.get("BYDAY", "").split(",") if "BYDAY" in rule.parts else []
    ordinal = [bool(BYDAY_ITEM.match(d).group(1)) for d in days if BYDAY_ITEM.match(d)]
    if any(ordinal) and not all(ordinal) and rule.freq in ("MONTHLY", "YEARLY"):
        raise Skip("python-dateutil reads a BYDAY list mixing ordinal and plain weekdays as an intersection")
    if "BYWEEKNO" in rule.parts and not ({"BYDAY", "BYMONTHDAY", "BYYEARDAY"} & set(rule.parts)):
        raise Skip("python-dateutil gives all seven days for BYWEEKNO alone (RFC 5545: DTSTART's weekday)")
    if "BYSETPOS" in rule.parts and rule.freq == "WEEKLY":
        raise Skip("python-dateutil cuts the first week's BYSETPOS set at DTSTART")
    if "BYWEEKNO" in rule.parts and {1, 2, 52, 53, -1, -2} & {int(w) for w in rule.parts["BYWEEKNO"].split(",")}:
        raise Skip("python-dateutil misplaces the days of a year's first and last weeks that lie in the "
                   "neighbouring year (divergence-dateutil-byweekno-neighbouring-year-weeks)")
    body = ";".join(f"{k}={v}" for k, v in rule.parts.items() if k not in ("COUNT", "UNTIL"))
    return iter(rrulestr(body, dtstart=dtstart_civil))


def dateutil_stream(rule, frame, dtstart_civil, include_dtstart=True, last_year=None):
    """DTSTART first (it counts toward COUNT even when it does not match), then dateutil's times.

    With include_dtstart false, DTSTART is an instance only when the rule produces it (dateutil's,
    Foundation's and libical's reading), so the stream is dateutil's alone.
    """
    if include_dtstart:
        yield frame.resolve(dtstart_civil)
    try:
        for civil in dateutil_civil(rule, dtstart_civil, last_year):
            if civil != dtstart_civil or not include_dtstart:
                yield frame.resolve(civil)
    except (IndexError, ValueError) as e:  # e.g. BYDAY=20SA with BYMONTH: dateutil raises
        raise Skip(f"python-dateutil raises {type(e).__name__}: {e}")


_RSCALE_DAYS = {}  # the oracle's dates per (rule, DTSTART, bound, include_dtstart): recompute asks again


def rscale_stream(rule, frame, dtstart_civil, include_dtstart=True, last_year=None):
    """RSCALE rules (RFC 7529): Tools/corpus/rscale_oracle.py's dates (ICU's calendars, Almanac's
    reading of SKIP), at DTSTART's time of day, DTSTART first when it always counts.

    COUNT and UNTIL are left to the caller; the oracle's dates are each listed once (a date SKIP
    moves onto another is one date), so COUNT counts it once."""
    text = ";".join(f"{k}={v}" for k, v in rule.parts.items() if k not in ("COUNT", "UNTIL"))
    until = datetime(min(last_year or dtstart_civil.year + 150, 9998), 12, 31).date()
    key = (text, dtstart_civil.date(), until, include_dtstart)
    if key not in _RSCALE_DAYS:
        try:
            _RSCALE_DAYS[key] = rscale_oracle.expand(text, dtstart_civil.date(), until=until, limit=100_000,
                                                     include_dtstart=include_dtstart)
        except rscale_oracle.Unsupported as e:
            raise Skip(f"RFC 7529 oracle: {e}")
    days = _RSCALE_DAYS[key]  # where RFC 7529 is silent (open_question), Almanac's documented reading
    for day in days:
        yield frame.resolve(datetime.combine(day, dtstart_civil.time()))


# Consecutive empty steps after which the elapsed-time oracle gives up on a case (a rule that
# never matches again would otherwise keep it stepping forever).
MAX_EMPTY_STEPS = 1_000_000


def elapsed_stream(rule, frame, t0, include_dtstart=True, stop=None):
    """Sub-daily rules in elapsed time: DTSTART's instant stepped by INTERVAL units, BYxxx on local fields.

    The stream ends after the instant `stop` (a case's `before`) when given."""
    if not include_dtstart:
        raise Skip("elapsed-time oracle: include_dtstart:false is not implemented")
    unit = SUB_DAILY[rule.freq]
    step = unit * int(rule.parts.get("INTERVAL", "1"))
    for name in ("BYSETPOS", "BYWEEKNO", "RSCALE", "SKIP"):
        if name in rule.parts:
            raise Skip(f"elapsed-time oracle does not implement {name}")
    days = rule.parts.get("BYDAY")
    if days and any(BYDAY_ITEM.match(d).group(1) for d in days.split(",")):
        raise Skip("elapsed-time oracle does not implement BYDAY with an ordinal")
    weekdays = {WEEKDAYS.index(BYDAY_ITEM.match(d).group(2)) for d in days.split(",")} if days else None
    months, monthdays, yeardays = rule.ints("BYMONTH"), rule.ints("BYMONTHDAY"), rule.ints("BYYEARDAY")
    hours, minutes, seconds = rule.ints("BYHOUR"), rule.ints("BYMINUTE"), rule.ints("BYSECOND")
    # BYMINUTE/BYSECOND finer than FREQ expand each period; without them the rule is plain
    # elapsed stepping (the local minute may change across a 30-minute shift: it is not re-imposed).
    expand_minutes = rule.freq == "HOURLY" and (minutes is not None or seconds is not None)
    expand_seconds = (rule.freq == "MINUTELY" and seconds is not None) or expand_minutes
    start = frame.local(t0)

    def matches(local):
        if months and local.month not in months:
            return False
        if monthdays:
            last = ((local.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)).day
            if local.day not in monthdays and local.day - last - 1 not in monthdays:
                return False
        if yeardays:
            n = local.timetuple().tm_yday
            length = 366 if (local.year % 4 == 0 and local.year % 100 != 0) or local.year % 400 == 0 else 365
            if n not in yeardays and n - length - 1 not in yeardays:
                return False
        if weekdays is not None and local.weekday() not in weekdays:
            return False
        if hours and local.hour not in hours:
            return False
        if minutes and not expand_minutes and local.minute not in minutes:
            return False
        if seconds and not expand_seconds and local.second not in seconds:
            return False
        return True

    yield t0
    mins = (minutes or [start.minute]) if expand_minutes else [None]
    secs = (seconds or [start.second]) if expand_seconds else [None]
    if mins == [None] and secs == [None]:
        t, empty = t0, 0
        while stop is None or t <= stop:
            t += step
            if matches(frame.local(t)):
                empty = 0
                yield t
            else:
                empty += 1
                if empty > MAX_EMPTY_STEPS:
                    raise Skip(f"elapsed-time oracle: no instance in {MAX_EMPTY_STEPS} steps")
    # Expansion: the period is the elapsed unit containing the instant, aligned on the local fields.
    period = t0 - (start.minute * 60 + start.second if expand_minutes else start.second)
    empty = 0
    while stop is None or period <= stop:
        empty += 1
        if empty > MAX_EMPTY_STEPS:
            raise Skip(f"elapsed-time oracle: no instance in {MAX_EMPTY_STEPS} steps")
        found = []
        for m in mins:
            for s in secs:
                t = period + (m * 60 if m is not None else 0) + s
                local = frame.local(t)
                if (m is not None and local.minute != m) or local.second != s:
                    raise Skip("elapsed-time oracle: expansion periods do not line up with the zone's offset")
                if t > t0 and matches(local):
                    found.append(t)
        if found:
            empty = 0
        yield from sorted(found)
        period += step


# --------------------------------------------------------------------------------------------
# The recurrence set, as the engine defines it, over whichever stream an oracle provides.

SLACK = 3 * 86400  # civil order and instant order differ by less than a (gap) day


def assemble(case, frame, rules, stream_for, horizon):
    """All occurrences with key <= horizon, or fewer when every source ends earlier.

    Returns (sorted keys, exhausted). Raises Skip when COUNT meets collapsed duplicates.
    """
    keys = set()
    exhausted = True
    for rule in rules:
        count = int(rule.parts["COUNT"]) if "COUNT" in rule.parts else None
        until = frame.value_key(rule.parts["UNTIL"], "UNTIL") if "UNTIL" in rule.parts else None
        produced = []  # keys in generation order, for COUNT
        ended = False
        # DTSTART, the first key of the stream when it is always an instance,
        # is not bounded by UNTIL: UNTIL bounds the rule (RFC 5545 sections
        # 3.3.10 and 3.8.5.3: DTSTART "always counts as the first occurrence").
        start_free = case.get("include_dtstart", True)
        for key in stream_for(rule):
            if count is not None and len(produced) == count:
                ended = True
                break
            if until is not None and key > until + SLACK and not (start_free and not produced):
                ended = True
                break
            if key > horizon + SLACK:
                break
            produced.append(key)
        else:
            ended = True
        if count is not None and len(set(produced)) != len(produced):
            raise Skip("COUNT over local times that collapse to one instant: how they count is not settled")
        exhausted = exhausted and ended
        for i, key in enumerate(produced):
            if until is None or key <= until or (start_free and i == 0):
                keys.add(key)
    keys |= {frame.value_key(v, "rdate") for v in case.get("rdate", [])}
    keys -= {frame.value_key(v, "exdate") for v in case.get("exdate", [])}
    if "after" in case:
        lo = frame.value_key(case["after"], "after")
        keys = {k for k in keys if k >= lo}
    if "before" in case:
        hi = frame.value_key(case["before"], "before")
        keys = {k for k in keys if k < hi}
    return sorted(keys), exhausted


def recompute(case, frame, rules, stream_for, t0):
    """The engine's answer according to an oracle: (occurrence strings, truncated)."""
    limit = case.get("limit", DEFAULT_LIMIT)
    before = frame.value_key(case["before"], "before") if "before" in case else None
    finest = min((SUB_DAILY.get(r.freq, 86400) for r in rules), default=86400)
    span = {1: 3600, 60: 86400, 3600: 7 * 86400}.get(finest, 366 * 86400)
    while True:
        horizon = t0 + span
        keys, exhausted = assemble(case, frame, rules, stream_for, horizon)
        trusted = keys if exhausted else [k for k in keys if k <= horizon]
        if exhausted or len(trusted) > limit or (before is not None and horizon >= before):
            break
        if span > 500 * 366 * 86400 or (finest < 86400 and span > 4 * 366 * 86400):
            raise Skip("could not bound the occurrences (500 years; 4 years for sub-daily rules)")
        span *= 4
    return [frame.render(k) for k in trusted[:limit]], len(trusted) > limit


# Seconds an oracle may spend on one case: an oracle that never finds the next instance of a rule
# that never matches again (dateutil has no such check) is stopped and the case counted as skipped.
ORACLE_SECONDS = 20


def recompute_within(seconds, *args):
    """``recompute`` stopped with Skip after ``seconds`` of wall time (where SIGALRM exists)."""
    if not hasattr(signal, "setitimer"):
        return recompute(*args)

    def expire(signum, frame):
        raise Skip(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return recompute(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def constant_offset(frame, lo, hi):
    """True when the zone's offset does not change in [lo, hi] (hourly samples plus the ends)."""
    if frame.kind != ZONED:
        return True
    first = frame.offset(lo)
    t = lo
    while t < hi:
        t = min(t + 3600, hi)
        if frame.offset(t) != first:
            return False
    return True


# --------------------------------------------------------------------------------------------
# Checking one case

@dataclass
class Stats:
    cases: int = 0
    values: int = 0
    zone_values: int = 0
    errors: int = 0
    recomputed: int = 0                            # cases handed to the oracles
    checked: dict = field(default_factory=dict)   # oracle label -> count
    skipped: dict = field(default_factory=dict)   # reason -> [ids]


def check_case(case, icu, stats, verbose, recompute_this=True):
    problems = []
    unknown = set(case) - ALLOWED_KEYS
    if unknown:
        raise CaseError(f"unknown keys {sorted(unknown)}")
    for k in REQUIRED_KEYS:
        if k not in case:
            raise CaseError(f"missing {k!r}")
    for k in ("id", "note", "source"):
        if not isinstance(case[k], str) or not case[k].strip():
            raise CaseError(f"{k!r} must be a non-empty string")
    if not re.fullmatch(r"[a-z0-9][a-z0-9.\-]*", case["id"]):
        raise CaseError("id must be lower-case letters, digits, '.' and '-'")
    for k in ("rrule", "exrule"):
        if k in case and not (isinstance(case[k], str) or (isinstance(case[k], list) and case[k]
                                                            and all(isinstance(r, str) for r in case[k]))):
            raise CaseError(f"{k!r} must be a string or a non-empty array of strings")
    for k in ("rdate", "exdate"):
        if k in case and not (isinstance(case[k], list) and all(isinstance(v, str) for v in case[k])):
            raise CaseError(f"{k!r} must be an array of strings")
    for k in ("strict", "include_dtstart"):
        if k in case and not isinstance(case[k], bool):
            raise CaseError(f"{k!r} must be true or false")
    if "limit" in case and not (isinstance(case["limit"], int) and not isinstance(case["limit"], bool)
                                and case["limit"] > 0):
        raise CaseError("'limit' must be a positive integer")
    if "rrule" not in case and "rdate" not in case:
        raise CaseError("a case needs an rrule or an rdate")
    if "peer" in case:
        peer = case["peer"]
        if not (isinstance(peer, dict) and set(peer) == {"name", "answer"} and isinstance(peer["name"], str)
                and (isinstance(peer["answer"], str) or (isinstance(peer["answer"], list)
                                                        and all(isinstance(v, str) for v in peer["answer"])))):
            raise CaseError("'peer' must be {\"name\": \"<engine version>\", \"answer\": [...] or \"<error>\"} "
                            "(a divergence: another engine's answer beside Almanac's `expect`)")

    expect = case["expect"]
    if isinstance(expect, dict) and "error" in expect:
        if set(expect) != {"error"} or expect["error"] not in ERROR_KINDS:
            raise CaseError(f"error expectation must be {{\"error\": one of {sorted(ERROR_KINDS)}}}")
        stats.errors += 1
        if expect["error"] == "unknown_zone":
            tz = case.get("tzid")
            if not isinstance(tz, str):
                raise CaseError("an unknown_zone case needs a tzid")
            if tz in available_timezones() or (icu.lib and icu.knows(tz)):
                raise CaseError(f"expects unknown_zone but {tz!r} is a known zone")
        skip(stats, "error case: nothing to recompute", case["id"])
        return problems

    # DTSTART and the frame
    kind, dtstart_civil = parse_value(case["dtstart"], "dtstart")
    tzid = case.get("tzid")
    zone = None
    if tzid is not None:
        if kind != FLOATING:
            raise CaseError(f"tzid goes only with a local date-time dtstart, not a {kind} one")
        iana = icu.iana_for_windows(tzid) if icu.lib and "/" not in tzid else None
        try:
            zone = ZoneInfo(iana or tzid)
        except (ZoneInfoNotFoundError, ValueError):
            raise CaseError(f"tzid {tzid!r} is not a zone known to zoneinfo")
        if iana:
            tzid = iana  # a Windows id, read as ICU maps it (the engine does the same)
        if icu.lib and not icu.knows(tzid):
            raise CaseError(f"tzid {tzid!r} is not a zone known to ICU {icu.tz_version}")
        kind = ZONED
    frame = Frame(kind, tzid, zone, icu, problems)

    rule_texts = case.get("rrule", [])
    rule_texts = [rule_texts] if isinstance(rule_texts, str) else rule_texts
    rules = [parse_rule(r, frame, f"rrule[{i}]") for i, r in enumerate(rule_texts)]
    exrules = case.get("exrule", [])
    exrules = [exrules] if isinstance(exrules, str) else exrules
    for i, r in enumerate(exrules):
        parse_rule(r, frame, f"exrule[{i}]")
    if kind == DATE and any(p in r.parts for r in rules for p in ("BYHOUR", "BYMINUTE", "BYSECOND")):
        problems.append("BYHOUR/BYMINUTE/BYSECOND with a DATE dtstart (RFC 5545 3.3.10 says they are ignored): "
                        "say what the case expects in its note and teach this checker")
    t0 = frame.resolve(dtstart_civil)
    for k in ("rdate", "exdate"):
        for v in case.get(k, []):
            frame.value_key(v, k)
    for k in ("after", "before"):
        if k in case:
            frame.value_key(case[k], k)

    # Expected values
    limit = case.get("limit", DEFAULT_LIMIT)
    if isinstance(expect, list):
        occurrences, truncated = expect, False
    elif isinstance(expect, dict) and set(expect) == {"occurrences", "truncated"} and expect["truncated"] is True \
            and isinstance(expect["occurrences"], list):
        occurrences, truncated = expect["occurrences"], True
    else:
        raise CaseError("expect must be an array, {\"occurrences\": [...], \"truncated\": true} or {\"error\": kind}")
    if truncated and len(occurrences) != limit:
        problems.append(f"truncated expectation has {len(occurrences)} occurrences but limit is {limit}")
    if len(occurrences) > limit:
        problems.append(f"{len(occurrences)} occurrences exceed limit {limit}")
    keys = [frame.output_key(v, f"expect[{i}]") for i, v in enumerate(occurrences)]
    for i in range(1, len(keys)):
        if keys[i] <= keys[i - 1]:
            problems.append(f"expect[{i}] {occurrences[i]} is not after expect[{i - 1}] {occurrences[i - 1]}")
    stats.values += len(keys)
    if kind == ZONED:
        stats.zone_values += len(keys)
        if icu.lib:  # tzdata independence over the whole span of the case
            ends = [t0] + keys + [frame.value_key(case[k], k) for k in ("after", "before") if k in case]
            # Day by day: the offsets agree at each day's start, and hour by hour on a day where
            # either source changes offset (so a transition moved by some hours is caught too).
            # Not past 9999-12-29 UTC: zoneinfo has no year 10000 (a case may end at 9999-12-31).
            lo, hi = (min(ends) - 86400) // 86400 * 86400, min(max(ends) + 86400, 253402300800 - 2 * 86400)
            agreed = icu.agreed_days.setdefault(tzid, set())
            for day in range(lo, hi, 86400):
                if day in agreed:
                    continue
                z0, z1 = frame.offset(day), frame.offset(day + 86400)
                i0, i1 = icu.offset(tzid, day), icu.offset(tzid, day + 86400)
                hours = [day] if (z0 == z1 and i0 == i1) else range(day, day + 86400, 3600)
                bad = next((t for t in hours if frame.offset(t) != icu.offset(tzid, t)), None)
                if bad is not None:
                    problems.append(f"zoneinfo and ICU {icu.tz_version} disagree on {tzid} at "
                                    f"{datetime.fromtimestamp(bad, UTC):%Y-%m-%dT%H:%MZ}: the answer depends on tzdata version")
                    break
                agreed.add(day)

    # Recomputation
    if not recompute_this:
        skip(stats, "over --max-recompute for this file (shape and offsets checked)", case["id"])
        return problems
    if not rules:
        skip(stats, "no rrule", case["id"])
        return problems
    if exrules:
        skip(stats, "exrule is not recomputed", case["id"])
        return problems
    sub_daily = [r for r in rules if r.freq in SUB_DAILY]
    include = case.get("include_dtstart", True)
    # The oracles need not look past `before` (plus the slack between civil and instant order):
    # a rule that never matches again then ends there instead of at year 9999.
    stop = frame.value_key(case["before"], "before") + SLACK if "before" in case else None
    last_year = civil_of(stop).year if stop is not None else None
    oracles = []
    if sub_daily:
        if len(sub_daily) != len(rules):
            skip(stats, "mixes sub-daily and daily-or-coarser rules", case["id"])
            return problems
        oracles.append(("elapsed-time oracle (sub-daily)", lambda r: elapsed_stream(r, frame, t0, include, stop)))
        last = max([t0] + keys)
        if constant_offset(frame, t0 - 86400, last + 86400):
            oracles.append(("python-dateutil (sub-daily, constant offset)",
                            lambda r: dateutil_stream(r, frame, dtstart_civil, include, last_year)))
        else:
            skip(stats, "python-dateutil: sub-daily rule across a UTC-offset change (dateutil steps in wall "
                        "time, the engine in elapsed time); the elapsed-time oracle covers it", case["id"])
    elif any("RSCALE" in r.parts for r in rules):
        oracles.append(("RFC 7529 oracle on ICU's calendars (Tools/corpus/rscale_oracle.py)",
                        lambda r: rscale_stream(r, frame, dtstart_civil, include, last_year)))
    else:
        oracles.append(("python-dateutil", lambda r: dateutil_stream(r, frame, dtstart_civil, include, last_year)))

    for label, stream_for in oracles:
        if "python-dateutil" in label and case.get("peer", {}).get("name", "").startswith("dateutil"):
            skip(stats, f"{label}: the case records where python-dateutil itself diverges (its answer is `peer`)",
                 case["id"])
            continue
        frame.hit_gap_or_overlap = False
        try:
            got, got_truncated = recompute_within(ORACLE_SECONDS, case, frame, rules, stream_for, t0)
        except Skip as s:
            skip(stats, f"{label}: {s}", case["id"])
            continue
        except (ValueError, TypeError, OverflowError) as e:
            # dateutil fails on what it cannot represent (year 10000, BYSECOND=60).
            skip(stats, f"{label}: failed: {type(e).__name__}: {e}", case["id"])
            continue
        if got != occurrences or got_truncated != truncated:
            problems.append(f"{label} disagrees:\n      expected  {occurrences} truncated={truncated}\n"
                            f"      recomputed {got} truncated={got_truncated}")
            continue
        tags = []
        if label == "python-dateutil":
            if not include:
                tags.append("include_dtstart:false")
            elif any(next(dateutil_civil(r, dtstart_civil, last_year), None) != dtstart_civil for r in rules):
                tags.append("DTSTART not matching the rule: counted as first occurrence by this checker")
            if frame.hit_gap_or_overlap:
                tags.append("gap/overlap resolved by this checker (RFC 5545 3.3.5)")
        full = label + (" + " + "; ".join(tags) if tags else "")
        stats.checked[full] = stats.checked.get(full, 0) + 1
        if verbose:
            print(f"    {case['id']}: ok by {full}")
    return problems


def skip(stats, reason, case_id):
    stats.skipped.setdefault(reason, []).append(case_id)


# --------------------------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path, help="corpus files (default: Corpus/*.jsonl)")
    ap.add_argument("--verbose", "-v", action="store_true", help="print each case's result")
    ap.add_argument("--ids", type=int, default=8, help="ids listed per skip reason (default 8)")
    ap.add_argument("--max-recompute", type=int, metavar="N",
                    help="recompute at most N cases per file, spread over the file (every case is still "
                         "checked for shape and offsets); for the large generated files in CI")
    args = ap.parse_args(argv)
    files = args.files or sorted(CORPUS_DIR.glob("*.jsonl"))
    if not files:
        print(f"no corpus files in {CORPUS_DIR}", file=sys.stderr)
        return 2

    icu = ICU()
    problems = 0
    seen_ids = {}
    totals = Stats()
    print(f"zoneinfo: system tzdata {tzdata_version()}; "
          + (f"ICU {icu.version} tz {icu.tz_version}" if icu.lib else f"ICU checks skipped ({icu.error})")
          + f"; python-dateutil {'present' if rrulestr else 'MISSING'}")
    for path in files:
        stats = Stats()
        file_problems = []
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            print(f"{path}: cannot read: {e}")
            problems += 1
            continue
        if text and not text.endswith("\n"):
            file_problems.append("last line does not end with a newline")
        lines = text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")
        every = max(1, len(lines) // args.max_recompute) if args.max_recompute else 1
        for n, line in enumerate(lines, 1):
            where = f"{path.name}:{n}"
            if not line.strip():
                file_problems.append(f"{where}: blank line")
                continue
            try:
                case = json.loads(line)
            except json.JSONDecodeError as e:
                file_problems.append(f"{where}: not JSON ({e})")
                continue
            if not isinstance(case, dict):
                file_problems.append(f"{where}: not a JSON object")
                continue
            cid = case.get("id")
            where = f"{where} {cid}"
            if isinstance(cid, str):
                if cid in seen_ids:
                    file_problems.append(f"{where}: id also used at {seen_ids[cid]}")
                seen_ids.setdefault(cid, f"{path.name}:{n}")
            stats.cases += 1
            if args.verbose:
                print(f"  {where}")
            try:
                chosen = args.max_recompute is None or (n % every == 0 and stats.recomputed < args.max_recompute)
                stats.recomputed += chosen
                for p in check_case(case, icu, stats, args.verbose, chosen):
                    file_problems.append(f"{where}: {p}")
            except CaseError as e:
                file_problems.append(f"{where}: {e}")
        print(f"\n{path.name}: {stats.cases} cases, {stats.values} expected occurrences "
              f"({stats.zone_values} with a zone offset checked), {stats.errors} error cases")
        for label, n in sorted(stats.checked.items()):
            print(f"  recomputed and equal: {n:3d}  {label}")
        for reason, ids in sorted(stats.skipped.items()):
            shown = ", ".join(ids[:args.ids]) + (f", ... ({len(ids) - args.ids} more)" if len(ids) > args.ids else "")
            print(f"  not recomputed:       {len(ids):3d}  {reason}: {shown}")
        for p in file_problems:
            print(f"  PROBLEM {p}")
        problems += len(file_problems)
    print(f"\n{len(seen_ids)} cases in {len(files)} files; "
          + ("no problems." if not problems else f"{problems} problem(s)."))
    return 1 if problems else 0


def tzdata_version():
    for base in ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo"):
        try:
            with open(Path(base) / "tzdata.zi", encoding="utf-8") as f:
                first = f.readline().strip()
            if first.startswith("# version "):
                return first[len("# version "):]
        except OSError:
            continue
    return "unknown"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
