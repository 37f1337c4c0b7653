/* Plans element by element, for layouts that are not a product of a row
 * and a column distribution (Guo's slant lines, layout/linear.h): each
 * process lists its own elements in its local storage order, finds where
 * each goes (or comes from), and keeps, per partner, the local offsets
 * as strided runs (a slant line cut at the other layout's blocks is one
 * run).  Sender and receiver list a message's elements in the same order,
 * the sender's local order: the receiver sorts its elements from each
 * partner by their place there.  Work and memory grow with this process's
 * own elements, never with the others'. */
#ifndef BCR_PLAN_ELEMENTS_H
#define BCR_PLAN_ELEMENTS_H

#include "base/side.h"
#include "layout/linear.h"

/* One side of an element plan: a descriptor's or a blocks layout's bound
 * side (side), blocks with owners of their own (own), or a linear
 * distribution whose process k is rank ranks[k]; bounds[first[k] ..
 * first[k] + L_k] is process k's bound array (made by bcr_eside_linear).
 * m x n is the matrix moved; me (linear, owners) this process's index or
 * rank. */
typedef struct {
    const bcr_side *side;
    const bcr_owner_blocks *own;
    const bcr_linear *lin;
    const int *ranks;
    bcr_idx *bounds, *first;
    bcr_idx *own_lr, *own_lc; /* owners: bcr_eside_prepare's block starts */
    int me; /* linear: this process's index, or -1 */
    int m, n;
} bcr_eside;

/* A linear side for process rank `rank`: its bound arrays made here.
 * Returns 0 or -1 (out of memory). */
int bcr_eside_linear(bcr_eside *s, const bcr_linear *lin, const int *ranks, int rank);
void bcr_eside_free(bcr_eside *s);

/* Elements at local offsets start, start + step, ..., len of them. */
typedef struct {
    bcr_idx start, step, len;
} bcr_srun;

typedef struct {
    int rank;
    bcr_idx count;  /* elements */
    bcr_idx offset; /* elements before this partner's in the buffer */
    bcr_srun *runs;
    bcr_idx nruns;
} bcr_epart;

typedef struct {
    bcr_epart *send, *recv; /* partners other than this process */
    int nsend, nrecv;
    bcr_epart self_send, self_recv; /* what stays here, as A and B see it */
    bcr_idx send_total, recv_total;
} bcr_eplan;

/* This process's plan from src to dst over nranks ranks.  Returns 0 or -1
 * (out of memory; pl then holds nothing). */
int bcr_eplan_build(bcr_eplan *pl, const bcr_eside *src, const bcr_eside *dst, int rank,
                    int nranks);
void bcr_eplan_free(bcr_eplan *pl);

/* Elements rank holds in o, and its local rows (-1: out of memory). */
bcr_idx bcr_owner_blocks_held(const bcr_owner_blocks *o, int rank);
bcr_idx bcr_owner_blocks_rows(const bcr_owner_blocks *o, int rank);

/* Elements this process holds on side s. */
bcr_idx bcr_eside_held(const bcr_eside *s);

/* For remaps (plan/remap.h). */
/* f for each element this process holds on s, in its storage order, with
 * its submatrix indices and local offset.  Returns 0 or -1. */
typedef void (*bcr_elem_fn)(void *ctx, bcr_idx gi, bcr_idx gj, bcr_idx off);
int bcr_eside_each(const bcr_eside *s, bcr_elem_fn f, void *ctx);
/* The owner of (gi, gj) and the element's place in the owner's storage
 * order. */
void bcr_eside_locate(const bcr_eside *s, bcr_idx gi, bcr_idx gj, int *rank, bcr_idx *key);
/* bcr_eside_offset needs this first on an owners side.  Returns 0 or -1. */
int bcr_eside_prepare(bcr_eside *s);
/* The local offset of (gi, gj), an element this process holds. */
bcr_idx bcr_eside_offset(const bcr_eside *s, bcr_idx gi, bcr_idx gj);
/* The parts of one direction: rank r's n[r] offsets are every stride-th
 * value from offs[r]; this process's own to *self, the others' to *parts
 * (allocated here) in rank order from this one on, each placed in the
 * buffer after the ones before (*total elements in all).  Returns 0 or -1
 * (out of memory). */
int bcr_eparts_make(bcr_idx *const *offs, const bcr_idx *n, int stride, int rank, int nranks,
                    bcr_epart **parts, int *nparts, bcr_epart *self, bcr_idx *total);

#endif
