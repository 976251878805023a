#ifndef RILL_STACK_POINTER_H
#define RILL_STACK_POINTER_H

#include <stdint.h>

/// The address of the calling frame on the thread's machine stack.
///
/// Swift has no way to read it: the address of a local is not it when a sanitizer moves locals
/// to a heap "fake stack" (AddressSanitizer's `detect_stack_use_after_return`), and then says
/// nothing about how deep the stack is.
static inline __attribute__((always_inline)) uintptr_t rill_stack_pointer(void) {
    return (uintptr_t)__builtin_frame_address(0);
}

/// The lowest stack address at which the current thread's work may still run nested in its
/// outermost core frame: 0 while no such frame is active, `UINTPTR_MAX` while work is being left
/// for it. A thread-local word, so that an event can check its depth without a function call.
extern _Thread_local uintptr_t rill_nesting_limit_storage;

static inline __attribute__((always_inline)) uintptr_t rill_nesting_limit(void) {
    return rill_nesting_limit_storage;
}

static inline __attribute__((always_inline)) void rill_set_nesting_limit(uintptr_t limit) {
    rill_nesting_limit_storage = limit;
}

/// How many broadcasts (subjects, properties, multicasts) are delivering an event on the current
/// thread, one inside another: a subscriber of one that sends to the next. A thread-local word,
/// so that every delivery can count itself without a function call.
extern _Thread_local uintptr_t rill_broadcast_nesting_storage;

static inline __attribute__((always_inline)) uintptr_t rill_broadcast_nesting(void) {
    return rill_broadcast_nesting_storage;
}

static inline __attribute__((always_inline)) void rill_set_broadcast_nesting(uintptr_t nesting) {
    rill_broadcast_nesting_storage = nesting;
}

#endif
