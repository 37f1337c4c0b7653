#include "oom_wrap.h"

#include <stddef.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t s);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t s);
void *__wrap_realloc(void *p, size_t n);

int oom_armed, oom_countdown, oom_fired;

static int oom_hit(void)
{
    if (!oom_armed || --oom_countdown > 0)
        return 0;
    oom_armed = 0;
    oom_fired = 1;
    return 1;
}

void *__wrap_malloc(size_t n) { return oom_hit() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t s) { return oom_hit() ? NULL : __real_calloc(n, s); }
void *__wrap_realloc(void *p, size_t n) { return oom_hit() ? NULL : __real_realloc(p, n); }
