// The C limit loop: the instants of W1, W2, W4, W6 and W7 with the least logic that
// produces them (integers, a table of the zone's transitions, a tight loop).
// What Almanac's plain-rule expansion is measured against.
#ifndef CLIMIT_H
#define CLIMIT_H

#include <stdint.h>

/// Wall-clock stepping (W1 DAILY, W2 WEEKLY;BYDAY): local seconds start at
/// `first_local` and advance by `steps[0]`, `steps[1]`, ... `steps[nsteps-1]`,
/// round and round; each local time is read as UTC with the offset of its
/// span of the transition table. `offsets[j]` is in force from
/// `transitions[j-1]` (inclusive) to `transitions[j]`; `offsets` has `n + 1`
/// entries. The local times must fall in no gap and no overlap (09:00 in New
/// York never does). Writes each instant and offset when `out_instants` and
/// `out_offsets` are not NULL. Returns the wrapping sum of `instant ^ offset`
/// over the occurrences: the benchmark's `Tally` fold (Kernels.swift).
int64_t climit_local(const int64_t *transitions, const int32_t *offsets, int64_t n,
                     int64_t first_local, const int64_t *steps, int64_t nsteps, int64_t count,
                     int64_t *out_instants, int32_t *out_offsets);

/// Elapsed stepping (W7 HOURLY;INTERVAL=7): instants `first_utc + i * step`,
/// each with the offset of its span. Same table, output and result as
/// `climit_local`.
int64_t climit_elapsed(const int64_t *transitions, const int32_t *offsets, int64_t n,
                       int64_t first_utc, int64_t step, int64_t count,
                       int64_t *out_instants, int32_t *out_offsets);

/// Month stepping (W4 MONTHLY;BYMONTHDAY=31, W6 MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1):
/// from the month whose first day is `first_day` (days since 1970-01-01),
/// `year`-`month`, one day per month at `second` of the day: the 31st of
/// the months that have one (`CLIMIT_DAY_31`), or the month's last day
/// moved back to Friday when it is a Saturday or Sunday
/// (`CLIMIT_LAST_WEEKDAY`). Month lengths from a table and the leap-year
/// test; each local time read as `climit_local` reads it. Same table,
/// output and result as `climit_local`.
#define CLIMIT_DAY_31 0
#define CLIMIT_LAST_WEEKDAY 1
int64_t climit_months(const int64_t *transitions, const int32_t *offsets, int64_t n,
                      int64_t first_day, int64_t year, int month, int64_t second, int pick, int64_t count,
                      int64_t *out_instants, int32_t *out_offsets);

#endif
