#pragma once

#define LIB_HAS_FEATURE() 1
