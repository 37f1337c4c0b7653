/* A stand-in ILP64 BLACS for bcredist's tests (ilp64_blacs.c): the C and
 * Fortran entry points that bcredist and its ILP64 test programs call, with
 * every integer 8 bytes, as in an ILP64 netlib BLACS or MKL's ilp64 BLACS.
 * Written from the BLACS's documented interface only, apart from
 * bcredist's own headers, so that a width bcredist gets wrong shows up
 * here instead of matching it.
 *
 * Context handles and system handles are numbers beyond 2^32: a caller
 * that keeps or passes them as 4-byte integers hands back a number the
 * stand-in never gave out, and it aborts the job saying so. */
#ifndef BCR_ILP64_BLACS_H
#define BCR_ILP64_BLACS_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

void Cblacs_pinfo(int64_t *mypnum, int64_t *nprocs);
/* what 0: the system handle of MPI_COMM_WORLD (ictxt is not read);
 * what 10: the system handle of context ictxt's communicator. */
void Cblacs_get(int64_t ictxt, int64_t what, int64_t *val);
/* order "R": process (i, j) is pnum i * npcol + j; "C": i + j * nprow. */
void Cblacs_gridinit(int64_t *ictxt, const char *order, int64_t nprow, int64_t npcol);
/* Process (i, j) is usermap[i + j * ldumap]; a process not in the map
 * gets *ictxt = -1. */
void Cblacs_gridmap(int64_t *ictxt, const int64_t *usermap, int64_t ldumap, int64_t nprow,
                    int64_t npcol);
/* All four -1 when ictxt is not a context of this process. */
void Cblacs_gridinfo(int64_t ictxt, int64_t *nprow, int64_t *npcol, int64_t *myrow,
                     int64_t *mycol);
void Cblacs_gridexit(int64_t ictxt);
void Cblacs_exit(int64_t notdone);
MPI_Comm Cblacs2sys_handle(int64_t syshandle);
int64_t Csys2blacs_handle(MPI_Comm comm);

/* The Fortran entry points, by reference (gfortran's hidden length last). */
void blacs_pinfo_(int64_t *mypnum, int64_t *nprocs);
void blacs_get_(const int64_t *ictxt, const int64_t *what, int64_t *val);
void blacs_gridinit_(int64_t *ictxt, const char *order, const int64_t *nprow,
                     const int64_t *npcol, size_t order_len);
void blacs_gridmap_(int64_t *ictxt, const int64_t *usermap, const int64_t *ldumap,
                    const int64_t *nprow, const int64_t *npcol);
void blacs_gridinfo_(const int64_t *ictxt, int64_t *nprow, int64_t *npcol, int64_t *myrow,
                     int64_t *mycol);
void blacs_gridexit_(const int64_t *ictxt);
void blacs_exit_(const int64_t *notdone);

#endif
