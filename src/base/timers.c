#include "base/timers.h"

_Thread_local bcr_phase_times bcr_phase_now;

void bcr_phase_times_get(bcr_phase_times *t)
{
    *t = bcr_phase_now;
    /* Communication is what the exchange took besides the copies in it. */
    t->comm = t->exchange - t->pack - t->unpack - t->local;
    if (t->comm < 0)
        t->comm = 0;
}

void bcr_phase_times_reset(void) { bcr_phase_now = (bcr_phase_times){0}; }
