/* Which integer width a BLACS library takes: calls its Cblacs_pinfo into
 * two 8-byte integers filled with a sentinel and prints
 *
 *   blacs integers: ILP64   both written whole (an ILP64 BLACS)
 *   blacs integers: LP64    only their low halves written, the high halves
 *                           still the sentinel (4-byte integers)
 *   blacs integers: unknown anything else
 *
 * The configure step of -DBCREDIST_ILP64=ON runs it against the library
 * named in BCREDIST_ILP64_SCALAPACK (cmake/ilp64_scalapack.cmake); the
 * tests run it against Debian's LP64 ScaLAPACK and against the stand-in
 * ILP64 BLACS.  Little-endian machines only: there a 4-byte write lands in
 * the low half. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

void Cblacs_pinfo(int64_t *mypnum, int64_t *nprocs);

#define SENTINEL 0x5A5A5A5A5A5A5A5Aull

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int64_t pnum = (int64_t)SENTINEL, nprocs = (int64_t)SENTINEL;
    Cblacs_pinfo(&pnum, &nprocs);
    uint64_t high = (uint64_t)SENTINEL >> 32;
    const char *width = "unknown";
    if (pnum == rank && nprocs == size)
        width = "ILP64";
    else if ((uint64_t)pnum >> 32 == high && (uint64_t)nprocs >> 32 == high &&
             (uint32_t)pnum == (uint32_t)rank && (uint32_t)nprocs == (uint32_t)size)
        width = "LP64";
    if (rank == 0)
        printf("blacs integers: %s (pnum 0x%016llx, nprocs 0x%016llx)\n", width,
               (unsigned long long)pnum, (unsigned long long)nprocs);
    MPI_Finalize();
    return 0;
}
