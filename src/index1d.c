#include "index1d.h"

#include "gen.h"

#include <stdlib.h>

int bcr_owner(bcr_idx g, bcr_idx nb, int src, int nprocs)
{
    return (int)((src + g / nb) % nprocs);
}

bcr_idx bcr_local_index(bcr_idx g, bcr_idx nb, int nprocs)
{
    return (g / (nb * nprocs)) * nb + g % nb;
}

bcr_idx bcr_global_index(bcr_idx l, bcr_idx nb, int p, int src, int nprocs)
{
    int d = (p - src + nprocs) % nprocs;
    return ((l / nb) * nprocs + d) * nb + l % nb;
}

bcr_idx bcr_local_count(bcr_idx n, bcr_idx nb, int p, int src, int nprocs)
{
    int d = (p - src + nprocs) % nprocs;
    bcr_idx blocks = n / nb;
    bcr_idx count = (blocks / nprocs) * nb;
    bcr_idx rem = blocks % nprocs;
    if (d < rem)
        count += nb;
    else if (d == rem)
        count += n % nb;
    return count;
}

bcr_idx bcr_axis_local_count(const bcr_axis *ax, bcr_idx len, int p)
{
    return bcr_local_count(ax->off + len, ax->nb, p, ax->src, ax->nprocs) -
           bcr_local_count(ax->off, ax->nb, p, ax->src, ax->nprocs);
}

/* The run lists themselves come from the generators (gen.h). */
int bcr_runlist_build(bcr_runlist *out, bcr_idx len, const bcr_axis *mine,
                      int me, const bcr_axis *other)
{
    return bcr_runlist_build_with(out, len, mine, me, other, BCR_GEN_AUTO) ? -1 : 0;
}

void bcr_runlist_free(bcr_runlist *rl)
{
    if (rl->start != rl->pstart)
        free(rl->start);
    if (rl->runs != rl->pruns)
        free(rl->runs);
    free(rl->pstart);
    free(rl->pruns);
    rl->start = NULL;
    rl->runs = NULL;
    rl->nruns = 0;
    rl->pstart = NULL;
    rl->pruns = NULL;
    rl->npruns = 0;
}

bcr_idx bcr_runlist_bucket_total(const bcr_runlist *rl, int q)
{
    bcr_idx t = 0;
    for (bcr_idx r = rl->start[q]; r < rl->start[q + 1]; r++)
        t += rl->runs[r].len;
    return t;
}
