/* Almanac's shim over the system ICU: the only file that includes ICU headers (unicode/...). */
#include "CAlmanacICU.h"

#include <string.h>
#include <math.h>
#include <unicode/ucal.h>
#include <unicode/uenum.h>
#include <unicode/ustring.h>

#define UID_CAPACITY 128

/* UTF-8 to UTF-16 into `out`; returns the length, or -1 when it does not fit or is invalid. */
static int32_t to_uchars(const char *s, UChar *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = 0;
    u_strFromUTF8(out, capacity, &length, s, -1, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) return -1;
    return length;
}

/* UTF-16 to NUL-terminated UTF-8 in the caller's buffer, with the shim's return convention. */
static int32_t to_utf8(const UChar *s, int32_t length, char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(buffer, capacity, &written, s, length, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING || written >= capacity) {
        return ALMANAC_ICU_TOO_SMALL;
    }
    if (U_FAILURE(status)) return ALMANAC_ICU_FAILED;
    return written;
}

/* The canonical system id of `id` in UTF-16, or ALMANAC_ICU_NOT_FOUND. */
static int32_t canonical_uid(const char *id, UChar *out, int32_t capacity) {
    UChar uid[UID_CAPACITY];
    int32_t length = to_uchars(id, uid, UID_CAPACITY);
    if (length <= 0) return ALMANAC_ICU_NOT_FOUND;
    UErrorCode status = U_ZERO_ERROR;
    UBool isSystemID = 0;
    int32_t n = ucal_getCanonicalTimeZoneID(uid, length, out, capacity, &isSystemID, &status);
    if (U_FAILURE(status) || !isSystemID || n <= 0 || n >= capacity) return ALMANAC_ICU_NOT_FOUND;
    /* ICU answers "Etc/Unknown" (offset zero) for ids it cannot place: never a real zone. */
    static const UChar unknown[] = u"Etc/Unknown";
    if (u_strCompare(out, n, unknown, -1, 0) == 0) return ALMANAC_ICU_NOT_FOUND;
    out[n] = 0;
    return n;
}

int32_t almanac_icu_tz_data_version(char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *version = ucal_getTZDataVersion(&status);
    if (U_FAILURE(status) || version == NULL) return ALMANAC_ICU_FAILED;
    size_t length = strlen(version);
    if (capacity <= 0 || length >= (size_t)capacity) return ALMANAC_ICU_TOO_SMALL;
    memcpy(buffer, version, length + 1);
    return (int32_t)length;
}

int32_t almanac_icu_canonical_id(const char *id, char *buffer, int32_t capacity) {
    UChar canonical[UID_CAPACITY];
    int32_t n = canonical_uid(id, canonical, UID_CAPACITY);
    if (n < 0) return n;
    return to_utf8(canonical, n, buffer, capacity);
}

int32_t almanac_icu_windows_id_to_system_id(const char *windows_id, char *buffer, int32_t capacity) {
    UChar winid[UID_CAPACITY], uid[UID_CAPACITY];
    int32_t length = to_uchars(windows_id, winid, UID_CAPACITY);
    if (length <= 0) return ALMANAC_ICU_NOT_FOUND;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ucal_getTimeZoneIDForWindowsID(winid, length, "001", uid, UID_CAPACITY, &status);
    if (U_FAILURE(status)) return ALMANAC_ICU_FAILED;
    if (n <= 0 || n >= UID_CAPACITY) return ALMANAC_ICU_NOT_FOUND;
    return to_utf8(uid, n, buffer, capacity);
}

/* Total offset (raw + DST) in seconds at the calendar's current instant. */
static int32_t total_offset(UCalendar *calendar, UErrorCode *status) {
    int32_t raw = ucal_get(calendar, UCAL_ZONE_OFFSET, status);
    int32_t dst = ucal_get(calendar, UCAL_DST_OFFSET, status);
    return (raw + dst) / 1000;
}

/* Whole seconds of an ICU date (milliseconds as a double), rounded down. */
static int64_t seconds_of(UDate millis) {
    return (int64_t)floor(millis / 1000.0);
}

int32_t almanac_icu_zone_transitions(const char *id, int64_t start, int64_t end,
                                     int32_t *initial_offset,
                                     int64_t *instants, int32_t *offsets, int32_t capacity) {
    UChar uid[UID_CAPACITY];
    int32_t length = canonical_uid(id, uid, UID_CAPACITY);
    if (length < 0) return length;
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *calendar = ucal_open(uid, length, "en_US_POSIX", UCAL_GREGORIAN, &status);
    if (U_FAILURE(status) || calendar == NULL) return ALMANAC_ICU_FAILED;

    ucal_setMillis(calendar, (UDate)start * 1000.0, &status);
    *initial_offset = total_offset(calendar, &status);
    int32_t count = 0;
    const UDate endMillis = (UDate)end * 1000.0;
    UDate current = (UDate)start * 1000.0;
    while (U_SUCCESS(status)) {
        UDate next = 0;
        if (!ucal_getTimeZoneTransitionDate(calendar, UCAL_TZ_TRANSITION_NEXT, &next, &status)) break;
        /* "Next" is strictly later; the check only guards the loop against bad data. */
        if (U_FAILURE(status) || next >= endMillis || next <= current) break;
        current = next;
        ucal_setMillis(calendar, next, &status);
        int32_t offset = total_offset(calendar, &status);
        if (count < capacity) {
            instants[count] = seconds_of(next);
            offsets[count] = offset;
        }
        count += 1;
    }
    ucal_close(calendar);
    return U_FAILURE(status) ? ALMANAC_ICU_FAILED : count;
}

int32_t almanac_icu_zone_ids(char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *ids = ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_ANY, NULL, NULL, &status);
    if (U_FAILURE(status) || ids == NULL) return ALMANAC_ICU_FAILED;
    int32_t needed = 0;
    const char *id;
    int32_t length = 0;
    while ((id = uenum_next(ids, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (buffer != NULL && needed + length + 1 <= capacity) {
            memcpy(buffer + needed, id, (size_t)length);
            buffer[needed + length] = 0;
        }
        needed += length + 1;
    }
    uenum_close(ids);
    return U_FAILURE(status) ? ALMANAC_ICU_FAILED : needed;
}
