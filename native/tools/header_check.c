/* Compiled as strict C99 so that panrocks.h cannot drift into C++. */
#include "panrocks.h"

int panrocks_header_check(void) { return PANROCKS_ABI_VERSION; }
