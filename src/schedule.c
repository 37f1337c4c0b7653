#include "schedule.h"

#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "phase.h"

const char *bcr_strategy_name(int strategy)
{
    return strategy == BCR_STRATEGY_INDIRECT ? "indirect" : "direct";
}

static int same_grid(const bcr_side *A, const bcr_side *B)
{
    return A->P == B->P && A->Q == B->Q &&
           !memcmp(A->map, B->map, (size_t)A->P * (size_t)A->Q * sizeof *A->map);
}

/* Cost model, in rough shared-memory units: a message costs ALPHA bytes'
 * worth of time on top of its bytes.  Direct: every process exchanges with
 * up to P*Q partners.  Indirect: P + Q partners, but every byte moves
 * twice.  Only global values enter, so all processes agree. */
#define BCR_ALPHA_BYTES 65536.0

static int auto_choice(const bcr_setup *s, const bcr_mask *mk, size_t elsize)
{
    double procs = (double)s->A.P * s->A.Q;
    double bytes = (double)mk->m * (double)mk->n * (double)elsize / procs;
    double direct = procs * BCR_ALPHA_BYTES + bytes;
    double indirect = (double)(s->A.P + s->A.Q) * BCR_ALPHA_BYTES + 2.0 * bytes;
    return indirect < direct ? BCR_STRATEGY_INDIRECT : BCR_STRATEGY_DIRECT;
}

int bcr_strategy_forced(void)
{
    const char *env = getenv("BCR_STRATEGY");
    if (env && !strcmp(env, "direct"))
        return BCR_STRATEGY_DIRECT;
    if (env && !strcmp(env, "indirect"))
        return BCR_STRATEGY_INDIRECT;
    return -1;
}

int bcr_strategy_choose(const bcr_setup *s, const bcr_mask *mk, size_t elsize)
{
    if (!same_grid(&s->A, &s->B))
        return BCR_STRATEGY_DIRECT;
    int forced = bcr_strategy_forced();
    return forced >= 0 ? forced : auto_choice(s, mk, elsize);
}

/* The intermediate: rows laid out like B's, columns like A's, on their
 * common grid, holding just the submatrix (offsets folded into the first
 * block, as ScaLAPACK normalises them). */
static bcr_side intermediate(const bcr_side *A, const bcr_side *B, const bcr_mask *mk)
{
    bcr_side t = *A;
    t.MB = B->MB;
    t.RSRC = (int)((B->RSRC + B->i / B->MB) % B->P);
    t.i = B->i % B->MB;
    t.CSRC = (int)((A->CSRC + A->j / A->NB) % A->Q);
    t.j = A->j % A->NB;
    t.M = (int)(t.i + mk->m);
    t.N = (int)(t.j + mk->n);
    bcr_idx rows = t.in ? bcr_local_count(t.M, t.MB, t.myrow, t.RSRC, t.P) : 0;
    t.lld = (int)(rows > 1 ? rows : 1);
    return t;
}

int bcr_schedule_build(bcr_schedule *sc, const bcr_setup *s, const bcr_mask *mk,
                       size_t elsize, int myrank, int nranks)
{
    memset(sc, 0, sizeof *sc);
    sc->strategy = bcr_strategy_choose(s, mk, elsize);
    sc->active = s->A.in || s->B.in;
    if (sc->strategy == BCR_STRATEGY_DIRECT)
        return bcr_plan_build(&sc->phase[0], s, mk, elsize, myrank, nranks);
    bcr_side T = intermediate(&s->A, &s->B, mk);
    bcr_setup rows = *s, cols = *s;
    rows.B = T;
    cols.A = T;
    if (T.in) {
        sc->t_ld = T.lld;
        sc->t_elems = (bcr_idx)T.lld * bcr_local_count(T.N, T.NB, T.mycol, T.CSRC, T.Q);
    }
    int rc = bcr_plan_build(&sc->phase[0], &rows, mk, elsize, myrank, nranks);
    if (rc == BCR_SUCCESS)
        rc = bcr_plan_build(&sc->phase[1], &cols, mk, elsize, myrank, nranks);
    if (rc != BCR_SUCCESS)
        bcr_schedule_free(sc);
    return rc;
}

void bcr_schedule_free(bcr_schedule *sc)
{
    bcr_plan_free(&sc->phase[0]);
    bcr_plan_free(&sc->phase[1]);
}

/* Bytes this process sends through its shared segment in one phase at
 * most. */
static bcr_idx shm_bytes(const bcr_schedule *sc, size_t elsize)
{
    bcr_idx elems = 0;
    int phases = sc && sc->active ? (sc->strategy == BCR_STRATEGY_INDIRECT ? 2 : 1) : 0;
    for (int ph = 0; ph < phases; ph++)
        if (sc->phase[ph].send.shm_total > elems)
            elems = sc->phase[ph].send.shm_total;
    return elems * (bcr_idx)elsize;
}

int bcr_schedule_agree(const bcr_schedule *sc, size_t elsize, MPI_Comm comm, int rank, int size,
                       bcr_err *e, bcr_shm **sh)
{
    bcr_idx bytes = shm_bytes(sc, elsize);
    long long shm = bcr_shm_request(comm, bytes);
    int rc = bcr_agree_error(comm, rank, size, e, &shm);
    bcr_shm *t = rc ? NULL : bcr_shm_reserve(comm, shm, bytes);
    if (sh)
        *sh = t;
    return rc;
}

static int run_phases(const bcr_schedule *sc, const bcr_arrays *ar, MPI_Comm comm,
                      bcr_shm *sh)
{
    if (sc->strategy == BCR_STRATEGY_DIRECT)
        return bcr_exec(&sc->phase[0], ar, comm, sh);
    char *t = bcr_exec_scratch((size_t)sc->t_elems * ar->elsize);
    if (sc->t_elems && !t)
        return BCR_ERR_NOMEM;
    bcr_arrays one = {ar->a, ar->lda, t, sc->t_ld, ar->elsize};
    bcr_arrays two = {t, sc->t_ld, ar->b, ar->ldb, ar->elsize};
    int rc = bcr_exec(&sc->phase[0], &one, comm, sh);
    return rc ? rc : bcr_exec(&sc->phase[1], &two, comm, sh);
}

int bcr_schedule_run(const bcr_schedule *sc, const bcr_arrays *ar, MPI_Comm comm,
                     bcr_shm *sh)
{
    double t0 = bcr_phase_start();
    int rc = run_phases(sc, ar, comm, sh);
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    return rc;
}

int bcr_schedule_reserve(const bcr_schedule *sc, size_t elsize)
{
    if (!sc->active)
        return BCR_SUCCESS;
    int phases = sc->strategy == BCR_STRATEGY_INDIRECT ? 2 : 1;
    for (int ph = 0; ph < phases; ph++)
        if (bcr_exec_reserve(&sc->phase[ph], elsize))
            return BCR_ERR_NOMEM;
    if (sc->t_elems && !bcr_exec_scratch((size_t)sc->t_elems * elsize))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}
