#include "plan/combine_choice.h"

#include "bcredist.h"
#include "plan/exchange.h"

int bcr_combine_chosen(const bcr_side *A, const bcr_side *B, const bcr_mask *mk, size_t elsize,
                       const bcr_plan_options *opt, int nranks)
{
    if (nranks < BCR_COMBINE_MIN_RANKS || A->P * A->Q < 1)
        return 0;
    /* A's process (0, 0) as a process of A alone; its leading dimension
     * only decides which messages are contiguous, not their sizes. */
    bcr_side a = *A, b = *B;
    a.in = 1;
    a.myrow = a.mycol = 0;
    a.lld = A->M > 1 ? A->M : 1;
    b.in = 0;
    b.myrow = b.mycol = -1;
    bcr_plan_options o = *opt;
    o.datatypes = 0;
    o.shm = BCR_SHM_OFF;
    o.schedule = BCR_SCHEDULE_ALL;
    bcr_exchange ex;
    if (bcr_exchange_build(&ex, &a, &b, mk, elsize, &o, A->map[0], nranks) != BCR_SUCCESS)
        return -1;
    long long bytes = 0;
    int partners = ex.send.nparts;
    for (int k = 0; k < partners; k++)
        bytes += (long long)ex.send.parts[k].count * (long long)elsize;
    bcr_exchange_free(&ex);
    return partners >= BCR_COMBINE_MIN_PARTNERS && bytes <= BCR_COMBINE_MAX_BYTES * partners;
}
