#ifndef CALMANAC_ICU_H
#define CALMANAC_ICU_H
#include <stdint.h>
/* Not API: Almanac's private shim over the system ICU. Plain C types only. */
int32_t almanac_icu_placeholder(void);
#endif
