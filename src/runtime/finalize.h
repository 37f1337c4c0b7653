/* Releasing everything bcredist keeps: bcr_finalize (bcredist.h), run by
 * MPI_Finalize as well. */
#ifndef BCR_RUNTIME_FINALIZE_H
#define BCR_RUNTIME_FINALIZE_H

/* Makes sure MPI_Finalize will run bcr_finalize: called by every call
 * before it makes state.  BCR_SUCCESS or BCR_ERR_MPI. */
int bcr_finalize_hook(void);

#endif
