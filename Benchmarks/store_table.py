#!/usr/bin/env python3
"""The store rows' table (issue 27: ST1-ST4), from one run of the Store target.

    python3 Benchmarks/store_table.py OUT_DIR REPORT

table.sh --target Store calls it: OUT_DIR holds package-benchmark's
percentile export (`--format histogramPercentiles --time-units nanoseconds`),
REPORT the lines the suite's setup wrote (count, check, note, warning).
Times are medians of the process's CPU time per run (all threads: GRDB's
and PostgresNIO's included) less the Empty row's; wall clock beside them.
"""
import glob, os, re, sys
from collections import defaultdict

out, report = sys.argv[1:3]
data = defaultdict(dict)
UNITS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
for path in glob.glob(os.path.join(out, "*.histogram.percentiles.tsv")):
    m = re.match(r".*?\.Store\.(.+)\.(wallClock|mallocCountTotal|processCPU)\.histogram\.percentiles\.tsv$", os.path.basename(path))
    if not m: continue
    bench, metric = m.groups()
    lines = open(path).read().splitlines()
    unit = (re.findall(r"\(([^)]*)\)", lines[0]) or [""])[-1]
    scale = UNITS.get(unit, 1) if metric == "wallClock" else {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}.get(unit, 1)
    data[bench][metric] = {int(p): float(v) * scale for p, v in (l.split("\t") for l in lines[1:])}

def p(b, metric, pct=50): return data.get(b, {}).get(metric, {}).get(pct)
EMPTY = p("Empty", "processCPU") or 0
def T(b):
    c = p(b, "processCPU")
    return None if c is None else max(c - EMPTY, 1.0)
def W(b): return p(b, "wallClock")

counts, texts, checks, warnings, notes = {}, {}, defaultdict(list), [], []
for line in open(report).read().splitlines():
    f = line.split("\t")
    if f[0] == "count": counts[(f[1], f[2])] = int(f[3]); texts[(f[1], f[2])] = f[4]
    elif f[0] == "check": checks[f[1]].append((f[2], f[3]))
    elif f[0] == "warning" and f[1] not in warnings: warnings.append(f[1])
    elif f[0] == "note" and f[1] not in notes: notes.append(f[1])

def t(ns):
    if ns is None: return "—"
    for unit, div in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= div: return f"{ns / div:.3g} {unit}"
    return f"{ns:.3g} ns"
def n(x): return "—" if x is None else f"{int(round(x)):,}"
def verdict(ok): return "—" if ok is None else "✓" if ok else "✗ MISSED"
def status(i):
    s = [k for k, _ in checks.get(i, [])]
    return "✗" if any(w.startswith(i + ":") for w in warnings) else "✓" if "agree" in s else "—"
def both(b, ok):
    """The verdict on CPU time and on wall clock."""
    c, w = T(b), W(b)
    if c is None: return "—"
    vc, vw = verdict(ok(c)), verdict(ok(w)) if w is not None else "—"
    return vc if vc == vw else f"CPU {vc}, wall {vw}"

