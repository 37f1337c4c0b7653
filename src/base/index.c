#include "base/index.h"

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
