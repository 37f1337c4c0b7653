/* Parked segments (exec/shm_park.c).  Segments of a freed communicator are
 * parked rather than unmapped, and a new communicator over the same
 * processes of the node takes them at its first call: a code that makes a
 * context per call then pays for segments once. */
#ifndef BCR_EXEC_SHM_PARK_H
#define BCR_EXEC_SHM_PARK_H

#include <mpi.h>

#include "exec/shm_state.h"

/* Takes sh (returns 1), or leaves it to the caller (0: nothing to park). */
int bcr_shm_park(bcr_shm *sh);
/* Whether any segments are parked on this process. */
int bcr_shm_any_parked(void);
/* Collective over sh->node, whose members sh knows: all take the same
 * parked segments, or none does (returns whether they did).  comm is the
 * communicator sh belongs to. */
int bcr_shm_adopt(bcr_shm *sh, MPI_Comm comm);
/* Destroys every parked state (bcr_finalize). */
void bcr_shm_unpark_all(void);

#endif
