/* The BLACS as bcredist uses it: the C interface as ScaLAPACK builds it (no
 * header ships with it), and, when built with BCR_BLACS_INTERNALS (CMake
 * option BCREDIST_BLACS_INTERNALS, on by default; never in the ILP64
 * library), the two things read from netlib BLACS's own tables where the
 * library has them.  Without it only the public interface is used.
 *
 * Every integer the BLACS takes or gives is bcr_blacs_int
 * (base/blacs_int.h), context and system handles included: 4 bytes, or 8
 * in the ILP64 build.  A context keeps that width wherever bcredist
 * carries it (requests, the last call, grid serials, messages), so a
 * handle beyond 32 bits from an ILP64 BLACS works. */
#ifndef BCR_RUNTIME_BLACS_H
#define BCR_RUNTIME_BLACS_H

#include <mpi.h>

#include "base/blacs_int.h"
#include "bcredist.h"

_Static_assert(_Generic((bcr_blacs_int)0, bcr_int: 1, default: 0),
               "the BLACS's integer is the Fortran INTEGER of its ScaLAPACK, bcr_int");

void Cblacs_gridinfo(bcr_blacs_int ictxt, bcr_blacs_int *nprow, bcr_blacs_int *npcol,
                     bcr_blacs_int *myrow, bcr_blacs_int *mycol);
void Cblacs_get(bcr_blacs_int ictxt, bcr_blacs_int what, bcr_blacs_int *val);
MPI_Comm Cblacs2sys_handle(bcr_blacs_int syshandle);

/* Cblacs_get's WHAT for "system handle of the context's communicator". */
#define BCR_BLACS_GET_CONTEXT_COMM 10

/* Netlib BLACS's tables are read only where this is 1 (CMake option
 * BCREDIST_BLACS_INTERNALS for the LP64 library); never in the ILP64 one,
 * whose BLACS may have them at another width. */
#ifndef BCR_BLACS_INTERNALS
#ifdef BCREDIST_ILP64
#define BCR_BLACS_INTERNALS 0
#else
#define BCR_BLACS_INTERNALS 1
#endif
#endif
#if BCR_BLACS_INTERNALS && defined(BCREDIST_ILP64)
#error "the ILP64 library reads no BLACS internals: build it with BCR_BLACS_INTERNALS=0"
#endif

/* 1 when h is a live BLACS context handle on this process.  With the
 * internals: read from the BLACS's context table (always 1 for a BLACS
 * without one); without: Cblacs_gridinfo reports a grid for it. */
int bcr_blacs_context_valid(bcr_blacs_int h);

/* The communicator of BLACS context ctxt.  The BLACS is not thread-safe:
 * callers serialise their calls (context.c's lock). */
MPI_Comm bcr_blacs_comm(bcr_blacs_int ctxt);

#endif
