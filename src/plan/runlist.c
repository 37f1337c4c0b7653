#include "plan/runlist.h"

#include <stdlib.h>

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