rows = [
    ("ST1", "ST1-Almanac", "import: the file's bytes parsed, a new SQLite file, `apply` (series stored, instances indexed over the horizon)",
     lambda: f"{n(counts.get(('ST1', 'Almanac')))} index rows", "< 2 s", lambda b: both(b, lambda v: v < 2e9)),
    ("ST1-apply", "ST1-apply-Almanac", "the same from the parsed calendar: a new file and `apply` alone", lambda: "", "", lambda b: ""),
    ("ST2", "ST2-Almanac", "C2's week from the index: `store.instances(of:overlapping:viewer:)`",
     lambda: f"{n(counts.get(('ST2', 'Almanac')))} instances", "≥ 10× ST2-memory and ST2-Sabre", None),
    ("ST2-memory", "ST2-memory", "C2's work: `occurrences(overlapping:)` on the parsed calendar in memory", lambda: "", "", None),
    ("ST2-Sabre", "ST2-Sabre", "Sabre-style: objects filtered by first/last occurrence in SQLite, parsed and expanded",
     lambda: f"{n(counts.get(('ST2', 'Sabre')))} objects selected", "", None),
    ("ST3", "ST3-Almanac", "`apply` of a snapshot: 10 of 10,000 series changed", lambda: f"{n(counts.get(('ST3', 'Almanac')))} changed", "< 20 ms",
     lambda b: both(b, lambda v: v < 20e6)),
    ("ST3-100", "ST3-100-Almanac", "100 of 10,000 changed", lambda: f"{n(counts.get(('ST3-100', 'Almanac')))} changed", "", lambda b: ""),
    ("ST3-1k", "ST3-1k-Almanac", "10 of 1,000 changed", lambda: f"{n(counts.get(('ST3-1k', 'Almanac')))} changed", "", lambda b: ""),
    ("ST3-parse", "ST3-parse-Almanac", "reading a snapshot: `EventCalendar(ics:)` on the 10 MB file (C1's work)", lambda: "", "", lambda b: ""),
    ("ST4", "ST4-Almanac", "PostgreSQL: a user's week among 1,000,000 series in 10,000 calendars", lambda: f"{n(counts.get(('ST4', 'Almanac')))} instances",
     "< 5 ms", lambda b: both(b, lambda v: v < 5e6)),
]
a, m, s = T("ST2-Almanac"), T("ST2-memory"), T("ST2-Sabre")
cal = texts.get(("ST1", "Almanac"), "")
print("**Store (issue 27)**: the C rows' calendar" + (f" ({cal})" if cal else "") + ".")
print("\n| Row | Measure | Figure | CPU / run | Wall clock / run | Mallocs / run | Goal | Verdict | Check |")
print("|---|---|--:|--:|--:|--:|---|---|---|")
for i, b, what, fig, goal, judge in rows:
    if b not in data: continue
    if i == "ST2":
        v = "—" if a is None or m is None or s is None else \
            f"{m / a:,.1f}× memory {verdict(m / a >= 10)}, {s / a:,.1f}× Sabre {verdict(s / a >= 10)}"
    elif judge is None:
        v = "" if a is None or T(b) is None else f"{T(b) / a:,.1f}× ST2"
    else:
        v = judge(b)
    print(f"| {i} | {what} | {fig()} | {t(T(b))} | {t(W(b))} | {n(p(b, 'mallocCountTotal'))} | {goal} | {v} | {status(i.split('-')[0] if i.startswith('ST2') else i)} |")
print("\nCPU: medians of the process's CPU time per run (all threads: the store works on GRDB's) less Empty's "
      f"({t(EMPTY)}); wall clock: medians, what a caller waits (SQLite's commits included).")
goals = []
s3, s100, s1k = T("ST3-Almanac"), T("ST3-100-Almanac"), T("ST3-1k-Almanac")
if s3 and s100:
    per = (s100 - s3) / 90
    goals.append(f"ST3-100 ÷ ST3: {s100 / s3:.2f}× the time for 10× the changed series; per changed series (ST3-100 − ST3) / 90 = {t(per)}, "
                 f"so the part that does not grow with the changes is about {t(max(s3 - 10 * per, 0))} of ST3's {t(s3)}")
if s3 and s1k:
    goals.append(f"ST3-1k ÷ ST3: {s1k / s3:.2f}× for the same 10 changes in a calendar a tenth the size "
                 f"(1.0×: cost of the changes only; 0.1×: cost of the calendar's size)")
if a and m and T("ST3-parse-Almanac"):
    goals.append(f"an app with no store reads the file and expands the week at launch: ST3-parse + ST2-memory = "
                 f"{t(T('ST3-parse-Almanac') + m)}, {(T('ST3-parse-Almanac') + m) / a:,.0f}× ST2's query from the index")
if T("ST3-parse-Almanac") and s3:
    goals.append(f"reading the snapshot (ST3-parse) costs {t(T('ST3-parse-Almanac'))}, {T('ST3-parse-Almanac') / s3:.1f}× ST3's apply")
if goals:
    print("\nFrom this run:")
    for g in goals: print(f"- {g}")
for i in ["ST1", "ST2", "ST3", "ST3-100", "ST3-1k", "ST4"]:
    for k, msg in checks.get(i, []): print(f"- {i} check ({k}): {msg}")
    for side in ("Almanac", "Sabre"):
        if (i, side) in texts and i != "ST1": print(f"- {i} {side}: {texts[(i, side)]}")
print(f"\n- machine: {os.environ.get('ALMANAC_TABLE_MACHINE', '?')}")
for x in notes: print(f"- note: {x}")
if warnings:
    print(f"- **{len(warnings)} warning(s)**:")
    for w in warnings[:25]: print(f"  - {w}")
sys.exit(1 if warnings else 0)
