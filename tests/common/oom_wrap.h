/* Failing allocations on purpose, for the out-of-memory tests: a program
 * linked with oom_wrap.c and -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
 * (bcr_oom_wrap in tests/CMakeLists.txt) has its own and the static
 * bcredist library's malloc, calloc and realloc come through here (MPI's
 * own do not).  While armed, the countdown-th of them fails, and then
 * disarms and sets oom_fired. */
#ifndef BCR_TEST_OOM_WRAP_H
#define BCR_TEST_OOM_WRAP_H

extern int oom_armed, oom_countdown, oom_fired;

#endif
