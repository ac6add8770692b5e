#!/usr/bin/env python3
"""An independent RFC 7529 (RSCALE/SKIP) expansion, on ICU's calendars through ctypes.

It reads a rule as Almanac's documentation reads RFC 7529 (Corpus/README.md, "RSCALE"):

- month numbers are CLDR's: Hebrew Tishri = 1 ... Shevat = 5, Adar I = 5L, Adar (Adar II) = 6,
  Nisan = 7 ... Elul = 12; Chinese and Dangi 1..12 with a leap month nL after month n;
  Ethiopic, Ethioaa and Coptic 13 months (13 is not a leap month);
- a missing leap month: SKIP=BACKWARD takes the month before it (5L -> 5), FORWARD the month
  after it (5L -> 6; Chinese 9L -> 10; Chinese or Dangi 12L -> month 1 of the next year), keeping
  the day number, which is then checked again;
- an invalid day: BACKWARD the month's last day, FORWARD the next month's first day;
  BYMONTHDAY=-n before the month's start: FORWARD the 1st, BACKWARD the previous month's last day;
- BYYEARDAY=n past the year's end: FORWARD the next year's first day, BACKWARD the year's last
  day; -n before its start: FORWARD the year's first day, BACKWARD the previous year's last day;
- OMIT (the default) drops the date; a date moved onto another appears once and counts once;
- SKIP applies after BYMONTH/BYYEARDAY/BYMONTHDAY have named a date and before COUNT/UNTIL.

Where RFC 7529 is silent (`open_question` names the cases), it follows Almanac's documented
choices: an invalid day from DTSTART's day or BYMONTHDAY moves only when BYDAY is absent (and,
for BYMONTHDAY in YEARLY, BYYEARDAY too); an invalid BYYEARDAY moves only when it is the only day
part (no BYMONTH, BYMONTHDAY, BYDAY); YEARLY's BYMONTH replaces a missing leap month as SKIP says
whatever the other parts; as a limit (MONTHLY and finer) `5L` matches only the leap month.

Scope: FREQ YEARLY, MONTHLY, WEEKLY, DAILY; INTERVAL; COUNT or UNTIL; BYMONTH (with nL),
BYMONTHDAY, BYYEARDAY, BYDAY (ordinals in MONTHLY and YEARLY); WKST; DTSTART's time of day is
kept. Not implemented (`Unsupported`): BYWEEKNO, BYSETPOS, BYHOUR/BYMINUTE/BYSECOND, sub-daily
frequencies. Dates only: the caller turns (date, DTSTART's time) into instants in its zone.

CHINESE and DANGI come from month tables computed in a child process per calendar (see
`Calendar`: ICU 72 shares their caches), by default with the ICU that Foundation bundles with the
Swift toolchain (`lib_FoundationICU.so`, ICU 76 in Swift 6.3): the system's ICU 72 misplaces 18
Chinese months between 1900 and 2100 (New Year 2027 on 7 February rather than 6; the leap month
of 1987 after the 7th month rather than the 6th), which later ICUs fixed, and Almanac's embedded
tables are Foundation's. The reading "icu72-chinese-months" asks for ICU 72's tables instead (the
months libical, which links ICU 72, works with). Other calendars: the system ICU.

Usable as a module (`expand`, `Calendar`) and from the command line:

    python3 Tools/corpus/rscale_oracle.py 'RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD;COUNT=5' 20140208
    python3 Tools/corpus/rscale_oracle.py --fields hebrew 2014-02-08       # ICU's fields of a date
"""
from __future__ import annotations

import ctypes
import ctypes.util
import datetime as dt
import sys

# ICU's UCalendarDateFields
UCAL_ERA, UCAL_YEAR, UCAL_MONTH, UCAL_DATE, UCAL_DAY_OF_YEAR = 0, 1, 2, 5, 6
UCAL_EXTENDED_YEAR, UCAL_IS_LEAP_MONTH = 19, 22
UCAL_ACTUAL_MAXIMUM = 5  # UCalendarLimitType
UCAL_LENIENT = 0         # UCalendarAttribute
MS_PER_DAY = 86_400_000

# The RSCALE names (CLDR calendar identifiers) and ICU's locale keyword for each.
CALENDARS = {
    "GREGORIAN": "gregorian", "CHINESE": "chinese", "DANGI": "dangi", "HEBREW": "hebrew",
    "ISLAMIC": "islamic", "ISLAMIC-CIVIL": "islamic-civil", "ISLAMIC-UMALQURA": "islamic-umalqura",
    "ISLAMIC-TBLA": "islamic-tbla", "ISLAMIC-RGSA": "islamic-rgsa", "PERSIAN": "persian",
    "ETHIOPIC": "ethiopic", "ETHIOAA": "ethiopic-amete-alem", "COPTIC": "coptic", "INDIAN": "indian",
    "BUDDHIST": "buddhist", "JAPANESE": "japanese", "ROC": "roc", "ISO8601": "iso8601",
}
JAPANESE_ERAS = [(1868, 10, 23), (1912, 7, 30), (1926, 12, 25), (1989, 1, 8), (2019, 5, 1)]  # Meiji .. Reiwa
LUNISOLAR_LEAP = {"CHINESE", "DANGI"}   # leap months through UCAL_IS_LEAP_MONTH
WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


class Unsupported(Exception):
    """The oracle does not implement this rule (or RFC 7529 leaves it open)."""


_libs = {}   # "system" or "foundation" -> (CDLL, symbol prefix, symbol suffix)
_fns = {}
ICU_SOURCE = "system"   # which ICU this process's calendars open (a `--months` child may switch)


