/* The BLACS as bcredist uses it: the C interface as built in ScaLAPACK's
 * LP64 libraries (no header ships with it), and, when built with
 * BCR_BLACS_INTERNALS (CMake option BCREDIST_BLACS_INTERNALS, on by
 * default), the two things read from netlib BLACS's own tables where the
 * library has them.  Without it only the public interface is used. */
#ifndef BCR_RUNTIME_BLACS_H
#define BCR_RUNTIME_BLACS_H

#include <mpi.h>

void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_get(int ictxt, int what, int *val);
MPI_Comm Cblacs2sys_handle(int syshandle);

/* Cblacs_get's WHAT for "system handle of the context's communicator". */
#define BCR_BLACS_GET_CONTEXT_COMM 10

#ifndef BCR_BLACS_INTERNALS
#define BCR_BLACS_INTERNALS 1
#endif

/* 1 when h is a live BLACS context handle on this process.  With the
 * internals: read from the BLACS's context table (always 1 for a BLACS
 * without one); without: Cblacs_gridinfo reports a grid for it. */
int bcr_blacs_context_valid(int h);

/* The communicator of BLACS context ctxt.  The BLACS is not thread-safe:
 * callers serialise their calls (context.c's lock). */
MPI_Comm bcr_blacs_comm(int ctxt);

#endif
