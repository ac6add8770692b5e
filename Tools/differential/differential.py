#!/usr/bin/env python3
"""Differential testing: Almanac (through `almanac batch`) against a peer engine.

One generator, one driver, three peers:

    dateutil    python-dateutil's rrule, in this process's `--serve dateutil` mode
                (floating and UTC starts: dateutil steps in wall time, so zones are left out)
    foundation  Foundation's Calendar.RecurrenceRule (matchingPolicy .strict), through the
                Swift executable in foundation-peer/ (no SECONDLY)
    libical     libical's icalrecur_iterator, through the C program in libical-peer/

The generator draws random requests (every frequency and BYxxx part with sensible and edge
values, INTERVAL, COUNT, UNTIL, WKST, BYSETPOS; floating, UTC and zoned starts in many
zones); each peer takes the requests it can express, so every peer sees the same kinds of
requests. Every request carries `include_dtstart: false` (the three peers leave out a DTSTART
the rule does not produce; RFC 5545 3.8.5.3 counts it, which Almanac does by default) and a
`before` bound (so a rule that never matches again ends in every engine).

A disagreement is either a known divergence (KNOWN below: a peer bug, a reading the RFC
decides differently, or a tz data difference), a suspected Almanac bug (ALMANAC_BUGS), or
unclassified; the run exits 1 when any is unclassified. A peer crash or hang is isolated to
its request (the peer answers line by line; the request after the last answer is the culprit)
and counted as a divergence of its own.

Usage:
    differential.py --peer dateutil --cases 500                   # the short run (CI)
    differential.py --peer foundation --cases 100000 --jobs 2     # a full run
    differential.py --peer libical --cases 2000 --corpus 1500     # also write Corpus/differential-libical.jsonl
    differential.py --peer all --cases 500                         # each peer in turn

Options: --seed S, --almanac PATH (default .build/debug/almanac), --report FILE (JSON
summary), --divergences (rewrite this peer's lines of Corpus/divergences.jsonl),
--save FILE (unclassified disagreements as JSON Lines).
"""
from __future__ import annotations

import argparse
import calendar
import datetime as dt
import itertools
import json
import os
import random
import re
import resource
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = ROOT / "Corpus"

FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
LIMIT = 20
CORPUS_LIMIT = 20
UTCZ = dt.timezone.utc

# Zones with many kinds of offsets and transitions. ICU 72 (Almanac) carries tz 2022e, the
# system zoneinfo (libical, python) and Foundation 2025b: the generator keeps zones whose
# rules changed after 2022e before the change (the year in the tuple), and every zoned
# disagreement is checked for a tz data difference over its span before it is classified.
ZONES = [
    ("America/New_York", 2100), ("America/Chicago", 2100), ("America/Denver", 2100),
    ("America/Los_Angeles", 2100), ("America/Phoenix", 2100), ("America/Anchorage", 2100),
    ("Pacific/Honolulu", 2100), ("America/Halifax", 2100), ("America/St_Johns", 2100),
    ("America/Toronto", 2100), ("America/Havana", 2100), ("America/Santiago", 2021),
    ("America/Sao_Paulo", 2100), ("America/Argentina/Buenos_Aires", 2100), ("America/Bogota", 2100),
    ("America/Mexico_City", 2021), ("Europe/London", 2100), ("Europe/Dublin", 2100),
    ("Europe/Lisbon", 2100), ("Europe/Paris", 2100), ("Europe/Berlin", 2100), ("Europe/Helsinki", 2100),
    ("Europe/Athens", 2100), ("Europe/Moscow", 2100), ("Europe/Istanbul", 2100), ("Africa/Cairo", 2021),
    ("Africa/Johannesburg", 2100), ("Africa/Casablanca", 2017), ("Asia/Jerusalem", 2100),
    ("Asia/Beirut", 2021), ("Asia/Tehran", 2021), ("Asia/Dubai", 2100), ("Asia/Kolkata", 2100),
    ("Asia/Kathmandu", 2100), ("Asia/Shanghai", 2100), ("Asia/Tokyo", 2100), ("Asia/Seoul", 2100),
    ("Australia/Sydney", 2100), ("Australia/Adelaide", 2100), ("Australia/Lord_Howe", 2100),
    ("Australia/Brisbane", 2100), ("Pacific/Auckland", 2100), ("Pacific/Chatham", 2100),
    ("Pacific/Apia", 2100), ("Pacific/Kiritimati", 2100), ("UTC", 2100),
]
# Years from DTSTART's year to `before` (the bound is 1 January of the year after).
# A peer walks a rule that never matches again period by period up to it, so the bound is what
# a peer can walk in its CPU limit: 0 is the 1 January after DTSTART.
HORIZON_YEARS = {"YEARLY": 100, "MONTHLY": 50, "WEEKLY": 30, "DAILY": 15, "HOURLY": 3, "MINUTELY": 1, "SECONDLY": 0}
ZONED_END = 2038  # zoned `before` bound: past 2037 some peers extrapolate zone rules their own way


# --------------------------------------------------------------------------------------------
# The generator

def sample(r, pool, lo=1, hi=3):
    return sorted(set(r.choice(pool) for _ in range(r.randint(lo, hi))))


def gen_rule(r):
    freq = r.choices(FREQS, weights=[5, 5, 4, 4, 2, 1, 1])[0]
    parts = ["FREQ=" + freq]
    if r.random() < 0.4:
        parts.append("INTERVAL=%d" % r.choice([2, 3, 4, 5, 7, 10, 13]))
    has_by = False
    if r.random() < 0.3:
        parts.append("BYMONTH=" + ",".join(map(str, sample(r, range(1, 13)))))
        has_by = True
    if freq == "YEARLY" and r.random() < 0.2:
        parts.append("BYWEEKNO=" + ",".join(map(str, sample(r, [1, 2, 10, 20, 26, 52, 53, -1, -2]))))
        has_by = True
    if freq in ("YEARLY", "HOURLY", "MINUTELY", "SECONDLY") and r.random() < 0.2:
        parts.append("BYYEARDAY=" + ",".join(map(str, sample(r, [1, 2, 32, 59, 60, 100, 200, 365, 366, -1, -2, -366]))))
        has_by = True
    if freq != "WEEKLY" and r.random() < 0.35:
        parts.append("BYMONTHDAY=" + ",".join(map(str, sample(r, [1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -3, -31]))))
        has_by = True
    if r.random() < 0.5:
        ordinals = freq in ("MONTHLY", "YEARLY") and "BYWEEKNO" not in ";".join(parts)
        vals = []
        for _ in range(r.randint(1, 4)):
            d = r.choice(DAYS)
            if ordinals and r.random() < 0.5:
                n = r.choice([1, 2, 3, 4, -1, -2, 5, -5] + ([10, 20, 53, -53] if freq == "YEARLY" else []))
                d = "%d%s" % (n, d)
            vals.append(d)
        parts.append("BYDAY=" + ",".join(sorted(set(vals))))
        has_by = True
    if r.random() < 0.25:
        parts.append("BYHOUR=" + ",".join(map(str, sample(r, range(24)))))
        has_by = True
    if r.random() < 0.2:
        parts.append("BYMINUTE=" + ",".join(map(str, sample(r, [0, 15, 30, 45, 59]))))
        has_by = True
    if freq in ("SECONDLY", "MINUTELY") and r.random() < 0.3 or r.random() < 0.05:
        parts.append("BYSECOND=" + ",".join(map(str, sample(r, [0, 1, 30, 59]))))
        has_by = True
    if has_by and r.random() < 0.25:
        parts.append("BYSETPOS=" + ",".join(map(str, sample(r, [1, 2, 3, -1, -2, 10]))))
    if r.random() < 0.2:
        parts.append("WKST=" + r.choice(DAYS))
    return freq, parts


def in_gap_or_fold(local, zone):
    """True when a local time does not exist, or exists twice, in zone (zoneinfo's data)."""
    a = local.replace(tzinfo=zone, fold=0)
    b = local.replace(tzinfo=zone, fold=1)
    if a.utcoffset() != b.utcoffset():
        return True
    back = dt.datetime.fromtimestamp(a.timestamp(), zone).replace(tzinfo=None)
    return back != local


def in_gap(local, zone):
    """True when a local time does not exist in zone (zoneinfo's data)."""
    return dt.datetime.fromtimestamp(local.replace(tzinfo=zone, fold=0).timestamp(), zone).replace(tzinfo=None) != local


def gen_case(r, i, seed):
    """One request: (batch request dict, metadata). The request is what Almanac and the peer answer."""
    freq, parts = gen_rule(r)
    kind = r.choices(["floating", "zoned", "utc"], weights=[45, 45, 10])[0]
    tzid, zone, last_year = None, None, 2150
    if kind == "zoned":
        tzid, last_year = r.choice(ZONES)
        last_year = min(last_year, ZONED_END - 1)
        zone = ZoneInfo(tzid)
        year = r.randint(1971, last_year) if r.random() < 0.3 else r.randint(max(1971, last_year - 30), last_year)
    else:
        year = r.randint(1900, 2100) if r.random() < 0.25 else r.randint(1990, 2030)
    start = dt.datetime(year, r.randint(1, 12), r.randint(1, 28),
                        r.randint(0, 23), r.choice([0, 0, 15, 30, 59]), r.choice([0, 0, 30]))
    if r.random() < 0.1:  # month ends: 29, 30 and 31 where the month has them
        last = calendar.monthrange(start.year, start.month)[1]
        start = start.replace(day=r.randint(28, last))
    if zone is not None:
        # DTSTART itself in a gap or a fold is read differently by each peer (RFC 5545 3.3.5
        # settles it for Almanac): move it off the transition.
        while in_gap_or_fold(start, zone):
            start += dt.timedelta(hours=3)
    end = r.random()
    if end < 0.35:
        parts.append("COUNT=%d" % r.randint(1, 30))
    elif end < 0.6:
        span = {"YEARLY": 3650, "MONTHLY": 900, "WEEKLY": 300, "DAILY": 60}.get(freq, 2)
        until = start + dt.timedelta(days=r.randint(0, span), seconds=r.randint(0, 86399))
        if kind == "floating":
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
        else:
            if zone is not None:
                until = until.replace(tzinfo=zone).astimezone(UTCZ).replace(tzinfo=None)
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%SZ"))
    # The bound every engine stops at: a rule that never matches again ends everywhere.
    # Sub-daily rules get a nearer bound: a peer walks them one period at a time.
    years = HORIZON_YEARS[freq]
    horizon = min(start.year + years, 2200) + 1 if zone is None else min(start.year + years + 1, last_year + 1)
    req = {"id": "d%d-%d" % (seed, i), "dtstart": start.strftime("%Y%m%dT%H%M%S") + ("Z" if kind == "utc" else ""),
           "rrule": ";".join(parts), "include_dtstart": False, "limit": LIMIT, "strict": True,
           "before": "%04d0101T000000" % horizon + ("Z" if kind == "utc" else "")}
    if tzid:
        req = {"id": req["id"], "dtstart": req["dtstart"], "tzid": tzid, **{k: v for k, v in req.items() if k not in ("id", "dtstart")}}
    return req


def parts_of(rule):
    return dict(p.split("=", 1) for p in rule.split(";"))


def start_kind(req):
    return "utc" if req["dtstart"].endswith("Z") else ("zoned" if "tzid" in req else "floating")

# --------------------------------------------------------------------------------------------
# RSCALE mode (--rscale): RFC 7529 rules in every calendar

sys.path.insert(0, str(ROOT / "Tools" / "corpus"))
import rscale_oracle  # noqa: E402  (RFC 7529 on ICU's calendars, Almanac's reading)

RSCALES = ["CHINESE", "DANGI", "HEBREW", "ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA",
           "ISLAMIC-RGSA", "PERSIAN", "ETHIOPIC", "ETHIOAA", "COPTIC", "INDIAN", "BUDDHIST", "JAPANESE", "ROC",
           "ISO8601", "GREGORIAN"]
THIRTEEN_MONTHS = {"ETHIOPIC", "ETHIOAA", "COPTIC"}
RSCALE_HORIZON = {"YEARLY": 60, "MONTHLY": 20, "WEEKLY": 8, "DAILY": 4}


def gen_rscale_rule(r, scale):
    freq = r.choices(["YEARLY", "MONTHLY", "WEEKLY", "DAILY"], weights=[6, 5, 2, 2])[0]
    parts = ["RSCALE=" + scale, "FREQ=" + freq]
    if r.random() < 0.3:
        parts.append("INTERVAL=%d" % r.choice([2, 3, 5]))
    if r.random() < (0.5 if freq in ("YEARLY", "MONTHLY") else 0.2):
        pool = [str(m) for m in range(1, 13)]
        if scale in ("CHINESE", "DANGI"):
            pool += ["%dL" % m for m in range(1, 13)] * 2
        elif scale == "HEBREW":
            pool += ["5L"] * 6 + ["6"] * 3
        elif scale in THIRTEEN_MONTHS:
            pool += ["13"] * 6
        parts.append("BYMONTH=" + ",".join(sorted(set(r.choice(pool) for _ in range(r.randint(1, 2))),
                                                   key=lambda m: (int(m.rstrip("L")), m))))
    if freq == "YEARLY" and r.random() < 0.15:
        parts.append("BYYEARDAY=" + ",".join(map(str, sorted(set(
            r.choice([1, 2, 100, 200, 354, 355, 365, 366, 383, 384, 385, -1, -366, -384]) for _ in range(r.randint(1, 2)))))))
    if freq != "WEEKLY" and r.random() < 0.45:
        parts.append("BYMONTHDAY=" + ",".join(map(str, sorted(set(
            r.choice([1, 2, 15, 28, 29, 29, 30, 30, 31, -1, -1, -2, -30, 5, 6]) for _ in range(r.randint(1, 2)))))))
    if r.random() < 0.3 or freq == "WEEKLY" and r.random() < 0.5:
        vals = set()
        for _ in range(r.randint(1, 3)):
            d = r.choice(DAYS)
            if freq in ("MONTHLY", "YEARLY") and r.random() < 0.5:
                d = "%d%s" % (r.choice([1, 2, -1, 5, -5] + ([20, 53] if freq == "YEARLY" else [])), d)
            vals.add(d)
        parts.append("BYDAY=" + ",".join(sorted(vals)))
    if r.random() < 0.7:
        parts.append("SKIP=" + r.choice(["OMIT", "BACKWARD", "FORWARD", "FORWARD", "BACKWARD"]))
    return freq, parts


def gen_rscale_case(r, i, seed):
    """One RSCALE request (the batch request form); DATE, floating, UTC and zoned starts."""
    scale = r.choice(RSCALES)
    freq, parts = gen_rscale_rule(r, scale)
    kind = r.choices(["date", "floating", "zoned", "utc"], weights=[35, 30, 25, 10])[0]
    tzid, zone, last_year = None, None, 2080
    if kind == "zoned":
        tzid, last_year = r.choice(ZONES)
        last_year = min(last_year, ZONED_END - 1)
        zone = ZoneInfo(tzid)
    year = r.randint(max(1950, last_year - 60), last_year - (0 if kind != "zoned" else 3))
    start = dt.datetime(year, r.randint(1, 12), r.randint(1, 28), r.randint(0, 23), r.choice([0, 0, 30]), 0)
    if r.random() < 0.3:  # a calendar month's last days, or a day of a leap month where the calendar has them
        cal = rscale_oracle.Calendar(scale)
        y, _, _, _ = cal.fields(rscale_oracle.epoch_day(start.date()))
        months = cal.months(y)
        leap = [m for m in months if m[0][1] or (scale == "HEBREW" and m[0] == (5, True))]
        m, first, length = r.choice(leap) if leap and r.random() < 0.5 else r.choice(months)
        day = rscale_oracle.date_of(first + r.choice([length - 1, length - 2, r.randrange(length)]))
        start = start.replace(year=day.year, month=day.month, day=day.day)
    if kind == "date":
        start = start.replace(hour=0, minute=0)
    if zone is not None:
        while in_gap_or_fold(start, zone):
            start += dt.timedelta(hours=3)
    end = r.random()
    if end < 0.4:
        parts.append("COUNT=%d" % r.randint(1, 15))
    elif end < 0.65:
        until = start + dt.timedelta(days=r.randint(0, {"YEARLY": 7000, "MONTHLY": 900, "WEEKLY": 200, "DAILY": 60}[freq]),
                                     seconds=r.randint(0, 86399))
        if kind == "date":
            parts.append("UNTIL=" + until.strftime("%Y%m%d"))
        elif kind == "floating":
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
        else:
            if zone is not None:
                until = until.replace(tzinfo=zone).astimezone(UTCZ).replace(tzinfo=None)
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%SZ"))
    horizon = min(start.year + RSCALE_HORIZON[freq], last_year) + 1
    fmt = "%Y%m%d" if kind == "date" else "%Y%m%dT%H%M%S"
    suffix = "Z" if kind == "utc" else ""
    req = {"id": "r%d-%d" % (seed, i), "dtstart": start.strftime(fmt) + suffix}
    if tzid:
        req["tzid"] = tzid
    req.update({"rrule": ";".join(parts), "include_dtstart": False, "limit": LIMIT, "strict": True,
                "before": ("%04d0101" % horizon) + ("" if kind == "date" else "T000000") + suffix})
    return req


