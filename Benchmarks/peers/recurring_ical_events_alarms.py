#!/usr/bin/env python3
"""AL1's peer: recurring-ical-events' alarm query on a window, timed in CPU time.

    python3 Benchmarks/peers/recurring_ical_events_alarms.py FILE FROM TO N [--dump PATH]

FROM and TO are UTC instants (2024-06-03T00:00:00Z). The file is read and
parsed with icalendar once, untimed; then the alarm query
`recurring_ical_events.of(cal, components=["VALARM"])` is built and asked for
the window N times, each timed with time.process_time_ns (this process's CPU
time, as the Swift side's per-thread CPU time).

What is timed: the query's firings (`_occurrences_between`, the
AlarmOccurrence objects that `between()` then turns into components). On this
file `between()` itself raises (TypeError: Use datetime or timedelta, not
date): a relative alarm of an all-day event fires at a date, which the
component's TRIGGER refuses (Tools/ics-differential/README.md, Alarms mode,
`all-day-alarm-raises`). Leaving the conversion out only makes the peer's
time shorter. Whether `between()` raised is printed.

Prints one tab-separated line for Benchmarks/table.sh (via the suite):

    median_ns  count  N  min_ns  max_ns  load_ns  versions

count is the number of firings of the last run (cancelled instances' alarms
included: the peer does not leave them out). --dump PATH writes one line per
firing, `UID<TAB>time<TAB>instance start<TAB>status<TAB>time|date` (epoch
seconds; dates at UTC midnight; the last field says whether the instance is
timed or all-day).
"""
import datetime as dt
import sys

import recurring_ical_events
from peer_run import instant, run


def component(parent):
    adapter = getattr(parent, "_adapter", parent)
    return getattr(adapter, "_component", None)


def main(argv):
    def firings(cal, a, b):
        return list(recurring_ical_events.of(cal, components=["VALARM"])._occurrences_between(a, b))

    found, cal, window, dump, report = run(argv, __doc__, firings)
    try:
        recurring_ical_events.of(cal, components=["VALARM"]).between(window[0], window[1])
        raised = "between() answered"
    except Exception as e:  # noqa: BLE001 - reported
        raised = f"between() raised {type(e).__name__}: {e}"
    if dump:
        with open(dump, "w") as out:
            for o in found:
                c = component(o.parent)
                kind = "time" if isinstance(o.parent.start, dt.datetime) else "date"
                out.write(f"{c['UID']}\t{instant(o.start)}\t{instant(o.parent.start)}\t{c.get('STATUS', '')}\t{kind}\n")
    report(len(found), raised)


if __name__ == "__main__":
    main(sys.argv)
