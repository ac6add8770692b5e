#ifndef CALMANAC_ICU_H
#define CALMANAC_ICU_H

/*
 * Not API: Almanac's private shim over the system ICU (libicu).
 *
 * Only plain C types cross this boundary: strings are NUL-terminated UTF-8
 * in caller-owned buffers, instants are seconds since 1970-01-01T00:00:00Z,
 * offsets are seconds east of UTC. No memory allocated here outlives a call.
 *
 * Return convention for the string functions: the length written (without
 * the NUL) on success; ALMANAC_ICU_NOT_FOUND when ICU does not know the input;
 * ALMANAC_ICU_TOO_SMALL when the buffer cannot hold the answer;
 * ALMANAC_ICU_FAILED for any other ICU error.
 */

#include <stdint.h>

#define ALMANAC_ICU_NOT_FOUND (-1)
#define ALMANAC_ICU_TOO_SMALL (-2)
#define ALMANAC_ICU_FAILED (-3)

/* A buffer large enough for any zone id ICU knows (the longest is 32 bytes). */
#define ALMANAC_ICU_ID_CAPACITY 128

/* ICU's tz data version, such as "2022e". */
int32_t almanac_icu_tz_data_version(char *buffer, int32_t capacity);

/*
 * The canonical system id of a zone id or alias ("US/Eastern" gives
 * "America/New_York"). ALMANAC_ICU_NOT_FOUND for anything that is not a
 * system zone: unknown ids, custom ids such as "GMT+5", and "Etc/Unknown"
 * (which ICU returns for ids it does not know).
 */
int32_t almanac_icu_canonical_id(const char *id, char *buffer, int32_t capacity);

/*
 * The system zone id a Windows zone id maps to for the world region "001"
 * ("W. Europe Standard Time" gives "Europe/Berlin"); ALMANAC_ICU_NOT_FOUND
 * when there is no mapping.
 */
int32_t almanac_icu_windows_id_to_system_id(const char *windows_id, char *buffer, int32_t capacity);

/*
 * Every transition ICU reports for a system zone in (start, end), in UTC
 * seconds, with the total offset (raw + DST) in force from it.
 *
 * Writes the total offset in force at `start` to *initial_offset, and the
 * first `capacity` transitions to instants[] and offsets[]. Returns the
 * number of transitions in the range, which may exceed `capacity` (call
 * again with larger buffers), or ALMANAC_ICU_NOT_FOUND / ALMANAC_ICU_FAILED.
 * ICU also reports transitions where only the name or the split between
 * raw and DST offset changes; they are passed through unfiltered.
 */
int32_t almanac_icu_zone_transitions(const char *id, int64_t start, int64_t end,
                                     int32_t *initial_offset,
                                     int64_t *instants, int32_t *offsets, int32_t capacity);

/*
 * Every zone id ICU accepts (IANA ids, their aliases, ICU's legacy ids), each
 * NUL-terminated, one after the other. Returns the number of bytes the full
 * list needs, which may exceed `capacity` (call again with a larger
 * buffer), or ALMANAC_ICU_FAILED. Pass a NULL buffer and 0 to ask the size.
 */
int32_t almanac_icu_zone_ids(char *buffer, int32_t capacity);

/*
 * Calendars other than the Gregorian (RFC 7529 RSCALE), by their ICU
 * locale keyword ("hebrew", "chinese", "islamic-civil", "ethiopic-amete-alem").
 * Days are counted from 1970-01-01 (day 0), as Almanac's civil dates are.
 */

/* One month of a calendar year. */
typedef struct {
    int32_t first_day;  /* the day number of the month's first day */
    uint8_t number;     /* CLDR's month number, 1...13 */
    uint8_t is_leap;    /* 1 for a leap month: Chinese 9L, Hebrew Adar I (5L) */
    uint8_t length;     /* days in the month */
} almanac_icu_month;

/*
 * The months of `count` consecutive years of calendar `name`, from ICU's
 * extended year `first_year` (the year that holds day number `first_day`
 * when `first_year` is INT32_MIN). Writes the months in order to months[]
 * (at most `capacity`) and each year's month count to month_counts[]
 * (`count` entries), and the first year's number to *year_out. Returns the
 * number of months written, ALMANAC_ICU_NOT_FOUND for a calendar ICU does
 * not have, ALMANAC_ICU_TOO_SMALL when months[] is too small, or
 * ALMANAC_ICU_FAILED.
 */
int32_t almanac_icu_calendar_years(const char *name, int32_t first_year, int32_t first_day, int32_t count,
                                   int32_t *year_out, almanac_icu_month *months, int32_t capacity,
                                   uint8_t *month_counts);

#endif
