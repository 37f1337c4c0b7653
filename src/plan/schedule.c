#include "plan/schedule.h"

bcr_schedule bcr_schedule_choose(int forced, int inflight, const bcr_schedule_load *load)
{
    bcr_schedule s = {BCR_SCHEDULE_ALL, inflight > 0 ? inflight : BCR_INFLIGHT_DEFAULT};
    if (forced != BCR_SCHEDULE_AUTO) {
        s.kind = forced;
        return s;
    }
    int most = load->nsend > load->nrecv ? load->nsend : load->nrecv;
    if (most <= s.inflight)
        return s; /* nothing to bound: everything in flight at once overlaps most */
    long long bytes = load->send_bytes > load->recv_bytes ? load->send_bytes : load->recv_bytes;
    s.kind = bytes / most >= BCR_STEPS_MIN_BYTES ? BCR_SCHEDULE_STEPS : BCR_SCHEDULE_BOUNDED;
    return s;
}

const char *bcr_schedule_name(int kind)
{
    switch (kind) {
    case BCR_SCHEDULE_BOUNDED:
        return "bounded";
    case BCR_SCHEDULE_STEPS:
        return "steps";
    case BCR_SCHEDULE_COMBINE:
        return "combine";
    default:
        return "all";
    }
}
