#include "exec/keep.h"

#include "base/usage.h"
#include "bcredist.h"
#include "exec/pools.h"

static _Thread_local size_t peak;

size_t bcr_pool_peak_bytes(void)
{
    size_t most = peak;
    peak = 0;
    return most;
}

void bcr_keep_within(bcr_shm *sh, size_t keep)
{
    size_t shared = bcr_shm_bytes(), pools = bcr_pools_mine();
    if (shared + pools > peak)
        peak = shared + pools;
    bcr_usage_peak(shared + pools);
    if (shared + pools <= keep)
        return;
    size_t share = bcr_shm_share(sh), others = shared - share;
    share = bcr_shm_trim(sh, keep > others ? keep - others : 0);
    shared = others + share;
    bcr_pools_trim(keep > shared ? keep - shared : 0);
}
