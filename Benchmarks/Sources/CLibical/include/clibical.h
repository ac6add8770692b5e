// C1's and C3's peer: libical's parser (icalparser_parse_string), behind a
// few plain C functions so that Swift never sees libical's headers.
// Not API: the benchmark suite's shim (Calendars.swift).
#ifndef CLIBICAL_H
#define CLIBICAL_H

#include <stdint.h>

/// Parses NUL-terminated iCalendar text with `icalparser_parse_string`,
/// counts the VEVENTs of the VCALENDAR it returns, frees the component and
/// returns the count (-1 when libical returns no component). C1's measured
/// call.
int64_t clibical_parse_count_free(const char *text);

/// Parses NUL-terminated iCalendar text and returns the component tree
/// (an `icalcomponent *`), or NULL: C3 holds it to measure its memory.
void *clibical_parse(const char *text);

/// The VEVENTs directly under `component` (a VCALENDAR), and in `*errors`
/// (when not NULL) the X-LIC-ERROR properties anywhere in the tree: what
/// libical could not read.
int64_t clibical_count_events(void *component, int64_t *errors);

/// Frees what `clibical_parse` returned.
void clibical_free(void *component);

/// glibc's heap in use, in bytes: `mallinfo2()`'s `uordblks` (allocated
/// in the arenas) plus `hblkhd` (allocated by mmap). For C3, on both sides;
/// here because Swift's Glibc module does not export `mallinfo2`. Returns -1
/// where there is no `mallinfo2` (not glibc, or glibc before 2.33).
int64_t clibical_malloc_in_use(void);

/// `malloc_trim(0)`: gives the free pages of every arena back to the
/// system, so that RSS counts only memory in use (C3 calls it before its
/// first sample). Does nothing where glibc is absent.
void clibical_malloc_trim(void);

/// F1's peer. Parses NUL-terminated iCalendar text and moves every
/// component under its VCALENDAR (VTIMEZONEs and VEVENTs) into an in-memory
/// `icalfileset` (libicalss): `icalspanlist_new` takes a set whose members
/// are the VEVENTs themselves (it skips a VCALENDAR member), and finds each
/// VEVENT's TZID among the VTIMEZONEs of the set's root. Returns the set
/// (never freed), or NULL.
void *clibical_spanlist_set(const char *text);

/// `icalspanlist_new(set, start, end)` over UTC seconds, then
/// `icalspanlist_free`: F1's measured call. 0, or -1 when it fails.
int64_t clibical_spanlist_run(void *set, int64_t start, int64_t end);

/// The same spans written by `icalspanlist_as_vfreebusy`: each FREEBUSY
/// period's start and end (UTC seconds) into `out` (up to `capacity / 2`
/// periods); returns the number of periods, or -1. For F1's check.
int64_t clibical_spanlist_busy(void *set, int64_t start, int64_t end, int64_t *out, int64_t capacity);

#endif
