/* Setting a case up on the grids and timing one call (see timing_run.h). */
#include "timing_run.h"

#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"

#include "scalapack_ref.h"
#include "timing_update.h"

int timing_corrupt;
int timing_job_time;

/* The call's time from t0 and t1 on every rank (collective). */
static double call_time(double t0, double t1)
{
    if (!timing_job_time)
        return timing_slowest(t1 - t0);
    double v[2] = {-t0, t1}; /* the earliest start, the latest end */
    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return v[0] + v[1];
}

/* Both libraries take the same arguments; only the element type differs. */
#define TYPE_ROW(letter, ch, T)                                                            \
    {letter, sizeof(T), (gemr2d_fn)Cp##ch##gemr2d, (gemr2d_fn)bcr_p##ch##gemr2d,           \
     (trmr2d_fn)Cp##ch##trmr2d, (trmr2d_fn)bcr_p##ch##trmr2d}
static const type_info types[] = {
    TYPE_ROW('s', s, float),           TYPE_ROW('d', d, double),
    TYPE_ROW('c', c, float _Complex),  TYPE_ROW('z', z, double _Complex),
    TYPE_ROW('i', i, int),
};
#undef TYPE_ROW

const type_info *timing_type(char type)
{
    for (size_t k = 0; k < sizeof types / sizeof *types; k++)
        if (types[k].type == type)
            return &types[k];
    return NULL;
}

/* A's bytes and B's initial bytes differ, so a copy that never happened
 * and one that wrote outside the submatrix both show.  The bytes repeat
 * with no short period (a multiplicative hash of the offset): with
 * i * 131 mod 256 they repeated every 256 bytes, so reading 32 doubles
 * too far on went unseen. */
static char byte_at(size_t i, size_t salt)
{
    return (char)(((uint64_t)(i + salt) * UINT64_C(0x9E3779B97F4A7C15)) >> 56);
}

/* An update routine's case gets small integers instead of bytes
 * (timing_update.h), distinct in A and in C all the same. */
static local_matrix make_local(int ctxt, const tside *s, const tcase *k, size_t es, int is_b)
{
    local_matrix x = {{1, -1, s->M, s->N, s->MB, s->NB, s->rsrc, s->csrc, 1}, NULL, NULL, 0};
    if (ctxt < 0)
        return x;
    int p, q, r, c;
    Cblacs_gridinfo(ctxt, &p, &q, &r, &c);
    if (r < 0 || c < 0 || r >= p || c >= q)
        return x;
    int lr = numroc_(&s->M, &s->MB, &r, &s->rsrc, &p);
    int lc = numroc_(&s->N, &s->NB, &c, &s->csrc, &q);
    x.desc[1] = ctxt;
    x.desc[8] = lr > 1 ? lr : 1;
    x.bytes = (size_t)x.desc[8] * (size_t)lc * es;
    x.data = malloc(x.bytes ? x.bytes : 1);
    size_t salt = is_b ? 3 : ((size_t)r << 32) + ((size_t)c << 40) + 7;
    if (k->update)
        timing_update_fill(k->type, x.data, x.bytes, salt);
    else
        for (size_t i = 0; i < x.bytes; i++)
            x.data[i] = byte_at(i, salt);
    if (is_b) {
        x.init = malloc(x.bytes ? x.bytes : 1);
        memcpy(x.init, x.data, x.bytes);
    }
    return x;
}

int trial_open(trial *t, const tcase *c, int ictxt)
{
    int np, me;
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    memset(t, 0, sizeof *t);
    t->ty = timing_type(c->type);
    for (int s = 0; s < 2; s++)
        if (c->s[s].P < 1 || c->s[s].Q < 1 || c->s[s].P * c->s[s].Q > np)
            return 0;
    if (!t->ty)
        return 0;
    t->c = c;
    t->ictxt = ictxt;
    /* PBLAS needs A and C in one context: an update on grids of one shape
     * gets one grid (both would map the same ranks alike). */
    t->one_context = c->update && c->s[0].P == c->s[1].P && c->s[0].Q == c->s[1].Q;
    /* As ScaLAPACK's own testers: each grid row-major over the first ranks;
     * the ranks outside it get context -1 from the BLACS. */
    for (int s = 0; s < 2 - t->one_context; s++) {
        Cblacs_get(0, 0, &t->grid[s]);
        Cblacs_gridinit(&t->grid[s], "R", c->s[s].P, c->s[s].Q);
    }
    if (t->one_context)
        t->grid[1] = t->grid[0];
    t->a = make_local(t->grid[0], &c->s[0], c, t->ty->size, 0);
    t->bref = make_local(t->grid[1], &c->s[1], c, t->ty->size, 1);
    t->bbcr = make_local(t->grid[1], &c->s[1], c, t->ty->size, 1);
    if (c->update && !t->one_context) {
        tside ts = timing_update_temp_side(c);
        t->tmp = make_local(t->grid[1], &ts, c, t->ty->size, 0);
    }
    return 1;
}

void trial_close(trial *t)
{
    local_matrix *x[] = {&t->a, &t->bref, &t->bbcr, &t->tmp};
    for (int k = 0; k < 4; k++) {
        free(x[k]->data);
        free(x[k]->init);
    }
    for (int s = 0; s < 2 - t->one_context; s++)
        if (t->grid[s] >= 0)
            Cblacs_gridexit(t->grid[s]);
}

double timing_slowest(double t)
{
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return t;
}

static const char *uplo_arg(const tcase *c) { return c->uplo == 'U' ? "U" : "L"; }
static const char *diag_arg(const tcase *c) { return c->diag == 'U' ? "U" : "N"; }

static void call(trial *t, int bcr, local_matrix *b)
{
    const tcase *c = t->c;
    int ia = c->s[0].i, ja = c->s[0].j, ib = c->s[1].i, jb = c->s[1].j;
    if (c->update) {
        timing_update_call(t, bcr, b);
    } else if (c->trapezoid) {
        trmr2d_fn f = bcr ? t->ty->bcr_tr : t->ty->ref_tr;
        f(uplo_arg(c), diag_arg(c), c->m, c->n, t->a.data, ia, ja, t->a.desc, b->data, ib, jb,
          b->desc, t->ictxt);
    } else {
        gemr2d_fn f = bcr ? t->ty->bcr_ge : t->ty->ref_ge;
        f(c->m, c->n, t->a.data, ia, ja, t->a.desc, b->data, ib, jb, b->desc, t->ictxt);
    }
}

/* The corruption lands on B's process (0, 0), which holds B's first block.
 * It sets the byte to differ from ScaLAPACK's result (every bcredist call
 * comes after ScaLAPACK's first) rather than flipping it: a byte the call
 * does not write (outside the submatrix, or a unit diagonal) would be
 * flipped back by the next call. */
static void maybe_corrupt(trial *t)
{
    if (!timing_corrupt || !t->bbcr.bytes)
        return;
    int p, q, r, c;
    Cblacs_gridinfo(t->grid[1], &p, &q, &r, &c);
    if (r == 0 && c == 0)
        t->bbcr.data[0] = (char)(t->bref.data[0] ^ 1);
}

double trial_call_ref(trial *t)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    call(t, 0, &t->bref);
    return call_time(t0, MPI_Wtime());
}

