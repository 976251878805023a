#include "RillStackPointer.h"

_Thread_local uintptr_t rill_nesting_limit_storage = 0;
_Thread_local uintptr_t rill_broadcast_nesting_storage = 0;
