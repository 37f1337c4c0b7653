/* What the per-dimension run-list generators share: the normalised
 * problem they solve, the pieces they emit, and their entry points.
 *
 * bcr_runlist_build (gen.h) normalises the two axes, picks a generator
 * whose precondition holds, lets it produce the runs of one period, and
 * expands that period over the repeats (runlist_period.h).  Every generator must produce
 * exactly what the general one produces; the specialised ones only get
 * there with less work, from the closed forms of Hsu and Chung (kr <-> r)
 * and Thakur (block <-> cyclic), see docs/design.md, "Generators".
 *
 * Normalised coordinates.  Submatrix index k sits, on a side with block
 * size nb over P processes, at the normalised global index G = s + k,
 * where s = off mod nb: the submatrix starts s elements into a block owned
 * by relative coordinate 0, and normalised block J = G / nb is owned by
 * relative coordinate J mod P at the normalised local index
 * (J / P) * nb + G mod nb.  Relative coordinate c is the absolute coordinate
 * (first + c) mod P, with first = (src + off / nb) mod P, and the true
 * local index exceeds the normalised one by a constant per coordinate, so
 * RSRC, whole blocks of offset and the choice of grid all disappear: a
 * generator sees only (nb, P, s) on each side and my relative coordinate.
 * Neither shift nor rotation changes which runs are adjacent, so merging
 * before or after undoing them gives the same runs.
 */
#ifndef BCR_PLAN_GEN_PROBLEM_H
#define BCR_PLAN_GEN_PROBLEM_H

#include "base/index.h"
#include "kernels/pieces.h"

typedef struct {
    bcr_idx nb;    /* block size */
    bcr_idx P;     /* processes along the axis */
    bcr_idx s;     /* off mod nb */
    bcr_idx first; /* absolute coordinate of relative coordinate 0 */
    bcr_idx lead;  /* off / nb: whole blocks before the submatrix */
} bcr_gen_side;

typedef struct {
    bcr_gen_side m, o; /* my side and the other side */
    bcr_idx e;         /* my relative coordinate */
    bcr_idx len;       /* the list covers k in [0, len) */
    bcr_idx period;    /* L = lcm(m.P * m.nb, o.P * o.nb), or len if that overflows */
    bcr_idx mine_step; /* L / m.P, or 0 if L overflows */
    bcr_idx other_step;/* L / o.P, or 0 if L overflows */
    bcr_idx plen;      /* generators cover k in [0, plen), plen = min(period, len) */
} bcr_gen_problem;

/* count runs in normalised coordinates, the first at (k0, mine, other),
 * each next one (kstep, mstep, ostep) further; `d` the other side's
 * relative coordinate.  Generators append these in increasing k within a
 * bucket; a piece of several runs (block <-> cyclic: one element every P;
 * kr <-> r and the general merge: whole blocks of one side inside a block
 * of the other) never has two of them adjacent, and no other piece of its
 * bucket falls between them. */
typedef struct {
    bcr_idx k0, len, mine, other, d;
    bcr_idx count, kstep, mstep, ostep;
} bcr_gen_piece;

/* Pieces start in the sink itself: most periods are short, and a heap
 * buffer per list would be a good part of the building time. */
#define BCR_GEN_SINK_LOCAL 128

typedef struct {
    bcr_gen_piece *v; /* local or heap */
    bcr_idx n, cap;
    bcr_gen_piece local[BCR_GEN_SINK_LOCAL];
} bcr_gen_sink;

void bcr_gen_sink_init(bcr_gen_sink *sk);
int bcr_gen_sink_grow(bcr_gen_sink *sk);
void bcr_gen_sink_free(bcr_gen_sink *sk);

/* Returns 0, or -1 when out of memory. */
static inline int bcr_gen_emit_strided(bcr_gen_sink *sk, bcr_idx k0, bcr_idx len, bcr_idx mine,
                                       bcr_idx other, bcr_idx d, bcr_idx count, bcr_idx kstep,
                                       bcr_idx mstep, bcr_idx ostep)
{
    if (sk->n == sk->cap && bcr_gen_sink_grow(sk))
        return -1;
    bcr_gen_piece *p = &sk->v[sk->n++];
    *p = (bcr_gen_piece){k0, len, mine, other, d, count, kstep, mstep, ostep};
    return 0;
}

static inline int bcr_gen_emit(bcr_gen_sink *sk, bcr_idx k0, bcr_idx len, bcr_idx mine,
                               bcr_idx other, bcr_idx d)
{
    return bcr_gen_emit_strided(sk, k0, len, mine, other, d, 1, 0, 0, 0);
}

/* Whether b starts where a ends, in k and in both local storages: the two
 * are one run (kernels/pieces.h). */
static inline int bcr_runs_adjacent(const bcr_run *a, const bcr_run *b)
{
    return a->k0 + a->len == b->k0 && a->mine + a->len == b->mine &&
           a->other + a->len == b->other;
}

/* A piece's local offsets and coordinate from normalised to true ones
 * (the shifts of gen.h's header: constant per coordinate). */
static inline void bcr_gen_denormalise(const bcr_gen_problem *pb, bcr_gen_piece *p)
{
    p->mine += pb->m.nb * ((pb->m.lead + pb->e) / pb->m.P);
    p->other += pb->o.nb * ((pb->o.lead + p->d) / pb->o.P);
    p->d = (pb->o.first + p->d) % pb->o.P;
}

/* Floor division and modulo for a possibly negative numerator, b > 0. */
static inline bcr_idx bcr_floordiv(bcr_idx a, bcr_idx b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
static inline bcr_idx bcr_mod(bcr_idx a, bcr_idx b)
{
    return a - bcr_floordiv(a, b) * b;
}

/* Each generator: a precondition on the normalised problem and the runs of
 * k in [0, plen), emitted in increasing k.  Generators return 0 or -1. */
typedef struct {
    int (*applies)(const bcr_gen_problem *pb);
    int (*generate)(const bcr_gen_problem *pb, bcr_gen_sink *sk);
} bcr_generator;

int bcr_gen_identity_applies(const bcr_gen_problem *pb);
int bcr_gen_identity(const bcr_gen_problem *pb, bcr_gen_sink *sk);
int bcr_gen_kr_to_r_applies(const bcr_gen_problem *pb);
int bcr_gen_kr_to_r(const bcr_gen_problem *pb, bcr_gen_sink *sk);
int bcr_gen_r_to_kr_applies(const bcr_gen_problem *pb);
int bcr_gen_r_to_kr(const bcr_gen_problem *pb, bcr_gen_sink *sk);
int bcr_gen_block_to_cyclic_applies(const bcr_gen_problem *pb);
int bcr_gen_block_to_cyclic(const bcr_gen_problem *pb, bcr_gen_sink *sk);
int bcr_gen_cyclic_to_block_applies(const bcr_gen_problem *pb);
int bcr_gen_cyclic_to_block(const bcr_gen_problem *pb, bcr_gen_sink *sk);
int bcr_gen_general_applies(const bcr_gen_problem *pb);
int bcr_gen_general(const bcr_gen_problem *pb, bcr_gen_sink *sk);

/* Normalise the arguments of bcr_runlist_build (gen.h) into pb. */
void bcr_gen_normalise(bcr_gen_problem *pb, bcr_idx len, const bcr_axis *mine, int me,
                       const bcr_axis *other);

#endif
