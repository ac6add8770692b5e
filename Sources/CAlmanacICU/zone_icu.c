#include "CAlmanacICU.h"
int32_t almanac_icu_placeholder(void) { return 0; }
