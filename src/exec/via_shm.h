/* Which way one partner's message travels: through a shared segment or
 * through MPI. */
#ifndef BCR_EXEC_VIA_SHM_H
#define BCR_EXEC_VIA_SHM_H

#include "exec/shm.h"
#include "plan/exchange.h"

/* Whether partner p's message goes through a shared segment under the
 * transport sh (NULL: none) agreed for the call. */
int bcr_exchange_via_shm(const bcr_shm *sh, const bcr_partner *p);

#endif