double trial_call_bcr(trial *t)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    call(t, 1, &t->bbcr);
    double t1 = MPI_Wtime();
    maybe_corrupt(t);
    return call_time(t0, t1);
}

void trial_call_bcr_planned(trial *t, phase_sample *out)
{
    const tcase *c = t->c;
    bcr_phase_times ph;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    bcr_plan_t plan = bcr_plan_create(t->ty->type, c->trapezoid ? uplo_arg(c) : NULL,
                                      c->trapezoid ? diag_arg(c) : NULL, c->m, c->n, c->s[0].i,
                                      c->s[0].j, t->a.desc, c->s[1].i, c->s[1].j, t->bbcr.desc,
                                      t->ictxt);
    double t1 = MPI_Wtime();
    bcr_phase_times_reset();
    bcr_plan_execute(plan, t->a.data, t->bbcr.data);
    double t2 = MPI_Wtime();
    bcr_phase_times_get(&ph);
    bcr_plan_destroy(plan);
    maybe_corrupt(t);
    double v[PHASE_FIELDS] = {t2 - t0, t1 - t0, t2 - t1, ph.pack, ph.unpack, ph.local, ph.comm};
    MPI_Allreduce(MPI_IN_PLACE, v, PHASE_FIELDS, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    *out = (phase_sample){v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
}

void trial_reset_bcr(trial *t)
{
    if (t->bbcr.bytes)
        memcpy(t->bbcr.data, t->bbcr.init, t->bbcr.bytes);
}

int trial_same(const trial *t)
{
    int same = t->bref.bytes == t->bbcr.bytes &&
               (!t->bref.bytes || !memcmp(t->bref.data, t->bbcr.data, t->bref.bytes));
    MPI_Allreduce(MPI_IN_PLACE, &same, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return same;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double timing_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double timing_copy_bound(size_t bytes, int reps)
{
    char *src = malloc(bytes ? bytes : 1), *dst = malloc(bytes ? bytes : 1);
    memset(src, 1, bytes);
    memset(dst, 0, bytes);
    double *t = malloc((size_t)reps * sizeof *t);
    for (int r = 0; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        memcpy(dst, src, bytes);
        MPI_Barrier(MPI_COMM_WORLD);
        t[r] = MPI_Wtime() - t0;
    }
    double med = timing_slowest(timing_median(t, reps));
    free(src);
    free(dst);
    free(t);
    return med;
}