def foundation_icu_path():
    """The ICU Foundation links (`lib_FoundationICU.so` of the Swift toolchain), or None.
    $ALMANAC_FOUNDATION_ICU names it; else it is looked for beside `swift` on PATH."""
    import os
    import shutil
    env = os.environ.get("ALMANAC_FOUNDATION_ICU")
    if env:
        return env
    swift = shutil.which("swift")
    if swift:
        lib = os.path.join(os.path.dirname(os.path.realpath(swift)), "..", "lib", "swift", "linux", "lib_FoundationICU.so")
        if os.path.exists(lib):
            return os.path.normpath(lib)
    return None


def _icu(source=None):
    source = source or ICU_SOURCE
    if source not in _libs:
        if source == "foundation":
            path = foundation_icu_path()
            if path is None:
                raise Unsupported("Foundation's ICU (lib_FoundationICU.so) not found: set ALMANAC_FOUNDATION_ICU")
            _libs[source] = (ctypes.CDLL(path), "swift_", "")   # unversioned symbols, prefixed swift_
            return _libs[source]
        names = [ctypes.util.find_library("icui18n")] + [f"libicui18n.so.{v}" for v in range(90, 49, -1)]
        for name in filter(None, names):
            try:
                lib = ctypes.CDLL(name)
            except OSError:
                continue
            v = next((v for v in range(90, 49, -1) if hasattr(lib, f"ucal_open_{v}")), None)
            if v:
                _libs[source] = (lib, "", f"_{v}")
                break
        else:
            raise Unsupported("libicui18n not found")
    return _libs[source]


def _fn(name, restype, argtypes):
    key = (ICU_SOURCE, name)
    if key not in _fns:
        lib, prefix, suffix = _icu()
        f = getattr(lib, f"{prefix}{name}{suffix}")
        f.restype, f.argtypes = restype, argtypes
        _fns[key] = f
    return _fns[key]


P, I32, ERR = ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)


def icu_version():
    return int(_icu("system")[2][1:])


