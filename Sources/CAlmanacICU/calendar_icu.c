/* Almanac's shim over ICU's calendars (RFC 7529 RSCALE): the months of each year. */
#include "CAlmanacICU.h"

#include <stdio.h>
#include <string.h>
#include <unicode/ucal.h>

#define DAY_MILLIS 86400000.0

/* The calendar for an ICU calendar keyword in UTC, or NULL when ICU lacks it. */
static UCalendar *open_calendar(const char *name) {
    char locale[96];
    if (strlen(name) > 64) return NULL;
    snprintf(locale, sizeof locale, "@calendar=%s", name);
    UErrorCode status = U_ZERO_ERROR;
    static const UChar utc[] = u"UTC";
    UCalendar *calendar = ucal_open(utc, -1, locale, UCAL_DEFAULT, &status);
    if (U_FAILURE(status) || calendar == NULL) return NULL;
    /* An unknown keyword falls back to the Gregorian calendar: refuse it. */
    const char *type = ucal_getType(calendar, &status);
    if (U_FAILURE(status) || type == NULL || (strcmp(type, name) != 0 && strcmp(name, "islamic-rgsa") != 0)) {
        ucal_close(calendar);
        return NULL;
    }
    ucal_setGregorianChange(calendar, -1e300, &status);  /* proleptic, as RFC 5545 dates are */
    return calendar;
}

/* The fields of day `day`: extended year, ICU month (0-based), leap flag, day of month. */
static void fields(UCalendar *calendar, int32_t day, int32_t *year, int32_t *month, int32_t *leap, int32_t *date,
                   UErrorCode *status) {
    ucal_setMillis(calendar, (UDate)day * DAY_MILLIS, status);
    *year = ucal_get(calendar, UCAL_EXTENDED_YEAR, status);
    *month = ucal_get(calendar, UCAL_MONTH, status);
    *leap = ucal_get(calendar, UCAL_IS_LEAP_MONTH, status);
    *date = ucal_get(calendar, UCAL_DATE, status);
}

/* CLDR's month number and leap flag for ICU's month. ICU numbers Hebrew
 * months 0...12 with Adar I at 5 in every year (absent in common years);
 * CLDR calls Adar I "5L" and Adar (Adar II) 6. */
static void cldr_month(const char *name, int32_t month, int32_t leap, uint8_t *number, uint8_t *is_leap) {
    if (strcmp(name, "hebrew") == 0) {
        *number = (uint8_t)(month < 5 ? month + 1 : month == 5 ? 5 : month);
        *is_leap = month == 5;
    } else {
        *number = (uint8_t)(month + 1);
        *is_leap = leap != 0;
    }
}

int32_t almanac_icu_calendar_years(const char *name, int32_t first_year, int32_t first_day, int32_t count,
                                   int32_t *year_out, almanac_icu_month *months, int32_t capacity,
                                   uint8_t *month_counts) {
    UCalendar *calendar = open_calendar(name);
    if (calendar == NULL) return ALMANAC_ICU_NOT_FOUND;
    UErrorCode status = U_ZERO_ERROR;
    int32_t year, month, leap, date;
    int32_t day;
    if (first_year == INT32_MIN) {
        fields(calendar, first_day, &year, &month, &leap, &date, &status);
        first_year = year;
    }
    /* The first day of `first_year`: its first month's 1st. */
    ucal_clear(calendar);
    ucal_set(calendar, UCAL_EXTENDED_YEAR, first_year);
    ucal_set(calendar, UCAL_MONTH, 0);
    ucal_set(calendar, UCAL_IS_LEAP_MONTH, 0);
    ucal_set(calendar, UCAL_DATE, 1);
    UDate millis = ucal_getMillis(calendar, &status);
    day = (int32_t)(millis / DAY_MILLIS + (millis < 0 ? -0.5 : 0.5));
    *year_out = first_year;
    memset(month_counts, 0, (size_t)count);
    int32_t written = 0;
    /* Each month's fields come from a probe inside it: ICU computes the
     * fields once per probe, and for the Chinese and astronomical Islamic
     * calendars that computation is the cost. A probe 29 days after a
     * month's first day lies in the month (30 or 31 days: probe on) or in
     * the next one, whose first day, year, number and leap flag it gives. */
    fields(calendar, day, &year, &month, &leap, &date, &status);
    while (U_SUCCESS(status)) {
        if (date != 1 || year < first_year) { status = U_INTERNAL_PROGRAM_ERROR; break; }
        if (year >= first_year + count) break;
        int32_t next_year = 0, next_month = 0, next_leap = 0, next_date = 0, probe = 29, length = -1;
        for (; probe < 40 && U_SUCCESS(status); probe++) {
            fields(calendar, day + probe, &next_year, &next_month, &next_leap, &next_date, &status);
            if (next_date == probe + 1) continue;           /* still in the month */
            /* The next month's first day, or a later day of it after a month
             * shorter than 29 days (Ethiopic and Coptic month 13). */
            if (next_date >= 1 && next_date < probe + 1) { length = probe + 1 - next_date; break; }
            /* Anything else is an inconsistent answer of ICU's (its Chinese
             * calendar calls 21 November 4743 the 60th of month 8): that day
             * stays in the month, and the probe goes on to the next 1st. */
        }
        if (U_FAILURE(status) || length <= 0 || length > 255) { status = U_INTERNAL_PROGRAM_ERROR; break; }
        if (written == capacity) { ucal_close(calendar); return ALMANAC_ICU_TOO_SMALL; }
        almanac_icu_month *m = &months[written++];
        m->first_day = day;
        m->length = (uint8_t)length;
        cldr_month(name, month, leap, &m->number, &m->is_leap);
        month_counts[year - first_year] += 1;
        day += length;
        year = next_year;
        month = next_month;
        leap = next_leap;
        date = 1;
    }
    ucal_close(calendar);
    return U_FAILURE(status) ? ALMANAC_ICU_FAILED : written;
}