def oracle_answer(req, readings=()):
    """Tools/corpus/rscale_oracle.py's answer to a request, printed as Almanac prints it:
    {"occurrences": [...], "truncated": bool} or {"error": {"kind", "message"}}."""
    p = parts_of(req["rrule"])
    text = ";".join("%s=%s" % (k, v) for k, v in p.items() if k not in ("COUNT", "UNTIL"))
    ds = req["dtstart"]
    is_date, is_utc = len(ds) == 8, ds.endswith("Z")
    start = dt.datetime.strptime(ds[:15], "%Y%m%d" if is_date else "%Y%m%dT%H%M%S")
    zone = ZoneInfo(req["tzid"]) if "tzid" in req else None
    before = dt.datetime.strptime(req["before"][:15], "%Y%m%d" if is_date else "%Y%m%dT%H%M%S")
    try:
        days = rscale_oracle.expand(text, start.date(), until=before.date(), limit=100_000,
                                    include_dtstart=req.get("include_dtstart", True), readings=readings)
    except rscale_oracle.Unsupported as e:
        return {"error": {"kind": "oracle", "message": str(e)}}

    def key(local):  # an instant to compare with UNTIL and `before`
        if zone is None:
            return local.replace(tzinfo=UTCZ).timestamp()
        return local.replace(tzinfo=zone, fold=0).timestamp()

    until = None
    if "UNTIL" in p:
        u = p["UNTIL"]
        if len(u) == 8:
            until = key(dt.datetime.strptime(u, "%Y%m%d"))
        elif u.endswith("Z"):
            until = dt.datetime.strptime(u, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTCZ).timestamp()
        else:
            until = key(dt.datetime.strptime(u, "%Y%m%dT%H%M%S"))
    count = int(p["COUNT"]) if "COUNT" in p else None
    hi = key(before) if zone is None or not req["before"].endswith("Z") else \
        dt.datetime.strptime(req["before"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTCZ).timestamp()
    out = []
    for n, day in enumerate(days):
        if count is not None and n >= count:
            break
        local = dt.datetime.combine(day, start.time())
        t = key(local)
        if (until is not None and t > until) or t >= hi:
            break
        if zone is not None:
            z = dt.datetime.fromtimestamp(t, zone)
            out.append(z.strftime("%Y-%m-%dT%H:%M:%S") + fmt_offset(z.utcoffset()))
        elif is_date:
            out.append(day.isoformat())
        else:
            out.append(local.strftime("%Y-%m-%dT%H:%M:%S") + ("Z" if is_utc else ""))
    limit = req.get("limit", 1000)
    return {"occurrences": out[:limit], "truncated": len(out) > limit}


def oracle_answers(reqs):
    return [dict(oracle_answer(q), id=q["id"]) for q in reqs]


def serve_oracle():
    """`--serve rscale-oracle`: the oracle as a peer, one JSON line in, one out."""
    for line in sys.stdin:
        q = json.loads(line)
        a = oracle_answer(q)
        reply = {"id": q["id"], "error": a["error"]["message"]} if "error" in a else dict(a, id=q["id"])
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def skip_moves(p):
    return p.get("SKIP", "OMIT") != "OMIT"


def leap_months(p):
    return any(m.endswith("L") for m in p.get("BYMONTH", "").split(",") if m)


# Kinds of RSCALE disagreement, per peer: (kind, predicate(q, p, ours, theirs), note), tried in order
# after GENERIC. A kind that blames the peer also needs the oracle's agreement with Almanac
# (rscale_referee is True); the readings RFC 7529 leaves open are recognised by rscale_reading_kind.
RSCALE_GENERIC = [
    ("same-local-times-other-utc-offset",
     lambda q, p, o, t: is_list(o) and is_list(t) and len(o) == len(t) and [x[:19] for x in o] == [x[:19] for x in t],
     "Not an RSCALE divergence: the same local times, with another UTC offset (the zone data the two sides read "
     "differ there; libical's built-in zones are its own conversion of zoneinfo)."),
]

# The largest value ICU 72 gives each field (ucal_getLimit UCAL_MAXIMUM) where it is below RFC 5545's
# bound; libical 3.0.16 refuses a rule with a larger BYMONTHDAY, BYYEARDAY or YEARLY BYDAY ordinal
# (probed with its icalrecur_iterator_new, every RSCALE).
ICU_MAXIMUM = {
    "BYMONTHDAY": {s: 30 for s in ("CHINESE", "DANGI", "HEBREW", "ETHIOPIC", "ETHIOAA", "COPTIC")},
    "BYYEARDAY": {s: 355 for s in ("ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA", "ISLAMIC-RGSA")},
    "BYDAY": {s: 51 for s in ("ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA", "ISLAMIC-RGSA")},
}


def past_icu_maximum(p):
    scale = p.get("RSCALE", "GREGORIAN")
    for part, limits in ICU_MAXIMUM.items():
        if scale in limits and part in p:
            values = [v[:-2] if part == "BYDAY" else v for v in p[part].split(",")]
            if part == "BYDAY" and p["FREQ"] != "YEARLY":
                continue
            if any(v and abs(int(v)) > limits[scale] for v in values):
                return True
    return False


def malformed(t):
    return isinstance(t, str) and "MALFORMEDDATA" in t


# Kinds RSCALE_READINGS recognises (rscale_reading_kind): the note of each reading; a class made of
# two readings gets both notes.
RSCALE_READING_NOTES = {
    "foundation-ethioaa-read-as-gregorian":
        "RFC 7529 (RSCALE=ETHIOAA: the Ethiopic Amete Alem calendar's months and days): Foundation's "
        "ethiopicAmeteAlem calendar, as Almanac's bridge hands it an RSCALE=ETHIOAA rule, answers Gregorian fields "
        "(MONTHLY BYMONTH=4,6 from 2054-06-25: the 25th of Gregorian April and June). Recognised when its answer is "
        "the oracle's answer to the rule read as RSCALE=GREGORIAN.",
    "foundation-monthly-plain-byday-as-first":
        "RFC 5545 3.3.10 (MONTHLY: a BYDAY weekday without an ordinal is every such weekday of the month): Foundation "
        "gives only the first (ISLAMIC MONTHLY BYDAY=WE: one Wednesday a month) and drops the same weekday's "
        "ordinals beside it (-1SA,SA as 1SA), in the RSCALE calendars. Recognised when its answer is the oracle's "
        "answer to the rule with each plain weekday W read as 1W and W's ordinals dropped.",
    "foundation-yearly-plain-byday-as-first":
        "RFC 5545 3.3.10 (YEARLY: a BYDAY weekday without an ordinal is every such weekday of the year, or of each "
        "BYMONTH month): Foundation gives only the first of the year, or of each BYMONTH month, and drops the same "
        "weekday's ordinals beside it (-5MO,MO as 1MO), in every RSCALE calendar, GREGORIAN included, whatever the "
        "matching policy (RSCALE=GREGORIAN;FREQ=YEARLY;BYDAY=TU from 2023-08-30: 2024-01-02, 2025-01-07, ...; "
        "HEBREW BYMONTH=1;BYDAY=-1TU,SA,WE: the first Saturday, the first Wednesday and the last Tuesday of Tishri): "
        "the MONTHLY class foundation-monthly-plain-byday-as-first in YEARLY rules. With ordinals of other weekdays "
        "and no BYMONTH it goes with foundation-yearly-byday-ordinals-in-first-month. Recognised when its answer is "
        "the oracle's answer to the rule with each plain weekday W read as 1W and W's ordinals dropped. RFC 5545 is "
        "on Almanac's side.",
    "foundation-yearly-byday-ordinals-in-first-month":
        "RFC 5545 3.3.10 (YEARLY BYDAY ordinals without BYMONTH or BYWEEKNO count in the year): Foundation counts them "
        "in the year's first month (GREGORIAN YEARLY BYDAY=5FR: only in years whose January has five Fridays), and in "
        "the calendars Foundation computes through ICU (all but GREGORIAN and ISO8601), for a positive ordinal the "
        "first month lacks, in the second month, never later (ROC, BUDDHIST, JAPANESE BYDAY=5FR: also 2036-02-29; ETHIOPIC YEARLY BYDAY=5FR: 2029-11-09, the fifth Friday of Tikimt 2022, as Meskerem has four; nothing in "
        "Ethiopic 2025, whose first five-Friday month is the fourth). Recognised when its answer is the oracle's answer to the "
        "rule with BYMONTH=1, each positive BYDAY item taken from month 2 in the years whose month 1 lacks it.",
    "foundation-byyearday-drops-bymonth-and-bymonthday":
        "RFC 5545 3.3.10 (BYMONTH and BYMONTHDAY limit a YEARLY BYYEARDAY): Foundation expands BYYEARDAY and drops "
        "BYMONTH and BYMONTHDAY beside it (ISO8601 BYYEARDAY=365;BYMONTHDAY=30: December 31 in common years). "
        "Recognised when its answer is the oracle's answer to the rule without BYMONTH and BYMONTHDAY.",
    "skip-not-applied":
        "RFC 7529: with SKIP=BACKWARD or FORWARD an invalid date (a day past the month's end, a missing leap "
        "month, Ethiopic/Coptic month 13's day 6 to 30) is moved, not dropped. The peer's answer is the oracle's "
        "answer to the same rule with SKIP=OMIT (libical: with BYMONTH as a MONTHLY limit, BYDAY beside "
        "BYMONTHDAY, DAILY rules, an invalid BYYEARDAY).",
    "yearly-bymonthday-only-in-dtstart-month":
        "RFC 5545 3.3.10 (table: BYMONTHDAY expands a YEARLY rule) in the rule's calendar: "
        "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=2 is the 2nd of every Chinese month; the peer's answer is the "
        "oracle's answer with BYMONTH set to DTSTART's month (libical takes the month from DTSTART).",
    "libical-rscale-negative-bymonthday-ignored":
        "RFC 5545 3.3.10: a negative BYMONTHDAY counts from the month's end (-1 the last day), a limit in DAILY "
        "and WEEKLY rules too. With RSCALE, libical 3.0.16 ignores the negative values of a DAILY/WEEKLY "
        "BYMONTHDAY: its answer is the oracle's with them left out.",
    "rfc7529-open-skip-and-byday":
        "RFC 7529 does not say whether BYDAY limits a date before or after SKIP moves it (BYMONTHDAY=30;BYDAY=FR "
        "in a 29-day month with FORWARD: is the 1st of the next month kept when it is a Friday?). Almanac: SKIP "
        "moves an invalid day only when BYDAY is absent; the peer's answer is the oracle's when SKIP moves first "
        "and BYDAY limits after (reading `skip-before-byday`). Neither side is wrong by the RFC.",
    "rfc7529-open-leap-month-as-limit":
        "RFC 7529 does not say whether SKIP moves a missing leap month that BYMONTH names as a limit (MONTHLY, "
        "WEEKLY, DAILY). Almanac: a limit only keeps the months that exist (5L matches only Adar I); the peer's "
        "answer is the oracle's when the missing leap month matches the month SKIP puts in its place (reading "
        "`leap-month-limit-moves`). Neither side is wrong by the RFC.",
    "almanac-foundation-bridge-until-in-rscale-calendar":
        "ALMANAC BUG (the bridge, not the engine): RFC 7529 keeps UNTIL a Gregorian iCalendar value, but "
        "Calendar.RecurrenceRule(_:timeZone:) builds a DATE or local UNTIL from DateComponents in the RSCALE's "
        "calendar, so UNTIL=20310205 with RSCALE=ISLAMIC ends at Islamic year 2031 (never, here) and with "
        "RSCALE=HEBREW at Hebrew year 2064 (before DTSTART: nothing). Foundation answers the request it was given; "
        "the engine and the oracle answer RFC 7529's. A UTC UNTIL is converted right.",
    "libical-icu72-chinese-months":
        "The calendar authority (the Purple Mountain Observatory's tables, as later ICUs and Foundation's ICU 76 "
        "reproduce them) is on Almanac's side: ICU 72, which libical 3.0.16 links, misplaces 18 Chinese months "
        "between 1900 and 2100 (New Year 2027 on 7 February rather than 6; 1987's leap month after the 7th month "
        "rather than the 6th). The peer's answer is the oracle's with ICU 72's Chinese/Dangi month tables "
        "(reading `icu72-chinese-months`).",
    "libical-chinese-missing-leap-month-one-month-early":
        "RFC 7529 section 4.2: SKIP=BACKWARD puts a missing leap month nL on the month before it (n) and FORWARD "
        "on the month after it (n+1). In a Chinese or Dangi year whose leap month comes before month n, libical "
        "3.0.16 lands a month earlier (n-1 and n: it counts months by position; with BACKWARD the leap month "
        "(n-1)L itself when it comes right before n: ICU resolves nL to n and libical steps one month back with "
        "ucal_add), elsewhere it agrees; its answer is the oracle's with that reading (`leap-month-skip-one-early`). "
        "RFC 7529 is on Almanac's side.",
    "libical-byday-missing-leap-month-as-icu-resolves":
        "RFC 7529 section 3.2 (SKIP=OMIT drops a missing leap month; BACKWARD and FORWARD move it to the month before "
        "or after) and section 4.2: in a YEARLY rule with BYDAY, libical 3.0.16 expands the BYDAY days of each raw "
        "BYMONTH value (expand_year_days: get_day_of_year(year, 4L, 1)), and ICU's lenient Chinese calendar resolves "
        "a leap month the year lacks to the month after the one at position n (n when a leap month comes before n, "
        "else n + 1), whatever SKIP says (CHINESE BYMONTH=1L,3L;BYDAY=2TU,SU from 2025-05-03, no SKIP: the Sundays of "
        "the 4th month of 4662). Recognised when its answer is the oracle's with that month in place of the missing "
        "leap month (reading `leap-month-icu-lenient`). RFC 7529 is on Almanac's side.",
    "libical-byday-past-month-13-leaves-icu-in-next-year":
        "RFC 5545 3.3.10 (YEARLY BYMONTH + BYDAY: the BYDAY days of those months of every INTERVAL-th year; a "
        "weekday the month lacks gives nothing) in RFC 7529's 13-month calendars: libical 3.0.16's expand_by_day "
        "asks ICU for the day of the year of each BYDAY item it keeps (in weekday order from WKST), and for a plain "
        "weekday absent from the 5- or 6-day month 13 that day lies past the year's end, so ICU's lenient "
        "calendar is left in the next year. If that was the last call, the year's first date is then set as its "
        "day of the year in the next year (COPTIC BYMONTH=13;BYDAY=-1TU,SU in 1721: 13-1, a Tuesday, comes out "
        "as 1722-13-1, a Wednesday), and after a year without dates the next period is counted from the next "
        "year (a year skipped: the periods look unevenly spaced). MONTHLY rules with BYDAY go through the same "
        "code month by month: after month 13 the next year's first month is passed over (ETHIOPIC MONTHLY "
        "BYMONTHDAY=29;BYDAY=TH from 2027-01-26: no 29 Meskerem 2029, 2036-10-09). Recognised when its answer is "
        "the oracle's with that reading (`byday-spill-into-next-year`). RFC 5545 is on Almanac's side.",
    "libical-stale-leap-month-flag-moves-yearly-byday":
        "RFC 5545 3.3.10 (YEARLY BYDAY alone: those weekdays of the year, ordinals counted in the year) in RFC "
        "7529's Chinese and Dangi calendars: from a DTSTART in a leap month, libical 3.0.16's expansion of that "
        "month (its default BYMONTH) leaves ICU's UCAL_IS_LEAP_MONTH set, and its __set_month never clears it, so "
        "get_day_of_year(year, 1, 1) reads a month \"1L\" that ICU resolves to the year's second month: in the "
        "years that have DTSTART's leap month the weekdays are counted from the weekday of the second month's "
        "first day as if it were the year's first day (DANGI BYDAY=-1SU,MO from 2L-29 of 4356: Sundays, not "
        "Mondays). Recognised when its answer is the oracle's with that reading (`byday-weekdays-from-second-month`). "
        "RFC 5545 is on Almanac's side.",
    "libical-monthly-day-skip-moved-out-of-month-escapes-byday":
        "RFC 5545 3.3.10 (MONTHLY: BYDAY limits BYMONTHDAY's days, and without BYMONTHDAY it expands to the month's "
        "weekdays; DTSTART's day plays no part) and RFC 7529 3.2: libical 3.0.16 fills the month's days from "
        "BYMONTHDAY, or from DTSTART's day when BYMONTHDAY is absent, moves an invalid one as SKIP says, then lets "
        "BYDAY set or filter only the days inside the month: a day SKIP moved out of it (FORWARD: the next month's "
        "first day) stays whatever its weekday, provided the month has a BYDAY day (expand_by_day's first day is "
        "where its walk through the month's bits starts) (PERSIAN BYMONTHDAY=28,30;BYDAY=-5MO,MO;SKIP=FORWARD: "
        "1403-01-01, a Wednesday, after the Monday 1402-12-28; ISLAMIC BYDAY=-5SU,1FR,1SA;SKIP=FORWARD from a 30th: "
        "the 1st after every 29-day month). "
        "Recognised when its answer is the oracle's with that reading (`skip-moved-out-escapes-byday`). RFC 5545 "
        "is on Almanac's side.",
    "libical-missing-12l-leaves-icu-in-next-year":
        "RFC 7529 3.2 (SKIP=OMIT: a missing leap month gives nothing) and RFC 5545 3.3.10 (every INTERVAL-th year): "
        "libical 3.0.16's set_month asks ICU for a BYMONTH value; in a Chinese or Dangi year without a leap month, "
        "ICU's lenient calendar resolves a missing 12L to the next year's first month, and with SKIP=OMIT libical "
        "drops the month but leaves its calendar there. When 12L is the last BYMONTH value, the year's first date "
        "is then set as its day of the year in the next year (CHINESE INTERVAL=2;BYMONTH=3,12L from 4656-11-2: "
        "3-2 of 4659 comes out as day 61 of 4660, 2L-2), and after a year without dates the next period is "
        "counted from the next year: the mechanism of `libical-byday-past-month-13-leaves-icu-in-next-year`. "
        "Recognised when its answer is the oracle's with that reading (`missing-12l-spill-into-next-year`). "
        "RFC 7529 is on Almanac's side.",
    "libical-day-forward-passes-over-leap-month":
        "RFC 7529 3.2 (SKIP=FORWARD: an invalid day moves to the first day of the next month, and in the Chinese "
        "calendar the month after n is the leap month nL when the year has one): libical 3.0.16's "
        "expand_bymonth_days moves it to month \"this_month + 1\" by number, so the leap month nL that follows n "
        "is passed over (CHINESE BYMONTH=5L;SKIP=FORWARD from 6L-30 of 4692: 5L is month 6, whose 30th does not "
        "exist, and it lands on 7-1, not 6L-1). Recognised when its answer is the oracle's with that reading "
        "(`day-forward-by-number`). RFC 7529 is on Almanac's side.",
    "libical-yearly-bymonth-byday-stale-leap-flag-mask":
        "RFC 7529 3.2 (a leap month the year lacks moves as SKIP says; a month n is n, whatever month came before "
        "it) and RFC 5545 3.3.10 (BYDAY limits the BYMONTH/BYMONTHDAY days, counted in each month): in a "
        "Chinese/Dangi YEARLY rule with BYMONTH, BYMONTHDAY and BYDAY, libical 3.0.16's expand_year_days first sets "
        "the BYMONTHDAY days of each month set_month resolves, then filters, for each raw BYMONTH value, the "
        "days of the month ICU resolves that value to, and ICU's UCAL_IS_LEAP_MONTH is whatever the last "
        "computed date left (__set_month sets it for a leap month and never clears it): after a date in a leap "
        "month a plain month n reads as nL (CHINESE BYMONTH=2,2L;BYMONTHDAY=1,6;BYDAY=TU;SKIP=BACKWARD: in 4679, "
        "whose leap month is 2L, both passes filter 2L, no day is kept and the year gives nothing, 2-6, a "
        "Tuesday, included); a missing 12L resolves to the next year's first month, whose first day ICU numbers "
        "day 1, so the filter runs over this year's first month with the next year's weekdays (DANGI "
        "BYMONTH=7,12L;BYMONTHDAY=-2,-1;BYDAY=5SA,SA;SKIP=FORWARD: 4403-1-29, a Tuesday); the month's length is "
        "ICU 72's getLimit, which for a missing leap month is the next lunation's; days outside every filtered "
        "month stay unfiltered once one day is kept (DANGI BYMONTH=10L,11L;BYMONTHDAY=-1,2;BYDAY=53FR,SA,WE: in 4365, "
        "which has no leap month, 11L filters 29 days of the 30-day month 12, so 12-30, a Sunday, stays). Recognised when its answer is the oracle's with that emulation over the oracle's months "
        "(`libical-yearly-byday-mask`, traced with LD_PRELOAD on libical's ucal_* calls). RFC 7529 and RFC 5545 "
        "are on Almanac's side.",
    "foundation-monthly-interval-counts-only-months-with-dtstart-day":
        "RFC 5545 3.3.10 (INTERVAL=n: every n-th month counted from DTSTART's, and a month without DTSTART's day "
        "yields nothing but still counts) and RFC 7529 (SKIP=OMIT): Foundation's strict MONTHLY search counts INTERVAL "
        "only among the months that have DTSTART's day (GREGORIAN MONTHLY INTERVAL=3 from 2068-07-31: 2068-12-31, "
        "2069-05-31, ... five months apart). Recognised when its answer is every n-th of the oracle's dates at "
        "INTERVAL=1. In the Ethiopic and Coptic calendars with SKIP=BACKWARD or FORWARD it comes with skip-not-applied: "
        "month 13, which lacks DTSTART's day, is no period and nothing moves (ETHIOPIC MONTHLY INTERVAL=2;SKIP=FORWARD "
        "from 30 Hamle 2019: 2027-08-06, then 30 Meskerem and 30 Hidar 2020; COPTIC INTERVAL=3 from 30 Epip: months "
        "11, 2, 5, 8, 11). RFC 5545 is on Almanac's side.",
    "foundation-strict-monthly-resumes-at-next-years-first-month":
        "RFC 5545 3.3.10 (MONTHLY: every month, a month without the day yields nothing) read in RFC 7529's calendar: "
        "in the non-Gregorian calendars Foundation's strict MONTHLY search, after a month that lacks DTSTART's day, "
        "goes on at the first month of the next year (or the second, when the first lacks it too) and passes over "
        "the months between (JAPANESE MONTHLY from 2068-07-31: 07-31, 08-31, 2069-01-31, 2070-01-31 ...; ISLAMIC from "
        "30 Rabi I 1402 in Santiago). With BYMONTH (a limit) the walk is the same and BYMONTH keeps the months it "
        "reaches (ISLAMIC-CIVIL MONTHLY BYMONTH=7,12 from 30 Muharram 1476: month 2 lacks the 30th, so the walk "
        "goes from one Muharram to the next and never reaches month 7 or 12: nothing). Recognised when its answer is "
        "the oracle's dates reached by that walk. RFC 5545 is on Almanac's side.",
    "foundation-leap-month-with-skip-policy-matches-nothing":
        "RFC 7529 section 3.2 (SKIP=BACKWARD/FORWARD move a missing leap month; a leap month that exists matches): "
        "with the matching policies the bridge gives SKIP=BACKWARD and FORWARD (.previousTime/.nextTimePreserving"
        "SmallerComponents), Foundation's YEARLY rule whose BYMONTH holds only Chinese/Dangi leap months matches "
        "nothing, not even in the years that have the month (CHINESE BYMONTH=4L;SKIP=FORWARD from 2054-11-11: no "
        "2058-06-02, 12 of 4L of 4695; with .strict it finds it). Recognised when its answer is empty. RFC 7529 is on "
        "Almanac's side.",
    "foundation-byyearday-nothing-in-first-year-of-60-year-cycle":
        "RFC 5545 3.3.10 (BYYEARDAY: the n-th day of every year) in RFC 7529's Chinese calendar: Foundation gives no "
        "BYYEARDAY day in the first year of a 60-year cycle, where its year component starts again at 1 (CHINESE "
        "BYYEARDAY=19 from 2040-10-18: 2043-02-28, then 2045-03-07; 2044-01-30 begins year 1 of the 79th cycle). "
        "Recognised when its answer is the oracle's less the dates of such years. RFC 5545 is on Almanac's side.",
    "foundation-yearly-passes-over-first-year-of-60-year-cycle":
        "RFC 5545 3.3.10 (YEARLY: every INTERVAL-th year counted from DTSTART's) in RFC 7529's Chinese and Dangi "
        "calendars: Foundation's YEARLY periods pass over the first year of each 60-year cycle (where its year "
        "component starts again at 1: CHINESE 4681 and DANGI 4377, from 2044-01-30), which gives nothing and does "
        "not count toward INTERVAL (CHINESE YEARLY;SKIP=BACKWARD from 2043-01-26: 4679-12-16, 4680-12-16, then "
        "4682-12-16, no 2045-02-02 (4681-12-16); DANGI YEARLY INTERVAL=3 from 2024-12-29 (4357): ..., 4375, then 4379, not "
        "4378). Recognised when its answer is the oracle's with that reading (`cycle-start-years-passed-over`). "
        "With INTERVAL=1 and BYYEARDAY this is foundation-byyearday-nothing-in-first-year-of-60-year-cycle. "
        "RFC 5545 is on Almanac's side.",
    "foundation-daily-ends-at-a-gap-after-a-fall-back":
        "RFC 5545 3.3.10 (a DAILY rule goes on until COUNT, UNTIL or forever) and 3.3.5 (a local time in a gap is "
        "moved forward, not the end of the set): in a zone with DST, Foundation's DAILY series ends at the first day "
        "whose DTSTART wall-clock time falls in a spring-forward gap once a fall-back transition lies behind it "
        "(Pacific/Chatham DAILY BYMONTH=9;BYDAY=MO at 03:30 from 1980-09-30: the gap of 1980-10-26 is passed, the fall "
        "back of 1981-03-01 crossed, and nothing comes after the gap of 1981-10-25: four Mondays of September 1981, "
        "then nothing; America/New_York 02:30 from 2020-04-01: the last date is 2021-03-09 with BYDAY=TU; from "
        "2020-12-31 the series ends at the gap of 2022-03-13). Any RSCALE, GREGORIAN included; WEEKLY and MONTHLY "
        "rules pass the same gaps. Recognised when its answer is the oracle's dates before that day. Not read: with a "
        "rule that has the day after the gap (FREQ=DAILY alone, BYDAY=MO after a Sunday gap) Foundation gives that "
        "day too, then nothing. RFC 5545 is on Almanac's side.",
    "foundation-skip-drops-negative-bymonthday-before-month":
        "RFC 7529 section 3.2 (SKIP=FORWARD moves a day before a month's start, BYMONTHDAY=-30 of a 29-day month, to "
        "the month's first day, BACKWARD to the previous month's last; README RFC choice 19): with the matching "
        "policies the bridge gives BACKWARD and FORWARD, Foundation moves a positive BYMONTHDAY past a month's end "
        "but drops a negative one before its start, in every RSCALE calendar, GREGORIAN included "
        "(ISLAMIC-UMALQURA YEARLY BYMONTH=8;BYMONTHDAY=-30,30;SKIP=FORWARD: 1 Ramadan from the 30th of a 29-day "
        "Sha'ban, no 1 Sha'ban from its -30th; GREGORIAN MONTHLY BYMONTHDAY=-31;SKIP=BACKWARD: only the 31-day "
        "months' first days). Recognised when its answer is the union of the oracle's answers to the rule with the "
        "positive BYMONTHDAY values and to the rule with the negative ones and SKIP=OMIT. RFC 7529 is on Almanac's "
        "side.",
    "foundation-japanese-backward-month-length-from-current-era":
        "RFC 7529 section 3.2 (SKIP=BACKWARD: a day past a month's end moves to the month's last day) in the Japanese "
        "calendar: Foundation's previous-time policy (the bridge's BACKWARD) takes the month's length from the same "
        "era year of the current era, Reiwa (Gregorian year = era year + 2018), not from the date's own era: in "
        "Heisei 12 (2000) February is read as 2030's, 28 days, so the 30th goes to 2000-02-28, not the 29th; in "
        "Heisei 14 (2002) it is read as 2032's, 29 days, and 2002-02-29, which does not exist, is dropped: no "
        "February 2002 at all (JAPANESE MONTHLY;SKIP=BACKWARD from 1998-07-30: 1999-02-28, 2000-02-28, 2001-02-28, "
        "nothing in 2002, 2003-02-28, 2004-02-28). Recognised when its answer is the oracle's with that reading "
        "(`japanese-backward-length-in-current-era`). Not read: a MONTHLY rule without BYMONTHDAY ends at the third "
        "February so dropped (from 1999-01-30: 2002, 2006, then nothing after 2010-01-30; from 1970-01-31: 1971, 1975, "
        "1979), and a YEARLY BYMONTH=2;BYMONTHDAY=29,30 rule leaves out 1989-02-28 (Heisei 1). RFC 7529 is on "
        "Almanac's side.",
    "foundation-monthly-skip-search-passes-year-end-and-ends-after-100-steps":
        "RFC 5545 3.3.10 (MONTHLY: every month, until COUNT, UNTIL or forever) and RFC 7529 section 3.2 (SKIP=BACKWARD "
        "or FORWARD moves a day the month lacks, in any month; BYMONTH, a limit, keeps the months the rule names): "
        "Foundation's MONTHLY rule without BYMONTHDAY, BYDAY or BYYEARDAY, with the matching policies the bridge gives "
        "BACKWARD and FORWARD, is one Calendar.enumerateDates search for DTSTART's day of the month, step by step. A "
        "month that lacks the day gives the moved date, except the year's last month (Elul, Ethiopic/Coptic month 13, "
        "a 29-day Dhu al-Hijjah or Esfand; in CHINESE and DANGI every month that lacks it), which is passed over, not "
        "moved: the search goes on to the next month that has the day, and the step after that finds the same date "
        "again and gives none. The first step that gives no date after 100 steps ends the search: nothing more, ever "
        "(HEBREW MONTHLY BYMONTH=6,10;SKIP=BACKWARD from 30 Heshvan 5815: Adar 29 and Tammuz 29 of each year to 5823, "
        "then nothing, as the search ends after 1 Tishri 5824's 30th; ETHIOPIC MONTHLY;SKIP=FORWARD from 30 Hamle 2019: "
        "no month 13, and nothing after 30 Meskerem 2028). BYMONTH limits the moved date's own month (HEBREW "
        "BYMONTH=7;SKIP=FORWARD: 1 Nisan from Adar's 30th). Probed with Calendar.enumerateDates(startingAfter:matching:"
        "matchingPolicy:) directly, which ends at the same step. Recognised when its answer is the oracle's dates that "
        "search reaches. RFC 5545 and RFC 7529 are on Almanac's side.",
    "foundation-missing-leap-month-negative-day-from-month-n":
        "RFC 7529 section 3.2 (SKIP=FORWARD puts a leap month nL the year lacks on the month after it, and BYMONTHDAY "
        "is then read in that month: README RFC choice 17) and RFC 5545 3.3.10 (a negative BYMONTHDAY counts from the "
        "end of the month it is read in): in a CHINESE or DANGI YEARLY rule with one leap month nL and SKIP=FORWARD, "
        "Foundation counts a negative day from the end of month n, not of the month it is placed in, and takes that day "
        "number there (CHINESE BYMONTH=3L;BYMONTHDAY=-2,5 from 2032-03-22: 4669-4-28, as month 3 of 4669 has 29 days, "
        "where month 4 has 30 and RFC 7529 gives 4-29); in a year that has nL, in nL with month n's length (past nL's "
        "end: the next month's first day); for 12L in month 1 of the next year with that year's month 12. A day month n "
        "lacks (a 30th) gives nothing. When the month it lands in lacks the day, it goes to the first following month "
        "numbered as that month or one more that has it, else to the last of them, pinned (4680 5L;-1: 7-29; 4619 "
        "3L;-1: 5-30, past 4L; DANGI 4369 4L;-1: 6L-30; month 12: pinned in it). BYDAY limits the placed dates by "
        "weekday. Without BYMONTHDAY the day is DTSTART's, and a year after DTSTART's whose first month lacks it gives "
        "nothing (foundation-yearly-bymonth-dtstart-day-needs-first-month). Observed, not understood: for 12L the 59th "
        "year of a 60-year cycle gives nothing, and nothing comes from 2044-01-30 (year 1 of the 79th cycle) on. Probed "
        "through the Foundation peer; recognised when its answer is the dates that reading gives over the oracle's "
        "months (days 1..30 and -29..-1, a 30th only before 2044; BYDAY plain weekdays or ordinals past 5). RFC 7529 "
        "and RFC 5545 are on Almanac's side.",
    "foundation-yearly-bymonth-dtstart-day-needs-first-month":
        "RFC 5545 3.3.10 (YEARLY with BYMONTH and no day part: DTSTART's day of the month in each BYMONTH month of "
        "every year) in RFC 7529's calendars: Foundation reaches each year after DTSTART's through DTSTART's day in the "
        "year's first month, so a year whose first month lacks that day gives nothing at all, whatever BYMONTH names "
        "(CHINESE YEARLY BYMONTH=9 from 4651-4-30, 2014-05-28: the 30th of month 9 only in 4651, 4653, 4662, 4663, 4669, "
        "4672, 4673, the years whose first month has a 30th, not in 4652, 4655, 4658, 4667, 4668, 4670, 4671, whose month "
        "9 has one too; INDIAN YEARLY BYMONTH=5 from a 31st: nothing in the common years, whose Chaitra has 30 days; "
        "DTSTART's own month plays no part; with BYMONTHDAY given every year counts). In the Chinese and Dangi calendars "
        "with SKIP=BACKWARD or FORWARD it comes with skip-not-applied. Probed through the Foundation peer; recognised "
        "when its answer is the oracle's dates in DTSTART's year and in the years whose first month has DTSTART's day. "
        "RFC 5545 is on Almanac's side.",
    "libical-chinese-year-of-60-year-cycle-as-year":
        "RFC 7529 (the recurrence goes on in the calendar's later years; RFC 5545 3.3.10 bounds it only by COUNT or "
        "UNTIL): libical 3.0.16 keeps a year as ICU's UCAL_YEAR, which in the Chinese and Dangi calendars is the year "
        "of the 60-year cycle (1..60), so once an instance falls in a year that starts a cycle the next comes 60 "
        "years later (DANGI YEARLY BYYEARDAY=355;SKIP=FORWARD from 2026-07-03: ... 2043-01-11, 2044-01-30, then "
        "2105-01-16). Recognised when its answer is the oracle's dates up to the first one in such a year and from "
        "60 years after it. RFC 7529 is on Almanac's side.",
    "rscale-interval-not-counted-from-dtstart":
        "RFC 5545 3.3.10 (INTERVAL counts periods from DTSTART's) read in RFC 7529's calendar: the peer gives "
        "the rule's dates in every INTERVAL-th period, but counted from a later period than DTSTART's, not a "
        "multiple of INTERVAL after it (RSCALE=COPTIC;FREQ=DAILY;INTERVAL=5 from 2059-07-07: 07-09, 07-14 ...; "
        "RSCALE=BUDDHIST;FREQ=YEARLY;INTERVAL=2 from 2010: 2013, 2015 ...; libical 3.0.16, non-Gregorian scales "
        "only). RFC 5545 is on Almanac's side.",
    "libical-japanese-yearly-ends-at-reiwa":
        "RFC 7529 (RSCALE=JAPANESE: the recurrence goes on in the calendar's later years, and RFC 5545 3.3.10 "
        "bounds it only by COUNT or UNTIL): libical 3.0.16 ends some JAPANESE YEARLY rules with BYMONTH, BYMONTHDAY, "
        "BYDAY or BYYEARDAY at the end of the era Heisei (RSCALE=JAPANESE;FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=6 "
        "from 2015-03-10: 2015-12-06 to 2018-12-06, then nothing; from 2015-12-06 it goes on, and a plain YEARLY "
        "rule goes on; its Japanese YEARLY expansion misbehaves in other ways too, not classified: BYYEARDAY=100 "
        "from 2018-12-11 repeats 2019-04-10). Recognised when its answer is the oracle's dates before 1 Reiwa 1 "
        "(2019-05-01). RFC 7529 is on Almanac's side.",
}

def _minus_366_backward_extra(q, p, o, t, shifted=False):
    """libical's BYYEARDAY=-366;SKIP=BACKWARD answer. libical's __iterator_set_start expands its first
    year Y1 (DTSTART's, or with INTERVAL > 1 the later year its phase starts at) and, where Y1 is too short
    for -366, the mask's bit 0 ("the previous year's last day") comes first; it sets that day with
    set_day_of_year(0), which adds the length of the year the calendar is in, Y1, without the
    increment_year(-1) that next_yearday makes for later years: so the first date is the last day of Y1
    itself, out of order (or a repeat of Y1's 365 or -1), and the previous year's last day is left out.
    The answer: Y1's last day, then the oracle's answer (from Y1's phase when `shifted`) less the last
    day of Y1 - 1, cut as libical's COUNT cuts it."""
    if p.get("FREQ") != "YEARLY" or p.get("SKIP") != "BACKWARD" or \
            "-366" not in p.get("BYYEARDAY", "").split(",") or not (is_list(o) and is_list(t)) or len(t) < 2:
        return False
    cal, (y0, _, _, _) = _start_fields(q)
    day = rscale_oracle.epoch_day(dt.date.fromisoformat(t[0][:10]))
    y1 = cal.fields(day)[0]
    if cal.fields(day + 1)[0] != y1 + 1 or cal.fields(day)[3] >= 366:
        return False  # not the last day of a year too short for -366
    interval = int(p.get("INTERVAL", "1"))
    shift = y1 - y0
    if shifted:
        if not (0 < shift < 3 * interval and shift % interval):
            return False
        got = _oracle_list(q, ("phase=%d" % shift,))
    else:
        if shift:
            return False
        got = o
    if got is None:
        return False
    prev_last = (dt.date.fromisoformat(t[0][:10]) - dt.timedelta(days=cal.fields(day)[3])).isoformat()
    rest = [x for x in got if x[:10] != prev_last]
    if t[1:] != rest[:len(t) - 1] or t == got:
        return False
    # COUNT: libical's count takes the same number (the date it adds stands for the one it leaves out, or
    # for none when that one is before DTSTART); otherwise the window's end or the limit cuts
    return len(t) in (len(got), len(got) + 1) or len(t) == q.get("limit", LIMIT)


# ICU 72's astronomical Islamic calendar (RSCALE ISLAMIC and ISLAMIC-RGSA, which ICU maps to it) computes a
# day's fields from a guess of the month (the days since the epoch over the mean synodic month, plus one
# when the moon's age at the calendar's *instant* is positive late in the month) that it corrects only
# backwards, so on the first day(s) of some months, at some instants, it answers day 30 (or 31) of the
# previous month. libical opens its ICU calendars in DTSTART's zone at DTSTART's time, so which days it
# misreads depends on the wall-clock time and the zone (Pacific/Apia 01:00: 1 Dhu al-Qa'dah 1435 read as
# 31 Shawwal; ucal_getLimit's month and year lengths read the first day at 00:00 local time); the oracle
# and Almanac read each date at 00:00 UTC.
ICU_ASTRONOMICAL_ISLAMIC = ("ISLAMIC", "ISLAMIC-RGSA")
ISLAMIC_INSTANT_KIND = "libical-icu72-islamic-month-misread-at-dtstart-instant"
ISLAMIC_INSTANT_NOTE = (
    "RFC 7529 (a recurrence in the Islamic calendar: a day's Islamic date is a property of the date, the same "
    "at every hour) and RFC 5545 3.3.10: libical 3.0.16 opens its ICU calendars in DTSTART's zone at DTSTART's "
    "time, and ICU 72's astronomical Islamic calendar (RSCALE ISLAMIC, and ISLAMIC-RGSA, which ICU maps to it) "
    "guesses a day's month from the moon's age at the calendar's instant and corrects the guess only backwards, "
    "so on the first day(s) of some months it answers day 30 or 31 of the month before (Pacific/Apia 01:00: "
    "1 Dhu al-Qa'dah 1435 read as 31 Shawwal, so BYMONTH=11;SKIP=BACKWARD gives 15 Ramadan 1435; Brisbane "
    "07:00 leaves DTSTART out; ucal_getLimit's month and year lengths read the first day at 00:00 local). "
    "Recognised when ICU misreads a day of the Islamic years the two answers differ in (at DTSTART's time or "
    "00:00 in its zone) and libical's answer to the same request as a DATE start (read at 00:00 UTC, where ICU "
    "gives the oracle's fields) is Almanac's dates, or a reading of them (the class is then named "
    "`libical-icu72-islamic-month-misread-at-dtstart-instant+<reading>`). RFC 7529 is on Almanac's side.")


def icu_fields_at(scale, tzid, local):
    """(year, month number, day of month) that the system ICU gives `scale` at the instant of the local
    date-time `local` in `tzid` (None: UTC, as libical's floating and UTC starts), in a calendar opened
    in that zone as libical opens it."""
    import ctypes
    key = (scale, tzid)
    cals = icu_fields_at.__dict__.setdefault("cals", {})
    if key not in cals:
        status = ctypes.c_int(0)
        zone = (tzid or "UTC").encode("utf-16-le") + b"\0\0"
        locale = ("en@calendar=" + rscale_oracle.CALENDARS[scale]).encode()
        cals[key] = rscale_oracle._fn("ucal_open", rscale_oracle.P, [rscale_oracle.P, rscale_oracle.I32, ctypes.c_char_p,
                                                                     ctypes.c_int, rscale_oracle.ERR])(
            zone, -1, locale, 0, ctypes.byref(status))
    cal = cals[key]
    status = ctypes.c_int(0)
    t = local.replace(tzinfo=ZoneInfo(tzid) if tzid else UTCZ).timestamp() * 1000
    rscale_oracle._fn("ucal_setMillis", None, [rscale_oracle.P, ctypes.c_double, rscale_oracle.ERR])(
        cal, t, ctypes.byref(status))
    get = lambda f: rscale_oracle._fn("ucal_get", rscale_oracle.I32, [rscale_oracle.P, ctypes.c_int, rscale_oracle.ERR])(
        cal, f, ctypes.byref(status))
    return get(rscale_oracle.UCAL_EXTENDED_YEAR), get(rscale_oracle.UCAL_MONTH) + 1, get(rscale_oracle.UCAL_DATE)


def _misread_days(q, p, texts):
    """The days (ISO text) of the Islamic years that hold the dates `texts`, and of the years before them,
    whose fields ICU 72 misreads at DTSTART's wall-clock time or at 00:00 in its zone (libical asks ICU about a
    year's first and last days and its months' first days while it expands a date of that year, at DTSTART's
    time; ICU's ucal_getLimit(UCAL_ACTUAL_MAXIMUM) of a month's or year's length reads its first day at 00:00)."""
    cal = rscale_oracle.Calendar(p["RSCALE"])
    time_of_day = dt.time(int(q["dtstart"][9:11]), int(q["dtstart"][11:13])) if len(q["dtstart"]) > 8 else dt.time(0)
    years = set()
    for text in texts:
        y = cal.fields(rscale_oracle.epoch_day(dt.date.fromisoformat(text[:10])))[0]
        years.update((y - 1, y))
    out = set()
    for y in sorted(years):
        for (n, _), first, length in cal.months(y):
            for d in range(length):
                day = rscale_oracle.date_of(first + d)
                if any(icu_fields_at(p["RSCALE"], q.get("tzid"), dt.datetime.combine(day, t)) != (y, n, d + 1)
                       for t in {time_of_day, dt.time(0)}):
                    out.add(day.isoformat())
    return out


def _as_date_request(q, p):
    """The request with DTSTART's local date as a DATE start (read by ICU at 00:00 UTC, as the oracle reads
    it): UNTIL becomes the last local date whose occurrence (at DTSTART's time) it admits."""
    ds = q["dtstart"]
    start = dt.datetime.strptime(ds[:15], "%Y%m%dT%H%M%S")
    zone = ZoneInfo(q["tzid"]) if "tzid" in q else None
    r = {k: v for k, v in q.items() if k != "tzid"}
    r["dtstart"], r["before"] = ds[:8], q["before"][:8]
    if "UNTIL" in p:
        u = p["UNTIL"]
        if len(u) == 8:
            last = dt.datetime.strptime(u, "%Y%m%d")
        elif u.endswith("Z"):
            last = dt.datetime.strptime(u, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTCZ)
            last = last.astimezone(zone).replace(tzinfo=None) if zone else last.replace(tzinfo=None)
        else:
            last = dt.datetime.strptime(u, "%Y%m%dT%H%M%S")
        day = last.date() - dt.timedelta(days=1 if last.time() < start.time() else 0)
        r = _with_parts(r, add={"UNTIL": day.strftime("%Y%m%d")})
    return r


def _libical_dates(q):
    """libical's answer (dates) to a request, from the harness's libical peer, or None."""
    peer = LibicalPeer()
    env = dict(os.environ, DIFF_CPU_LIMIT_US="2000000")  # one request: a loaded machine must not make it "slow"
    out = subprocess.run(peer.command(), input=peer.encode(dict(q, limit=q.get("limit", LIMIT))) + "\n",
                         capture_output=True, text=True, timeout=peer.timeout, env=env)
    _, occ, _, err = peer.decode(out.stdout.strip()) if out.stdout.strip() else (None, None, False, "none")
    return None if err is not None else [x[:10] for x in occ]


def libical_islamic_instant_kind(q, p, o, t):
    """`libical-icu72-islamic-month-misread-at-dtstart-instant` (or that + `+<reading>`) when the
    disagreement is the one ICU 72's astronomical Islamic calendar makes at DTSTART's instant: RSCALE ISLAMIC
    or ISLAMIC-RGSA with a time of day, ICU misreads a day of the Islamic years that hold the dates the two
    answers do not share (or of the years before them), and libical's answer to the same request read at
    00:00 UTC (a DATE start: ICU then reads the oracle's fields) is Almanac's dates, or a reading of them
    the harness already names."""
    return _islamic_instant_kind(q, p, o, t, "libical")


def _islamic_instant_kind(q, p, o, t, peer):
    """The Islamic-instant class of `peer` (libical or Foundation), or None: see libical_islamic_instant_kind."""
    if p.get("RSCALE") not in ICU_ASTRONOMICAL_ISLAMIC or len(q["dtstart"]) == 8 or not (is_list(o) and is_list(t)):
        return None
    differ = set(x[:10] for x in o) ^ set(x[:10] for x in t)
    if not differ and len(o) == len(t):
        return None
    if not _misread_days(q, p, differ or [t[-1]]):
        return None
    qd = _as_date_request(q, p)
    ours = [x[:10] for x in o]
    oracle = oracle_answer(qd)
    if "error" in oracle or oracle["occurrences"] != ours:
        return None
    dates = _libical_dates(qd) if peer == "libical" else _foundation_dates(qd)
    if dates is None:
        return None
    name = ISLAMIC_INSTANT_KIND if peer == "libical" else FOUNDATION_ISLAMIC_INSTANT_KIND
    if dates == ours:
        return name
    kind = rscale_reading_kind(qd, parts_of(qd["rrule"]), dates, peer)
    return None if kind is None or kind == "as-is" else name + "+" + kind


FOUNDATION_ISLAMIC_INSTANT_KIND = "foundation-islamic-month-misread-at-dtstart-instant"
FOUNDATION_ISLAMIC_INSTANT_NOTE = (
    "RFC 7529 (a recurrence in the Islamic calendar: a day's Islamic date is a property of the date, the same at "
    "every hour) and RFC 5545 3.3.10: Foundation's Calendar(identifier: .islamic), ICU's astronomical Islamic "
    "calendar, reads a date's fields at an instant, and guesses the month from the moon's age at that instant, so on "
    "the first day of some months the date is day 30 of the month before at 00:00 and day 1 at DTSTART's time "
    "(Asia/Jerusalem: 2033-06-27 is 30 Rabi I 1455 at 00:00, 1 Rabi II at 09:30; Europe/Berlin: 1988-05-16 is 30 "
    "Ramadan 1408 at 00:00, 1 Shawwal at 19:30; checked with Calendar.dateComponents, which agrees with the system "
    "ICU 72 on every day probed). Foundation's search for a recurrence's dates mixes the two readings: days move, drop "
    "out, or the search ends (ISLAMIC YEARLY BYMONTHDAY=2 from 2018-11-07T16:00 in Asia/Kathmandu: nothing). "
    "Recognised, as libical-icu72-islamic-month-misread-at-dtstart-instant, when ICU misreads a day of the Islamic "
    "years the two answers differ in (at DTSTART's time or 00:00 in its zone) and Foundation's answer to the same "
    "request as a DATE start (expanded at 00:00 UTC, where it reads the oracle's fields) is Almanac's dates, or a "
    "reading the harness names (the class is then `foundation-islamic-month-misread-at-dtstart-instant+<reading>`). "
    "The answer itself is not reproduced: how Foundation's search mixes the two readings is not known. RFC 7529 is "
    "on Almanac's side.")


def _foundation_dates(q):
    """Foundation's answer (the printed occurrences) to a request, from the harness's Foundation peer, or None."""
    peer = FoundationPeer()
    env = dict(os.environ, DIFF_CPU_LIMIT_US="2000000")  # one request: a loaded machine must not make it "slow"
    try:
        out = subprocess.run(peer.command(), input=peer.encode(dict(q, limit=q.get("limit", LIMIT))) + "\n",
                             capture_output=True, text=True, timeout=peer.timeout, env=env)
    except (OSError, subprocess.TimeoutExpired):
        return None
    _, occ, _, err = peer.decode(out.stdout.strip()) if out.stdout.strip() else (None, None, False, "none")
    return None if err is not None else occ


BYMONTH_SEPARATELY_KIND = "foundation-bymonth-values-expanded-separately"
BYMONTH_SEPARATELY_NOTE = (
    "RFC 5545 3.3.10 (BYMONTH is a list: one recurrence set over all its months, COUNT counting that set) and "
    "RFC 7529 section 3.2 (SKIP moves a missing day or leap month within that set): Foundation's answer to the "
    "rule is the union of its answers to the rule with each BYMONTH value alone (sorted; a date two values give "
    "is listed twice, and COUNT counts both: CHINESE BYMONTH=4L,5;BYMONTHDAY=2,10;SKIP=FORWARD;COUNT=5 from 2010-03-01 "
    "gives 2010-06-13 and 2010-06-21 twice each, then 2011-06-03), and each of those answers has its own difference from RFC 7529, each one a difference "
    "the harness names (or none): CHINESE YEARLY BYMONTH=4L,9;SKIP=FORWARD;COUNT=12 from 2054-11-11 "
    "(4691-10-12) gives 9-12 of 4692 to 4703, its BYMONTH=9 answer, as BYMONTH=4L alone gives nothing "
    "(foundation-leap-month-with-skip-policy-matches-nothing): no 5-12 of 4692 (2055-06-06, the missing 4L "
    "moved forward), no 4L-12 of 4695 (2058-06-02). "
    "Recognised by asking the Foundation peer each single-value rule; a single-value answer the harness does not "
    "name leaves the case unclassified.")


def foundation_bymonth_separately_kind(q, p, o, t):
    """`foundation-bymonth-values-expanded-separately` when Foundation's answer to a rule with two or more
    BYMONTH values is exactly the union (sorted, a date two values give listed twice, cut at COUNT and at the
    request's limit; ninth pass: the seventh pass's "de-duplicated" had not been probed) of the
    Foundation peer's own answers to the rule with each value alone, and each of those answers is the oracle's
    answer to its single-value rule or a disagreement `classify_rscale` names (never this kind itself: one
    value). Any single-value answer that is unnamed, an error or a timeout leaves the case unclassified."""
    months = [m for m in p.get("BYMONTH", "").split(",") if m]
    if len(months) < 2 or not is_list(t):
        return None
    union = []
    for m in months:
        qm = _with_parts(q, add={"BYMONTH": m})
        tm = _foundation_dates(qm)
        if tm is None:
            return None
        a = oracle_answer(qm)
        if "error" in a:
            return None
        om = a["occurrences"]
        if tm != om and classify_rscale("foundation", qm, om, tm) is None:
            return None
        union += tm
    got = sorted(union)  # a date two values give is listed twice, and COUNT counts both
    if "COUNT" in p:
        got = got[:int(p["COUNT"])]
    got = got[:q.get("limit", LIMIT)]
    return BYMONTH_SEPARATELY_KIND if got == t else None



BYDAY_WEEK_KIND = "foundation-yearly-byday-limit-ordinal-as-week-of-anchor-month"
BYDAY_WEEK_NOTE = (
    "RFC 5545 3.3.10 (in a YEARLY rule with BYMONTH, BYDAY=5WE beside BYYEARDAY or BYMONTHDAY keeps a date that is "
    "the fifth Wednesday of its month) and RFC 7529 (the same in any calendar): Foundation turns a BYDAY ordinal "
    "that limits into a week of the month (Calendar's weekOfMonth, weeks from Sunday, one day enough for week 1) "
    "found in the month of its anchor, DTSTART's month in DTSTART's year and the first month in each later year "
    "(the week of that month in which the n-th, or from its end the -n-th, such weekday falls, counted past the "
    "month's end when it has none), and keeps a date of that weekday whose week of its own month is that number. "
    "CHINESE YEARLY INTERVAL=5;BYMONTH=2;BYYEARDAY=354;BYDAY=5WE,TH;SKIP=BACKWARD from 2023-02-06 (Asia/Kolkata): "
    "Foundation's answer without BYDAY is day 354 of 4660, 4665, 4670 (BYMONTH dropped, "
    "foundation-byyearday-drops-bymonth-and-bymonthday); month 1 of each year begins on a Sunday or Monday, so 5WE "
    "and 5TH are week 5; 2024-01-10 (a Wednesday in week 5 of month 11) and 2034-01-19 (a Thursday in week 5 of "
    "month 11L) are kept, and with BYDAY=5WE alone so is 2041-01-30, 12-28 of 4677, the fourth Wednesday of its month "
    "but in its week 5. Recognised by asking the Foundation peer the rule without BYDAY and COUNT (an answer that is "
    "the oracle's or a disagreement the harness names), keeping its dates as above, then COUNT. Not read: ISO8601 "
    "(with weeks from Monday and four days for week 1 the same reading gave 25 of 40 variants) and the rule "
    "without BYMONTH (an ordinal in the year).")
BYDAY_WEEK_SCALES = {"GREGORIAN", "CHINESE", "DANGI", "HEBREW", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA",
                     "PERSIAN", "ETHIOPIC", "COPTIC", "INDIAN", "BUDDHIST", "JAPANESE", "ROC"}
ICU_WEEKDAY = {"SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7}


def _icu_weekday(day):
    """ICU's weekday (1 = Sunday) of an epoch day (1970-01-01 was a Thursday)."""
    return (day + 4) % 7 + 1


def _sunday_week_of_month(first, day):
    """Calendar's weekOfMonth of an epoch day in the month that begins on epoch day `first` (weeks from Sunday,
    one day enough for week 1); days past the month's end are counted on."""
    return (day - first + _icu_weekday(first) - 1) // 7 + 1


def _ordinal_week(n, wd, first, length):
    """The week of the month (first epoch day, length) holding its n-th weekday wd (n < 0: from its end),
    counted past either end of the month when the month has fewer."""
    if n > 0:
        day = first + (wd - _icu_weekday(first)) % 7 + 7 * (n - 1)
    else:
        last = first + length - 1
        day = last - (_icu_weekday(last) - wd) % 7 + 7 * (n + 1)
    return _sunday_week_of_month(first, day)


def foundation_byday_limit_week_kind(q, p, o, t):
    """`foundation-yearly-byday-limit-ordinal-as-week-of-anchor-month` (tenth pass, the mechanism of r3-114):
    a YEARLY rule with BYMONTH, BYYEARDAY or BYMONTHDAY, and a BYDAY ordinal (BYDAY then limits). Foundation's
    answer is its own answer to the rule without BYDAY and COUNT (which must be the oracle's answer to it or a
    disagreement `classify_rscale` names), kept where a BYDAY item matches: a plain weekday by its weekday; an
    ordinal n of weekday w when the date is a w and its week of its own month (`_sunday_week_of_month`) is the
    week that holds the n-th w of the anchor month (`_ordinal_week`): DTSTART's month for the dates of
    DTSTART's year of the rule's calendar, the year's first month for the dates of later years. Then COUNT and the
    request's limit."""
    scale = p.get("RSCALE", "GREGORIAN")
    if p.get("FREQ") != "YEARLY" or "BYMONTH" not in p or not ({"BYYEARDAY", "BYMONTHDAY"} & set(p)) or \
            {"BYWEEKNO", "BYSETPOS"} & set(p) or scale not in BYDAY_WEEK_SCALES or not has_ordinal(p) or \
            not is_list(t):
        return None
    items = [(int(d[:-2]) if d[:-2] not in ("", "+") else None, ICU_WEEKDAY[d[-2:]]) for d in byday_items(p)]
    qm = dict(_with_parts(q, drop=("BYDAY", "COUNT")), limit=1000)
    tm = _foundation_dates(qm)
    if tm is None or len(tm) >= 1000:
        return None
    a = oracle_answer(qm)
    if "error" in a:
        return None
    if tm != a["occurrences"] and classify_rscale("foundation", qm, a["occurrences"], tm) is None:
        return None
    cal, (y0, _, _, _) = _start_fields(q)
    start = rscale_oracle.epoch_day(dt.date(int(q["dtstart"][:4]), int(q["dtstart"][4:6]), int(q["dtstart"][6:8])))
    kept = []
    for x in tm:
        day = rscale_oracle.epoch_day(dt.date.fromisoformat(x[:10]))
        year = cal.fields(day)[0]
        first, length = cal.months(year)[0][1:]
        if year == y0:
            first, length = next((f, n) for _, f, n in cal.months(year) if f <= start < f + n)
        own = next(f for _, f, n in cal.months(year) if f <= day < f + n)
        if any(_icu_weekday(day) == wd and (n is None or
               _sunday_week_of_month(own, day) == _ordinal_week(n, wd, first, length)) for n, wd in items):
            kept.append(x)
    if "COUNT" in p:
        kept = kept[:int(p["COUNT"])]
    return BYDAY_WEEK_KIND if kept[:q.get("limit", LIMIT)] == t else None


RSCALE_KNOWN = {
    "oracle": [],
    "libical": [
        ("libical-rscale-name-ethioaa",
         lambda q, p, o, t: isinstance(t, str) and "UNIMPLEMENTED" in t and p.get("RSCALE") == "ETHIOAA",
         "RFC 7529 takes CLDR's calendar names, and CLDR's is `ethioaa`; libical 3.0.16 knows the calendar only "
         "as ICU's keyword `ethiopic-amete-alem` and rejects RSCALE=ETHIOAA (UNIMPLEMENTED)."),
        ("libical-rejects-byyearday-with-bymonth-or-bymonthday",
         lambda q, p, o, t: malformed(t) and "BYYEARDAY" in p and ({"BYMONTH", "BYMONTHDAY"} & set(p)),
         "RFC 5545 3.3.10 allows BYYEARDAY beside BYMONTH and BYMONTHDAY in a YEARLY rule (they limit it); "
         "libical 3.0.16 refuses the combination (MALFORMEDDATA), with or without RSCALE."),
        ("libical-rejects-value-past-calendar-maximum",
         lambda q, p, o, t: malformed(t) and past_icu_maximum(p),
         "RFC 5545 3.3.10's grammar allows BYMONTHDAY up to 31, BYYEARDAY up to 366 and BYDAY ordinals up to 53, "
         "and RFC 7529 does not narrow them (with SKIP a day past a month's end even has a meaning); libical "
         "3.0.16 refuses values past ICU's maximum for the calendar (BYMONTHDAY=31 in Chinese, Dangi, Hebrew, "
         "Ethiopic, Coptic; BYYEARDAY=356+ and YEARLY BYDAY=52MO+ in the Islamic calendars) with MALFORMEDDATA."),
        ("libical-rejects-rule-that-never-matches",
         lambda q, p, o, t: malformed(t) and o == [],
         "RFC 5545 3.3.10 makes no rule invalid for having no instance (BYMONTH=10;BYDAY=20WE names a 20th "
         "Wednesday of October, which never comes: the recurrence set is empty, as Almanac and the oracle answer). "
         "libical 3.0.16's icalrecur_iterator_new looks for the first instance and, finding none, refuses the rule "
         "with MALFORMEDDATA."),
        ("libical-byyearday-minus-366-backward-adds-end-of-dtstart-year",
         lambda q, p, o, t: _minus_366_backward_extra(q, p, o, t),
         "RFC 7529 section 3.2 (SKIP=BACKWARD: a missing day moves to the last valid day before it; BYYEARDAY=-366 "
         "of a 365-day year names the day before its first day, so the previous year's last day) and RFC 5545 "
         "3.3.10 (the set is in time order, DTSTART's period first): libical 3.0.16 gives first the last day of "
         "DTSTART's own year, before the earlier dates of that year, then Almanac's answer (ISO8601 YEARLY "
         "INTERVAL=5;BYYEARDAY=-366,355;SKIP=BACKWARD from 2050-08-09: 2050-12-31, 2050-12-21, 2054-12-31 ...). "
         "Mechanism (icalrecur.c): __iterator_set_start sets the first year's mask bit 0 (the previous year's last "
         "day) with set_day_of_year(0), which adds the length of the year the calendar is in, without the "
         "increment_year(-1) next_yearday makes for later years. Recognised by its answer: its first date the last "
         "day of DTSTART's year in the rule's calendar (a year too short for -366), the rest Almanac's answer less "
         "the previous year's last day."),
        ("rscale-interval-not-counted-from-dtstart+libical-byyearday-minus-366-backward-adds-end-of-dtstart-year",
         lambda q, p, o, t: _minus_366_backward_extra(q, p, o, t, shifted=True),
         "RFC 5545 3.3.10 (INTERVAL counts years from DTSTART's) and RFC 7529 section 3.2 (SKIP=BACKWARD: "
         "BYYEARDAY=-366 of a 365-day year is the previous year's last day): libical 3.0.16 starts a YEARLY "
         "INTERVAL rule at a later year Y1 (its phase: __iterator_set_start subtracts the RSCALE year of DTSTART from "
         "its Gregorian year modulo INTERVAL) and, as from DTSTART's year without INTERVAL, sets Y1's -366 with "
         "set_day_of_year(0) without stepping back a year: Y1's own last day comes first and the previous year's "
         "last day is left out (COPTIC YEARLY INTERVAL=3;BYYEARDAY=-366,365;SKIP=BACKWARD from 2025-01-17 (1741): "
         "2026-09-10 twice, 1742-13-5 as -366 and as 365, no 2025-09-10, then 2028-09-10, 2029-09-10 from 1745). "
         "Recognised when its first date is the last day of such a year Y1, 0 < Y1 - DTSTART's year < 3 INTERVAL "
         "and not a multiple of INTERVAL, and the rest is the oracle's answer from Y1's phase less Y1 - 1's last "
         "day. RFC 5545 and RFC 7529 are on Almanac's side."),
        ("forward-out-of-a-leap-month",
         lambda q, p, o, t: p.get("SKIP") == "FORWARD" and is_list(t) and t != sorted(t),
         "RFC 7529 (SKIP=FORWARD: an invalid day moves to the next month's first day) and RFC 5545 3.3.10 (the "
         "set is in time order): libical 3.0.16 moves the 30th of a 29-day Chinese leap month to a month of the "
         "next year, after later dates (Corpus/divergences.jsonl divergence-rscale-libical-forward-out-of-a-leap-month)."),
    ],
    "foundation": [
        ("foundation-rscale-no-islamic-rgsa",
         lambda q, p, o, t: isinstance(t, str) and p.get("RSCALE") == "ISLAMIC-RGSA",
         "CLDR and RFC 7529 name `islamic-rgsa` (Saudi sighting); Foundation has no Calendar.Identifier for it, "
         "so the bridge throws `unsupported`."),
    ],
}


def yearday_past_366(p):
    return any(abs(int(v)) > 366 for v in p.get("BYYEARDAY", "").split(",") if v)


# Almanac's documented choices where it answers an error and the other side a list.
RSCALE_ALMANAC = [
    ("almanac-rejects-byyearday-past-366",
     lambda q, p, o, t: isinstance(o, str) and o.startswith("invalid_rule") and yearday_past_366(p),
     "RFC 5545 3.3.10's grammar bounds BYYEARDAY to 1..366 and -366..-1 (`ordyrday = 1*3DIGIT ;1 to 366`) and "
     "RFC 7529 does not widen it, although a Hebrew or Chinese leap year has 383 to 385 days: a strict request "
     "with BYYEARDAY=383..385 is an error in Almanac (invalid_rule); the other side expands it. The RFC's grammar "
     "is on Almanac's side; the other side's reading is the calendar's."),
    ("almanac-rscale-not-expanded-yet",
     lambda q, p, o, t: isinstance(o, str) and o.startswith("unsupported") and p.get("RSCALE") != "GREGORIAN",
     "Almanac's engine answers `unsupported` for a non-Gregorian RSCALE (before the RSCALE expansion lands)."),
]


# --- RSCALE peer readings, recognised by asking the oracle the request as the peer reads it -----
# Each transformation turns a request into the one the peer answers (or filters the oracle's
# answer); a disagreement is recognised when the peer's answer is exactly the oracle's answer to the
# transformed request (one transformation, or two together: the class names both).

def _with_parts(q, drop=(), add=None):
    p = parts_of(q["rrule"])
    for k in drop:
        p.pop(k, None)
    p.update(add or {})
    return dict(q, rrule=";".join("%s=%s" % kv for kv in p.items()))


def _oracle_list(q, readings=()):
    if q.get("_negative_omit"):
        return _negative_omit(q, readings)
    if q.get("_first_or_second_month"):
        return _first_or_second_month(q, readings)
    if q.get("_base_search"):
        return _base_search(q, readings)
    if q.get("_leap_forward"):
        return _leap_forward(q, readings)
    if q.get("_first_month_day"):
        return _first_month_day(q, readings)
    if {"_in_month", "_before", "_every", "_resume", "_drop_cycle_start", "_cycle_jump", "_months"} & set(q):
        # the oracle's dates that fall in one month of the rule's calendar (`_in_month`) or in a list of them
        # (`_months`, BYMONTH values, after `_resume`), or before
        # a day (`_before`, ISO text), those _resume_next_year keeps (`_resume`), those outside the
        # first year of a 60-year cycle (`_drop_cycle_start`), those up to the first date of such a
        # year and 60 years after it (`_cycle_jump`), or every `_every`-th of them, then COUNT
        month, before, step, resume = q.get("_in_month"), q.get("_before"), q.get("_every", 1), q.get("_resume")
        cycle, jump, months = q.get("_drop_cycle_start"), q.get("_cycle_jump"), q.get("_months")
        q = {k: v for k, v in q.items() if k not in ("_in_month", "_before", "_every", "_resume", "_drop_cycle_start",
                                                      "_cycle_jump", "_months")}
        every = _oracle_list(_with_parts(q, drop=("COUNT",)), readings)
        if every is not None and resume:
            every = _resume_next_year(q, every)
        if every is not None and months:
            every = [x for x in every if _month_of(q, x) in months]
        if every is not None and cycle:
            every = [x for x in every if _cycle_year(q, x) != 1]
        if every is not None and jump:
            first = next((x for x in every if _cycle_year(q, x) == 1), None)
            if first is not None:
                year = lambda x: rscale_oracle.Calendar(parts_of(q["rrule"])["RSCALE"]).fields(
                    rscale_oracle.epoch_day(dt.date.fromisoformat(x[:10])))[0]
                every = [x for x in every if x <= first or year(x) >= year(first) + 60]
        return None if every is None else _count_cut(q, [x for x in every if (month is None or _in_month_or_moved_out(q, x, month))
                                                         and (before is None or x[:10] < before)][::step])
    a = oracle_answer(dict(q, limit=100_000), readings)
    return None if "error" in a else a["occurrences"]


def _in_month_or_moved_out(q, text, month):
    """A printed occurrence is in `month` of the rule's calendar, or is a day SKIP moved out of it: with
    FORWARD (BYMONTHDAY without 1) the first day of the month after it, with BACKWARD (BYMONTHDAY without -1,
    a negative value naming a day before the month's start) the last day of the month before it."""
    p = parts_of(q["rrule"])
    days = p.get("BYMONTHDAY", "").split(",")
    day = dt.date.fromisoformat(text[:10])
    cal = rscale_oracle.Calendar(p.get("RSCALE", "GREGORIAN"))
    if _month_of(q, text) == month:
        # but not the first day that FORWARD moved in from the month before (BYMONTHDAY all positive, 1 not
        # among them: only a day past the previous month's end gives it; DANGI BYMONTHDAY=30 from 6-30: the
        # 30th of a 29-day month 5 is 6-1, which libical, expanding month 6 alone, never makes)
        moved_in = p.get("SKIP") == "FORWARD" and days != [""] and "1" not in days and \
            all(not v.startswith("-") for v in days) and cal.fields(rscale_oracle.epoch_day(day))[2] == 1
        return not moved_in
    if p.get("SKIP") == "FORWARD" and "1" not in days:
        return cal.fields(rscale_oracle.epoch_day(day))[2] == 1 and _month_of(q, (day - dt.timedelta(days=1)).isoformat()) == month
    if p.get("SKIP") == "BACKWARD" and "-1" not in days and any(v.startswith("-") for v in days):
        after = (day + dt.timedelta(days=1)).isoformat()
        return cal.fields(rscale_oracle.epoch_day(day + dt.timedelta(days=1)))[2] == 1 and _month_of(q, after) == month
    return False


def _month_of(q, text):
    """A printed occurrence's month in the rule's calendar, as a BYMONTH value."""
    cal = rscale_oracle.Calendar(parts_of(q["rrule"]).get("RSCALE", "GREGORIAN"))
    _, (n, leap), _, _ = cal.fields(rscale_oracle.epoch_day(dt.date.fromisoformat(text[:10])))
    return "%d%s" % (n, "L" if leap else "")


def _start_fields(q):
    p = parts_of(q["rrule"])
    cal = rscale_oracle.Calendar(p.get("RSCALE", "GREGORIAN"))
    return cal, cal.fields(rscale_oracle.epoch_day(dt.date(int(q["dtstart"][:4]), int(q["dtstart"][4:6]), int(q["dtstart"][6:8]))))


def _dtstart_month(q):
    """DTSTART's month in the rule's calendar, as a BYMONTH value."""
    _, (_, (n, leap), _, _) = _start_fields(q)
    return "%d%s" % (n, "L" if leap else "")


def _period_index(q, text):
    """The FREQ period (0 = DTSTART's) of a printed occurrence, in the rule's calendar."""
    p = parts_of(q["rrule"])
    cal, (y0, m0, _, _) = _start_fields(q)
    d0 = rscale_oracle.epoch_day(dt.date(int(q["dtstart"][:4]), int(q["dtstart"][4:6]), int(q["dtstart"][6:8])))
    day = rscale_oracle.epoch_day(dt.date.fromisoformat(text[:10]))
    y, m, _, _ = cal.fields(day)
    if p["FREQ"] == "YEARLY":
        return y - y0
    if p["FREQ"] == "MONTHLY":
        seq = lambda yy: [mm for mm, _, _ in cal.months(yy)]
        return sum(len(seq(yy)) for yy in range(y0, y)) + seq(y).index(m) - seq(y0).index(m0)
    if p["FREQ"] == "WEEKLY":
        wkst = DAYS.index(p.get("WKST", "MO"))
        start = lambda x: x - ((x + 3) % 7 - wkst) % 7
        return (start(day) - start(d0)) // 7
    return day - d0


def _count_cut(q, occ):
    p = parts_of(q["rrule"])
    if occ is not None and "COUNT" in p:
        occ = occ[:int(p["COUNT"])]
    return occ


RSCALE_READINGS = {
    # name: (request -> transformed request or None when it does not apply, readings, post-filter)
    "skip-not-applied": lambda q, p: _with_parts(q, add={"SKIP": "OMIT"}) if skip_moves(p) else None,
    # (with BYDAY ordinals, libical still counts them in the year: the oracle's dates in DTSTART's month)
    "yearly-bymonthday-only-in-dtstart-month": lambda q, p: (
        dict(q, _in_month=_dtstart_month(q)) if has_ordinal(p) else _with_parts(q, add={"BYMONTH": _dtstart_month(q)}))
        if p["FREQ"] == "YEARLY" and "BYMONTHDAY" in p and not ({"BYMONTH", "BYYEARDAY"} & set(p)) else None,
    "libical-rscale-negative-bymonthday-ignored": lambda q, p: (
        _with_parts(q, add={"BYMONTHDAY": ",".join(v for v in p["BYMONTHDAY"].split(",") if not v.startswith("-"))})
        if any(not v.startswith("-") for v in p["BYMONTHDAY"].split(",")) else "nothing")
        if p["FREQ"] in ("DAILY", "WEEKLY") and any(v.startswith("-") for v in p.get("BYMONTHDAY", "").split(",")) else None,
}
REIWA = "2019-05-01"  # the first day of the Japanese era Reiwa (1 Reiwa 1)


def _japanese_yearly_ends_at_reiwa(q, p):
    """libical 3.0.16 expands RSCALE=JAPANESE YEARLY rules with BYxxx parts up to the end of the era
    Heisei and gives nothing from Reiwa 1 (2019-05-01) on: the oracle's dates before that day."""
    if p.get("RSCALE") != "JAPANESE" or p["FREQ"] != "YEARLY" or q["dtstart"][:8] >= REIWA.replace("-", "") or \
            not ({"BYMONTH", "BYMONTHDAY", "BYDAY", "BYYEARDAY"} & set(p)):
        return None
    return dict(q, _before=REIWA)


RSCALE_READINGS["libical-japanese-yearly-ends-at-reiwa"] = _japanese_yearly_ends_at_reiwa


def _libical_cycle_year_jump(q, p):
    """libical 3.0.16 takes a year's number from ICU's UCAL_YEAR, which in the Chinese and Dangi calendars is
    the year of the 60-year cycle (1..60): after the first instance in a year that starts a cycle its next
    instance comes 60 years later (DANGI YEARLY BYYEARDAY=355;SKIP=FORWARD from 2026: 2044-01-30, then 2105-01-16)."""
    if p.get("RSCALE") not in ("CHINESE", "DANGI") or p["FREQ"] != "YEARLY":
        return None
    return dict(q, _cycle_jump=True)


RSCALE_READINGS["libical-chinese-year-of-60-year-cycle-as-year"] = _libical_cycle_year_jump


def _bridge_until(q, p):
    """The request as Almanac's Foundation bridge sends it: a DATE or local UNTIL's year, month and
    day read in the RSCALE's calendar (Sources/Almanac/Interop/RecurrenceRule+Foundation.swift,
    `date(_:_:)`), not as the Gregorian value RFC 7529 keeps. Hebrew and Buddhist years run ahead
    of Gregorian ones, so the UNTIL lies before DTSTART (nothing); in the calendars whose years run
    behind (Islamic, Persian, Indian, Coptic, ROC, Japanese eras) it lies past `before` (no UNTIL)."""
    u = p.get("UNTIL")
    scale = p.get("RSCALE", "GREGORIAN")
    if not u or u.endswith("Z") or scale in ("GREGORIAN", "ISO8601", "ETHIOAA", "ETHIOPIC", "CHINESE", "DANGI"):
        return None
    if scale in ("HEBREW", "BUDDHIST"):
        return "nothing"
    return _with_parts(q, drop=("UNTIL",))


RSCALE_READINGS["almanac-foundation-bridge-until-in-rscale-calendar"] = _bridge_until

def _foundation_ethioaa_gregorian(q, p):
    """Foundation's ethiopicAmeteAlem calendar, as the bridge hands it an RSCALE=ETHIOAA rule, answers
    Gregorian fields: the rule read as RSCALE=GREGORIAN."""
    return _with_parts(q, add={"RSCALE": "GREGORIAN"}) if p.get("RSCALE") == "ETHIOAA" else None


RSCALE_READINGS["foundation-ethioaa-read-as-gregorian"] = _foundation_ethioaa_gregorian


def _foundation_monthly_plain_byday_first(q, p):
    """Foundation expands a plain BYDAY weekday in a MONTHLY RSCALE rule as that weekday's first in the
    month (MO as 1MO), and drops the same weekday's ordinals beside it (-1SA,SA as 1SA)."""
    if p["FREQ"] != "MONTHLY" or "BYDAY" not in p:
        return None
    items = p["BYDAY"].split(",")
    plain = {v for v in items if not re.match(r"^[+-]?[0-9]", v)}
    if not plain:
        return None
    out = []
    for v in items:
        w = v if v in plain else v[-2:]
        if v in plain:
            out.append("1" + v)
        elif w not in plain:
            out.append(v)
    return _with_parts(q, add={"BYDAY": ",".join(out)})


RSCALE_READINGS["foundation-monthly-plain-byday-as-first"] = _foundation_monthly_plain_byday_first


def _foundation_yearly_plain_byday_first(q, p):
    """Foundation expands a plain BYDAY weekday in a YEARLY rule as that weekday's first in the year (with
    BYMONTH: in each month), and drops the same weekday's ordinals beside it: the MONTHLY reading above, in
    YEARLY rules (GREGORIAN YEARLY BYDAY=TU from 2023-08-30: 2024-01-02, 2025-01-07, ...)."""
    if p["FREQ"] != "YEARLY":
        return None
    return _foundation_monthly_plain_byday_first(q, dict(p, FREQ="MONTHLY"))


RSCALE_READINGS["foundation-yearly-plain-byday-as-first"] = _foundation_yearly_plain_byday_first

def _foundation_yearly_byday_in_first_month(q, p):
    """Foundation counts a YEARLY rule's BYDAY ordinals (no BYMONTH, BYWEEKNO, BYYEARDAY or BYMONTHDAY)
    in the year's first month, not in the year, and in the calendars ICU computes (all but GREGORIAN and ISO8601,
    which Foundation computes itself), where the
    first month lacks a positive item (a fifth Friday), in the second month: the rule read with BYMONTH=1, each
    positive BYDAY item in the second month in the years whose first month lacks it (`_first_or_second_month`).
    (A negative item the first month lacks also moves to the second month, but not to the day it names there:
    ISLAMIC-CIVIL BYDAY=-5MO gives the fifth Monday of Safar 1455, 2033-05-02, not the first; not read.)"""
    if p["FREQ"] != "YEARLY" or not has_ordinal(p) or {"BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY"} & set(p):
        return None
    if p.get("RSCALE", "GREGORIAN") in ("GREGORIAN", "ISO8601"):  # Foundation's own Gregorian code
        return _with_parts(q, add={"BYMONTH": "1"})
    return dict(q, _first_or_second_month=True)


def _first_or_second_month(q, readings):
    """The oracle's dates of each BYDAY item of a YEARLY rule in the year's first month, or, in a year whose first
    month lacks the item, in its second month; the union, then COUNT."""
    p = parts_of(q["rrule"])
    cal = rscale_oracle.Calendar(p.get("RSCALE", "GREGORIAN"))
    q = _with_parts({k: v for k, v in q.items() if k != "_first_or_second_month"}, drop=("COUNT",))

    def has(year, month_index, n, wd):
        ms = cal.months(year)
        if month_index >= len(ms):
            return False
        _, first, length = ms[month_index]
        k = sum(1 for d in range(first, first + length) if (d + 3) % 7 == wd)
        return abs(n) <= k

    out = set()
    for item in p["BYDAY"].split(","):
        n, wd = int(item[:-2] or "0"), DAYS.index(item[-2:])
        got = _oracle_list(_with_parts(q, add={"BYDAY": item, "BYMONTH": "1,2"}), readings)
        if got is None:
            return None
        for x in got:
            y, m, _, _ = cal.fields(rscale_oracle.epoch_day(dt.date.fromisoformat(x[:10])))
            k = [mm for mm, _, _ in cal.months(y)].index(m)
            if k == 0 or (n > 0 and not has(y, 0, n, wd)):
                out.add(x)
    return _count_cut(dict(q, rrule=q["rrule"] + (";COUNT=" + p["COUNT"] if "COUNT" in p else "")), sorted(out))


RSCALE_READINGS["foundation-yearly-byday-ordinals-in-first-month"] = _foundation_yearly_byday_in_first_month

def _foundation_byyearday_alone(q, p):
    """Foundation expands BYYEARDAY and drops BYMONTH and BYMONTHDAY beside it (they should limit it,
    RFC 5545 3.3.10's table): the rule read without them."""
    if "BYYEARDAY" not in p or not ({"BYMONTH", "BYMONTHDAY"} & set(p)):
        return None
    return _with_parts(q, drop=("BYMONTH", "BYMONTHDAY"))


RSCALE_READINGS["foundation-byyearday-drops-bymonth-and-bymonthday"] = _foundation_byyearday_alone


def _foundation_monthly_interval_among_months_with_the_day(q, p):
    """Foundation's MONTHLY rule with INTERVAL n and no day part (the day is DTSTART's) takes every n-th of
    the months that have DTSTART's day (strict matching skips the others, and its count with them): the
    rule's dates at INTERVAL=1, then every n-th."""
    interval = int(p.get("INTERVAL", "1"))
    if p["FREQ"] != "MONTHLY" or interval < 2 or {"BYMONTHDAY", "BYDAY", "BYYEARDAY", "BYMONTH"} & set(p):
        return None
    # (with SKIP=BACKWARD/FORWARD this reading alone moves the missing days; with skip-not-applied it does not:
    # ETHIOPIC INTERVAL=2;SKIP=FORWARD from 30 Hamle, month 13 has no 30th and is no period: 11-30, 1-30, 3-30, ...)
    return dict(_with_parts(q, add={"INTERVAL": "1"}), _every=interval)


RSCALE_READINGS["foundation-monthly-interval-counts-only-months-with-dtstart-day"] = \
    _foundation_monthly_interval_among_months_with_the_day


def _resume_next_year(q, dates):
    """Foundation's strict MONTHLY search in a non-Gregorian calendar, walked over the oracle's dates (the
    months that have DTSTART's day): from a month, the next month; from a month that lacks the day, month 1
    of the next year, unless it is itself a month 1, whose next month is tried (the months passed over in
    the jump are not looked at)."""
    if not dates:
        return dates
    cal = rscale_oracle.Calendar(parts_of(q["rrule"]).get("RSCALE", "GREGORIAN"))
    ym = lambda x: (lambda f: (f[0], f[1]))(cal.fields(rscale_oracle.epoch_day(dt.date.fromisoformat(x[:10]))))
    by_month = {ym(x): x for x in dates}
    out, (y, m) = [dates[0]], ym(dates[0])
    last, found = ym(dates[-1])[0], True
    while y <= last:
        seq = [mm for mm, _, _ in cal.months(y)]
        k = seq.index(m)
        if found or k == 0:
            y, m = (y, seq[k + 1]) if k + 1 < len(seq) else (y + 1, cal.months(y + 1)[0][0])
        else:
            y, m = y + 1, cal.months(y + 1)[0][0]
        found = (y, m) in by_month
        if found:
            out.append(by_month[(y, m)])
    return out


def _foundation_strict_resumes_next_year(q, p):
    """Foundation's MONTHLY rule without day parts in a non-Gregorian calendar (strict matching): after a month
    that lacks DTSTART's day it resumes at month 1 of the next year (JAPANESE from 2068-07-31: 07-31, 08-31,
    then 2069-01-31, 2070-01-31 ...): the oracle's dates those steps reach."""
    if p["FREQ"] != "MONTHLY" or p.get("RSCALE", "GREGORIAN") in ("GREGORIAN", "ISO8601") or int(p.get("INTERVAL", "1")) != 1 \
            or {"BYMONTHDAY", "BYDAY", "BYYEARDAY"} & set(p) or skip_moves(p):
        return None
    if "BYMONTH" in p:  # a limit on the months the walk reaches (ISLAMIC-CIVIL BYMONTH=7 from 30 Muharram: none)
        return dict(_with_parts(q, drop=("BYMONTH",)), _resume=True, _months=p["BYMONTH"].split(","))
    return dict(q, _resume=True)


RSCALE_READINGS["foundation-strict-monthly-resumes-at-next-years-first-month"] = _foundation_strict_resumes_next_year


def _foundation_leap_months_with_skip_match_nothing(q, p):
    """With SKIP=BACKWARD or FORWARD (the bridge's matching policies .previousTime/.nextTimePreservingSmaller-
    Components) Foundation's YEARLY BYMONTH of Chinese or Dangi leap months only matches nothing, not even
    in the years that have the leap month (BYMONTH=4L from 2054-11-11: no 2058-06-02, 4L-12 of 4695)."""
    months = p.get("BYMONTH", "").split(",")
    if p["FREQ"] != "YEARLY" or p.get("RSCALE") not in ("CHINESE", "DANGI") or not skip_moves(p) or \
            not all(m.endswith("L") for m in months if m) or "BYMONTH" not in p:
        return None
    return "nothing"


RSCALE_READINGS["foundation-leap-month-with-skip-policy-matches-nothing"] = _foundation_leap_months_with_skip_match_nothing


def _cycle_year(q, text):
    """The year of the 60-year cycle (ICU's UCAL_YEAR, 1..60) of a printed date in the rule's Chinese or Dangi calendar."""
    scale = parts_of(q["rrule"])["RSCALE"]
    year = rscale_oracle.Calendar(scale).fields(rscale_oracle.epoch_day(dt.date.fromisoformat(text[:10])))[0]
    return (year + (3 if scale == "DANGI" else -1)) % 60 + 1   # ICU: Chinese 4681 and Dangi 4377 (2044) are year 1


def _foundation_byyearday_no_cycle_start(q, p):
    """Foundation's BYYEARDAY in the Chinese calendar gives nothing in the first year of a 60-year cycle (where
    its year component starts again at 1: 2044-01-30 begins year 1 of the 79th cycle; BYYEARDAY=19 from 2040
    gives 2043-02-28, then 2045-03-07): the oracle's dates less those of such years."""
    if "BYYEARDAY" not in p or p.get("RSCALE") not in ("CHINESE", "DANGI"):
        return None
    return dict(q, _drop_cycle_start=True)


RSCALE_READINGS["foundation-byyearday-nothing-in-first-year-of-60-year-cycle"] = _foundation_byyearday_no_cycle_start


def _foundation_skip_drops_negative_bymonthday(q, p):
    """With SKIP=BACKWARD or FORWARD Foundation moves a positive BYMONTHDAY past a month's end but drops a negative
    one that names a day before the month's start (as OMIT): the union of the oracle's answers to the rule with the
    positive values (SKIP as given) and with the negative values (SKIP=OMIT), then COUNT (`_negative_omit`)."""
    days = p.get("BYMONTHDAY", "").split(",")
    if not skip_moves(p) or not any(v.startswith("-") for v in days) or all(v.startswith("-") for v in days if v):
        return None
    return dict(q, _negative_omit=True)


def _negative_omit(q, readings):
    p = parts_of(q["rrule"])
    q = _with_parts({k: v for k, v in q.items() if k != "_negative_omit"}, drop=("COUNT",))
    days = p["BYMONTHDAY"].split(",")
    pos = _oracle_list(_with_parts(q, add={"BYMONTHDAY": ",".join(v for v in days if not v.startswith("-"))}), readings)
    neg = _oracle_list(_with_parts(q, add={"BYMONTHDAY": ",".join(v for v in days if v.startswith("-")),
                                           "SKIP": "OMIT"}), readings)
    if pos is None or neg is None:
        return None
    out = sorted(set(pos) | set(neg))
    return out[:int(p["COUNT"])] if "COUNT" in p else out


RSCALE_READINGS["foundation-skip-drops-negative-bymonthday-before-month"] = _foundation_skip_drops_negative_bymonthday


def _foundation_daily_ends_at_gap_after_fold(q, p):
    """Foundation's DAILY series in a zone ends at the first day whose DTSTART wall-clock time falls in a gap
    (spring forward) once a fall-back transition lies behind it (America/New_York 02:30 from 2020-04-01: the
    last date is 2021-03-15 for FREQ=DAILY, 2021-03-09 with BYDAY=TU; from 2020-12-31 the gap of 2021-03-14 is
    passed and the series ends at 2022-03-13's): the oracle's dates before that day (zoneinfo's transitions).
    Not read: with FREQ=DAILY alone (or a BYDAY that has the next day) Foundation gives the next day too."""
    if p["FREQ"] != "DAILY" or "tzid" not in q or len(q["dtstart"]) == 8:
        return None
    zone = ZoneInfo(q["tzid"])
    start = dt.datetime.strptime(q["dtstart"][:15], "%Y%m%dT%H%M%S")
    end = dt.datetime.strptime(q["before"][:8], "%Y%m%d")
    offset = lambda x: x.replace(tzinfo=zone, fold=0).utcoffset()
    day, fell = start, False
    while day < end:
        nxt = day + dt.timedelta(days=1)
        if not in_gap(nxt, zone) and not in_gap(day, zone) and offset(nxt) < offset(day):
            fell = True
        elif fell and in_gap(nxt, zone):
            return dict(q, _before=nxt.date().isoformat())
        day = nxt
    return None


RSCALE_READINGS["foundation-daily-ends-at-a-gap-after-a-fall-back"] = _foundation_daily_ends_at_gap_after_fold


def _foundation_monthly_day_search(q, p):
    """Foundation's MONTHLY rule without day parts, with SKIP=BACKWARD or FORWARD (the bridge's non-strict matching
    policies) in a calendar ICU computes: its dates are one `Calendar.enumerateDates` search for DTSTART's day of the
    month, step by step (`_monthly_day_search`), so the oracle's dates those steps reach (`_base_search`)."""
    if p["FREQ"] != "MONTHLY" or not skip_moves(p) or int(p.get("INTERVAL", "1")) != 1 or \
            p.get("RSCALE", "GREGORIAN") in ("GREGORIAN", "ISO8601", "JAPANESE", "ISLAMIC", "ISLAMIC-RGSA", "ETHIOAA") or \
            {"BYMONTHDAY", "BYDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS"} & set(p):
        return None
    return dict(q, _base_search=True)


def _monthly_day_search(scale, start, day):
    """The months (year, month) where Foundation's search for day `day` of the month from the epoch day `start`
    (the step that matches DTSTART is step 1) gives a date under the previous/next-time policies, as probed with
    `Calendar.enumerateDates` (Tools/differential/README.md, ninth pass): a month that has the day gives it; one
    that lacks it gives a moved date, unless it is the year's last month (in CHINESE and DANGI: any month), which
    is passed over: the search goes on to the next month that has the day, and the step after that one gives no
    date (it finds the same date again) for each month passed over. A step that gives no date after 100 steps
    ends the search. Returns (months, True when the search ended)."""
    cal = rscale_oracle.Calendar(scale)
    y, m, _, _ = cal.fields(start)
    every_month = scale in ("CHINESE", "DANGI")
    seq = cal.months(y)
    k = [mm for mm, _, _ in seq].index(m)
    step, out, passed = 1, [(y, m)], 0
    while len(out) < 5000:
        k += 1
        if k >= len(seq):
            y, seq, k = y + 1, cal.months(y + 1), 0
        mm, _, length = seq[k]
        if length >= day:
            step, out = step + 1, out + [(y, mm)]
            for _ in range(passed):
                step += 1
                if step > 100:
                    return out, True
            passed = 0
        elif passed or every_month or k == len(seq) - 1:
            passed += 1
        else:
            step, out = step + 1, out + [(y, mm)]
    return out, False


def _base_search(q, readings):
    """The oracle's dates of the rule without BYMONTH whose month (for a date SKIP=FORWARD moved, the month before)
    is one `_monthly_day_search` reaches, then BYMONTH as a limit on the date's own month, then COUNT."""
    p = parts_of(q["rrule"])
    q = {k: v for k, v in q.items() if k != "_base_search"}
    scale = p.get("RSCALE", "GREGORIAN")
    cal = rscale_oracle.Calendar(scale)
    start = rscale_oracle.epoch_day(dt.date(int(q["dtstart"][:4]), int(q["dtstart"][4:6]), int(q["dtstart"][6:8])))
    day = cal.fields(start)[2]
    reached = set(_monthly_day_search(scale, start, day)[0])
    every = _oracle_list(_with_parts(q, drop=("COUNT", "BYMONTH")), readings)
    if every is None:
        return None
    months = p["BYMONTH"].split(",") if "BYMONTH" in p else None
    out = []
    for x in every:
        e = rscale_oracle.epoch_day(dt.date.fromisoformat(x[:10]))
        y, m, d, _ = cal.fields(e)
        if d != day and p.get("SKIP") == "FORWARD":
            y, m, _, _ = cal.fields(e - 1)
        if (y, m) in reached and (months is None or _month_of(q, x) in months):
            out.append(x)
    return _count_cut(q, out)


RSCALE_READINGS["foundation-monthly-skip-search-passes-year-end-and-ends-after-100-steps"] = _foundation_monthly_day_search


def _foundation_missing_leap_month_day_from_month_n(q, p):
    """Foundation's Chinese/Dangi YEARLY rule with one leap month nL in BYMONTH and SKIP=FORWARD, the day from BYMONTHDAY or
    DTSTART: a negative day is counted from the end of month n, not nL (`_leap_forward`). BYDAY only beside BYMONTHDAY, as
    plain weekdays (a limit) or ordinals past 5, which no month has; a 30th only in a window that ends before 2044-01-30."""
    days = p["BYMONTHDAY"].split(",") if "BYMONTHDAY" in p else [str(_start_fields(q)[1][2])]
    if p["FREQ"] != "YEARLY" or p.get("RSCALE") not in ("CHINESE", "DANGI") or p.get("SKIP") != "FORWARD" or \
            not re.fullmatch(r"[0-9]+L", p.get("BYMONTH", "")) or int(p.get("INTERVAL", "1")) != 1 or \
            {"BYYEARDAY", "BYWEEKNO", "BYSETPOS", "UNTIL"} & set(p) or ("BYDAY" in p and "BYMONTHDAY" not in p) or \
            not all(re.fullmatch(r"-?[0-9]+", v) and (1 <= int(v) <= 30 or -29 <= int(v) <= -1) for v in days) or \
            any(re.match(r"^[+-]?[1-5][A-Z]", v) for v in p.get("BYDAY", "").split(",")) or \
            ("30" in days and q["before"][:8] > "20440130"):
        return None
    return dict(q, _leap_forward=True)


def _leap_forward_day(cal, y, n, v):
    """The epoch day `_leap_forward` gives BYMONTHDAY value v of BYMONTH=nL;SKIP=FORWARD in year y of `cal`, or None."""
    months = cal.months(y)
    names = [m for m, _, _ in months]
    if (n, True) in names:  # the day number from month n's length; past nL's end, the next month's first day
        _, first, length = months[names.index((n, True))]
        d = v if v > 0 else months[names.index((n, False))][2] + 1 + v
        return None if d > months[names.index((n, False))][2] else first + min(d, length + 1) - 1
    k = names.index((n, False)) + 1
    y2, months2 = (y, months) if k < len(months) else (y + 1, cal.months(y + 1))
    i = k % len(months)
    landing, first, length = months2[i]
    length_n = {m: ln for m, _, ln in months2}[(n, False)]
    d = v if v > 0 else length_n + 1 + v
    if d > length_n:  # a day month n lacks: nothing
        return None
    if d <= length:
        return first + d - 1
    # the first of the months that follow it in its year, numbered as it or one more (a leap month between included),
    # that has the day; else the last of them with the day pinned to its length; none follows (12): pinned in it
    after = list(itertools.takewhile(lambda x: x[0][0] in (landing[0], landing[0] + 1), months2[i + 1:]))
    for _, f, ln in after:
        if ln >= d:
            return f + d - 1
    return first + length - 1 if not after else after[-1][1] + after[-1][2] - 1


def _leap_forward(q, readings):
    """The dates of `_foundation_missing_leap_month_day_from_month_n`, probed through the Foundation peer (ninth pass):
    in each year, a positive day v is day v and a negative one is day len(n) + 1 + v, len(n) the length of month n (not
    nL) in the year of the month the day is placed in; a day month n lacks gives nothing. A year with nL places it in nL
    (past nL's end: the next month's first day); a year without it in the month after nL (month n + 1, or for 12L month 1
    of the next year); when that month lacks the day, in the first following month numbered as it or one more that has
    it, else in the last of them, pinned (none follows month 12: pinned in it). BYDAY keeps the placed dates on its plain
    weekdays. Without BYMONTHDAY the day is DTSTART's and a year after DTSTART's whose first month lacks it gives nothing
    (as `foundation-yearly-bymonth-dtstart-day-needs-first-month`). Observed, not understood: for 12L the year 59 of a
    60-year cycle gives nothing (its dates would land in year 60), and nothing comes from 2044-01-30 on (year 1 of the
    79th cycle; 1984's cycle start is crossed)."""
    p = parts_of(q["rrule"])
    cal = rscale_oracle.Calendar(p["RSCALE"])
    n = int(p["BYMONTH"][:-1])
    start = rscale_oracle.epoch_day(dt.date(int(q["dtstart"][:4]), int(q["dtstart"][4:6]), int(q["dtstart"][6:8])))
    before = rscale_oracle.epoch_day(dt.date(int(q["before"][:4]), int(q["before"][4:6]), int(q["before"][6:8])))
    end = cal.months(4681 if p["RSCALE"] == "CHINESE" else 4377)[0][1]
    weekdays = {DAYS.index(v) for v in p.get("BYDAY", "").split(",") if v and not re.match(r"^[+-]?[0-9]", v)}
    y0, _, d0, _ = cal.fields(start)
    values = {int(v) for v in p["BYMONTHDAY"].split(",")} if "BYMONTHDAY" in p else {d0}
    y, out = y0 - (1 if n == 12 else 0), []
    while cal.months(y)[0][1] < min(before, end):
        if (n != 12 or _cycle_year(q, rscale_oracle.date_of(cal.months(y)[0][1]).isoformat()) != 59) and \
                ("BYMONTHDAY" in p or y == y0 or cal.months(y)[0][2] >= d0):
            for v in values:
                e = _leap_forward_day(cal, y, n, v)
                if e is not None and start <= e < min(before, end) and ("BYDAY" not in p or (e + 3) % 7 in weekdays):
                    out.append(e)
        y += 1
    return _print_days(q, sorted(out)[:min(int(p.get("COUNT", "100000")), q.get("limit", LIMIT))])


def _foundation_yearly_bymonth_first_month(q, p):
    """Foundation's YEARLY rule with BYMONTH (no leap month) and DTSTART's day (no BYMONTHDAY, BYDAY, BYYEARDAY): a year
    after DTSTART's whose first month lacks that day gives nothing (`_first_month_day`)."""
    if p["FREQ"] != "YEARLY" or "BYMONTH" not in p or "L" in p["BYMONTH"] or int(p.get("INTERVAL", "1")) != 1 or \
            {"BYMONTHDAY", "BYDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS"} & set(p) or \
            p.get("RSCALE", "GREGORIAN") in ("GREGORIAN", "ISO8601", "JAPANESE", "ISLAMIC", "ISLAMIC-RGSA", "ETHIOAA") or \
            _start_fields(q)[1][2] < 29:
        return None
    return dict(q, _first_month_day=True)


def _first_month_day(q, readings):
    """The oracle's dates (COUNT dropped) in DTSTART's year of the rule's calendar or in a year whose first month has
    DTSTART's day of the month, then COUNT."""
    q = {k: v for k, v in q.items() if k != "_first_month_day"}
    cal, (y0, _, d0, _) = _start_fields(q)
    every = _oracle_list(_with_parts(q, drop=("COUNT",)), readings)
    if every is None:
        return None
    year = lambda x: cal.fields(rscale_oracle.epoch_day(dt.date.fromisoformat(x[:10])))[0]
    return _count_cut(q, [x for x in every if year(x) == y0 or cal.months(year(x))[0][2] >= d0])


RSCALE_READINGS["foundation-yearly-bymonth-dtstart-day-needs-first-month"] = _foundation_yearly_bymonth_first_month


def _print_days(q, days):
    """Epoch days printed as oracle_answer prints occurrences (DTSTART's time, zone or UTC form)."""
    ds = q["dtstart"]
    if len(ds) == 8:
        return [rscale_oracle.date_of(e).isoformat() for e in days]
    start = dt.datetime.strptime(ds[:15], "%Y%m%dT%H%M%S")
    out = []
    for e in days:
        local = dt.datetime.combine(rscale_oracle.date_of(e), start.time())
        if "tzid" in q:
            z = dt.datetime.fromtimestamp(local.replace(tzinfo=ZoneInfo(q["tzid"]), fold=0).timestamp(), ZoneInfo(q["tzid"]))
            out.append(z.strftime("%Y-%m-%dT%H:%M:%S") + fmt_offset(z.utcoffset()))
        else:
            out.append(local.strftime("%Y-%m-%dT%H:%M:%S") + ("Z" if ds.endswith("Z") else ""))
    return out


RSCALE_READINGS["foundation-missing-leap-month-negative-day-from-month-n"] = _foundation_missing_leap_month_day_from_month_n

RSCALE_READING_OPTIONS = {  # oracle readings (rscale_oracle.expand's `readings`) named as in RSCALE_READING_NOTES
    "rfc7529-open-skip-and-byday": "skip-before-byday",
    "rfc7529-open-leap-month-as-limit": "leap-month-limit-moves",
    "libical-icu72-chinese-months": "icu72-chinese-months",
    "libical-chinese-missing-leap-month-one-month-early": "leap-month-skip-one-early",
    "libical-byday-missing-leap-month-as-icu-resolves": "leap-month-icu-lenient",
    "libical-byday-past-month-13-leaves-icu-in-next-year": "byday-spill-into-next-year",
    "libical-stale-leap-month-flag-moves-yearly-byday": "byday-weekdays-from-second-month",
    "libical-monthly-day-skip-moved-out-of-month-escapes-byday": "skip-moved-out-escapes-byday",
    "libical-missing-12l-leaves-icu-in-next-year": "missing-12l-spill-into-next-year",
    "libical-day-forward-passes-over-leap-month": "day-forward-by-number",
    "libical-yearly-bymonth-byday-stale-leap-flag-mask": "libical-yearly-byday-mask",
    "foundation-yearly-passes-over-first-year-of-60-year-cycle": "cycle-start-years-passed-over",
    "foundation-japanese-backward-month-length-from-current-era": "japanese-backward-length-in-current-era",
}


def _for_peer(name, peer):
    """Readings named after one peer (`libical-...`, `almanac-foundation-...`) apply to it alone."""
    return not any(tag in name and peer != who for who, tag in (("libical", "libical-"), ("foundation", "foundation-")))


def _reading_answers(q, p, peer=None):
    """(kind, the oracle's answer to the request as that reading takes it) for every reading that applies."""
    out = []
    for name, f in RSCALE_READINGS.items():
        if not _for_peer(name, peer):
            continue
        q2 = f(q, p)
        if q2 is not None:
            out.append((name, q2, ()))
    for name, opt in RSCALE_READING_OPTIONS.items():
        if _for_peer(name, peer):
            out.append((name, q, (opt,)))
    return out


def rscale_reading_kind(q, p, theirs, peer=None, cut=False):
    """The reading (or two) under which the oracle gives the peer's answer, as a kind name, or None.
    A peer answer that lists a date twice is matched without its repeats (kind
    `duplicate-occurrences+<reading>`)."""
    if not is_list(theirs):
        return None
    if len(dedup(theirs)) < len(theirs):
        kind = rscale_reading_kind(q, p, dedup(theirs), peer, cut=len(theirs) == q.get("limit", LIMIT))
        return None if kind is None or kind == "as-is" else "duplicate-occurrences+" + kind
    base = _reading_answers(q, p, peer)
    singles = [("as-is", q, ())] + [(n, q2, r) for n, q2, r in base]
    pairs = []
    for i, (n1, q1, r1) in enumerate(base):
        for n2, f2 in RSCALE_READINGS.items():
            if n2 != n1 and q1 != "nothing" and n2 > n1 and _for_peer(n2, peer):
                q2 = f2(q1, parts_of(q1["rrule"]))
                if q2 is not None:
                    pairs.append((n1 + "+" + n2, q2, r1))
        for n2, opt in RSCALE_READING_OPTIONS.items():
            if n2 != n1 and opt not in r1 and q1 != "nothing" and _for_peer(n2, peer):
                pairs.append((n1 + "+" + n2, q1, r1 + (opt,)))
    interval = int(p.get("INTERVAL", "1"))
    for name, q2, r in singles + pairs:
        if q2 == "nothing":
            if theirs == []:
                return name
            continue
        if interval > 1 and p.get("RSCALE") != "GREGORIAN":
            # libical counts INTERVAL from a later period than DTSTART's: the rule's dates in the
            # periods s, s + INTERVAL, s + 2 INTERVAL ..., s the period of the peer's first date;
            # when the peer answers nothing, some s below 3 INTERVAL (libical's late starts seen:
            # 2 INTERVAL - 1 and less) whose periods hold none of the rule's dates in the window
            # (the oracle's expansion from that phase: a date SKIP moves into the next period stays
            # with the period that named it)
            if theirs:
                phases = sorted({max(_period_index(q, theirs[0]) - k, 0) for k in (0, 1)}, reverse=True)
            else:
                phases = range(1, 3 * interval)
            for first in phases:
                if first <= 0 or not first % interval:
                    continue
                got = _oracle_list(q2, r + ("phase=%d" % first,))
                how = _same_start(got, theirs, len(theirs) == q.get("limit", LIMIT))
                if how is not None:
                    return how + "rscale-interval-not-counted-from-dtstart" + ("" if name == "as-is" else "+" + name)
        if name == "as-is":
            continue
        how = _same_start(_oracle_list(q2, r), theirs, cut or len(theirs) == q.get("limit", LIMIT))
        if how is not None:
            return how + name
    return None


def _same_start(got, theirs, cut):
    """"" when the peer's answer is `got` (or its start, when the peer's answer was cut),
    "same-local-times-other-utc-offset+" when it is with other UTC offsets (the zone data differ), else None."""
    if got is None or not (len(got) == len(theirs) or cut):
        return None
    if got[:len(theirs)] == theirs:
        return ""
    if [x[:19] for x in got[:len(theirs)]] == [x[:19] for x in theirs]:
        return "same-local-times-other-utc-offset+"
    return None


def rscale_referee(q, ours):
    """True when the oracle gives Almanac's answer, False when it gives another, None when it cannot say."""
    if not is_list(ours):
        return None
    a = oracle_answer(q)
    if "error" in a:
        return None
    return a["occurrences"] == ours


def classify_rscale(peer, req, ours, theirs):
    """A disagreement's kind, or None (unclassified: a person looks).

    Against the oracle (which reads RFC 7529 as Almanac documents it), only Almanac's documented
    choices classify: any other difference is a bug on one side. Against libical or Foundation,
    the oracle referees first: where it does not give Almanac's answer, nothing is classified."""
    p = parts_of(req["rrule"])
    for kind, pred, _ in RSCALE_ALMANAC:
        if pred(req, p, ours, theirs):
            return kind
    if peer == "oracle":
        return None
    ref = rscale_referee(req, ours)
    if ref is False:
        return None  # the oracle disagrees with Almanac too: a person looks
    for kind, pred, _ in GENERIC + RSCALE_GENERIC + RSCALE_KNOWN[peer]:
        if pred(req, p, ours, theirs):
            return kind
    if not ref:
        return None
    kind = rscale_reading_kind(req, p, theirs, peer)
    if kind is None and peer == "libical":
        kind = libical_islamic_instant_kind(req, p, ours, theirs) or libical_never_matches_as_read(req, p, theirs)
    if kind is None and peer == "foundation":
        kind = foundation_bymonth_separately_kind(req, p, ours, theirs) or \
            _islamic_instant_kind(req, p, ours, theirs, "foundation") or \
            foundation_byday_limit_week_kind(req, p, ours, theirs)
    return kind


def libical_never_matches_as_read(q, p, t):
    """`libical-rejects-rule-that-never-matches+<reading>`: libical refuses the rule (MALFORMEDDATA, its
    icalrecur_iterator_new finds no first instance before the year 20000) and the request as one of its
    readings has no instance (the oracle's answer to it is empty), while the rule as written has some."""
    if not malformed(t):
        return None
    for name, q2, r in _reading_answers(q, p, "libical"):
        if q2 != "nothing" and _oracle_list(_with_parts(q2, drop=("UNTIL", "COUNT")), r) == []:
            return "libical-rejects-rule-that-never-matches+" + name
    return None


def rscale_notes(peer):
    n = {k: x for k, _, x in RSCALE_ALMANAC + GENERIC + RSCALE_GENERIC + RSCALE_KNOWN[peer]}
    for k, x in RSCALE_READING_NOTES.items():
        n[k] = x
    for k in list(RSCALE_READING_NOTES):
        for k2 in RSCALE_READING_NOTES:
            n[k + "+" + k2] = RSCALE_READING_NOTES[k] + " And: " + RSCALE_READING_NOTES[k2]
            n["rscale-interval-not-counted-from-dtstart+" + k] = RSCALE_READING_NOTES["rscale-interval-not-counted-from-dtstart"] + " And: " + RSCALE_READING_NOTES[k]
    for k in list(n):
        if k != "duplicate-occurrences" and not k.startswith("duplicate-occurrences+"):
            n["duplicate-occurrences+" + k] = n["duplicate-occurrences"] + " Its answer without the repeats: " + n[k]
    if peer == "libical":
        base = dict(n)
        n[ISLAMIC_INSTANT_KIND] = ISLAMIC_INSTANT_NOTE
        n["libical-rejects-rule-that-never-matches+"] = ""
        for k, x in base.items():
            if k in RSCALE_READING_NOTES or k.startswith("rscale-interval-not-counted-from-dtstart") or "+" in k:
                n[ISLAMIC_INSTANT_KIND + "+" + k] = ISLAMIC_INSTANT_NOTE + " Read at 00:00 UTC, libical's answer is this: " + x
                n["libical-rejects-rule-that-never-matches+" + k] = (
                    dict(RSCALE_KNOWN["libical"][i][::2] for i in range(len(RSCALE_KNOWN["libical"])))[
                        "libical-rejects-rule-that-never-matches"] + " Here the rule as libical reads it has none: " + x)
        del n["libical-rejects-rule-that-never-matches+"]
    if peer == "foundation":
        base = dict(n)
        n[BYMONTH_SEPARATELY_KIND] = BYMONTH_SEPARATELY_NOTE
        n[BYDAY_WEEK_KIND] = BYDAY_WEEK_NOTE
        n[FOUNDATION_ISLAMIC_INSTANT_KIND] = FOUNDATION_ISLAMIC_INSTANT_NOTE
        for k, x in base.items():
            if k in RSCALE_READING_NOTES or k.startswith("rscale-interval-not-counted-from-dtstart") or "+" in k:
                n[FOUNDATION_ISLAMIC_INSTANT_KIND + "+" + k] = (FOUNDATION_ISLAMIC_INSTANT_NOTE +
                                                               " Read at 00:00 UTC, Foundation's answer is this: " + x)
    for k, x in list(n.items()):
        if not k.startswith("same-local-times-other-utc-offset"):
            n["same-local-times-other-utc-offset+" + k] = n["same-local-times-other-utc-offset"] + " With them: " + x
    n["wrong-by-rfc7529-reading-almanac-and-oracle-share"] = (
        "The peer's answer differs from the RFC 7529 expansion that Almanac and Tools/corpus/rscale_oracle.py (ICU's "
        "calendar fields) both give, and no narrower kind describes it. The `peer` field shows the peer's answer.")
    return n



# --------------------------------------------------------------------------------------------
# Peers

class Peer:
    name = ""
    # Each peer stops itself after `cpu_limit` seconds of CPU time on one request (it answers
    # "timeout"; --cpu-limit overrides it); this wall-clock limit is the backstop for a peer that
    # cannot. The limits are what a full run can afford: Foundation spends over 0.04 s on about
    # one request in seven, and about half of those it would not finish in 2 s either.
    timeout = 20.0
    cpu_limit = 0.1

    def version(self):
        raise NotImplementedError

    def supports(self, req):
        return True

    def build(self):
        pass

    def command(self):
        raise NotImplementedError

    def encode(self, req):
        return json.dumps({k: req[k] for k in ("id", "dtstart", "tzid", "rrule", "before", "limit") if k in req})

    def decode(self, line):
        """A reply line -> (id, occurrences or None, truncated, error or None)."""
        j = json.loads(line)
        if "error" in j:
            return j["id"], None, False, j["error"]
        return j["id"], j["occurrences"], j["truncated"], None


class DateutilPeer(Peer):
    name = "dateutil"
    cpu_limit = 0.2

    def version(self):
        import dateutil
        return "dateutil " + dateutil.__version__

    def supports(self, req):
        return start_kind(req) != "zoned"

    def command(self):
        return [sys.executable, str(Path(__file__).resolve()), "--serve", "dateutil"]


class FoundationPeer(Peer):
    name = "foundation"
    cpu_limit = 0.04
    package = HERE / "foundation-peer"

    def version(self):
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout + \
            subprocess.run(["swift", "--version"], capture_output=True, text=True).stderr
        v = next((w for w in out.split() if w[:1].isdigit()), "?")
        return "Foundation (Swift %s)" % v

    def supports(self, req):
        return "FREQ=SECONDLY" not in req["rrule"]

    config = os.environ.get("DIFF_FOUNDATION_CONFIG", "release")  # debug: no release build (a shared machine)

    prebuilt = os.environ.get("DIFF_FOUNDATION_PEER")  # a FoundationPeer binary built elsewhere

    def build(self):
        if not self.prebuilt:
            subprocess.run(["swift", "build", "-c", self.config, "--package-path", str(self.package)], check=True,
                           stdout=subprocess.DEVNULL)

    def command(self):
        return [self.prebuilt or str(self.package / ".build" / self.config / "FoundationPeer")]


class LibicalPeer(Peer):
    name = "libical"
    source = HERE / "libical-peer" / "libical_peer.c"
    binary = ROOT / ".build" / "differential" / "libical-peer"

    def version(self):
        v = subprocess.run([str(self.binary), "--version"], capture_output=True, text=True).stdout.strip()
        pkg = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libical3"], capture_output=True, text=True).stdout
        return "libical %s" % (pkg.split("-")[0] if pkg else v.split()[-1])

    def build(self):
        if not Path("/usr/include/libical/ical.h").exists():
            sys.exit("libical-dev is missing: apt-get install libical-dev")
        self.binary.parent.mkdir(parents=True, exist_ok=True)
        if not self.binary.exists() or self.binary.stat().st_mtime < self.source.stat().st_mtime:
            subprocess.run(["cc", "-O2", "-Wall", "-o", str(self.binary), str(self.source), "-lical"], check=True)

    def command(self):
        return [str(self.binary)]

    def encode(self, req):
        return "\t".join([req["id"], req["dtstart"], req.get("tzid", ""), req["rrule"], req.get("before", ""),
                          str(req["limit"])])

    def decode(self, line):
        f = line.split("\t")
        if f[1] == "error":
            return f[0], None, False, f[2]
        if f[1] == "timeout":
            return f[0], None, False, "timeout: over the CPU time limit"
        return f[0], (f[3].split(",") if f[3] else []), f[2] == "1", None


class OraclePeer(Peer):
    """Tools/corpus/rscale_oracle.py (RFC 7529 on ICU's calendars), for --rscale runs against Almanac."""
    name = "oracle"
    cpu_limit = 2.0

    def version(self):
        return "rscale_oracle (ICU %d; Chinese/Dangi months from Foundation's ICU)" % rscale_oracle.icu_version()

    def command(self):
        return [sys.executable, str(Path(__file__).resolve()), "--serve", "rscale-oracle"]

    def encode(self, req):
        # The oracle reads include_dtstart (the other peers never count a DTSTART the rule does not
        # produce); without it the oracle would count DTSTART as RFC 5545 3.8.5.3 does.
        return json.dumps({k: req[k] for k in ("id", "dtstart", "tzid", "rrule", "before", "limit", "include_dtstart")
                           if k in req})


PEERS = {"dateutil": DateutilPeer, "foundation": FoundationPeer, "libical": LibicalPeer, "oracle": OraclePeer}


# --------------------------------------------------------------------------------------------
# Running a peer: line by line, a crash or a hang pinned on its request

def run_lines(cmd, lines, timeout):
    """Feeds `lines` to `cmd`, one answer line per request, in order.

    Returns a list with, per request, the answer line or ("crash", detail) / ("hang", seconds).
    A crashed or hung process is restarted after its culprit.
    """
    out = []
    while len(out) < len(lines):
        rest = lines[len(out):]
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)

        def feed(p=p, rest=rest):
            try:
                for ln in rest:
                    p.stdin.write((ln + "\n").encode())
                p.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        errbuf = []
        t = threading.Thread(target=feed, daemon=True)
        te = threading.Thread(target=lambda: errbuf.append(p.stderr.read()), daemon=True)
        t.start()
        te.start()
        fd = p.stdout.fileno()
        buf = b""
        got = 0
        failure = None
        while got < len(rest):
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                failure = ("hang", timeout)
                break
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            buf += chunk
            *done, buf = buf.split(b"\n")
            for ln in done:
                out.append(ln.decode())
                got += 1
        if got < len(rest):
            if failure is None and p.wait() == 3 and got > 0:
                pass  # the peer answered "timeout" for its last request and stopped: go on after it
            elif failure is None:
                p.wait()
                te.join(2)
                err = (errbuf[0] if errbuf else b"").decode(errors="replace").strip().splitlines()
                sig = -p.returncode if p.returncode and p.returncode < 0 else None
                detail = ("signal %s" % signal.Signals(sig).name) if sig else "exit %s" % p.returncode
                failure = ("crash", detail + (": " + err[-1][:200] if err else ""))
            else:
                os.killpg(p.pid, signal.SIGKILL)
            if failure is not None:
                out.append(failure)
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
    return out


def run_parallel(cmd, lines, timeout, jobs):
    if jobs <= 1 or len(lines) < 2 * jobs:
        return run_lines(cmd, lines, timeout)
    size = (len(lines) + jobs - 1) // jobs
    parts = [lines[k:k + size] for k in range(0, len(lines), size)]
    results = [None] * len(parts)

    def work(k):
        results[k] = run_lines(cmd, parts[k], timeout)
    ts = [threading.Thread(target=work, args=(k,)) for k in range(len(parts))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return [x for part in results for x in part]


def run_segregated(peer, part, jobs):
    """run_parallel, with the DANGI requests in peer processes of their own.

    ICU 72's ChineseCalendar keeps its new-year and winter-solstice caches in statics that
    DangiCalendar shares (computed at UTC+9 rather than UTC+8), so a process that has expanded a
    DANGI rule can give CHINESE rules Dangi's month boundaries and the reverse (observed with
    libical and with Tools/corpus/rscale_oracle.py: a day's shift at some new years and months).
    That is ICU's bug, not the peer's reading, so the harness keeps the two apart."""
    dangi = [k for k, q in enumerate(part) if "RSCALE=DANGI" in q["rrule"].upper()]
    rest = [k for k in range(len(part)) if k not in set(dangi)]
    out = [None] * len(part)
    for group in (rest, dangi):
        if group:
            answers = run_parallel(peer.command(), [peer.encode(part[k]) for k in group], peer.timeout, jobs)
            for k, a in zip(group, answers):
                out[k] = a
    return out


# --------------------------------------------------------------------------------------------
# Classification: each entry is (kind, predicate(req, parts, ours, theirs) -> bool, note).
# `ours` and `theirs` are occurrence lists, or an error string. The first matching kind wins.

def byday_items(p):
    return p.get("BYDAY", "").split(",") if "BYDAY" in p else []


def has_ordinal(p):
    return any(d[:-2] for d in byday_items(p))


def mixed_byday(p):
    days = byday_items(p)
    return any(d[:-2] for d in days) and any(not d[:-2] for d in days)


def only_diff(ours, theirs, pred):
    d = set(ours) ^ set(theirs)
    return bool(d) and all(pred(x) for x in d)


def is_list(x):
    return isinstance(x, list)


def week_one(year, wkst):
    """The first day of week 1 of `year` with weeks from weekday `wkst` (0 = Monday): the first
    week that has at least four days of the year (RFC 5545 3.3.10, ISO 8601 when WKST=MO)."""
    jan1 = dt.date(year, 1, 1)
    back = (jan1.weekday() - wkst) % 7
    return jan1 - dt.timedelta(days=back) + (dt.timedelta(days=7) if 7 - back < 4 else dt.timedelta(0))


def byweekno_oracle(q, p):
    """An independent expansion of a YEARLY rule with BYWEEKNO, in civil time, written from
    RFC 5545 3.3.10 alone: the period of year Y is Y's own weeks (week 1 has at least four days
    of Y, weeks start on WKST; they may reach into the neighbouring years; the first Y is the
    week-numbering year of DTSTART), -n counts back from
    Y's last week, a week number Y does not have gives nothing; BYMONTH, BYMONTHDAY, BYYEARDAY
    (of the day's own year) and plain BYDAY limit the days (without any of the last three, the
    day is DTSTART's weekday); BYHOUR/BYMINUTE/BYSECOND expand the times (else DTSTART's);
    BYSETPOS picks from the period's sorted set; then times before DTSTART are dropped (DTSTART
    counts only when produced: include_dtstart false), COUNT, UNTIL, `before` and the limit.

    Returns the local times ("YYYY-MM-DDTHH:MM:SS"), or None where it cannot say (ordinal BYDAY).
    """
    if p["FREQ"] != "YEARLY" or "BYWEEKNO" not in p or has_ordinal(p):
        return None

    def ints(name):
        return [int(x) for x in p[name].split(",")] if name in p else None
    start = dt.datetime.strptime(q["dtstart"][:15], "%Y%m%dT%H%M%S")
    before = dt.datetime.strptime(q["before"][:15], "%Y%m%dT%H%M%S")
    until = None
    if "UNTIL" in p:
        until = dt.datetime.strptime(p["UNTIL"][:15], "%Y%m%dT%H%M%S")
        if "tzid" in q:  # a UTC UNTIL, read in the request's zone
            until = until.replace(tzinfo=UTCZ).astimezone(ZoneInfo(q["tzid"])).replace(tzinfo=None)
    wkst = DAYS.index(p.get("WKST", "MO"))
    weeks, months, monthdays, yeardays = ints("BYWEEKNO"), ints("BYMONTH"), ints("BYMONTHDAY"), ints("BYYEARDAY")
    weekdays = {DAYS.index(d) for d in byday_items(p)} if "BYDAY" in p else None
    if weekdays is None and monthdays is None and yeardays is None:
        weekdays = {start.weekday()}
    times = sorted(dt.time(h, m, s) for h in (ints("BYHOUR") or [start.hour])
                   for m in (ints("BYMINUTE") or [start.minute]) for s in (ints("BYSECOND") or [start.second]))
    count = int(p["COUNT"]) if "COUNT" in p else None
    out = []
    # The first period is the week-numbering year that holds DTSTART (1 January 2033 is in week 53
    # of 2032): the reading the lead chose (Corpus/regressions.jsonl,
    # regression-yearly-byweekno-dtstart-in-previous-week-year); INTERVAL counts from it.
    first_year = start.year - (start.date() < week_one(start.year, wkst)) + (start.date() >= week_one(start.year + 1, wkst))
    for year in range(first_year, before.year + 1, int(p.get("INTERVAL", "1"))):
        if year + 1 > 9999:
            break
        first, next_first = week_one(year, wkst), week_one(year + 1, wkst)
        n_weeks = (next_first - first).days // 7
        days = set()
        for w in weeks:
            n = w if w > 0 else n_weeks + w + 1
            if 1 <= n <= n_weeks:
                days |= {first + dt.timedelta(days=7 * (n - 1) + k) for k in range(7)}

        def keep(d):
            last = calendar.monthrange(d.year, d.month)[1]
            length = 366 if calendar.isleap(d.year) else 365
            n = d.timetuple().tm_yday
            return ((months is None or d.month in months) and
                    (monthdays is None or d.day in monthdays or d.day - last - 1 in monthdays) and
                    (yeardays is None or n in yeardays or n - length - 1 in yeardays) and
                    (weekdays is None or d.weekday() in weekdays))
        period = [dt.datetime.combine(d, t) for d in sorted(filter(keep, days)) for t in times]
        if "BYSETPOS" in p:
            period = sorted({period[k - 1 if k > 0 else len(period) + k] for k in ints("BYSETPOS")
                             if -len(period) <= k <= len(period) and k != 0})
        for x in period:
            if x < start:
                continue
            if (count is not None and count == 0) or (until is not None and x > until) or x >= before:
                return [y.strftime("%Y-%m-%dT%H:%M:%S") for y in out[:q["limit"]]]
            out.append(x)
            count = None if count is None else count - 1
            if len(out) > q["limit"]:
                return [y.strftime("%Y-%m-%dT%H:%M:%S") for y in out[:q["limit"]]]
    return [y.strftime("%Y-%m-%dT%H:%M:%S") for y in out[:q["limit"]]]


def byweekno_referee(q, p, o):
    """True when the independent BYWEEKNO expansion gives Almanac's answer (local times), False when
    it gives another, None when it cannot say (not a list, ordinals, a local time in a gap or fold)."""
    if not is_list(o):
        return None
    got = byweekno_oracle(q, p)
    if got is None:
        return None
    if "tzid" in q:
        zone = ZoneInfo(q["tzid"])
        if any(in_gap_or_fold(dt.datetime.strptime(x, "%Y-%m-%dT%H:%M:%S"), zone) for x in got):
            return None
    return got == [x[:19] for x in o]


KNOWN = {
    "dateutil": [
        ("byweekno-weekday-from-dtstart",
         lambda q, p, o, t: "BYWEEKNO" in p and not ({"BYDAY", "BYMONTHDAY", "BYYEARDAY"} & set(p)),
         "RFC 5545 3.3.10: information not in the rule comes from DTSTART, so FREQ=YEARLY;BYWEEKNO=n "
         "is DTSTART's weekday in week n; dateutil gives all 7 days of the week."),
        ("byday-ordinal-and-plain-intersected",
         lambda q, p, o, t: mixed_byday(p) and p["FREQ"] in ("MONTHLY", "YEARLY"),
         "RFC 5545 3.3.10: BYDAY is a list and a list is a union of its values; dateutil reads a list mixing "
         "ordinal and plain weekdays (BYDAY=1MO,TU) as an intersection."),
        ("bysetpos-weekly-first-week-cut-at-dtstart",
         lambda q, p, o, t: "BYSETPOS" in p and p["FREQ"] == "WEEKLY",
         "RFC 5545 3.3.10: BYSETPOS picks from the set of the whole interval (the week), then instances "
         "before DTSTART are dropped; dateutil builds the first week's set from DTSTART on, so its positions shift."),
        ("byweekno-neighbouring-year-weeks",
         lambda q, p, o, t: "BYWEEKNO" in p and is_list(t) and byweekno_referee(q, p, o) is True,
         "RFC 5545 3.3.10 / ISO 8601: week n of a year can hold days of the previous or next year; dateutil "
         "counts the neighbouring year's weeks with this year's length and misplaces those days (Almanac's answer "
         "is the one an independent expansion of the year's own weeks gives)."),
        ("dateutil-raises-on-byday-ordinal-past-month",
         lambda q, p, o, t: isinstance(t, str) and has_ordinal(p),
         "RFC 5545 3.3.10: with BYMONTH, a YEARLY BYDAY=20SA is the 20th Saturday of the month, which "
         "never exists: the set is empty; dateutil raises instead."),
    ],
    "foundation": [
        ("byweekno-weekday-not-from-dtstart",
         lambda q, p, o, t: "BYWEEKNO" in p and not ({"BYDAY", "BYMONTHDAY", "BYYEARDAY"} & set(p)),
         "RFC 5545 3.3.10: information not in the rule comes from DTSTART, so FREQ=YEARLY;BYWEEKNO=n is "
         "DTSTART's weekday in week n; Foundation picks other days of the week."),
        ("byweekno-not-limited-by-bymonth-or-byyearday",
         lambda q, p, o, t: "BYWEEKNO" in p and ({"BYMONTH", "BYYEARDAY", "BYMONTHDAY"} & set(p)),
         "RFC 5545 3.3.10: BYMONTH, BYYEARDAY and BYMONTHDAY limit the days BYWEEKNO expands to (a week-10 "
         "day is never in July); Foundation yields days the other parts exclude."),
        ("byweekno-days-of-the-week",
         lambda q, p, o, t: "BYWEEKNO" in p,
         "RFC 5545 3.3.10 with ISO 8601 weeks (week 1 holds the year's first Thursday when WKST=MO): "
         "Foundation puts BYWEEKNO's days in other weeks or on other days (e.g. week 2 of 1996 is 8-14 January)."),
        ("byday-ordinal-and-plain",
         lambda q, p, o, t: mixed_byday(p) and p["FREQ"] in ("MONTHLY", "YEARLY"),
         "RFC 5545 3.3.10: BYDAY is a list and a list is a union; BYDAY=1MO,TU in a month is the first Monday "
         "and every Tuesday. Foundation drops or misplaces the plain weekdays when a list mixes them with ordinals."),
        ("yearly-bymonthday-only-in-dtstart-month",
         lambda q, p, o, t: p["FREQ"] == "YEARLY" and "BYMONTHDAY" in p and not ({"BYMONTH", "BYWEEKNO", "BYYEARDAY"} & set(p)),
         "RFC 5545 3.3.10 (table: BYMONTHDAY expands a YEARLY rule): FREQ=YEARLY;BYMONTHDAY=13 is the 13th of "
         "every month; Foundation takes the month from DTSTART."),
        ("byyearday-not-limited-by-bymonth",
         lambda q, p, o, t: "BYYEARDAY" in p and ({"BYMONTH", "BYMONTHDAY", "BYDAY"} & set(p)),
         "RFC 5545 3.3.10: BYMONTH (and BYMONTHDAY, BYDAY) limit the days BYYEARDAY expands to; Foundation "
         "yields year days the other parts exclude (BYMONTH=11;BYYEARDAY=60 gives 1 March)."),
        ("bysetpos-weekly-first-week-cut-at-dtstart",
         lambda q, p, o, t: "BYSETPOS" in p and p["FREQ"] == "WEEKLY",
         "RFC 5545 3.3.10: BYSETPOS picks from the set of the whole interval (the week from WKST), then "
         "instances before DTSTART are dropped; Foundation builds the first week's set from DTSTART on."),
        ("monthly-plain-weekdays-first-match-only",
         lambda q, p, o, t: p["FREQ"] == "MONTHLY" and "BYDAY" in p and not has_ordinal(p),
         "RFC 5545 3.3.10: FREQ=MONTHLY;BYDAY=MO is every Monday of the month; Foundation yields only "
         "some of them (the first match per month)."),
        ("monthly-nth-weekday-from-mid-month",
         lambda q, p, o, t: p["FREQ"] in ("MONTHLY", "YEARLY") and has_ordinal(p) and is_list(o) and is_list(t)
         and set(t) <= set(o),
         "RFC 5545 3.3.10: FREQ=MONTHLY;BYDAY=1SA from 2025-05-15 has 2025-06-07 as its first instance; "
         "Foundation misses whole months after starting in the middle of one."),
        ("ordinal-weekday-misplaced",
         lambda q, p, o, t: p["FREQ"] in ("MONTHLY", "YEARLY") and has_ordinal(p),
         "RFC 5545 3.3.10: BYDAY=-1FR is the last Friday of the month (2000-04-28); Foundation answers another "
         "Friday (2000-04-21) in some months, and misplaces other ordinals the same way."),
        ("sub-daily-across-offset-change",
         lambda q, p, o, t: p["FREQ"] in ("HOURLY", "MINUTELY", "SECONDLY") and offsets_change(q, o, t),
         "Almanac steps HOURLY/MINUTELY/SECONDLY in elapsed time and, without BYMINUTE, does not re-impose "
         "DTSTART's minute (DESIGN.md; Corpus/dst.jsonl dst-lordhowe-hourly-spring): after Lord Howe's "
         "30-minute shift an hourly series runs at :30. Foundation keeps DTSTART's wall-clock minute and "
         "its own alignment across the change. RFC 5545 3.3.10 does not settle sub-daily steps across a shift."),
    ],
    "libical": [
        ("rejects-valid-rule",
         lambda q, p, o, t: isinstance(t, str) and "MALFORMEDDATA" in t,
         "RFC 5545 3.3.10 allows the rule (strict Almanac accepts it); libical 3.0's icalrecur_iterator_new "
         "refuses combinations it does not implement (BYWEEKNO with other parts, BYYEARDAY with BYMONTH, "
         "BYSETPOS with sub-daily parts, out-of-range ordinals) with MALFORMEDDATA."),
        ("bysetpos-outside-monthly-yearly",
         lambda q, p, o, t: "BYSETPOS" in p and p["FREQ"] not in ("MONTHLY", "YEARLY"),
         "RFC 5545 3.3.10: BYSETPOS applies to every frequency (the set of each interval); libical 3.0 "
         "ignores it or applies it to the wrong set outside MONTHLY and YEARLY."),
        ("bysetpos-ignores-time-expansions",
         lambda q, p, o, t: "BYSETPOS" in p and ({"BYHOUR", "BYMINUTE", "BYSECOND"} & set(p)),
         "RFC 5545 3.3.10: BYSETPOS counts in the period's set of date-times (days x BYHOUR x BYMINUTE x "
         "BYSECOND); libical 3.0 counts positions among days and keeps every time of the chosen day."),
        ("byweekno-weekday-not-from-dtstart",
         lambda q, p, o, t: "BYWEEKNO" in p and not ({"BYDAY", "BYMONTHDAY", "BYYEARDAY"} & set(p)),
         "RFC 5545 3.3.10: information not in the rule comes from DTSTART, so FREQ=YEARLY;BYWEEKNO=n is "
         "DTSTART's weekday in week n; libical picks another day, in another week."),
        ("byweekno-days-of-the-week",
         lambda q, p, o, t: "BYWEEKNO" in p,
         "RFC 5545 3.3.10 with ISO 8601 weeks: libical misplaces BYWEEKNO's weeks (it skips the weeks that "
         "start in the previous year and shifts others)."),
        ("byday-ordinal-and-plain",
         lambda q, p, o, t: mixed_byday(p) and p["FREQ"] in ("MONTHLY", "YEARLY"),
         "RFC 5545 3.3.10: BYDAY is a list and a list is a union; libical drops or misplaces part of a list "
         "that mixes ordinal and plain weekdays."),
        ("yearly-bymonthday-only-in-dtstart-month",
         lambda q, p, o, t: p["FREQ"] == "YEARLY" and "BYMONTHDAY" in p and not ({"BYMONTH", "BYWEEKNO", "BYYEARDAY"} & set(p)),
         "RFC 5545 3.3.10 (table: BYMONTHDAY expands a YEARLY rule): FREQ=YEARLY;BYMONTHDAY=13 is the 13th of "
         "every month; libical takes the month from DTSTART."),
        ("sub-daily-interval-realigned-after-skipped-periods",
         lambda q, p, o, t: p["FREQ"] in ("HOURLY", "MINUTELY", "SECONDLY") and int(p.get("INTERVAL", "1")) > 1
         and ({"BYDAY", "BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYHOUR", "BYMINUTE", "BYSECOND"} & set(p))
         and not offsets_change(q, o, t),
         "RFC 5545 3.3.10: INTERVAL counts periods from DTSTART (FREQ=HOURLY;INTERVAL=4 from 21:30 reaches "
         "hours 21, 1, 5, 9, 13, 17 only, so BYHOUR=4 never matches); libical restarts the count at the start of "
         "the next day (or hour, minute) a BYxxx part admits."),
        ("sub-daily-wall-clock-across-offset-change",
         lambda q, p, o, t: p["FREQ"] in ("HOURLY", "MINUTELY", "SECONDLY") and offsets_change(q, o, t),
         "Almanac steps HOURLY/MINUTELY/SECONDLY in elapsed time (DESIGN.md; RFC 5545 3.3.10 leaves it to "
         "3.3.5's reading of local times): the repeated hour of a fall-back night occurs twice. libical steps "
         "the wall clock and resolves each local time on its own."),
    ],
}

def dedup(xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def prefix_equal(a, b):
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def peer_duplicates(q, p, o, t):
    """The peer lists an occurrence twice (a recurrence set is a set: RFC 5545 3.3.10, 3.8.5.3)
    and is otherwise Almanac's answer."""
    return is_list(o) and is_list(t) and bool(o) and len(dedup(t)) < len(t) and prefix_equal(dedup(t), o)


def peer_out_of_order(q, p, o, t):
    return is_list(o) and is_list(t) and bool(o) and sorted(t) != t and prefix_equal(sorted(t), o)


def gap_or_fold(q, p, o, t):
    """Every difference is a local time in a gap or fold, printed with another offset or moved."""
    if "tzid" not in q or not (is_list(o) and is_list(t)):
        return False
    zone = ZoneInfo(q["tzid"])
    d = set(o) ^ set(t)
    return bool(d) and all(in_gap_or_fold(dt.datetime.strptime(x[:19], "%Y-%m-%dT%H:%M:%S"), zone) or
                           in_gap_or_fold(dt.datetime.strptime(x[:19], "%Y-%m-%dT%H:%M:%S") - dt.timedelta(hours=1), zone)
                           for x in d)


def offsets_change(q, o, t, extra=()):
    """True when a zoned request's UTC offset changes between DTSTART and the last occurrence
    either side lists (checked daily and at every listed time)."""
    if "tzid" not in q:
        return False
    zone = ZoneInfo(q["tzid"])
    start = dt.datetime.strptime(q["dtstart"], "%Y%m%dT%H%M%S")
    first = start.replace(tzinfo=zone).utcoffset()
    times = [dt.datetime.strptime(x[:19], "%Y-%m-%dT%H:%M:%S")
             for x in (o if is_list(o) else []) + (t if is_list(t) else [])] + list(extra)
    if any(x.replace(tzinfo=zone).utcoffset() != first for x in times):
        return True
    end = max(times, default=start)
    day = start
    while day < end:
        day += dt.timedelta(days=1)
        if day.replace(tzinfo=zone).utcoffset() != first:
            return True
    return False


def gap_shifted(q, x):
    """True when a printed zoned occurrence is a local time moved forward out of a gap."""
    zone = ZoneInfo(q["tzid"])
    local = dt.datetime.strptime(x[:19], "%Y-%m-%dT%H:%M:%S")
    # 30-minute to 2-hour gaps, and the whole days Samoa (2011-12-30) and Kiribati (1994-12-31) skipped.
    return any(in_gap_or_fold(local - dt.timedelta(minutes=m), zone) for m in (30, 60, 120, 1440))


def after_a_gap(q, p, o, t):
    """The answers part at or after an occurrence Almanac moved out of a gap: the peer skips
    that local time (RFC 5545 3.3.10's "MUST be ignored") or carries the shift on."""
    if "tzid" not in q or not (is_list(o) and is_list(t)):
        return False
    first = 0
    while first < min(len(o), len(t)) and o[first] == t[first]:
        first += 1
    if any(gap_shifted(q, x) for x in o[:first + 1]):
        return True
    # A shift in the same month or period can move the whole period's instances (libical).
    shifted = [x for x in o + t if gap_shifted(q, x)]
    return first < len(o) and any(x[:7] == o[first][:7] for x in shifted)


def fmt_offset(td):
    s = int(td.total_seconds())
    a = abs(s)
    return ("-" if s < 0 else "+") + "%02d:%02d" % (a // 3600, a // 60 % 60) + (":%02d" % (a % 60) if a % 60 else "")


GENERIC = [
    ("local-time-in-gap-or-fold", gap_or_fold,
     "RFC 5545 3.3.5: a local time in a fold is the earlier instant (the first offset), a time in a gap is "
     "moved forward by the gap's length; the peer resolves it otherwise."),
    ("local-time-in-a-gap-skipped-or-shift-carried-on", after_a_gap,
     "RFC 5545 contradicts itself on a generated local time in a gap (3.3.10: such instances MUST be "
     "ignored; 3.3.10's last paragraph and 3.3.5: interpret it by moving it forward by the gap's length); "
     "DESIGN.md chose the shift, that day only. The peer drops the instance (Foundation) or keeps the "
     "shifted wall time for the instances after it (libical)."),
    ("duplicate-occurrences", peer_duplicates,
     "RFC 5545 3.3.10 and 3.8.5.3: the recurrence set is a set, an instance appears once (two BYxxx values that "
     "name the same day, such as BYMONTHDAY=-1,31, give it once); the peer lists it twice."),
    ("occurrences-out-of-order", peer_out_of_order,
     "RFC 5545 3.3.10: BYSETPOS picks from the period's set in time order and the recurrence set is in time "
     "order; the peer yields a later instance before an earlier one."),
]


# Disagreements where Almanac is wrong by the RFC (reported to the lead; each has a failing
# case in Corpus/regressions.jsonl): (kind, predicate, note) per peer, as in KNOWN. None is open:
# the sub-daily BYSETPOS bug found by the first runs (the first period cut at DTSTART before
# BYSETPOS counted) is fixed, and its regression cases pass.
ALMANAC_BUGS = {"dateutil": [], "foundation": [], "libical": []}


def classify(peer, req, ours, theirs):
    p = parts_of(req["rrule"])
    for kind, pred, _ in ALMANAC_BUGS[peer]:
        if pred(req, p, ours, theirs):
            return "almanac-bug: " + kind
    for kind, pred, _ in GENERIC:
        if pred(req, p, ours, theirs):
            return kind
    # A safety net: where dateutil reads the rule as the RFC does and disagrees with Almanac
    # too, nothing is classified; a person looks (it may be an Almanac bug).
    ref = referee(req, p, ours) if peer != "dateutil" else None
    if ref is False:
        return None
    for kind, pred, _ in KNOWN[peer]:
        if pred(req, p, ours, theirs):
            return kind
    return REFEREE_KIND if ref else None


REFEREE_KIND = "wrong-by-the-rfc-reading-almanac-and-dateutil-share"
REFEREE_NOTE = ("The peer's answer differs from the RFC 5545 3.3.10 expansion that Almanac and a referee both give, "
                "occurrence by occurrence: python-dateutil asked the same request in civil time, or, for YEARLY rules "
                "with BYWEEKNO, the harness's own expansion of a year's weeks (byweekno_oracle); no narrower kind "
                "describes it. The `peer` field shows the peer's answer.")


def notes(peer):
    n = {k: x for k, _, x in KNOWN[peer] + ALMANAC_BUGS[peer] + GENERIC}
    n[REFEREE_KIND] = REFEREE_NOTE
    n[peer + "-crash"] = ("The peer process dies on this request (the `peer` answer gives the signal and the last line "
                          "it wrote to stderr); RFC 5545 3.3.10 allows the rule and Almanac expands it. Almanac's "
                          "answer is kept as the expectation.")
    n["tzdata-2022e-vs-2025b"] = ("Not an engine divergence: Almanac reads ICU 72's tz 2022e, the peer tz 2025b, and "
                                  "they give another UTC offset at an instant of the answers.")
    return n


def referee(req, p, ours):
    """True when python-dateutil, asked the civil form of the request, gives Almanac's answer,
    False when it gives another, None when it cannot be asked.

    A third opinion for a disagreement with another peer: only where dateutil reads the rule as
    the RFC does (none of its known divergences applies), and, for a zoned request, where no
    occurrence is in a gap or fold and (for sub-daily rules) the offset never changes.
    """
    if not is_list(ours):
        return None
    if "BYWEEKNO" in p:  # dateutil misreads BYWEEKNO; the harness's own expansion decides
        return byweekno_referee(req, p, ours)
    if any(pred(req, p, ours, None) for _, pred, _ in KNOWN["dateutil"][:3]):
        return None
    local = [x[:19] for x in ours]
    rule = req["rrule"]
    if "tzid" in req:
        zone = ZoneInfo(req["tzid"])
        if p["FREQ"] in ("HOURLY", "MINUTELY", "SECONDLY") and offsets_change(req, ours, None):
            return None
        if "UNTIL" in p:
            u = dt.datetime.strptime(p["UNTIL"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTCZ).astimezone(zone)
            rule = rule.replace(p["UNTIL"], u.strftime("%Y%m%dT%H%M%S"))
    elif req["dtstart"].endswith("Z"):
        local = [x[:19] for x in ours]
        rule = rule.replace("Z", "") if "UNTIL" in p else rule
    du = dateutil_rules()
    start = dt.datetime.strptime(req["dtstart"][:15], "%Y%m%dT%H%M%S")
    before = dt.datetime.strptime(req["before"][:15], "%Y%m%dT%H%M%S")
    walk_until(du, before)

    def alarm(signum, frame):
        raise Slow()
    old = signal.signal(signal.SIGVTALRM, alarm)
    try:
        try:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0.2)
            got = []
            for d in du.rrulestr(rule, dtstart=start):
                if d >= before or len(got) == len(local):
                    break
                got.append(d)
        finally:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    except Exception:  # Slow (over 1 s of CPU time), or dateutil rejects the rule
        return None
    finally:
        signal.signal(signal.SIGVTALRM, old)
    # A time in a gap is moved by Almanac (RFC 5545 3.3.5), so its civil time is not the rule's: no
    # verdict. A time in a fold keeps its civil time (the earlier instant; the offset is checked apart).
    if "tzid" in req and (any(in_gap(d, zone) for d in got) or
                          (p["FREQ"] in ("HOURLY", "MINUTELY", "SECONDLY") and offsets_change(req, ours, None, got))):
        return None
    return [d.strftime("%Y-%m-%dT%H:%M:%S") for d in got] == local


# --------------------------------------------------------------------------------------------
# The dateutil peer (this file, `--serve dateutil`)

class Slow(Exception):
    pass


def dateutil_rules():
    """python-dateutil's rrule module, made to stop walking at a request's `before` bound.

    dateutil's iterator only looks at a bound when it yields, so a rule that never matches
    again walks period by period to year 9999 (or until the CPU limit): most of the harness's
    CPU time went there. Its only stop for empty periods is `datetime.MAXYEAR`, which
    `walk_until` lowers, for the module only, to the last year before `before`. Every
    occurrence before `before` is still produced, in the same order.
    """
    import types
    from dateutil import rrule as du
    if not isinstance(du.datetime, types.SimpleNamespace):
        du.datetime = types.SimpleNamespace(**{k: getattr(dt, k) for k in dir(dt) if not k.startswith("__")})
    return du


def walk_until(du, before):
    """Lets dateutil stop after the year that holds the last instant before `before` (naive or aware)."""
    if before is None:
        du.datetime.MAXYEAR = dt.MAXYEAR
        return
    new_year = (before.month, before.day, before.hour, before.minute, before.second) == (1, 1, 0, 0, 0)
    du.datetime.MAXYEAR = max(dt.MINYEAR, min(dt.MAXYEAR, before.year - (1 if new_year else 0)))


def serve_dateutil():
    du = dateutil_rules()

    def alarm(signum, frame):
        raise Slow()
    signal.signal(signal.SIGVTALRM, alarm)  # CPU time: a loaded machine does not make dateutil "slow"

    def parse(text):
        v = dt.datetime.strptime(text.rstrip("Z"), "%Y%m%dT%H%M%S")
        return v.replace(tzinfo=UTCZ) if text.endswith("Z") else v

    def show(d, utc):
        return d.strftime("%Y-%m-%dT%H:%M:%S") + ("Z" if utc else "")

    for line in sys.stdin:
        req = json.loads(line)
        utc = req["dtstart"].endswith("Z")
        reply = {"id": req["id"]}
        try:
            start = parse(req["dtstart"])
            before = parse(req["before"]) if "before" in req else None
            walk_until(du, before)
            limit = req.get("limit", 1000)
            signal.setitimer(signal.ITIMER_VIRTUAL, int(os.environ.get("DIFF_CPU_LIMIT_US", "500000")) / 1e6)
            try:
                rule = du.rrulestr(req["rrule"], dtstart=start)
                got = []
                for d in rule:
                    if before is not None and d >= before:
                        break
                    got.append(d)
                    if len(got) > limit:
                        break
            finally:
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            reply["occurrences"] = [show(d, utc) for d in got[:limit]]
            reply["truncated"] = len(got) > limit
        except Slow:
            reply["error"] = "timeout: over the CPU time limit"
        except Exception as e:  # dateutil rejects the rule
            reply["error"] = "%s: %s" % (type(e).__name__, e)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


# --------------------------------------------------------------------------------------------
# tz data: Almanac's ICU (2022e) against the system zoneinfo, per zone and year

_icu = None


def icu():
    global _icu
    if _icu is None:
        sys.path.insert(0, str(ROOT / "Tools" / "corpus"))
        from check_corpus import ICU
        _icu = ICU()
    return _icu


def instant(text):
    """A printed zoned occurrence (2024-03-10T03:30:00-04:00) -> epoch seconds."""
    local = dt.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S")
    sign = -1 if text[19] == "-" else 1
    f = text[20:].split(":")
    off = sign * (int(f[0]) * 3600 + int(f[1]) * 60 + (int(f[2]) if len(f) > 2 else 0))
    return int((local - dt.datetime(1970, 1, 1)).total_seconds()) - off


def tz_difference(req, ours, theirs):
    """True when ICU (Almanac's 2022e) and zoneinfo (2025b, as Foundation and libical) give another
    UTC offset at DTSTART or at an instant where the two answers differ."""
    if "tzid" not in req or not icu().lib:
        return False
    zone = ZoneInfo(req["tzid"])
    start = dt.datetime.strptime(req["dtstart"], "%Y%m%dT%H%M%S").replace(tzinfo=zone)
    points = [int(start.timestamp())]
    if is_list(ours) and is_list(theirs):
        points += [instant(x) for x in set(ours) ^ set(theirs)]
    else:
        points += [instant(x) for x in (ours if is_list(ours) else theirs if is_list(theirs) else [])]
    for t in points:
        for u in (t - 3600, t, t + 3600):
            if int(dt.datetime.fromtimestamp(u, zone).utcoffset().total_seconds()) != icu().offset(req["tzid"], u):
                return True
    return False


# --------------------------------------------------------------------------------------------
# The driver

def almanac_answers(almanac, reqs):
    inp = "".join(json.dumps(q) + "\n" for q in reqs)
    out = subprocess.run([almanac, "batch"], input=inp, capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == len(reqs), "batch answered %d lines for %d requests" % (len(out), len(reqs))
    return [json.loads(x) for x in out]


_tz_days = {}


def tz_agree_over(tzid, lo, hi):
    """True when ICU (2022e) and zoneinfo (2025b) agree on tzid's offsets from lo to hi (epoch
    seconds): at each day's start, and hour by hour on days where either changes offset (the
    corpus checker's test)."""
    if not icu().lib:
        return True
    zone = ZoneInfo(tzid)
    cache = _tz_days.setdefault(tzid, {})

    def zi(t):
        return int(dt.datetime.fromtimestamp(t, zone).utcoffset().total_seconds())
    for day in range((lo - 86400) // 86400 * 86400, hi + 86400, 86400):
        if day not in cache:
            z0, z1, i0, i1 = zi(day), zi(day + 86400), icu().offset(tzid, day), icu().offset(tzid, day + 86400)
            hours = [day] if (z0 == z1 and i0 == i1) else range(day, day + 86400, 3600)
            cache[day] = all(zi(t) == icu().offset(tzid, t) for t in hours)
        if not cache[day]:
            return False
    return True


def corpus_worthy(req, answer):
    """Agreed cases that go to the corpus: all but zoned cases whose span ICU's and zoneinfo's tz
    data read differently (the checker refuses those)."""
    if "tzid" in req:
        zone = ZoneInfo(req["tzid"])
        start = int(dt.datetime.strptime(req["dtstart"], "%Y%m%dT%H%M%S").replace(tzinfo=zone).timestamp())
        ends = [start] + [instant(x) for x in answer]
        if "before" in req:  # the checker spans the window too
            ends.append(int(dt.datetime.strptime(req["before"], "%Y%m%dT%H%M%S").replace(tzinfo=zone).timestamp()))
        return tz_agree_over(req["tzid"], min(ends), max(ends))
    return True


def corpus_case(peer_name, version, seed, req, answer, truncated):
    """A corpus case from an agreed answer, cut to CORPUS_LIMIT occurrences."""
    case = {k: v for k, v in req.items() if k not in ("include_dtstart", "limit", "strict")}
    case["id"] = "diff-%s-s%d-%s" % (peer_name, seed, req["id"].split("-")[-1])
    occ = answer[:CORPUS_LIMIT]
    more = truncated or len(answer) > CORPUS_LIMIT
    start_printed = req["dtstart"][:4] + "-" + req["dtstart"][4:6] + "-" + req["dtstart"][6:8] + "T" + \
        req["dtstart"][9:11] + ":" + req["dtstart"][11:13] + ":" + req["dtstart"][13:15]
    # When the rule produces DTSTART, include_dtstart does not matter; keep it false otherwise.
    if not (answer and answer[0].startswith(start_printed)):
        case["include_dtstart"] = False
    case["limit"] = CORPUS_LIMIT if more else max(len(occ), 1)
    case["strict"] = True
    case["expect"] = {"occurrences": occ, "truncated": True} if more else occ
    case["note"] = "generated; Almanac and %s agree%s" % (
        version, "" if "include_dtstart" not in case else " (DTSTART left out unless the rule produces it)")
    case["source"] = "differential: %s, seed %d" % (version, seed)
    return case


def cpu_seconds():
    """CPU time of this process and of the processes it has waited for (Almanac, the peers)."""
    return sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
               for f in ("ru_utime", "ru_stime"))


def run_peer(peer, args):
    cpu_start = cpu_seconds()
    peer.build()
    cpu_limit = args.cpu_limit or peer.cpu_limit
    os.environ["DIFF_CPU_LIMIT_US"] = str(int(cpu_limit * 1e6))  # read by the peer processes
    version = peer.version()
    t_start = time.time()
    reqs = []
    for i in range(args.cases):
        for attempt in itertools.count():
            r = random.Random("%d-%d-%d" % (args.seed, i, attempt))
            q = (gen_rscale_case if args.rscale else gen_case)(r, i, args.seed)
            if peer.supports(q):
                break
        reqs.append(q)
    counts = {"agree": 0}
    classes = {}
    samples = {}   # kind -> list of (req, ours, theirs)
    unclassified = []
    agreed_corpus = []
    corpus_written = False
    chunk = args.chunk
    for k in range(0, len(reqs), chunk):
        part = reqs[k:k + chunk]
        ours_all = oracle_answers(part) if args.baseline == "oracle" else almanac_answers(args.almanac, part)
        theirs_all = run_segregated(peer, part, args.jobs) if args.rscale else \
            run_parallel(peer.command(), [peer.encode(q) for q in part], peer.timeout, args.jobs)
        for q, a, line in zip(part, ours_all, theirs_all):
            if isinstance(line, tuple):
                kind = "%s-%s" % (peer.name, "crash" if line[0] == "crash" else "hang-%gs-wall-clock" % peer.timeout)
                theirs, t_trunc = "%s: %s" % line, False
            else:
                pid, occ, t_trunc, err = peer.decode(line)
                assert pid == q["id"], "peer answered %s for %s" % (pid, q["id"])
                theirs = occ if err is None else err
                kind = None
            ours = a["occurrences"] if "error" not in a else a["error"]["kind"] + ": " + a["error"]["message"]
            o_trunc = a.get("truncated", False)
            if kind is None:
                if is_list(ours) and is_list(theirs) and ours == theirs and o_trunc == t_trunc:
                    counts["agree"] += 1
                    if args.corpus and (len(agreed_corpus) < args.corpus) and corpus_worthy(q, ours):
                        agreed_corpus.append(corpus_case(peer.name, version, args.seed, q, ours, o_trunc))
                    continue
                if not is_list(ours) and not is_list(theirs):
                    counts["agree"] += 1  # both reject the request
                    continue
                if ours == [] and not is_list(theirs) and "empty set" in theirs:
                    counts["agree"] += 1  # dateutil raises for a rule it finds has no instance
                    continue
                if is_list(theirs) is False and theirs.startswith("timeout"):
                    kind = "%s-no-answer-in-%gs-cpu" % (peer.name, cpu_limit)
                elif tz_difference(q, ours, theirs):
                    kind = "tzdata-2022e-vs-2025b"
                elif args.rscale:
                    kind = ("oracle-does-not-implement" if args.baseline == "oracle" and not is_list(ours) and ours.startswith("oracle:")
                            else classify_rscale(peer.name, q, ours, theirs))
                else:
                    kind = classify(peer.name, q, ours, theirs)
            if kind is None:
                unclassified.append({"request": q, args.baseline: ours, peer.name: theirs})
                continue
            classes[kind] = classes.get(kind, 0) + 1
            s = samples.setdefault(kind, [])
            if len(s) < args.samples_per_kind:
                s.append((q, ours, theirs))
        # Written after every batch, so a long run stopped early leaves its numbers, samples and corpus.
        if args.report:
            partial = {"peer": peer.name, "version": version, "seed": args.seed, "cases": min(k + chunk, len(reqs)),
                       "of": len(reqs), "agree": counts["agree"], "classes": dict(sorted(classes.items())),
                       "unclassified": len(unclassified), "seconds": round(time.time() - t_start, 1),
                       "cpu_seconds": round(cpu_seconds() - cpu_start, 1)}
            Path(args.report + "." + peer.name + ".partial").write_text(json.dumps(partial) + "\n")
        if args.samples:
            with open(args.samples, "w") as f:
                for kind, smp in samples.items():
                    for sq, so, st in smp:
                        f.write(json.dumps({"peer": peer.name, "kind": kind, "request": sq, args.baseline: so,
                                            peer.name: st}) + "\n")
        if args.save and unclassified:
            with open(args.save, "w") as f:
                for u in unclassified:
                    f.write(json.dumps(u) + "\n")
        if args.corpus and agreed_corpus and not corpus_written:
            path = CORPUS / ("differential-%s.jsonl" % peer.name)
            with open(path, "w") as f:
                for c in agreed_corpus:
                    f.write(json.dumps(c, separators=(",", ":")) + "\n")
            corpus_written = len(agreed_corpus) >= args.corpus
            if corpus_written:
                print("  wrote %d cases to %s" % (len(agreed_corpus), path.relative_to(ROOT)), flush=True)
        if args.progress:
            print("  %s: %d/%d cases, %d agree, %d classified, %d unclassified (%.0f s, %.0f s CPU)" % (
                peer.name, min(k + chunk, len(reqs)), len(reqs), counts["agree"], sum(classes.values()),
                len(unclassified), time.time() - t_start, cpu_seconds() - cpu_start), file=sys.stderr, flush=True)
    seconds = time.time() - t_start
    result = {"peer": peer.name, "version": version, "seed": args.seed, "cases": len(reqs),
              "agree": counts["agree"], "classes": dict(sorted(classes.items())), "unclassified": len(unclassified),
              "seconds": round(seconds, 1), "cpu_seconds": round(cpu_seconds() - cpu_start, 1),
              "cpu_limit": cpu_limit}
    print("%s differential (%s, seed %d): %d cases, %d agree, %d classified %s, %d unclassified, %.0f s, %.0f s CPU" % (
        peer.name, version, args.seed, len(reqs), counts["agree"], sum(classes.values()),
        json.dumps(result["classes"]), len(unclassified), seconds, result["cpu_seconds"]), flush=True)
    for u in unclassified[:args.show]:
        print("  UNCLASSIFIED " + json.dumps(u))
    if args.divergences and args.baseline == "almanac":
        write_divergences(peer, version, args.seed, samples, rscale=args.rscale)
    return result


def divergence_case(peer, version, seed, kind, q, ours, theirs, rscale=False):
    """A line of Corpus/divergences.jsonl: the request, Almanac's answer as `expect`, the peer's beside it."""
    first = 0
    if is_list(ours) and is_list(theirs):
        while first < min(len(ours), len(theirs)) and ours[first] == theirs[first]:
            first += 1
    case = {"id": "divergence-%s%s-%s" % ("rscale-" if rscale else "", peer.name, kind.replace(": ", "-").replace(" ", "-")),
            "dtstart": q["dtstart"]}
    if "tzid" in q:
        case["tzid"] = q["tzid"]
    case.update({"rrule": q["rrule"], "before": q["before"], "include_dtstart": False, "strict": True})
    shown = first + 1
    if is_list(ours):
        n = len(ours)
        maybe_more = n >= LIMIT  # the run asked for LIMIT: there may be more
        limit = max(1, min(shown, n))
        if maybe_more and limit >= n:
            limit = n - 1
        if limit < n:
            case["limit"] = limit
            case["expect"] = {"occurrences": ours[:limit], "truncated": True}
        else:
            case["limit"] = max(n, 1)
            case["expect"] = ours
        shown = max(shown, case["limit"])
    else:
        case["expect"] = {"error": ours.split(":")[0]}
    case["peer"] = {"name": version, "answer": theirs[:shown] if is_list(theirs) else theirs}
    case["note"] = (rscale_notes if rscale else notes)(peer.name).get(kind, kind)
    case["source"] = "differential: %s, seed %d, request %s" % (version, seed, q["id"])
    return case


# Kinds renamed since a run started: reports and samples are read with the new names.
RENAMED = {"sub-daily-interval-realigned-after-skipped-days": "sub-daily-interval-realigned-after-skipped-periods",
           "libical-monthly-byday-bymonthday-leaves-out-a-first-month": "libical-byday-past-month-13-leaves-icu-in-next-year",
           "almanac-bug: sub-daily-bysetpos-first-period-without-dtstart":
               "almanac-bug: sub-daily-bysetpos-first-period-cut-at-dtstart"}


def reclassify(report, unclassified_file, samples_file):
    """Classifies a run's saved unclassified disagreements with this file's (newer) kinds:
    moves them from `unclassified` to their classes in the report, appends them to the samples,
    and leaves in the file only what is still unclassified."""
    data = json.loads(Path(report).read_text())
    r = data[0] if isinstance(data, list) else data  # a --report file of one peer, or its .partial
    name = r["peer"]
    still = []
    for line in Path(unclassified_file).read_text().splitlines():
        u = json.loads(line)
        q, o, t = u["request"], u["almanac"], u[name]
        kind = "tzdata-2022e-vs-2025b" if tz_difference(q, o, t) else classify(name, q, o, t)
        if kind is None:
            still.append(line)
            continue
        r["classes"][kind] = r["classes"].get(kind, 0) + 1
        r["unclassified"] -= 1
        with open(samples_file, "a") as f:
            f.write(json.dumps({"peer": name, "kind": kind, "request": q, "almanac": o, name: t}) + "\n")
    for old, new in RENAMED.items():
        if old in r["classes"]:
            r["classes"][new] = r["classes"].get(new, 0) + r["classes"].pop(old)
    r["classes"] = dict(sorted(r["classes"].items()))
    r["reclassified"] = True
    Path(report).write_text(json.dumps(data if isinstance(data, list) else r, indent=1 if isinstance(data, list) else None) + "\n")
    Path(unclassified_file).write_text("".join(x + "\n" for x in still))
    print("%s: %d still unclassified" % (name, len(still)))


def rebuild_divergences(paths, seed):
    """Corpus/divergences.jsonl from --samples files: one line per (peer, kind)."""
    by_peer = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            x = json.loads(line)
            x["kind"] = RENAMED.get(x["kind"], x["kind"])
            by_peer.setdefault(x["peer"], {}).setdefault(x["kind"], []).append(
                (x["request"], x["almanac"], x[x["peer"]]))
    for name, samples in sorted(by_peer.items()):
        peer = PEERS[name]()
        peer.build()
        write_divergences(peer, peer.version(), seed, samples)


def write_divergences(peer, version, seed, samples, rscale=False):
    path = CORPUS / "divergences.jsonl"
    keep = []
    prefix = "divergence-%s%s-" % ("rscale-" if rscale else "", peer.name)
    if path.exists():
        for line in path.read_text().splitlines():
            c = json.loads(line)
            if not c["id"].startswith(prefix) or (rscale and c["source"].startswith("Tools/corpus/make_rscale.py")):
                keep.append(line)
    new = []
    for kind, s in sorted(samples.items()):
        if kind.startswith("almanac-") or "no-answer" in kind or "-hang-" in kind or kind.startswith("tzdata") \
                or kind.startswith("oracle-"):
            continue  # bugs go to regressions.jsonl by hand; a timeout is no answer; tz data is no engine's reading
        # The smallest example (fewest rule parts, then shortest rule text), avoiding zoned answers
        # whose span ICU's and zoneinfo's tz data read differently where another example exists.
        s = [x for x in s if corpus_worthy(x[0], x[1] if is_list(x[1]) else [])] or s
        q, o, t = min(s, key=lambda x: (x[0]["rrule"].count(";"), len(x[0]["rrule"]), "tzid" in x[0]))
        new.append(json.dumps(divergence_case(peer, version, seed, kind, q, o, t, rscale), separators=(",", ":")))
    path.write_text("".join(x + "\n" for x in keep + new))
    print("  wrote %d divergence kinds to %s" % (len(new), path.relative_to(ROOT)))


def table(paths):
    """A Markdown summary of run reports (JSON from --report, or *.partial lines)."""
    runs = []
    for path in paths:
        text = Path(path).read_text()
        data = json.loads(text)
        runs += data if isinstance(data, list) else [data]
    rows = ["| peer | cases | agree | classified | unclassified | CPU time | wall time |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        rows.append("| %s (seed %d) | %d%s | %d | %d | %d | %s | %.0f s |" % (
            r["version"], r["seed"], r["cases"], (" of %d" % r["of"]) if r.get("of", r["cases"]) != r["cases"] else "",
            r["agree"], sum(r["classes"].values()), r["unclassified"],
            ("%.0f s" % r["cpu_seconds"]) if "cpu_seconds" in r else "?", r["seconds"]))
    rows += ["", "| peer | divergence class | count |", "|---|---|---:|"]
    for r in runs:
        for k, n in sorted(r["classes"].items(), key=lambda x: -x[1]):
            rows.append("| %s | `%s` | %d |" % (r["peer"], k, n))
        rows.append("| %s | unclassified | %d |" % (r["peer"], r["unclassified"]))
    return "\n".join(rows)


def kinds(paths):
    """A Markdown list of the divergence kinds of run reports: per peer, each kind, its count and its note."""
    out = []
    for path in paths:
        data = json.loads(Path(path).read_text())
        for r in (data if isinstance(data, list) else [data]):
            n = notes(r["peer"])
            out.append("**%s** (%s):\n" % (r["peer"], r["version"]))
            for k, c in sorted(r["classes"].items(), key=lambda x: -x[1]):
                note = n.get(k, "The peer gives no answer within its CPU-time limit: not compared."
                             if "no-answer" in k else k)
                out.append("- `%s` (%d): %s" % (k, c, note))
            out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peer", choices=list(PEERS) + ["all"], default="all")
    ap.add_argument("--cases", type=int, default=500, help="generated cases per peer")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--almanac", default=str(ROOT / ".build" / "debug" / "almanac"))
    ap.add_argument("--jobs", type=int, default=2, help="peer processes at once")
    ap.add_argument("--chunk", type=int, default=2000, help="requests per batch")
    ap.add_argument("--save", help="write unclassified disagreements (JSON Lines) here")
    ap.add_argument("--samples-per-kind", type=int, default=50, metavar="N",
                    help="disagreements kept per kind in --samples (default 50)")
    ap.add_argument("--samples", help="write classified disagreements (up to 50 per kind) here")
    ap.add_argument("--show", type=int, default=5, help="print this many unclassified disagreements")
    ap.add_argument("--report", help="write the summary of every peer run as JSON here")
    ap.add_argument("--corpus", type=int, default=0, help="write up to N agreed cases to Corpus/differential-<peer>.jsonl")
    ap.add_argument("--divergences", action="store_true", help="rewrite this peer's kinds in Corpus/divergences.jsonl")
    ap.add_argument("--cpu-limit", type=float, default=None,
                    help="seconds of CPU time a peer may spend on one request before it answers timeout "
                         "(default: dateutil 0.2, libical 0.1, foundation 0.04)")
    ap.add_argument("--progress", action="store_true", help="a line on stderr per batch")
    ap.add_argument("--rebuild-divergences", nargs="+", metavar="SAMPLES",
                    help="rewrite Corpus/divergences.jsonl from --samples files (with --seed of their run) and exit")
    ap.add_argument("--reclassify", nargs=3, metavar=("REPORT", "UNCLASSIFIED", "SAMPLES"),
                    help="classify a run's saved unclassified disagreements with the current kinds and exit")
    ap.add_argument("--table", nargs="+", metavar="REPORT", help="print a Markdown table of run reports and exit")
    ap.add_argument("--kinds", nargs="+", metavar="REPORT", help="print the divergence kinds of run reports and exit")
    ap.add_argument("--rscale", action="store_true",
                    help="RFC 7529 requests (RSCALE in 18 calendars, SKIP, leap months) instead of RFC 5545 ones")
    ap.add_argument("--baseline", choices=["almanac", "oracle"], default="almanac",
                    help="the left side: Almanac (default) or, with --rscale, Tools/corpus/rscale_oracle.py "
                         "(to run a peer before Almanac expands RSCALE)")
    ap.add_argument("--serve", choices=["dateutil", "rscale-oracle"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve == "rscale-oracle":
        return serve_oracle()
    if args.serve:
        return serve_dateutil()
    if args.table:
        return print(table(args.table))
    if args.kinds:
        return print(kinds(args.kinds))
    if args.reclassify:
        return reclassify(*args.reclassify)
    if args.rebuild_divergences:
        return rebuild_divergences(args.rebuild_divergences, args.seed)
    if args.baseline == "oracle" and not args.rscale:
        sys.exit("--baseline oracle needs --rscale")
    if args.peer in ("oracle", "dateutil") and args.rscale is (args.peer == "dateutil"):
        sys.exit("--peer oracle goes with --rscale, --peer dateutil without it")
    if args.baseline == "almanac" and not Path(args.almanac).exists():
        sys.exit("%s not found: run `swift build` first (or pass --almanac)" % args.almanac)
    everyone = ["foundation", "libical"] + (["oracle"] if args.baseline == "almanac" else []) if args.rscale \
        else ["dateutil", "foundation", "libical"]
    names = everyone if args.peer == "all" else [args.peer]
    results = [run_peer(PEERS[n](), args) for n in names]
    if args.report:
        Path(args.report).write_text(json.dumps(results, indent=1) + "\n")
    sys.exit(1 if any(r["unclassified"] for r in results) else 0)


if __name__ == "__main__":
    main()
