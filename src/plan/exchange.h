/* One exchange of a plan on one process: what it sends (as a process of
 * grid A) and receives (as a process of grid B).  A message between two
 * processes is the product of a row run list and a column run list.  A
 * plan (plan.h) is one exchange, or two for the indirect strategies. */
#ifndef BCR_PLAN_EXCHANGE_H
#define BCR_PLAN_EXCHANGE_H

#include <mpi.h>

#include "base/index.h"
#include "base/mask.h"
#include "base/options.h"
#include "base/side.h"
#include "kernels/pieces.h"
#include "kernels/scan.h"
#include "plan/runlist.h"

/* Each part in a shared segment starts on a line of this many bytes (a
 * cache line): what a part may take of the segment beyond its elements
 * is less than one line. */
#define BCR_PART_LINE 64

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
                              each from a cache line (exchange.c) */
    int has_self;          /* part of the data stays on this process */
    bcr_partner self;
    bcr_scan scan;         /* every partner's runs at once (kernels/scan.h) */
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
    long long stream_chunk; /* BCR_STREAM_CHUNK as agreed for the plan:
                               bytes of a streamed chunk (exec/run_stream.h) */
    int schedule;     /* BCR_SCHEDULE as agreed for the plan (enum
                         bcr_schedule_kind; plan/schedule.h) */
    int *members;     /* combining: the ranks of both grids, ascending, the
                         processes that run this exchange (exec/run_combine.h) */
    int nmembers;
} bcr_exchange;

/* The exchange from A to B for this process (myrank of nranks in the
 * union communicator).  It depends on the sides' local leading dimensions
 * too: they decide which messages are contiguous in place.  Returns
 * BCR_SUCCESS or BCR_ERR_NOMEM (then ex holds nothing). */
int bcr_exchange_build(bcr_exchange *ex, const bcr_side *A, const bcr_side *B,
                       const bcr_mask *mk, size_t elsize, const bcr_plan_options *opt,
                       int myrank, int nranks);
void bcr_exchange_free(bcr_exchange *ex);

/* Row and column runs of one partner. */
bcr_groupspan bcr_half_rows(const bcr_half *h, int orow);
bcr_runspan bcr_half_cols(const bcr_half *h, int ocol);

#endif
