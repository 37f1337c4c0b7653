/* bcr_test_compare: random numbers, grid pools, running and checking one
 * configuration. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "compare.h"

#include <bcredist.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmp_type_char[CMP_NTYPES] = {'s', 'd', 'c', 'z', 'i'};
const int cmp_type_size[CMP_NTYPES] = {4, 8, 8, 16, 4};

/* Guard elements before and after every local array: compared too. */
#define CMP_GUARD 4
/* Detailed reports per rank; later mismatches are only counted. */
#define CMP_MAX_PRINTED 8

/* The sweeps' streams: test_rng_init with this program's salt. */
void cmp_rng_init(test_rng *r, uint64_t seed, uint64_t stream, uint64_t index)
{
    test_rng_init(r, seed, stream, index, 7);
}

/* ------------------------------------------------------------------------ */
/* grids                                                                    */

void cmp_grid_init(cmp_grid *g, char order, int nprow, int npcol)
{
    memset(g, 0, sizeof *g);
    g->kind = (order == 'C' || order == 'c') ? CMP_GRID_INIT_C : CMP_GRID_INIT_R;
    g->nprow = nprow;
    g->npcol = npcol;
    for (int r = 0; r < nprow; r++)
        for (int c = 0; c < npcol; c++)
            g->map[r + c * nprow] =
                g->kind == CMP_GRID_INIT_C ? r + c * nprow : r * npcol + c;
}

void cmp_grid_map(cmp_grid *g, int nprow, int npcol, const int *ranks)
{
    memset(g, 0, sizeof *g);
    g->kind = CMP_GRID_MAP;
    g->nprow = nprow;
    g->npcol = npcol;
    memcpy(g->map, ranks, sizeof(int) * (size_t)(nprow * npcol));
}

