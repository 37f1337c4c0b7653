/* What a batch (bcr_batch_t) holds, shared by batch_api.c (create, add,
 * destroy), batch_build.c (the agreement and the combined plan) and
 * batch_run.c (execute, start, test, wait).
 *
 * Adding records a member's arguments and checks nothing.  The first
 * execution after an add agrees on every member at once and plans them
 * (bcr_batch_build: a reduction of the member count, one of every
 * member's arguments, one gather, one commit, over the batch's
 * communicator); the combined exchange (exec/run_batch.h) is then kept,
 * and later executions of the unchanged batch only exchange data. */
#ifndef BCR_API_BATCH_OBJECT_H
#define BCR_API_BATCH_OBJECT_H

#include <mpi.h>

#include "api/arguments.h"
#include "base/error.h"
#include "base/request.h"
#include "base/side.h"
#include "bcredist.h"
#include "exec/run_batch.h"
#include "plan/plan.h"

enum { BCR_MEMBER_GEMR2D, BCR_MEMBER_TRMR2D, BCR_MEMBER_UPDATE, BCR_MEMBER_PLAN };

/* One member: its arguments as added, and what the build made of them. */
typedef struct {
    int kind;               /* BCR_MEMBER_* */
    char type;
    bcr_int m, n, ia, ja, ib, jb;
    bcr_int desca[9], descb[9];
    int null_desca, null_descb; /* passed NULL (an error where checked) */
    char uplo, diag, trans;     /* first characters; 0 for a NULL pointer */
    const void *a;
    void *b;
    unsigned char alpha[16], beta[16]; /* an update's scalars, copied */
    bcr_plan_t plan;        /* BCR_MEMBER_PLAN: NULL outside its processes */

    /* The build's (batch_build.c). */
    char routine[96];       /* "bcr_batch_execute: member 3 (bcr_pdgemr2d)" */
    bcr_request rq;
    bcr_wide_store st;
    bcr_update_op op;
    bcr_side A, B;
    int *map;               /* the grids' ranks in the batch's communicator:
                               A's P Q, then B's; a plan's ranks */
    bcr_plan own;
    int planned;            /* own holds a plan */
    int empty;              /* m or n is 0 everywhere: nothing to do */
} bcr_batch_entry;

enum { BCR_BATCH_IDLE, BCR_BATCH_IN_FLIGHT, BCR_BATCH_COMPLETE };

struct bcr_batch_s {
    MPI_Comm comm;          /* a duplicate of the creator's */
    int rank, size;
    bcr_batch_entry **member;
    int n, cap;
    int built;              /* x is good for the members as they are */
    bcr_batch_member *xm;   /* the members as the exchange sees them */
    bcr_batch_exchange x;
    int state;              /* BCR_BATCH_* */
};

/* Agree on every member at once, plan them and lay out the combined
 * exchange (collective over the batch's communicator); on error, every
 * process has the same one in e (naming the member) and nothing is
 * built.  routine names the entry point, for messages. */
int bcr_batch_build(bcr_batch_t bt, const char *routine, bcr_err *e);

/* Free what a build made (the members' plans and maps, the exchange). */
void bcr_batch_unbuild(bcr_batch_t bt);

/* A misuse found on this process alone, reported at once; returns
 * BCR_ERR_ARGUMENT. */
int bcr_batch_misuse(const char *routine, int k, const char *name, const char *detail);

#endif
