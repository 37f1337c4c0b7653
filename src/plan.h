/* The plan of one call on one process: what it sends (as a process of grid
 * A) and receives (as a process of grid B).  A message between two
 * processes is the product of a row run list and a column run list. */
#ifndef BCR_PLAN_H
#define BCR_PLAN_H

#include <mpi.h>

#include "check.h"
#include "index1d.h"
#include "kernels.h"
#include "mask.h"
#include "scan.h"

typedef struct {
    int rank;        /* partner in the union communicator */
    int orow, ocol;  /* partner's coordinates in the other grid */
    bcr_idx count;   /* elements exchanged */
    bcr_idx offset;  /* elements before this partner's part of the buffer */
    bcr_idx shm_offset; /* and of the shared segment, when it shares the node */
    bcr_idx contig;  /* the message is these count elements of the local array
                        from this element on, sent or received in place; -1
                        when it must be packed */
    MPI_Datatype dtype; /* the message in place as an MPI datatype, or
                           MPI_DATATYPE_NULL (then contig, else a buffer) */
    int order;       /* (rank - my rank) mod size: the rotated send order */
    int shm;         /* large enough to go through a shared segment */
} bcr_partner;

typedef struct {
    int active;            /* this process is in the grid of this half */
    bcr_runlist rows, cols; /* my runs, bucketed by the other grid's row/col */
    bcr_rungroup *rgroups;  /* row runs grouped, bucket q's are rspans[q] */
    bcr_groupspan *rspans;
    bcr_partner *parts;    /* partners other than myself, rotated order */
    int nparts;
    bcr_idx total;         /* elements over the parts that need a buffer */
    bcr_idx shm_total;     /* elements of segment the parts carried there take,
                              each from a cache line (plan.c) */
    int has_self;          /* part of the data stays on this process */
    bcr_partner self;
    bcr_scan scan;         /* every partner's runs at once (scan.h) */
    int stream;            /* the scan writes with streaming stores */
    int rows_ordered;      /* the scan walks columns in memory order */
} bcr_half;

typedef struct {
    bcr_half send, recv;
    bcr_mask mask;
    int self_in_pack; /* the pack copies the part that stays, as it reads
                         A (bcr_scan_self_fusable), when both halves scan */
    int self_stream;  /* the part that stays, all this process moves, is
                         copied with streaming stores */
} bcr_plan;

/* Plan for this process.  It depends on the sides' local leading
 * dimensions too: they decide which messages are contiguous in place. */
int bcr_plan_build(bcr_plan *pl, const bcr_setup *s, const bcr_mask *mk, size_t elsize,
                   int myrank, int nranks);
void bcr_plan_free(bcr_plan *pl);

/* Row and column runs of one partner. */
bcr_groupspan bcr_half_rows(const bcr_half *h, int orow);
bcr_runspan bcr_half_cols(const bcr_half *h, int ocol);

#endif
