#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets into Tools/fuzz/seeds/<target>/.

    python3 Tools/fuzz/make_seeds.py

Sources: the rule values and requests of Corpus/*.jsonl (RFC 5545 examples, DST
cases, regressions), a few hand-written rules that lenient mode reads, and
binary seeds for fuzz-expand that encode the corpus rules in the layout
ExpandFuzz.swift decodes (keep encode_expand() in step with decode() there).
Files are named by content hash, so re-running adds nothing twice.
"""
import glob
import hashlib
import json
import os
import struct
from datetime import datetime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEEDS = os.path.join(ROOT, "Tools", "fuzz", "seeds")

# Must match trickyZones in ExpandFuzz.swift: three fixed zones, then these names.
ZONES = ["UTC", "+14:00", "-12:00:01",
         "America/New_York", "America/St_Johns", "America/Havana", "America/Santiago", "America/Sao_Paulo",
         "Europe/London", "Europe/Dublin", "Europe/Moscow", "Africa/Casablanca", "Asia/Beirut",
         "Asia/Gaza", "Asia/Kathmandu", "Asia/Tehran", "Australia/Lord_Howe", "Australia/Eucla",
         "Pacific/Chatham", "Pacific/Apia", "Pacific/Kiritimati", "Pacific/Kwajalein", "Antarctica/Troll",
         "America/Caracas", "Pacific/Pago_Pago", "Asia/Manila", "America/Metlakatla"]
FREQS = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
SPAN_SCALES = [1, 60, 3600, 86400, 86400 * 7, 86400 * 31, 86400 * 366, 86400 * 366 * 100]


def write(target, data):
    d = os.path.join(SEEDS, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def cases():
    for path in sorted(glob.glob(os.path.join(ROOT, "Corpus", "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                yield json.loads(line)


def rules_of(case):
    r = case.get("rrule", [])
    return [r] if isinstance(r, str) else r


def local_seconds(text):
    """Seconds of a DATE or DATE-TIME value's wall clock since 1970-01-01 (Z ignored)."""
    t = text.rstrip("Z")
    dt = datetime.strptime(t, "%Y%m%dT%H%M%S") if "T" in t else datetime.strptime(t, "%Y%m%d")
    return int((dt - datetime(1970, 1, 1)).total_seconds())


def u16(n):
    return struct.pack(">H", n & 0xFFFF)


def span(diff):
    """The span encoding (scale byte, u16 n + 32768) of the nearest representable diff."""
    for i, s in enumerate(SPAN_SCALES):
        if diff % s == 0 and abs(diff // s) <= 32767:
            return bytes([i]) + u16(diff // s + 32768)
    for i, s in enumerate(SPAN_SCALES):
        if abs(diff // s) <= 32767:
            return bytes([i]) + u16(diff // s + 32768)
    return bytes([7]) + u16(32767 + 32768)


def encode_list(values, count, signed, wide):
    out = bytes([max(0, min(len(values), 6) - 1)])
    for v in values[:6]:
        out += b"\x00"
        if signed:
            x = v - 1 if v > 0 else count + (-v - 1)
        else:
            x = v
        out += u16(x) if wide else bytes([x])
    return out


# RecurrenceRule.supportedScales, in its order (ExpandFuzz.swift picks by index).
SCALES = ["GREGORIAN", "CHINESE", "DANGI", "HEBREW", "ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA",
          "ISLAMIC-RGSA", "PERSIAN", "ETHIOPIC", "ETHIOAA", "COPTIC", "INDIAN", "BUDDHIST", "JAPANESE", "ROC", "ISO8601"]


def encode_expand(case, rule, window=None):
    """The fuzz-expand bytes of one corpus rule and start, or None when the layout cannot say it."""
    try:
        return encode_expand_or_fail(case, rule, window)
    except (ValueError, IndexError, KeyError):
        return None  # hostile corpus rules (malformed values) have no layout


def encode_expand_or_fail(case, rule, window=None):
    parts = dict(p.split("=", 1) for p in rule.split(";") if "=" in p)
    if any(k not in ("FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
                     "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP") for k in parts):
        return None
    if "L" in parts.get("BYMONTH", "") or parts.get("RSCALE", "GREGORIAN") not in SCALES:
        return None
    if parts.get("FREQ") not in FREQS:
        return None
    dtstart = case["dtstart"]
    tzid = case.get("tzid")
    if tzid is not None and tzid not in ZONES:
        return None
    kind = 0 if "T" not in dtstart else (2 if dtstart.endswith("Z") else (3 if tzid else 1))
    end = (1 if "COUNT" in parts else 0) | (2 if "UNTIL" in parts else 0)
    flags = end << 2 | ((1 << 4) if window else 0) | ((1 << 6) if "SKIP" in parts else 0)
    out = bytes([FREQS.index(parts["FREQ"]), flags])
    interval = int(parts.get("INTERVAL", "1"))
    out += b"\x00" if interval == 1 else (bytes([128, interval - 1]) if interval <= 256 else bytes([192]) + u16(interval - 1))
    t = dtstart.rstrip("Z")
    year, month, day = int(t[0:4]), int(t[4:6]), int(t[6:8])
    h, mi, s = (int(t[9:11]), int(t[11:13]), int(t[13:15])) if "T" in t else (0, 0, 0)
    out += bytes([kind]) + (bytes([0, year - 1950]) if 1950 <= year < 2100 else bytes([128]) + u16(year - 1))
    out += bytes([month - 1, day - 1, h, mi, s, ZONES.index(tzid) if tzid else 3])
    if "COUNT" in parts:
        c = int(parts["COUNT"])
        out += bytes([0, c - 1]) if c <= 256 else bytes([200]) + u16(c - 1)
    if "UNTIL" in parts:
        u = parts["UNTIL"]
        form = 0 if "T" not in u else (2 if u.endswith("Z") else 1)
        out += bytes([form, 64]) + span(local_seconds(u) - local_seconds(dtstart))
    mask = 0
    body = b""
    specs = [("BYSECOND", 61, False, False), ("BYMINUTE", 60, False, False), ("BYHOUR", 24, False, False)]
    for bit, (name, count, signed, wide) in enumerate(specs):
        if name in parts:
            mask |= 1 << bit
            body += encode_list([int(v) for v in parts[name].split(",")], count, signed, wide)
    if "BYDAY" in parts:
        mask |= 8
        values = parts["BYDAY"].split(",")[:5]
        body += bytes([len(values) - 1])
        for v in values:
            n = v[:-2]
            body += bytes([DAYS.index(v[-2:])])
            if not n:
                body += b"\x00"
            else:
                n = int(n)
                body += bytes([128 if abs(n) <= 5 else 224, 1 if n > 0 else 0, abs(n) - 1])
    for bit, (name, count, wide) in zip((4, 5, 6), [("BYMONTHDAY", 31, False), ("BYYEARDAY", 366, True), ("BYWEEKNO", 53, False)]):
        if name in parts:
            mask |= 1 << bit
            body += encode_list([int(v) for v in parts[name].split(",")], count, True, wide)
    if "BYMONTH" in parts:
        mask |= 128
        values = [int(v) for v in parts["BYMONTH"].split(",")][:4]
        body += bytes([len(values) - 1]) + bytes(m - 1 for m in values)
    if "BYSETPOS" in parts:
        mask |= 256
        body += encode_list([int(v) for v in parts["BYSETPOS"].split(",")], 366, True, True)
    if "WKST" in parts:
        mask |= 512
        body += bytes([DAYS.index(parts["WKST"])])
    if "RSCALE" in parts:
        # ExpandFuzz: a byte under 64 is GREGORIAN, else supportedScales[byte % count].
        mask |= 1024
        i = SCALES.index(parts["RSCALE"])
        body += bytes([next(b for b in range(64, 256) if b % len(SCALES) == i)])
    if "SKIP" in parts:
        body += bytes([["OMIT", "BACKWARD", "FORWARD"].index(parts["SKIP"])])
    out += u16(mask) + body
    if window:
        out += span(window[0]) + span(window[1])
    return out


def main():
    rules = set()
    for case in cases():
        rules.update(rules_of(case))
        rules.update(case.get("exrule", []) if isinstance(case.get("exrule"), list) else [case["exrule"]] if "exrule" in case else [])
    rules |= {
        "rrule:freq=weekly;byday=mo,we;", " FREQ=MONTHLY;BYDAY=1MO,-1FR ", "FREQ=WEEKLY;BYDAY=1MO",
        "FREQ=DAILY;COUNT=5;COUNT=5", "FREQ=DAILY;COUNT=3;UNTIL=20000101T000000Z", "FREQ=MONTHLY;BYWEEKNO=20",
        "FREQ=YEARLY;BYMONTH=007", "FREQ=DAILY;X-FOO=BAR;FOO=BAZ", "FREQ=YEARLY;SKIP=FORWARD;BYMONTHDAY=31",
        "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L", "FREQ=YEARLY;UNTIL=20001231T235960Z", "FREQ=DAILY;;INTERVAL=2",
        "FREQ=SECONDLY;INTERVAL=9223372036854775807", "FREQ=YEARLY;BYSETPOS=-1;BYDAY=MO,TU",
    }
    for r in sorted(rules):
        write("fuzz-rule-parser", r.encode())

    keep = ("id", "dtstart", "tzid", "rrule", "exrule", "rdate", "exdate", "after", "before", "limit", "strict", "include_dtstart")
    lines = []
    for case in cases():
        req = {k: case[k] for k in keep if k in case}
        line = json.dumps(req, separators=(",", ":"), ensure_ascii=False).encode()
        lines.append(line)
        write("fuzz-batch", b"\x00" + line)
    # Multi-line streams through LineSplitter (odd first byte: chunk size and maximum line length from it).
    write("fuzz-batch", b"\x07" + b"\n".join(lines[:3]) + b"\n")
    write("fuzz-batch", b"\x15" + lines[0] + b"\r\n\n" + b"x" * 40 + b"\n" + lines[1])
    write("fuzz-batch", b"\x00" + b'{"id":"e","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY","limit":1000000}')
    write("fuzz-batch", b"\x00" + b'[1,{"a":[{"b":null}]},"\\ud83d\\ude00",-0.5e+3]')

    n = 0
    for case in cases():
        for rule in rules_of(case):
            data = encode_expand(case, rule)
            if data is not None:
                write("fuzz-expand", data)
                n += 1
            if case.get("after") and not case.get("exrule"):
                data = encode_expand(case, rule, window=(local_seconds(case["after"]) - local_seconds(case["dtstart"]), 86400 * 40))
                if data is not None:
                    write("fuzz-expand", data)
    for seed in (b"", b"\x06\x80", b"\x00\x08\xff", b"\x03\x3c\xf8\x00\x03\xe0\x00\x00\x00\x00\x00\x00\x13"):
        write("fuzz-expand", seed)
    for t in ("fuzz-rule-parser", "fuzz-batch", "fuzz-expand"):
        print(t, len(os.listdir(os.path.join(SEEDS, t))), "seeds")


if __name__ == "__main__":
    main()