class Calendar:
    """One ICU calendar in UTC; months in RFC 7529 / CLDR form: (number, is_leap).

    CHINESE and DANGI are read from month tables that a child process computes, one calendar per
    process (`--months`): ICU 72's ChineseCalendar keeps its new-year and winter-solstice caches in
    statics that DangiCalendar shares, although Dangi computes them at UTC+9 and Chinese at UTC+8,
    so in a process that has asked both, each can answer with the other's month boundaries
    (observed: RSCALE=CHINESE;FREQ=MONTHLY;INTERVAL=3 from 2059-07-09 gave 2061-11-11 rather than
    2061-03-21 after some DANGI requests in the same process).
    """

    def __new__(cls, rscale, icu72_tables=False):
        if cls is Calendar and rscale.upper() in LUNISOLAR_LEAP:
            return super().__new__(TableCalendar)
        return super().__new__(cls)

    def __init__(self, rscale, icu72_tables=False):
        rscale = rscale.upper()
        if rscale not in CALENDARS:
            raise Unsupported(f"unknown RSCALE {rscale}")
        self.name = rscale
        zone = "UTC".encode("utf-16-le") + b"\0\0"
        status = ctypes.c_int(0)
        locale = f"en@calendar={CALENDARS[rscale]}".encode()
        self.cal = _fn("ucal_open", P, [P, I32, ctypes.c_char_p, ctypes.c_int, ERR])(
            zone, 3, locale, 0, ctypes.byref(status))  # 0 = UCAL_TRADITIONAL: the locale's calendar
        if status.value > 0:
            raise Unsupported(f"ICU cannot open calendar {rscale} (status {status.value})")
        _fn("ucal_setAttribute", None, [P, ctypes.c_int, I32])(self.cal, UCAL_LENIENT, 1)
        self._cache = {}

    # ICU access
    def _get(self, field):
        status = ctypes.c_int(0)
        return _fn("ucal_get", I32, [P, ctypes.c_int, ERR])(self.cal, field, ctypes.byref(status))

    def _set(self, field, value):
        _fn("ucal_set", None, [P, ctypes.c_int, I32])(self.cal, field, value)

    def _set_day(self, day):
        status = ctypes.c_int(0)
        _fn("ucal_setMillis", None, [P, ctypes.c_double, ERR])(self.cal, float(day) * MS_PER_DAY, ctypes.byref(status))

    def _day(self):
        status = ctypes.c_int(0)
        ms = _fn("ucal_getMillis", ctypes.c_double, [P, ERR])(self.cal, ctypes.byref(status))
        return int(ms // MS_PER_DAY)

    def _limit(self, field):
        status = ctypes.c_int(0)
        return _fn("ucal_getLimit", I32, [P, ctypes.c_int, ctypes.c_int, ERR])(
            self.cal, field, UCAL_ACTUAL_MAXIMUM, ctypes.byref(status))

    # Month numbering: ICU's 0-based month field (and leap flag) <-> RFC 7529's (n, leap)
    def _to_rfc(self, month0, leap):
        if self.name == "HEBREW":  # ICU: 0 Tishri .. 4 Shevat, 5 Adar I, 6 Adar (II), 7 Nisan .. 12 Elul
            return (5, True) if month0 == 5 else ((month0 + 1, False) if month0 < 5 else (month0, False))
        return (month0 + 1, bool(leap))

    def _to_icu(self, month):
        n, leap = month
        if self.name == "HEBREW":
            return (5, 0) if leap else ((n - 1, 0) if n <= 5 else (n, 0))
        return (n - 1, 1 if leap else 0)

    # Days: integers, days since 1970-01-01 (proleptic Gregorian in ICU's Gregorian calendar,
    # which has a Julian cutover in 1582: stay after it)
    def fields(self, day):
        """(extended year, (month, leap), day of month, day of year) of an epoch day."""
        self._set_day(day)
        return (self._get(UCAL_EXTENDED_YEAR), self._to_rfc(self._get(UCAL_MONTH), self._get(UCAL_IS_LEAP_MONTH)),
                self._get(UCAL_DATE), self._get(UCAL_DAY_OF_YEAR))

    def month_start(self, year, month):
        """Epoch day of the 1st of `month` in extended `year`, or None when the year has no such month."""
        key = ("m", year, month)
        if key not in self._cache:
            m0, leap = self._to_icu(month)
            if self.name == "HEBREW" and month == (5, True) and not self.is_hebrew_leap(year):
                self._cache[key] = None
                return None
            _fn("ucal_clear", None, [P])(self.cal)
            self._set(UCAL_EXTENDED_YEAR, year)
            self._set(UCAL_MONTH, m0)
            if self.name in LUNISOLAR_LEAP:
                self._set(UCAL_IS_LEAP_MONTH, leap)
            self._set(UCAL_DATE, 1)
            day = self._day()
            y, m, d, _ = self.fields(day)
            self._cache[key] = day if (y, m, d) == (year, month, 1) else None
        return self._cache[key]

    def is_hebrew_leap(self, year):
        return (7 * year + 1) % 19 < 7

    def months(self, year):
        """The months of extended `year`, in order, as (month, first epoch day, length)."""
        key = ("y", year)
        if key not in self._cache:
            out = []
            day = self.year_start(year)
            while True:
                y, m, d, _ = self.fields(day)
                if y != year:
                    break
                # The next 1st of a month (ICU's actual maximum of UCAL_DATE is wrong for
                # some Chinese leap months); Ethiopic and Coptic month 13 has 5 or 6 days.
                length = next(n for n in (30, 29, 31, 28, 5, 6, *range(7, 28), 32) if self.fields(day + n)[2] == 1)
                out.append((m, day, length))
                day += length
            self._cache[key] = out
        return self._cache[key]

    def year_start(self, year):
        key = ("s", year)
        if key not in self._cache:
            _fn("ucal_clear", None, [P])(self.cal)
            self._set(UCAL_EXTENDED_YEAR, year)
            self._set(UCAL_DAY_OF_YEAR, 1)
            self._cache[key] = self._day()
        return self._cache[key]

    def year_length(self, year):
        return self.year_start(year + 1) - self.year_start(year)

    def month_info(self, year, month):
        """(first epoch day, length) of a month of a year, or None."""
        for m, first, length in self.months(year):
            if m == month:
                return first, length
        return None


_TABLES = {}   # (name, ICU source, first extended year of a block) -> {year: [(month, first day, length)]}
TABLE_BLOCK = 50


def month_table(name, first, years, source="system"):
    """{year: months(year)} for `years` extended years from `first`, computed in this process by
    the system's ICU or Foundation's (`source`)."""
    global ICU_SOURCE
    ICU_SOURCE = source
    cal = Calendar.__new__(Calendar, "GREGORIAN")  # an ICU-backed Calendar, whatever the name
    Calendar.__init__(cal, name)
    return {y: cal.months(y) for y in range(first, first + years)}


class TableCalendar(Calendar):
    """CHINESE or DANGI from month tables computed in a child process that opens only that calendar:
    Foundation's ICU by default, the system's ICU 72 with `icu72_tables`."""

    def __init__(self, rscale, icu72_tables=False):
        rscale = rscale.upper()
        if rscale not in CALENDARS:
            raise Unsupported(f"unknown RSCALE {rscale}")
        self.name = rscale
        self.source = "system" if icu72_tables else "foundation"
        self._cache = {}
        self._starts = {}   # year -> first epoch day

    def _block(self, year):
        first = year - year % TABLE_BLOCK
        key = (self.name, self.source, first)
        if key not in _TABLES:
            import json
            import subprocess
            if self.source == "foundation" and foundation_icu_path() is None:
                raise Unsupported("Foundation's ICU (lib_FoundationICU.so) not found: set ALMANAC_FOUNDATION_ICU")
            out = subprocess.run([sys.executable, __file__, "--months", self.name, str(first), str(TABLE_BLOCK),
                                  self.source], capture_output=True, text=True, check=True).stdout
            _TABLES[key] = {int(y): [((m[0], m[1]), d, n) for m, d, n in ms] for y, ms in json.loads(out).items()}
        return _TABLES[key]

    def months(self, year):
        return self._block(year)[year]

    def year_start(self, year):
        return self.months(year)[0][1]

    def month_start(self, year, month):
        info = self.month_info(year, month)
        return info[0] if info else None

    def fields(self, day):
        # The year from a guess (extended year = Gregorian year + GREGORIAN_OFFSET after the new
        # year, which falls between 21 January and 21 February), then walked to the right one.
        year = 1970 + int(day // 365.2425) + GREGORIAN_OFFSET[self.name]
        while self.year_start(year) > day:
            year -= 1
        while self.year_start(year + 1) <= day:
            year += 1
        start = self.year_start(year)
        for m, first, length in self.months(year):
            if first <= day < first + length:
                return year, m, day - first + 1, day - start + 1
        raise AssertionError("day %d not in year %d" % (day, year))


GREGORIAN_OFFSET = {"CHINESE": 2637, "DANGI": 2333}  # ICU's extended years (2059-07-09: 4696 and 4392)


def epoch_day(d):
    return (d - dt.date(1970, 1, 1)).days


def date_of(day):
    return dt.date(1970, 1, 1) + dt.timedelta(days=day)


def parse_month(text):
    return (int(text[:-1]), True) if text.endswith("L") else (int(text), False)


def open_question(parts):
    """Why RFC 7529 does not settle this rule's answer, or None. The oracle answers with Almanac's
    reading; a peer that reads it otherwise is not wrong by the RFC."""
    skip = parts.get("SKIP", "OMIT")
    if skip == "OMIT":
        return None
    if "BYDAY" in parts and ({"BYMONTHDAY", "BYYEARDAY"} & set(parts) or any(
            m.endswith("L") for m in parts.get("BYMONTH", "").split(",") if m)):
        return "SKIP with BYDAY beside a part that names invalid dates: is BYDAY checked before or after the move?"
    if parts["FREQ"] in ("MONTHLY", "WEEKLY", "DAILY") and any(m.endswith("L") for m in parts.get("BYMONTH", "").split(",") if m):
        return "SKIP with a leap month as a limit (MONTHLY/WEEKLY/DAILY): does a missing leap month move?"
    return None


def expand(rule, dtstart, until=None, limit=1000, include_dtstart=True, readings=()):
    """The dates of `rule` (text, RSCALE required) from `dtstart` (a date), in order.

    `until`: a date (inclusive) the rule's UNTIL or a window gives; `limit`: the most dates
    returned. With include_dtstart, DTSTART is the first date and counts toward COUNT even when
    the rule does not produce it (RFC 5545 3.8.5.3); without, it is a date only when produced.

    `readings` swaps Almanac's reading of a point RFC 7529 leaves open for another (the
    differential harness asks which reading a peer's answer is): "skip-before-byday" (an invalid
    day moves by SKIP whatever the other parts, then BYDAY limits), "leap-month-limit-moves" (as
    a MONTHLY limit, a missing leap month `nL` matches the month SKIP puts in its place),
    "icu72-chinese-months" (CHINESE and DANGI months from the system's ICU 72, not Foundation's),
    "leap-month-skip-one-early" (CHINESE and DANGI: in a year whose leap month comes before month
    n, a missing leap month `nL` goes to month n - 1 with BACKWARD and n with FORWARD, a month
    before the months RFC 7529's "previous"/"next" name: months counted by position),
    "libical-yearly-byday-mask" (CHINESE and DANGI YEARLY with BYMONTH, BYMONTHDAY and BYDAY: libical
    3.0.16's expand_year_days emulated over these months, with ICU's UCAL_IS_LEAP_MONTH as libical leaves
    it; see libical_yearly_byday_mask), "cycle-start-years-passed-over" (CHINESE and DANGI YEARLY: the first
    year of each 60-year cycle is no period, its dates are left out and INTERVAL counts the other years:
    Foundation's reading), "japanese-backward-length-in-current-era" (JAPANESE, SKIP=BACKWARD: a day past a
    month's end goes to the last day of the same month of the same era year in the current era, Reiwa, and is
    dropped when the month lacks it: Foundation's reading), among others the harness names in
    RSCALE_READING_OPTIONS.
    """
    parts = dict(p.split("=", 1) for p in rule.split(";"))
    parts = {k.upper(): v.upper() for k, v in parts.items()}
    for unsupported in ("BYWEEKNO", "BYSETPOS", "BYHOUR", "BYMINUTE", "BYSECOND"):
        if unsupported in parts:
            raise Unsupported(f"the oracle does not implement {unsupported}")
    freq = parts["FREQ"]
    if freq not in ("YEARLY", "MONTHLY", "WEEKLY", "DAILY"):
        raise Unsupported(f"the oracle does not implement FREQ={freq}")
    cal = Calendar(parts.get("RSCALE", "GREGORIAN"), icu72_tables="icu72-chinese-months" in readings)
    skip = parts.get("SKIP", "OMIT")
    interval = int(parts.get("INTERVAL", "1"))
    count = int(parts["COUNT"]) if "COUNT" in parts else None
    if "UNTIL" in parts:
        u = parts["UNTIL"]
        u_date = dt.date(int(u[:4]), int(u[4:6]), int(u[6:8]))
        until = u_date if until is None else min(until, u_date)
    months = [parse_month(m) for m in parts["BYMONTH"].split(",")] if "BYMONTH" in parts else None
    monthdays = [int(x) for x in parts["BYMONTHDAY"].split(",")] if "BYMONTHDAY" in parts else None
    yeardays = [int(x) for x in parts["BYYEARDAY"].split(",")] if "BYYEARDAY" in parts else None
    byday = []
    for item in parts["BYDAY"].split(",") if "BYDAY" in parts else []:
        n = item[:-2]
        byday.append((int(n) if n else None, WEEKDAYS.index(item[-2:])))
    wkst = WEEKDAYS.index(parts.get("WKST", "MO"))

    d0 = epoch_day(dtstart)
    y0, m0, md0, _ = cal.fields(d0)
    stop = epoch_day(until) if until else None

    def weekday(day):
        return (day + 3) % 7  # 1970-01-01 was a Thursday; 0 = Monday

    # Almanac's readings of what RFC 7529 leaves open (README, "RFC choices"): SKIP moves an
    # invalid day named by DTSTART's day or BYMONTHDAY only when BYDAY is absent (and, for
    # BYMONTHDAY in YEARLY, BYYEARDAY too); it moves an invalid BYYEARDAY only when BYYEARDAY is
    # the only day part. A missing leap month in YEARLY's BYMONTH (an expansion) always moves.
    day_skip = skip if not byday or "skip-before-byday" in readings else "OMIT"
    monthday_skip = day_skip if not (freq == "YEARLY" and yeardays) or "skip-before-byday" in readings else "OMIT"
    yearday_skip = skip if not (months or monthdays or byday) or "skip-before-byday" in readings else "OMIT"

    def month_of_year(year, month):
        """(year, month): `month` in `year`, or the month SKIP puts in place of a leap month the year
        lacks, or None. FORWARD past the year's last month (a Chinese or Dangi 12L the year lacks) is
        the next year's first month: (year + 1, its first month)."""
        found = month_in_year(year, month)
        if found is None and month[1] and skip == "FORWARD" and "leap-month-icu-lenient" not in readings and \
                "leap-month-skip-one-early" not in readings and cal.month_info(year, (month[0], False)) is not None and \
                not any(m[0] > month[0] and not m[1] for m, _, _ in cal.months(year)):
            return year + 1, cal.months(year + 1)[0][0]
        return None if found is None else (year, found)

    def month_in_year(year, month):
        """`month` in `year`, or the month of `year` SKIP puts in place of a leap month the year lacks, or None."""
        if cal.month_info(year, month) is not None:
            return month
        if "leap-month-icu-lenient" in readings and byday and month[1] and cal.name in LUNISOLAR_LEAP:
            # ICU's lenient resolution of a missing nL, whatever SKIP says: the month after the one at
            # position n (n itself when a leap month comes before n, else n + 1)
            seq = [m for m, _, _ in cal.months(year)]
            if any(m[1] and m[0] < month[0] for m in seq):
                return (month[0], False)
            later = [m for m in seq if m[0] > month[0]]
            return later[0] if later else None
        if skip == "OMIT" or not month[1]:
            return None
        if "leap-month-skip-one-early" in readings and cal.name in LUNISOLAR_LEAP and any(
                m[1] and m[0] < month[0] for m, _, _ in cal.months(year)):
            # ICU resolves nL to the month after the one at position n (here n itself), and libical's
            # BACKWARD steps one month back from there by position (ucal_add), the leap month (n-1)L
            # when it comes right before n
            month = (month[0], False)
            if skip == "BACKWARD":
                seq = [m for m, _, _ in cal.months(year)]
                k = seq.index(month) if month in seq else 0
                if k == 0:
                    return None
                month = seq[k - 1]
        elif skip == "BACKWARD":
            month = (month[0], False)
        else:
            later = [m for m, _, _ in cal.months(year) if m[0] > month[0] and not m[1]]
            if not later:
                return None
            month = later[0]
        return month if cal.month_info(year, month) is not None else None

    def year_months(year):
        """YEARLY's BYMONTH for `year` as (year, month), missing leap months replaced as SKIP says (12L
        FORWARD: the next year's first month)."""
        out = []
        for m in months:
            m = month_of_year(year, m)
            if m is not None and m not in out:
                out.append(m)
        return out

    def move_month_day(year, month, mday, how):
        """A day `mday` (1-based or negative) of `month` in `year` -> epoch day, invalid days
        moved as `how` says (OMIT drops them); None to drop."""
        found = month_of_year(year, month)
        if found is None:
            return None
        year, month = found
        first, length = cal.month_info(year, month)
        if mday > 0:
            if mday <= length:
                return first + mday - 1
            if how == "FORWARD" and "day-forward-by-number" in readings and cal.name in LUNISOLAR_LEAP and \
                    not month[1] and cal.month_info(year, (month[0], True)) is not None:
                # libical's expand_bymonth_days: "this_month++", the next month by number (n + 1), so
                # the leap month nL that follows n is passed over
                nxt = cal.month_info(year, (month[0] + 1, False))
                return nxt[0] if nxt else cal.year_start(year + 1)
            if how == "BACKWARD" and "japanese-backward-length-in-current-era" in readings and cal.name == "JAPANESE":
                # Foundation's previous-time policy takes the month's length from the same era year of the
                # current era, Reiwa (Gregorian year = era year + 2018): Heisei 12 (2000) reads February as
                # 2030's, 28 days; a day that length gives and the month lacks (Heisei 14 read as 2032: the
                # 29th of February 2002) is dropped
                at = date_of(first)
                era_start = max(y for y in JAPANESE_ERAS if dt.date(*y) <= at)
                fake = dt.date(at.year - era_start[0] + 1 + 2018, at.month, 1)
                fake_length = ((fake.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - fake).days
                day = min(mday, fake_length)
                return first + day - 1 if day <= length else None
            return None if how == "OMIT" else (first + length - 1 if how == "BACKWARD" else first + length)
        if -mday <= length:
            return first + length + mday
        return None if how == "OMIT" else (first if how == "FORWARD" else first - 1)

    def monthday_matches(day):
        y, m, md, _ = cal.fields(day)
        length = cal.month_info(y, m)[1]
        return any(v == md or v == md - length - 1 for v in monthdays)

    def weekday_ok(day, scope_days):
        if not byday:
            return True
        for n, wd in byday:
            if weekday(day) != wd:
                continue
            if n is None:
                return True
            same = [x for x in scope_days if weekday(x) == wd]
            if (n > 0 and n <= len(same) and same[n - 1] == day) or (n < 0 and -n <= len(same) and same[n] == day):
                return True
        return False

    def byday_days(scope_days):
        return [d for d in scope_days if weekday_ok(d, scope_days)]

    def year_days(year):
        return list(range(cal.year_start(year), cal.year_start(year + 1)))

    def month_days(day):
        y, m, _, _ = cal.fields(day)
        first, length = cal.month_info(y, m)
        return list(range(first, first + length))

    def libical_yearly_byday_mask(year, flag):
        """libical 3.0.16's expand_year_days for a Chinese/Dangi YEARLY rule with BYMONTH, BYMONTHDAY and BYDAY
        (reading "libical-yearly-byday-mask"), over this calendar's months, with ICU's UCAL_IS_LEAP_MONTH as
        libical leaves it: `__set_month` sets the flag for a leap month and never clears it, and every field
        computation sets it to the computed date's own (so after a date in a leap month the next plain
        month n reads as nL). A month resolves as ICU's lenient calendar does (nL the year lacks: n when a
        leap month comes before n, else the month after n, the next year's first month for 12L). First
        set_month + expand_bymonth_days set the mask's days (set_month answers a month number without its
        leap flag; SKIP as libical applies it), then for each raw BYMONTH value expand_by_day filters the
        days of the month that value resolves to (its offset and weekdays from ICU's day of the year of its
        first day, in whatever year ICU put it) and sets days_index to the lowest day kept; days outside
        every such month stay set unfiltered. No day kept: no date this year; else every set day from
        days_index on."""
        def resolve(n, leap_flag):
            if leap_flag:
                if cal.month_info(year, (n, True)) is not None:
                    return year, (n, True)
                seq = [m for m, _, _ in cal.months(year)]
                if any(m[1] and m[0] < n for m in seq):
                    return year, (n, False)
                later = [m for m in seq if m[0] > n]
                return (year, later[0]) if later else (year + 1, cal.months(year + 1)[0][0])
            return year, (n, False)

        def first_and_length(y, m):
            info = cal.month_info(y, m)
            return info if info is not None else (None, None)

        def month_length(n, leap_flag):
            # ucal_getLimit(UCAL_DATE, UCAL_ACTUAL_MAXIMUM) with UCAL_IS_LEAP_MONTH set: ICU 72's clone resolves
            # the date to a month R, then ChineseCalendar::handleComputeMonthStart(year of R, R - 1, leap) takes
            # the lunation at position R - 1 from the new year, or the next one when that is not "RL": so the
            # length of the month after R in a year with no leap month before R, R's own otherwise (and a
            # leap month that exists, its own). Traced: DANGI 10L and 11L in 4368 (no leap month) -> 30 and
            # 30, months 11 and 12 having 29 and 30 days; 12L in 4406 -> 29, 4407's second month, the date
            # resolving to 4407's first.
            y, m = resolve(n, leap_flag)
            if not leap_flag:
                return first_and_length(y, m)[1]
            seq = [(y, x) for x, _, _ in cal.months(y)] + [(y + 1, x) for x, _, _ in cal.months(y + 1)[:1]]
            k = m[0] - 1
            y, m = seq[k] if seq[k][1] == (m[0], True) else seq[k + 1]
            return first_and_length(y, m)[1]

        def leap_of(day):
            return cal.fields(day)[1][1]

        def doy_of(day):  # ICU's UCAL_DAY_OF_YEAR: in the date's own year
            return cal.fields(day)[3]

        def dow(day):  # libical's 1 (Sunday) .. 7 (Saturday)
            return (weekday(day) + 1) % 7 + 1

        start = cal.year_start(year)
        mask = set()
        for v in months:  # set_month, then expand_bymonth_days
            y, m = resolve(v[0], flag or v[1])
            flag = m[1]
            if (y, m) != (year, v):
                if skip == "OMIT":
                    continue
                if skip == "BACKWARD":  # ucal_add(UCAL_MONTH, -1): one month back by position
                    seq = [(y, x) for x, _, _ in cal.months(y)]
                    k = seq.index((y, m))
                    y, m = seq[k - 1] if k else (y - 1, cal.months(y - 1)[-1][0])
                    flag = m[1]
            number = m[0]
            dim = month_length(number, flag)
            if dim is None:
                return []
            for md in monthdays:
                this, doy = number, None
                if abs(md) > dim:
                    if skip == "OMIT":
                        continue
                    if skip == "FORWARD":
                        if md > 0:
                            this += 1
                        if this > 12:
                            doy = cal.year_length(year) + 1
                        else:
                            md = 1
                    else:
                        if md < 0:
                            this -= 1
                        if this == 0:
                            doy = 0
                        else:
                            md = -1
                if doy is None:
                    first, length = first_and_length(*resolve(this, flag))
                    if first is None:
                        return []
                    length = month_length(this, flag)
                    day = first + (md if md > 0 else md + 1 + length) - 1
                    doy, flag = doy_of(day), leap_of(day)
                mask.add(doy)
        days_index = None
        for v in months:  # expand_by_day over each raw BYMONTH value, limiting
            y, m = resolve(v[0], flag or v[1])
            first, _ = first_and_length(y, m)
            if first is None:
                return []
            offset, first_dow, flag = doy_of(first) - 1, dow(first), m[1]
            dim = month_length(v[0], flag or v[1])
            y, m = resolve(v[0], flag or v[1])
            last = first_and_length(y, m)[0] + dim - 1
            last_dow, flag = dow(last), leap_of(last)
            bydays = set()
            for n, wd in byday:
                d = (wd + 1) % 7 + 1
                fmd = (d + 7 - first_dow) % 7 + 1
                lmd = dim - (last_dow + 7 - d) % 7
                if n is None:
                    day = fmd
                elif n > 0:
                    day = fmd + (n - 1) * 7
                    if day > lmd:
                        continue
                else:
                    day = lmd + (n + 1) * 7
                    if day < fmd:
                        continue
                if offset >= 0:  # __icaltime_from_day_of_year(day + offset, year)
                    flag = leap_of(start + day + offset - 1)
                while True:
                    bydays.add(day + offset)
                    day += 7
                    if n is not None or day > dim:
                        break
            for doy in range(offset + 1, offset + dim + 1):
                if doy in mask and doy in bydays:
                    days_index = doy if days_index is None else min(days_index, doy)
                else:
                    mask.discard(doy)
        if days_index is None:
            return []
        return sorted(start + doy - 1 for doy in mask if doy >= days_index)

    def period_dates(index):
        """The sorted dates of the index-th period (INTERVAL applied by the caller)."""
        out = set()
        if freq == "YEARLY":
            year = y0 + index
            if yeardays:
                start, length = cal.year_start(year), cal.year_length(year)
                cands = []
                for n in yeardays:
                    if 0 < n <= length:
                        cands.append(start + n - 1)
                    elif 0 < -n <= length:
                        cands.append(start + length + n)
                    elif yearday_skip == "FORWARD":
                        cands.append(start + length if n > 0 else start)
                    elif yearday_skip == "BACKWARD":
                        cands.append(start + length - 1 if n > 0 else start - 1)
                wanted = year_months(year) if months else None
                for c in cands:
                    if wanted is not None and cal.fields(c)[:2] not in wanted:
                        continue
                    if monthdays and not monthday_matches(c):
                        continue
                    out.add(c)
                if byday:
                    out = {c for c in out if weekday_ok(c, month_days(c) if months else year_days(year))}
                return sorted(out)
            if "libical-yearly-byday-mask" in readings and months and monthdays and byday and \
                    cal.name in LUNISOLAR_LEAP:
                return libical_yearly_byday_mask(year, m0[1] if index == 0 else False)
            if monthdays or (not byday):
                wanted = year_months(year) if months else (
                    [(year, m) for m, _, _ in cal.months(year)] if monthdays else [(year, m0)])
                for y, m in wanted:
                    for md in monthdays or [md0]:
                        c = move_month_day(y, m, md, monthday_skip if monthdays else day_skip)
                        if c is not None:
                            out.add(c)
                if byday:
                    out = {c for c in out if weekday_ok(c, month_days(c) if months else year_days(year))}
                return sorted(out)
            # BYDAY (and BYMONTH) alone
            if months:
                for y, m in year_months(year):
                    first, length = cal.month_info(y, m)
                    out.update(byday_days(list(range(first, first + length))))
            elif "byday-weekdays-from-second-month" in readings and cal.name in LUNISOLAR_LEAP and m0[1] and \
                    cal.month_info(year, m0) is not None:
                # libical: its expansion of DTSTART's leap month leaves ICU's IS_LEAP_MONTH set, so the year's
                # first day (month 1, day 1) reads as "1L", which ICU resolves to the second month's first day:
                # expand_by_day's weekday arithmetic starts from that day's weekday
                start, length = cal.year_start(year), cal.year_length(year)
                first_dow, last_dow = weekday(cal.months(year)[1][1]), weekday(start + length - 1)
                for n, wd in byday:
                    fm = (wd - first_dow) % 7 + 1
                    lm = length - (last_dow - wd) % 7
                    if n is None:
                        out.update(start + d - 1 for d in range(fm, length + 1, 7))
                    elif n > 0 and fm + (n - 1) * 7 <= lm:
                        out.add(start + fm + (n - 1) * 7 - 1)
                    elif n < 0 and lm + (n + 1) * 7 >= fm:
                        out.add(start + lm + (n + 1) * 7 - 1)
            else:
                out.update(byday_days(year_days(year)))
            return sorted(out)
        if freq == "MONTHLY":
            year, month = month_at(index)
            if months and month not in months and not (
                    "leap-month-limit-moves" in readings and (year, month) in year_months(year)):
                return []
            first, length = cal.month_info(year, month)
            if "skip-moved-out-escapes-byday" in readings and byday and skip != "OMIT":
                # libical: the BYDAY days of the month (BYMONTHDAY's, or DTSTART's day's, when BYDAY limits
                # them), and a day SKIP=FORWARD moves past the month's end, which BYDAY's filter never looks
                # at; its iteration starts from the month's first BYDAY day, so the moved day comes out only
                # when the month has one (a day moved before the month, BACKWARD, never does)
                inside = range(first, first + length)
                if monthdays:
                    out = {c for c in (move_month_day(year, month, md, "OMIT") for md in monthdays)
                           if c is not None and weekday_ok(c, list(inside))}
                else:
                    out = set(byday_days(list(inside)))
                if out:
                    for md in monthdays or [md0]:
                        c = move_month_day(year, month, md, skip)
                        if c is not None and c >= first + length:
                            out.add(c)
                return sorted(out)
            if monthdays or not byday:
                for md in monthdays or [md0]:
                    c = move_month_day(year, month, md, day_skip)
                    if c is not None:
                        out.add(c)
                if byday:
                    out = {c for c in out if weekday_ok(c, list(range(first, first + length)))}
                return sorted(out)
            return byday_days(list(range(first, first + length)))
        if freq == "WEEKLY":
            week_start = d0 - (weekday(d0) - wkst) % 7 + 7 * index
            days = range(week_start, week_start + 7)
            wds = {wd for _, wd in byday} if byday else {weekday(d0)}
            for c in days:
                if weekday(c) not in wds:
                    continue
                _, m, md, _ = cal.fields(c)
                if months and m not in months:
                    continue
                if monthdays and not monthday_matches(c):
                    continue
                out.add(c)
            return sorted(out)
        # DAILY
        c = d0 + index
        y, m, md, _ = cal.fields(c)
        if months and m not in months:
            return []
        if monthdays and not monthday_matches(c):
            return []
        if byday and weekday(c) not in {wd for _, wd in byday}:
            return []
        return [c]

    def period_start(index):
        """The first epoch day of the index-th period (before any SKIP move back into it)."""
        if freq == "YEARLY":
            return cal.year_start(y0 + index)
        if freq == "MONTHLY":
            year, month = month_at(index)
            return cal.month_info(year, month)[0]
        if freq == "WEEKLY":
            return d0 - (weekday(d0) - wkst) % 7 + 7 * index
        return d0 + index

    def byday_spills_into_next_year(year, month):
        """libical 3.0.16's YEARLY BYMONTH + BYDAY expansion (expand_by_day) asks ICU for the day of the year of
        each BYDAY item it keeps, in weekday order from WKST; a plain weekday absent from the month gets its
        first day from the weekday arithmetic alone, past the month's end. When the last such call is past the
        end of the year's last month (the 5 or 6 days of Ethiopic and Coptic month 13), ICU's lenient calendar
        is left in the next year: True then."""
        info = cal.month_info(year, month)
        if info is None or cal.months(year)[-1][0] != month:
            return False
        first, length = info
        first_dow, last_dow = weekday(first), weekday(first + length - 1)
        final = None
        for n, wd in sorted(byday, key=lambda x: (x[1] - wkst) % 7):
            fm = (wd - first_dow) % 7 + 1
            lm = length - (last_dow - wd) % 7
            if n is None:
                final = fm
            elif n > 0 and fm + (n - 1) * 7 <= lm:
                final = fm + (n - 1) * 7
            elif n < 0 and lm + (n + 1) * 7 >= fm:
                final = lm + (n + 1) * 7
        return final is not None and final > length

    month_seq = []

    def month_at(index):
        """The index-th month from DTSTART's month, counting leap months as months."""
        while len(month_seq) <= index:
            if not month_seq:
                ms = cal.months(y0)
                k = [m for m, _, _ in ms].index(m0)
                month_seq.extend((y0, m) for m, _, _ in ms[k:])
                month_seq_year[0] = y0
            else:
                month_seq_year[0] += 1
                month_seq.extend((month_seq_year[0], m) for m, _, _ in cal.months(month_seq_year[0]))
        return month_seq[index]

    month_seq_year = [y0]

    def cycle_start(year):
        """`year` (CHINESE or DANGI) is the first of a 60-year cycle (ICU's UCAL_YEAR 1)."""
        return (year + (3 if cal.name == "DANGI" else -1)) % 60 == 0

    result = []
    seen = set()
    produced = 0
    if include_dtstart:
        result.append(d0)
        seen.add(d0)
        produced = 1
    # "phase=S" (the differential harness's reading of a peer that counts INTERVAL from another period):
    # the periods S, S + INTERVAL, S + 2 INTERVAL ... rather than 0, INTERVAL, ...
    index = next((int(r[6:]) for r in readings if r.startswith("phase=")), 0)
    empty_periods = 0
    while True:
        if count is not None and produced >= count:
            break
        if len(result) >= limit:
            break
        dates = period_dates(index)
        if ("byday-spill-into-next-year" in readings and byday and (
                (freq == "YEARLY" and months and byday_spills_into_next_year(y0 + index, months[-1])) or
                (freq == "MONTHLY" and byday_spills_into_next_year(*month_at(index))))) or (
                "missing-12l-spill-into-next-year" in readings and freq == "YEARLY" and months and not byday and
                skip == "OMIT" and months[-1] == (12, True) and cal.name in LUNISOLAR_LEAP and
                not any(m[1] for m, _, _ in cal.months(y0 + index))):
            # (a missing 12L in a year without a leap month: ICU resolves it to the next year's first month,
            # and with SKIP=OMIT libical leaves its calendar there)
            y = y0 + index if freq == "YEARLY" else month_at(index)[0]
            if dates:   # the period's first date is set as its day of the year in the next year
                dates = sorted([cal.year_start(y + 1) + dates[0] - cal.year_start(y)] + dates[1:])
            else:       # the next period is counted from the next year's (YEARLY) or month's (MONTHLY)
                index += 1
        if "cycle-start-years-passed-over" in readings and freq == "YEARLY" and cal.name in LUNISOLAR_LEAP:
            # Foundation's YEARLY periods in the Chinese and Dangi calendars pass over the first year of each
            # 60-year cycle (ICU's UCAL_YEAR 1: CHINESE 4681 and DANGI 4377, 2044): its dates are left out
            # and INTERVAL is counted among the other years (DANGI INTERVAL=3 from 4357: ..., 4375, 4379)
            if index and cycle_start(y0 + index):
                dates = []
            for _ in range(interval):
                index += 1
                while cycle_start(y0 + index):
                    index += 1
        else:
            index += interval
        if not dates:
            empty_periods += 1
            if empty_periods > 5000:
                break
            if stop is not None and period_start(index) - 1 > stop:
                break
            continue
        empty_periods = 0
        past = False
        for c in dates:
            if c < d0:
                continue
            if stop is not None and c > stop:
                past = True
                break
            if c in seen:
                continue
            seen.add(c)
            result.append(c)
            produced += 1
            if (count is not None and produced >= count) or len(result) >= limit:
                break
        if past:
            break
    return [date_of(c) for c in sorted(result)[:limit]]


def main(argv):
    if argv[:1] == ["--months"]:  # a month table for TableCalendar, computed with one calendar open
        import json
        t = month_table(argv[1], int(argv[2]), int(argv[3]), argv[4] if len(argv) > 4 else "system")
        print(json.dumps({y: [[list(m), d, n] for m, d, n in ms] for y, ms in t.items()}))
        return 0
    if argv[:1] == ["--fields"]:
        cal = Calendar(argv[1])
        for text in argv[2:]:
            y, m, d, yd = cal.fields(epoch_day(dt.date.fromisoformat(text)))
            print(f"{text}: {cal.name} year {y}, month {m[0]}{'L' if m[1] else ''}, day {d}, day of year {yd}")
        return 0
    rule, start = argv[0], argv[1]
    d = dt.date(int(start[:4]), int(start[4:6]), int(start[6:8]))
    include = "--without-dtstart" not in argv
    print(" ".join(x.strftime("%Y%m%d") for x in expand(rule, d, limit=50, include_dtstart=include)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
