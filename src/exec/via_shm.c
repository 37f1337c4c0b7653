#include "exec/via_shm.h"

int bcr_exchange_via_shm(const bcr_shm *sh, const bcr_partner *p)
{
    return sh && p->shm && bcr_shm_shares(sh, p->rank);
}
