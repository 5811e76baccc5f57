#pragma once
#include <lib/detail/config>

#define LIB_FEATURE_ALIAS() LIB_HAS_FEATURE()

#if LIB_HAS_FEATURE()
#  define LIB_FAST 1
#endif
