/* The BLACS C interface as built in ScaLAPACK's LP64 libraries; no header
 * ships with it. */
#ifndef BCR_BLACS_H
#define BCR_BLACS_H

#include <mpi.h>

void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_get(int ictxt, int what, int *val);
MPI_Comm Cblacs2sys_handle(int syshandle);

/* Cblacs_get's WHAT for "system handle of the context's communicator". */
#define BCR_BLACS_GET_CONTEXT_COMM 10

#endif