int cmp_pool_add(cmp_pool *p, const cmp_grid *g)
{
    if (p->n >= CMP_MAXPOOL) {
        fprintf(stderr, "compare: harness error: pool full\n");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    p->g[p->n] = *g;
    p->made[p->n] = 0;
    p->ctxt[p->n] = -1;
    return p->n++;
}

static int grid_has(const cmp_grid *g, int rank, int *row, int *col)
{
    for (int r = 0; r < g->nprow; r++)
        for (int c = 0; c < g->npcol; c++)
            if (g->map[r + c * g->nprow] == rank) {
                *row = r;
                *col = c;
                return 1;
            }
    *row = *col = -1;
    return 0;
}

void cmp_pool_make(cmp_pool *p, int i)
{
    if (p->made[i])
        return;
    cmp_grid *g = &p->g[i];
    int ctxt, rank, np;
    char order[2] = {g->kind == CMP_GRID_INIT_C ? 'C' : 'R', 0};
    Cblacs_pinfo(&rank, &np);
    Cblacs_get(0, 0, &ctxt);
    if (g->kind == CMP_GRID_MAP)
        Cblacs_gridmap(&ctxt, g->map, g->nprow, g->nprow, g->npcol);
    else
        Cblacs_gridinit(&ctxt, order, g->nprow, g->npcol);

    /* Check that BLACS built the grid we describe. */
    int row, col, inside = grid_has(g, rank, &row, &col), bad = 0;
    if (inside) {
        int pr, pc, mr, mc;
        Cblacs_gridinfo(ctxt, &pr, &pc, &mr, &mc);
        /* every rank checks its own place, so together they check the map */
        if (ctxt < 0 || pr != g->nprow || pc != g->npcol || mr != row || mc != col)
            bad = 1;
    } else if (ctxt >= 0) {
        int pr, pc, mr, mc;
        Cblacs_gridinfo(ctxt, &pr, &pc, &mr, &mc);
        if (mr >= 0 && mr < pr && mc >= 0 && mc < pc)
            bad = 1;
        ctxt = -1; /* treated as outside: never used, but freed below */
    }
    if (bad) {
        fprintf(stderr, "compare: harness error: BLACS grid %d differs from its spec\n", i);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    p->ctxt[i] = ctxt;
    p->made[i] = 1;
}

void cmp_pool_flush(cmp_pool *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->made[i] && p->ctxt[i] >= 0)
            Cblacs_gridexit(p->ctxt[i]);
    p->n = 0;
}

/* ------------------------------------------------------------------------ */
/* local layout                                                             */

/* Local counts come from the reference's own NUMROC, not from the library
 * under test. */
static int numroc(int n, int nb, int p, int src, int np)
{
    return numroc_(&n, &nb, &p, &src, &np);
}

/* 1-based global index of 0-based local index l on process p. */
static long local_to_global(long l, int nb, int p, int src, int np)
{
    int d = ((p - src) % np + np) % np;
    return ((l / nb) * np + d) * (long)nb + l % nb + 1;
}

typedef struct {
    int in;    /* this rank is in the grid */
    int ctxt;  /* grid context (-1 outside) */
    int nprow, npcol, myrow, mycol;
    int locr, locc, lld;
    size_t nel;          /* LLD * local columns */
    unsigned char *buf;  /* guard + array + guard; A, or B for the reference */
    unsigned char *buf2; /* copy of A, or B for bcredist */
    int desc[9];
} cmp_local;

static void fill(unsigned char *p, size_t nel, int type, uint64_t key)
{
    test_rng r;
    r.s = key;
    size_t ncomp = nel * (type == CMP_C || type == CMP_Z ? 2 : 1);
    if (type == CMP_D || type == CMP_Z) {
        for (size_t k = 0; k < ncomp; k++) {
            uint64_t u = test_rng_next(&r);
            unsigned e = (unsigned)(u >> 52) & 0x7ff;
            if (e == 0 || e == 0x7ff) /* no NaN, Inf or subnormal */
                u ^= 0x4000000000000000ULL;
            memcpy(p + 8 * k, &u, 8);
        }
    } else {
        for (size_t k = 0; k < ncomp; k++) {
            uint32_t u = (uint32_t)(test_rng_next(&r) >> 17);
            u ^= (uint32_t)test_rng_next(&r) << 15;
            if (type != CMP_I) {
                unsigned e = (u >> 23) & 0xff;
                if (e == 0 || e == 0xff)
                    u ^= 0x40000000U;
            }
            memcpy(p + 4 * k, &u, 4);
        }
    }
}

static void local_setup(cmp_local *L, const cmp_config *c, const cmp_side *s,
                        int ctxt, int rank, uint64_t key)
{
    int esz = cmp_type_size[c->type];
    memset(L, 0, sizeof *L);
    L->ctxt = ctxt;
    L->in = 0;
    if (ctxt >= 0) {
        Cblacs_gridinfo(ctxt, &L->nprow, &L->npcol, &L->myrow, &L->mycol);
        L->in = L->myrow >= 0 && L->myrow < L->nprow && L->mycol >= 0 &&
                L->mycol < L->npcol;
    }
    if (!L->in) {
        for (int k = 0; k < 9; k++)
            L->desc[k] = s->all_m1 ? -1 : s->garbage;
        L->desc[1] = -1;
        return;
    }
    L->locr = numroc(s->M, s->MB, L->myrow, s->RSRC, L->nprow);
    L->locc = numroc(s->N, s->NB, L->mycol, s->CSRC, L->npcol);
    if (L->locr == 0 && s->lld0)
        L->lld = 0;
    else
        L->lld = L->locr + s->pad[rank] > 1 ? L->locr + s->pad[rank] : 1;
    L->nel = (size_t)L->lld * (size_t)L->locc;
    size_t bytes = (L->nel + 2 * CMP_GUARD) * (size_t)esz;
    L->buf = malloc(bytes);
    L->buf2 = malloc(bytes);
    if (!L->buf || !L->buf2) {
        fprintf(stderr, "compare: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    fill(L->buf, L->nel + 2 * CMP_GUARD, c->type, key);
    memcpy(L->buf2, L->buf, bytes);
    int d[9] = {s->dtype, ctxt, s->M, s->N, s->MB, s->NB, s->RSRC, s->CSRC, L->lld};
    memcpy(L->desc, d, sizeof d);
}

static void local_free(cmp_local *L)
{
    free(L->buf);
    free(L->buf2);
}

static void *arr(const cmp_local *L, unsigned char *buf, int esz)
{
    return L->in ? buf + (size_t)CMP_GUARD * (size_t)esz : NULL;
}

/* ------------------------------------------------------------------------ */
/* calls                                                                    */

static void call_ref(const cmp_config *c, void *A, int *da, void *B, int *db,
                     int ictxt)
{
    char u[2] = {c->uplo, 0}, d[2] = {c->diag, 0};
    int m = c->m, n = c->n, ia = c->a.i, ja = c->a.j, ib = c->b.i, jb = c->b.j;
    if (!c->tr) {
        switch (c->type) {
        case CMP_S: Cpsgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_D: Cpdgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_C: Cpcgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_Z: Cpzgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        default: Cpigemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        }
    } else {
        switch (c->type) {
        case CMP_S: Cpstrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_D: Cpdtrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_C: Cpctrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_Z: Cpztrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        default: Cpitrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        }
    }
}

static void call_bcr(const cmp_config *c, const void *A, const int *da, void *B,
                     const int *db, int ictxt)
{
    char u[2] = {c->uplo, 0}, d[2] = {c->diag, 0};
    int m = c->m, n = c->n, ia = c->a.i, ja = c->a.j, ib = c->b.i, jb = c->b.j;
    if (!c->tr) {
        switch (c->type) {
        case CMP_S: bcr_psgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_D: bcr_pdgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_C: bcr_pcgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_Z: bcr_pzgemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        default: bcr_pigemr2d(m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        }
    } else {
        switch (c->type) {
        case CMP_S: bcr_pstrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_D: bcr_pdtrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_C: bcr_pctrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        case CMP_Z: bcr_pztrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        default: bcr_pitrmr2d(u, d, m, n, A, ia, ja, da, B, ib, jb, db, ictxt); break;
        }
    }
}

static uint64_t config_key(const cmp_config *c, int rank)
{
    return test_rng_mix(c->seed ^ test_rng_mix((uint64_t)c->index * 131 + 17) ^
                   test_rng_mix((uint64_t)rank + 0xABCDEF));
}

/* ------------------------------------------------------------------------ */
/* reporting                                                                */

static const char *kind_name(int k)
{
    return k == CMP_GRID_MAP ? "gridmap" : k == CMP_GRID_INIT_R ? "gridinit R" : "gridinit C";
}

static void print_grid(FILE *o, const char *label, const cmp_pool *pool, int i)
{
    const cmp_grid *g = &pool->g[i];
    fprintf(o, "    %s = pool[%d]: %s %dx%d, world ranks by row:", label, i,
            kind_name(g->kind), g->nprow, g->npcol);
    for (int r = 0; r < g->nprow; r++) {
        fprintf(o, " [");
        for (int c = 0; c < g->npcol; c++)
            fprintf(o, c ? " %d" : "%d", g->map[r + c * g->nprow]);
        fprintf(o, "]");
    }
    fprintf(o, "\n");
}

static void print_side(FILE *o, const char *label, const cmp_side *s, int nprocs)
{
    fprintf(o,
            "    %s: M=%d N=%d MB=%d NB=%d RSRC=%d CSRC=%d %s=%d %s=%d DTYPE=%d"
            " lld0=%d outside=%s",
            label, s->M, s->N, s->MB, s->NB, s->RSRC, s->CSRC,
            label[0] == 'A' ? "ia" : "ib", s->i, label[0] == 'A' ? "ja" : "jb",
            s->j, s->dtype, s->lld0, s->all_m1 ? "all -1" : "garbage");
    if (!s->all_m1)
        fprintf(o, "(%d)", s->garbage);
    fprintf(o, " LLD pad by rank:");
    for (int r = 0; r < nprocs; r++)
        fprintf(o, " %d", s->pad[r]);
    fprintf(o, "\n");
}

void cmp_print_config(FILE *o, const cmp_config *c, const cmp_pool *pool, int rank)
{
    int np, me;
    Cblacs_pinfo(&me, &np);
    fprintf(o, "  [rank %d] %s seed=%llu index=%ld: p%c%s", rank, c->mode,
            (unsigned long long)c->seed, c->index, cmp_type_char[c->type],
            c->tr ? "trmr2d" : "gemr2d");
    if (c->tr)
        fprintf(o, " uplo='%c' diag='%c'", c->uplo, c->diag);
    fprintf(o, " m=%d n=%d ia=%d ja=%d ib=%d jb=%d %s first%s\n", c->m, c->n,
            c->a.i, c->a.j, c->b.i, c->b.j, c->ref_first ? "reference" : "bcredist",
            c->odd_skip ? ", odd ranks do not call" : "");
    print_grid(o, "ictxt", pool, c->world);
    print_grid(o, "grid A", pool, c->ga);
    print_grid(o, "grid B", pool, c->gb);
    print_side(o, "A", &c->a, np);
    print_side(o, "B", &c->b, np);
}

static void print_desc(FILE *o, const char *label, const int *d)
{
    fprintf(o, " %s={%d,%d,%d,%d,%d,%d,%d,%d,%d}", label, d[0], d[1], d[2], d[3],
            d[4], d[5], d[6], d[7], d[8]);
}

static void print_local(FILE *o, const char *label, const cmp_local *L)
{
    if (L->in)
        fprintf(o, " %s at (%d,%d) of %dx%d, locr=%d locc=%d LLD=%d;", label,
                L->myrow, L->mycol, L->nprow, L->npcol, L->locr, L->locc, L->lld);
    else
        fprintf(o, " not in grid %s (array NULL);", label);
}

static void print_bytes(FILE *o, const unsigned char *p, int esz)
{
    for (int k = 0; k < esz; k++)
        fprintf(o, "%02x", p[k]);
}

/* Describe the first differing element of two guarded arrays. */
static void report_diff(FILE *o, const char *what, const cmp_local *L, const cmp_side *s,
                        const unsigned char *expect, const unsigned char *got,
                        int esz)
{
    size_t total = L->nel + 2 * CMP_GUARD, k, ndiff = 0, first = 0;
    for (k = 0; k < total; k++)
        if (memcmp(expect + k * esz, got + k * esz, (size_t)esz)) {
            if (!ndiff)
                first = k;
            ndiff++;
        }
    fprintf(o, "    %s: %zu of %zu elements differ; first at ", what, ndiff,
            total);
    if (first < CMP_GUARD) {
        fprintf(o, "guard element %zu before the array", CMP_GUARD - first);
    } else if (first >= CMP_GUARD + L->nel) {
        fprintf(o, "guard element %zu after the array", first - CMP_GUARD - L->nel);
    } else {
        size_t e = first - CMP_GUARD;
        long lr = (long)(e % (size_t)L->lld), lc = (long)(e / (size_t)L->lld);
        fprintf(o, "local element %zu (local row %ld, col %ld, 0-based, LLD %d, ",
                e, lr, lc, L->lld);
        if (lr >= L->locr)
            fprintf(o, "padding row");
        else
            fprintf(o, "global (%ld,%ld) 1-based",
                    local_to_global(lr, s->MB, L->myrow, s->RSRC, L->nprow),
                    local_to_global(lc, s->NB, L->mycol, s->CSRC, L->npcol));
        fprintf(o, ")");
    }
    fprintf(o, ": expected ");
    print_bytes(o, expect + first * esz, esz);
    fprintf(o, " got ");
    print_bytes(o, got + first * esz, esz);
    fprintf(o, "\n");
}

static void report_head(FILE *o, const cmp_config *c, const cmp_pool *pool, int rank,
                        const char *why, cmp_stats *st)
{
    fprintf(o, "compare: MISMATCH on rank %d (%s seed=%llu index=%ld): %s\n",
            rank, c->mode, (unsigned long long)c->seed, c->index, why);
    cmp_print_config(o, c, pool, rank);
    int np, me;
    Cblacs_pinfo(&me, &np);
    const char *via = cmp_via_plan ? " --via-plan" : "";
    if (c->seed || strcmp(c->mode, "systematic"))
        fprintf(o, "    replay: mpiexec -n %d bcr_test_compare --replay %llu %ld%s\n", np,
                (unsigned long long)c->seed, c->index, via);
    else
        fprintf(o, "    replay: mpiexec -n %d bcr_test_compare --systematic --only %ld%s\n",
                np, c->index, via);
    st->printed++;
}

/* ------------------------------------------------------------------------ */

static int run_plan(const cmp_config *c, cmp_pool *pool, int rank, cmp_stats *st);

int cmp_run(const cmp_config *c, cmp_pool *pool, int rank, int nprocs,
            cmp_stats *st)
{
    if (cmp_via_plan)
        return run_plan(c, pool, rank, st);
    cmp_pool_make(pool, c->world);
    cmp_pool_make(pool, c->ga);
    cmp_pool_make(pool, c->gb);
    st->configs++;

    int ictxt = pool->ctxt[c->world];
    if (ictxt < 0 || (c->odd_skip && rank % 2 == 1))
        return 0; /* not a caller */
    st->calls++;
    (void)nprocs;

    int esz = cmp_type_size[c->type];
    uint64_t key = config_key(c, rank);
    cmp_local A, B;
    local_setup(&A, c, &c->a, pool->ctxt[c->ga], rank, test_rng_mix(key ^ 0xA));
    local_setup(&B, c, &c->b, pool->ctxt[c->gb], rank, test_rng_mix(key ^ 0xB));

    int da_ref[9], db_ref[9], da_bcr[9], db_bcr[9];
    memcpy(da_ref, A.desc, sizeof da_ref);
    memcpy(db_ref, B.desc, sizeof db_ref);
    memcpy(da_bcr, A.desc, sizeof da_bcr);
    memcpy(db_bcr, B.desc, sizeof db_bcr);

    int err = BCR_SUCCESS;
    const char *msg = "";
    size_t abytes = (A.nel + 2 * CMP_GUARD) * (size_t)esz;
    size_t bbytes = (B.nel + 2 * CMP_GUARD) * (size_t)esz;
    int a_by_ref = 0, a_by_bcr = 0;
    unsigned char *amod = NULL; /* A as bcredist left it, when it changed */
    for (int pass = 0; pass < 2; pass++) {
        if ((pass == 0) == (c->ref_first != 0)) {
            double t = MPI_Wtime();
            call_ref(c, arr(&A, A.buf, esz), da_ref, arr(&B, B.buf, esz), db_ref,
                     ictxt);
            st->t_ref += MPI_Wtime() - t;
            if (A.in && memcmp(A.buf, A.buf2, abytes)) {
                a_by_ref = 1;
                memcpy(A.buf, A.buf2, abytes); /* give bcredist the same input */
            }
        } else {
            double t = MPI_Wtime();
            call_bcr(c, arr(&A, A.buf, esz), da_bcr, arr(&B, B.buf2, esz), db_bcr,
                     ictxt);
            st->t_bcr += MPI_Wtime() - t;
            err = bcr_last_error(&msg);
            if (A.in && memcmp(A.buf, A.buf2, abytes)) {
                a_by_bcr = 1;
                amod = malloc(abytes);
                if (amod)
                    memcpy(amod, A.buf, abytes);
                memcpy(A.buf, A.buf2, abytes);
            }
        }
    }

    int bad = 0;
    int berr = err != BCR_SUCCESS;
    int bdiff = B.in && memcmp(B.buf, B.buf2, bbytes) != 0;
    int ddiff = memcmp(da_bcr, A.desc, sizeof da_bcr) || memcmp(db_bcr, B.desc, sizeof db_bcr);
    if (berr || bdiff || a_by_ref || a_by_bcr || ddiff) {
        bad = 1;
        st->mismatches++;
        char *text = NULL;
        size_t textlen = 0;
        FILE *o = st->printed < CMP_MAX_PRINTED ? open_memstream(&text, &textlen) : NULL;
        if (o) { /* one write per report, so that ranks do not interleave */
            report_head(o, c, pool, rank,
                        berr       ? "bcr_last_error() is not BCR_SUCCESS"
                        : bdiff    ? "local B differs from the reference"
                        : a_by_bcr ? "bcredist modified local A"
                        : a_by_ref ? "the reference modified local A"
                                   : "bcredist modified a descriptor",
                        st);
            fprintf(o, "    this rank: ictxt handle %d;", ictxt);
            print_local(o, "A", &A);
            print_local(o, "B", &B);
            fprintf(o, "\n");
            fprintf(o, "   ");
            print_desc(o, "desca", A.desc);
            print_desc(o, "descb", B.desc);
            fprintf(o, "\n");
            if (berr)
                fprintf(o, "    bcr_last_error() = %d: %s\n", err, msg ? msg : "(null)");
            if (bdiff)
                report_diff(o, "B (expected = reference, got = bcredist)", &B, &c->b,
                            B.buf, B.buf2, esz);
            if (a_by_bcr && amod)
                report_diff(o, "A (expected = before the call, got = after bcredist)", &A,
                            &c->a, A.buf2, amod, esz);
            if (a_by_ref)
                fprintf(o, "    A was modified by the reference call\n");
            if (ddiff) {
                fprintf(o, "    descriptors after bcredist:");
                print_desc(o, "desca", da_bcr);
                print_desc(o, "descb", db_bcr);
                fprintf(o, "\n");
            }
            fclose(o);
            fputs(text, stderr);
            fflush(stderr);
            free(text);
        }
    }
    free(amod);
    local_free(&A);
    local_free(&B);
    return bad;
}

/* ------------------------------------------------------------------------ */
/* through the plan API (--via-plan)                                        */
/*                                                                          */
/* Per configuration, decided from (seed, index) alone so that every rank   */
/* agrees: the plan is created before or after the reference call; now and */
/* then a direct call on the same layout comes between create and execute; */
/* the plan runs twice (the second time on new A and B contents, with NULL  */
/* arrays where this process holds nothing of the submatrix); and a quarter */
/* of the plans are kept past the contexts (and maybe bcr_finalize), then   */
/* executed a third time or only destroyed by cmp_plan_settle.             */

int cmp_via_plan;
long cmp_slot;

typedef struct kept {
    struct kept *next;
    bcr_plan_t plan;
    int execute; /* execute once more before destroying */
    long slot;
    int ictxt;
    cmp_config c;
    cmp_pool pool;  /* specifications only, for reports */
    cmp_local A, B; /* A.buf the input, A.buf2 its copy; B.buf the expected
                     * result, B.buf2 B before the call */
    int a_null, b_null;
} kept;

static kept *kept_head, *kept_tail;

/* Elements of the m x n submatrix rectangle this process holds on one side
 * (an upper bound of the trapezoid's). */
static long rect_held(const cmp_local *L, const cmp_side *s, int m, int n)
{
    if (!L->in)
        return 0;
    long r = numroc(s->i - 1 + m, s->MB, L->myrow, s->RSRC, L->nprow) -
             numroc(s->i - 1, s->MB, L->myrow, s->RSRC, L->nprow);
    long q = numroc(s->j - 1 + n, s->NB, L->mycol, s->CSRC, L->npcol) -
             numroc(s->j - 1, s->NB, L->mycol, s->CSRC, L->npcol);
    return r * q;
}

typedef struct {
    const cmp_config *c;
    const cmp_pool *pool;
    int rank, ictxt, esz;
    const cmp_local *A, *B;
    cmp_stats *st;
} plan_view;

/* Report one failing stage of a plan (one write per report). */
static void plan_report(const plan_view *x, const char *stage, const char *why,
                        int err, const char *msg, const unsigned char *bexp,
                        const unsigned char *bgot, const unsigned char *aexp,
                        const unsigned char *agot)
{
    x->st->mismatches++;
    if (x->st->printed >= CMP_MAX_PRINTED)
        return;
    char *text = NULL;
    size_t textlen = 0;
    FILE *o = open_memstream(&text, &textlen);
    if (!o)
        return;
    char head[300];
    snprintf(head, sizeof head, "plan API, %s: %s", stage, why);
    report_head(o, x->c, x->pool, x->rank, head, x->st);
    fprintf(o, "    this rank: ictxt handle %d;", x->ictxt);
    print_local(o, "A", x->A);
    print_local(o, "B", x->B);
    fprintf(o, "\n   ");
    print_desc(o, "desca", x->A->desc);
    print_desc(o, "descb", x->B->desc);
    fprintf(o, "\n");
    if (err)
        fprintf(o, "    return / bcr_last_error() = %d: %s\n", err, msg ? msg : "(null)");
    if (bexp && bgot)
        report_diff(o, "B (expected = reference, got = bcredist)", x->B, &x->c->b, bexp,
                    bgot, x->esz);
    if (aexp && agot)
        report_diff(o, "A (expected = before the call, got = after bcredist)", x->A,
                    &x->c->a, aexp, agot, x->esz);
    fclose(o);
    fputs(text, stderr);
    fflush(stderr);
    free(text);
}

/* Compare one execution: its return code, B against the reference, A
 * unchanged.  Returns 1 on a difference (reported). */
static int plan_verdict(const plan_view *x, const char *stage, int rc,
                        const unsigned char *bexp, const unsigned char *bgot,
                        const unsigned char *aexp, const unsigned char *agot)
{
    const char *msg = "";
    int last = bcr_last_error(&msg);
    size_t abytes = (x->A->nel + 2 * CMP_GUARD) * (size_t)x->esz;
    size_t bbytes = (x->B->nel + 2 * CMP_GUARD) * (size_t)x->esz;
    int bdiff = x->B->in && memcmp(bexp, bgot, bbytes) != 0;
    int adiff = x->A->in && memcmp(aexp, agot, abytes) != 0;
    if (!rc && !last && !bdiff && !adiff)
        return 0;
    plan_report(x, stage,
                rc     ? "bcr_plan_execute did not return BCR_SUCCESS"
                : last ? "bcr_last_error() is not BCR_SUCCESS after bcr_plan_execute"
                : bdiff ? "local B differs from the reference"
                        : "bcredist modified local A",
                rc ? rc : last, msg, bdiff ? bexp : NULL, bdiff ? bgot : NULL,
                adiff ? aexp : NULL, adiff ? agot : NULL);
    return 1;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "compare: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    return p;
}

static int run_plan(const cmp_config *c, cmp_pool *pool, int rank, cmp_stats *st)
{
    cmp_pool_make(pool, c->world);
    cmp_pool_make(pool, c->ga);
    cmp_pool_make(pool, c->gb);
    st->configs++;
    int ictxt = pool->ctxt[c->world];
    if (ictxt < 0 || (c->odd_skip && rank % 2 == 1))
        return 0; /* not a caller */
    st->calls++;

    test_rng v; /* the same on every rank */
    cmp_rng_init(&v, c->seed, 0x504C414EULL, (uint64_t)c->index);
    int create_first = test_rng_chance(&v, 0.5);
    int direct_too = test_rng_chance(&v, 0.15);
    int null_if_empty = test_rng_chance(&v, 0.5);
    int keep = test_rng_chance(&v, 0.25);
    int keep_execute = test_rng_chance(&v, 0.75);

    int esz = cmp_type_size[c->type];
    uint64_t key = config_key(c, rank);
    cmp_local A, B;
    local_setup(&A, c, &c->a, pool->ctxt[c->ga], rank, test_rng_mix(key ^ 0xA));
    local_setup(&B, c, &c->b, pool->ctxt[c->gb], rank, test_rng_mix(key ^ 0xB));
    size_t abytes = (A.nel + 2 * CMP_GUARD) * (size_t)esz;
    size_t bbytes = (B.nel + 2 * CMP_GUARD) * (size_t)esz;
    plan_view x = {c, pool, rank, ictxt, esz, &A, &B, st};
    int bad = 0;

    /* The reference's arguments, and create's in buffers of our own that
     * are scribbled over before executing: the plan must have copied them. */
    int da_ref[9], db_ref[9], da[9], db[9];
    char u[2] = {c->uplo, 0}, d[2] = {c->diag, 0};
    unsigned char *b3 = NULL; /* B of a direct call between create and execute */
    if (direct_too && B.in) {
        b3 = xmalloc(bbytes);
        memcpy(b3, B.buf, bbytes);
    }
    bcr_plan_t plan = NULL;
    int created = 0;

    for (int round = 0; round < 2; round++) {
        const char *stage = round ? "second execution (new A and B contents)"
                                  : "first execution";
        int ref_first = round ? !c->ref_first : c->ref_first;
        const void *pa = arr(&A, A.buf, esz);
        void *pb = arr(&B, B.buf2, esz);
        if (round) {
            /* same layout, other contents; NULL where nothing is held */
            uint64_t k2 = test_rng_mix(key ^ 0x5EC0D);
            if (A.in) {
                fill(A.buf, A.nel + 2 * CMP_GUARD, c->type, test_rng_mix(k2 ^ 0xA));
                memcpy(A.buf2, A.buf, abytes);
            }
            if (B.in) {
                fill(B.buf, B.nel + 2 * CMP_GUARD, c->type, test_rng_mix(k2 ^ 0xB));
                memcpy(B.buf2, B.buf, bbytes);
            }
            if (null_if_empty && rect_held(&A, &c->a, c->m, c->n) == 0)
                pa = NULL;
            if (null_if_empty && rect_held(&B, &c->b, c->m, c->n) == 0)
                pb = NULL;
        }
        for (int step = 0; step < 4; step++) {
            /* 0: create if create_first; 1: the reference if ref_first;
             * 2: create if not yet done, a direct call now and then, and
             * execute; 3: the reference if not ref_first */
            if (step == 1 || step == 3) {
                if ((step == 1) != (ref_first != 0))
                    continue;
                memcpy(da_ref, A.desc, sizeof da_ref);
                memcpy(db_ref, B.desc, sizeof db_ref);
                double t = MPI_Wtime();
                call_ref(c, arr(&A, A.buf, esz), da_ref, arr(&B, B.buf, esz), db_ref, ictxt);
                st->t_ref += MPI_Wtime() - t;
                if (A.in && memcmp(A.buf, A.buf2, abytes)) {
                    plan_report(&x, stage, "the reference modified local A", 0, "", NULL,
                                NULL, NULL, NULL);
                    bad = 1;
                    memcpy(A.buf, A.buf2, abytes);
                }
                continue;
            }
            const char *msg = "";
            int last;
            if (!created && (step == 2 || create_first)) {
                memcpy(da, A.desc, sizeof da);
                memcpy(db, B.desc, sizeof db);
                u[0] = c->uplo;
                d[0] = c->diag;
                double t = MPI_Wtime();
                plan = bcr_plan_create(cmp_type_char[c->type], c->tr ? u : NULL,
                                       c->tr ? d : NULL, c->m, c->n, c->a.i, c->a.j, da,
                                       c->b.i, c->b.j, db, ictxt);
                st->t_bcr += MPI_Wtime() - t;
                created = 1;
                last = bcr_last_error(&msg);
                int ddiff = memcmp(da, A.desc, sizeof da) || memcmp(db, B.desc, sizeof db);
                if (!plan || last || ddiff) {
                    plan_report(&x, "bcr_plan_create",
                                !plan  ? "bcr_plan_create returned NULL"
                                : last ? "bcr_last_error() is not BCR_SUCCESS after create"
                                       : "bcr_plan_create modified a descriptor",
                                last, msg, NULL, NULL, NULL, NULL);
                    bad = 1;
                }
                if (!plan)
                    break;
                for (int k = 0; k < 9; k++)
                    da[k] = db[k] = -12345;
                u[0] = d[0] = '?';
            }
            if (step == 0)
                continue;
            if (direct_too && !round) {
                st->p_direct++;
                call_bcr(c, arr(&A, A.buf, esz), A.desc, arr(&B, b3, esz), B.desc, ictxt);
                last = bcr_last_error(&msg);
                if (last) {
                    plan_report(&x, "direct call after create",
                                "bcr_last_error() is not BCR_SUCCESS", last, msg, NULL, NULL,
                                NULL, NULL);
                    bad = 1;
                }
                if (A.in && memcmp(A.buf, A.buf2, abytes)) {
                    plan_report(&x, "direct call after create", "bcredist modified local A", 0,
                                "", NULL, NULL, A.buf2, A.buf);
                    bad = 1;
                    memcpy(A.buf, A.buf2, abytes);
                }
            }
            double t = MPI_Wtime();
            int rc = bcr_plan_execute(plan, pa, pb);
            st->t_bcr += MPI_Wtime() - t;
            st->p_exec++;
            st->p_null += (A.in && !pa) || (B.in && !pb);
            last = bcr_last_error(&msg);
            if (rc || last) {
                plan_report(&x, stage,
                            rc ? "bcr_plan_execute did not return BCR_SUCCESS"
                               : "bcr_last_error() is not BCR_SUCCESS after execute",
                            rc ? rc : last, msg, NULL, NULL, NULL, NULL);
                bad = 1;
            }
            if (A.in && memcmp(A.buf, A.buf2, abytes)) {
                plan_report(&x, stage, "bcredist modified local A", 0, "", NULL, NULL,
                            A.buf2, A.buf);
                bad = 1;
                memcpy(A.buf, A.buf2, abytes);
            }
        }
        if (!plan)
            break;
        if (B.in && memcmp(B.buf, B.buf2, bbytes)) {
            plan_report(&x, stage, "local B differs from the reference", 0, "", B.buf, B.buf2,
                        NULL, NULL);
            bad = 1;
        }
        if (!round && b3 && memcmp(B.buf, b3, bbytes)) {
            plan_report(&x, "direct call after create",
                        "local B of the direct call differs from the reference", 0, "", B.buf,
                        b3, NULL, NULL);
            bad = 1;
        }
    }
    free(b3);

    if (plan && keep) {
        kept *k = xmalloc(sizeof *k);
        memset(k, 0, sizeof *k);
        k->plan = plan;
        k->execute = keep_execute;
        k->slot = cmp_slot;
        k->ictxt = ictxt;
        k->c = *c;
        k->pool = *pool;
        k->A = A; /* the buffers move to the entry */
        k->B = B;
        /* B.buf holds the reference's result; B before the call is
         * re-made from the same key */
        if (B.in) {
            uint64_t k2 = test_rng_mix(key ^ 0x5EC0D);
            fill(k->B.buf2, B.nel + 2 * CMP_GUARD, c->type, test_rng_mix(k2 ^ 0xB));
        }
        k->a_null = null_if_empty && rect_held(&A, &c->a, c->m, c->n) == 0;
        k->b_null = null_if_empty && rect_held(&B, &c->b, c->m, c->n) == 0;
        if (kept_tail)
            kept_tail->next = k;
        else
            kept_head = k;
        kept_tail = k;
        return bad;
    }
    bcr_plan_destroy(plan);
    local_free(&A);
    local_free(&B);
    return bad;
}

long cmp_plan_settle(uint64_t key, int rank, cmp_stats *st, unsigned char *bad)
{
    test_rng r;
    cmp_rng_init(&r, key, 0x5E771EULL, 0);
    int finalized = test_rng_chance(&r, 0.4);
    if (finalized)
        bcr_finalize();
    long nbad = 0;
    while (kept_head) {
        kept *k = kept_head;
        kept_head = k->next;
        if (!kept_head)
            kept_tail = NULL;
        if (k->execute) {
            int esz = cmp_type_size[k->c.type];
            size_t bbytes = (k->B.nel + 2 * CMP_GUARD) * (size_t)esz;
            unsigned char *work = k->B.in ? xmalloc(bbytes) : NULL;
            if (work)
                memcpy(work, k->B.buf2, bbytes);
            const void *pa = k->a_null ? NULL : arr(&k->A, k->A.buf, esz);
            void *pb = k->b_null ? NULL : arr(&k->B, work, esz);
            double t = MPI_Wtime();
            int rc = bcr_plan_execute(k->plan, pa, pb);
            st->t_bcr += MPI_Wtime() - t;
            st->p_exec++;
            st->p_late++;
            st->p_final += finalized;
            st->p_null += (k->A.in && !pa) || (k->B.in && !pb);
            plan_view x = {&k->c, &k->pool, rank, k->ictxt, esz, &k->A, &k->B, st};
            /* the reference's B of the second execution is the expectation */
            int b = plan_verdict(&x,
                                 finalized ? "third execution, after the contexts were freed"
                                             " and bcr_finalize()"
                                           : "third execution, after the contexts were freed",
                                 rc, k->B.buf, work, k->A.buf2, k->A.buf);
            if (b) {
                nbad++;
                if (bad)
                    bad[k->slot] = 1;
            }
            free(work);
        } else {
            st->p_late_destroy++;
        }
        bcr_plan_destroy(k->plan);
        local_free(&k->A);
        local_free(&k->B);
        free(k);
    }
    return nbad;
}
