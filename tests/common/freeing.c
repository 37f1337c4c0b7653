/* Harness of the freeing tests; see freeing.h. */
#define _POSIX_C_SOURCE 200809L

#include "freeing.h"

#include <bcredist.h>
#include <mpi.h>

#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int fr_rank, fr_size, fr_reference_only;
long fr_checks;
static long failed;
static const char *label = "freeing";
static char step[256] = "(setup)";
static unsigned step_limit;
static unsigned time_factor = 1;
static MPI_Comm turns = MPI_COMM_NULL;

/* ---- steps and the watchdog ---------------------------------------------- */

/* Only async-signal-safe calls: the step's name was written before the
 * alarm was armed. */
static void on_alarm(int sig)
{
    (void)sig;
    char buf[512];
    int n = snprintf(buf, sizeof buf, "TIMEOUT: rank %d: %s hung (no return within %u s)\n",
                     fr_rank, step, step_limit);
    if (n > 0 && write(1, buf, (size_t)n) < 0)
        n = 0;
    _exit(1);
}

void fr_init(int *argc, char ***argv, int nprocs, const char *name)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &fr_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &fr_size);
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGALRM, on_alarm);
    label = name;
    const char *f = getenv("BCR_TEST_TIME_FACTOR");
    if (f && atoi(f) > 0)
        time_factor = (unsigned)atoi(f);
    for (int i = 1; i < *argc; i++)
        if (!strcmp((*argv)[i], "--reference-only"))
            fr_reference_only = 1;
    if (fr_size != nprocs) {
        if (fr_rank == 0)
            printf("FAIL: %s needs %d processes, has %d\n", label, nprocs, fr_size);
        MPI_Finalize();
        exit(1);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &turns);
    int p, n;
    Cblacs_pinfo(&p, &n);
    if (fr_rank == 0 && fr_reference_only)
        printf("%s: --reference-only: every bcredist call left out\n", label);
}

static void name_step(const char *fmt, va_list ap)
{
    vsnprintf(step, sizeof step, fmt, ap);
}

void fr_step(unsigned limit, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    name_step(fmt, ap);
    va_end(ap);
    step_limit = limit * time_factor;
    alarm(step_limit);
}

void fr_step_done(void) { alarm(0); }

void fr_fail(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    failed++;
    printf("FAIL [rank %d] %s: %s\n", fr_rank, step, buf);
}

void fr_sleep_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&t, &t))
        ;
}

/* ---- frees, timed ---------------------------------------------------------- */

#define FR_MAX_FREES 32
static struct {
    char name[64];
    double seconds;
} frees[FR_MAX_FREES];
static int nfrees;
static double free_t0;

void fr_free_begin(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    name_step(fmt, ap);
    va_end(ap);
    step_limit = FR_FREE_LIMIT * time_factor;
    alarm(step_limit);
    free_t0 = MPI_Wtime();
}

void fr_free_end(void)
{
    double t = MPI_Wtime() - free_t0;
    alarm(0);
    if (nfrees < FR_MAX_FREES) {
        snprintf(frees[nfrees].name, sizeof frees[nfrees].name, "%.63s", step);
        frees[nfrees++].seconds = t;
    }
}

/* ---- turns --------------------------------------------------------------- */

static int place_in(const int *order, int n)
{
    for (int i = 0; i < n; i++)
        if (order[i] == fr_rank)
            return i;
    fprintf(stderr, "rank %d is not in the order of turns\n", fr_rank);
    MPI_Abort(MPI_COMM_WORLD, 2);
    return -1;
}

void fr_turn_wait(const int *order, int n)
{
    int i = place_in(order, n), token;
    if (i == 0)
        return;
    fr_step(FR_CALL_LIMIT, "waiting for its turn after rank %d", order[i - 1]);
    MPI_Recv(&token, 1, MPI_INT, order[i - 1], 77, turns, MPI_STATUS_IGNORE);
    fr_step_done();
}

void fr_turn_pass(const int *order, int n)
{
    int i = place_in(order, n), token = i;
    if (i + 1 < n)
        MPI_Send(&token, 1, MPI_INT, order[i + 1], 77, turns);
}

/* ---- grids --------------------------------------------------------------- */

static fr_grid grid_of(int ctxt, int member)
{
    fr_grid g = {-1, 0, 0, 0, -1, -1};
    if (!member)
        return g;
    g.ctxt = ctxt;
    Cblacs_gridinfo(ctxt, &g.P, &g.Q, &g.myrow, &g.mycol);
    g.in = g.myrow >= 0 && g.myrow < g.P && g.mycol >= 0 && g.mycol < g.Q;
    if (!g.in)
        g.ctxt = -1;
    return g;
}

fr_grid fr_grid_map(int P, int Q, const int *ranks)
{
    int map[64], ctxt, member = 0;
    for (int r = 0; r < P; r++)
        for (int c = 0; c < Q; c++) {
            map[c * P + r] = ranks[r * Q + c]; /* column-major, leading dim P */
            member |= ranks[r * Q + c] == fr_rank;
        }
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridmap(&ctxt, map, P, P, Q);
    return grid_of(ctxt, member);
}

fr_grid fr_grid_init(const char *order, int P, int Q)
{
    int ctxt;
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, order, P, Q);
    return grid_of(ctxt, 1);
}

void fr_grid_exit(fr_grid *g, const char *name)
{
    if (!g->in)
        return;
    fr_free_begin("Cblacs_gridexit(%s)", name);
    Cblacs_gridexit(g->ctxt);
    fr_free_end();
    g->in = 0;
}

int fr_in(int ictxt)
{
    if (ictxt < 0)
        return 0;
    int P, Q, r, c;
    Cblacs_gridinfo(ictxt, &P, &Q, &r, &c);
    return r >= 0 && r < P && c >= 0 && c < Q;
}

/* ---- local arrays -------------------------------------------------------- */

size_t fr_type_size(char type)
{
    switch (type) {
    case 's': return sizeof(float);
    case 'd': return sizeof(double);
    case 'c': return sizeof(float _Complex);
    case 'z': return sizeof(double _Complex);
    default: return sizeof(int);
    }
}

int fr_array_make(fr_array *x, char type, const fr_grid *g, int M, int N, int MB, int NB)
{
    memset(x, 0, sizeof *x);
    x->type = type;
    x->elsize = fr_type_size(type);
    x->desc[1] = -1;
    if (!g->in)
        return 0;
    int zero = 0;
    x->lr = numroc_(&M, &MB, &g->myrow, &zero, &g->P);
    x->lc = numroc_(&N, &NB, &g->mycol, &zero, &g->Q);
    int lld = (x->lr > 1 ? x->lr : 1) + 1 + fr_rank % 3;
    int d[9] = {1, g->ctxt, M, N, MB, NB, 0, 0, lld};
    memcpy(x->desc, d, sizeof d);
    x->bytes = (size_t)lld * (size_t)x->lc * x->elsize;
    x->p = malloc(x->bytes ? x->bytes : 1);
    if (!x->p) {
        fr_fail("out of memory for %zu bytes", x->bytes);
        return -1;
    }
    return 0;
}

void fr_array_free(fr_array *x)
{
    free(x->p);
    x->p = NULL;
}

/* Element k's value: below 2^20, so exact in a float. */
static unsigned value_at(unsigned seed, size_t k)
{
    uint64_t z = (uint64_t)seed * 0x9E3779B97F4A7C15ULL + (uint64_t)fr_rank * 0x100000001B3ULL +
                 (uint64_t)k * 0xBF58476D1CE4E5B9ULL;
    z ^= z >> 31;
    return (unsigned)(z % 1000003u);
}

static size_t elements(const fr_array *x) { return x->elsize ? x->bytes / x->elsize : 0; }

/* Element k of x as it would be filled from seed, into out (elsize bytes);
 * a complex element is its real and imaginary parts side by side. */
static void filled(const fr_array *x, unsigned seed, size_t k, void *out)
{
    unsigned v = value_at(seed, k);
    float fs[2] = {(float)v, -(float)(v % 977u)};
    double ds[2] = {(double)v, (double)(v % 991u)};
    int i = (int)v - 500000;
    switch (x->type) {
    case 's': memcpy(out, fs, sizeof(float)); break;
    case 'c': memcpy(out, fs, 2 * sizeof(float)); break;
    case 'd': memcpy(out, ds, sizeof(double)); break;
    case 'z': memcpy(out, ds, 2 * sizeof(double)); break;
    default: memcpy(out, &i, sizeof i); break;
    }
}

void fr_array_fill(fr_array *x, unsigned seed)
{
    char *p = x->p;
    for (size_t k = 0, n = elements(x); k < n; k++)
        filled(x, seed, k, p + k * x->elsize);
}

void fr_array_sentinel(fr_array *x)
{
    if (x->p)
        memset(x->p, 0xA5, x->bytes); /* a NaN-free pattern no fill makes */
}

size_t fr_array_fill_differs(const fr_array *x, unsigned seed)
{
    const char *p = x->p;
    char e[16];
    size_t bad = 0;
    for (size_t k = 0, n = elements(x); k < n; k++) {
        filled(x, seed, k, e);
        bad += memcmp(p + k * x->elsize, e, x->elsize) != 0;
    }
    return bad;
}

/* ---- calls --------------------------------------------------------------- */

enum { CHAR_s = 's', CHAR_d = 'd', CHAR_c = 'c', CHAR_z = 'z', CHAR_i = 'i' };

#define FR_CALLS(ch, T)                                                                  \
    case CHAR_##ch:                                                                      \
        if (ref && uplo)                                                                 \
            Cp##ch##trmr2d((char *)uplo, (char *)diag, m, n, (T *)a->p, 1, 1, da,        \
                           (T *)b->p, 1, 1, db, ictxt);                                  \
        else if (ref)                                                                    \
            Cp##ch##gemr2d(m, n, (T *)a->p, 1, 1, da, (T *)b->p, 1, 1, db, ictxt);       \
        else if (uplo)                                                                   \
            bcr_p##ch##trmr2d(uplo, diag, m, n, (const T *)a->p, 1, 1, da, (T *)b->p, 1, \
                              1, db, ictxt);                                             \
        else                                                                             \
            bcr_p##ch##gemr2d(m, n, (const T *)a->p, 1, 1, da, (T *)b->p, 1, 1, db,      \
                              ictxt);                                                    \
        break;

int fr_call(int ref, const char *uplo, const char *diag, int m, int n, const fr_array *a,
            fr_array *b, int ictxt)
{
    int da[9], db[9];
    memcpy(da, a->desc, sizeof da);
    memcpy(db, b->desc, sizeof db);
    switch (a->type) {
        FR_CALLS(s, float)
        FR_CALLS(d, double)
        FR_CALLS(c, float _Complex)
        FR_CALLS(z, double _Complex)
        FR_CALLS(i, int)
    }
    return ref ? 0 : bcr_last_error(NULL);
}

int fr_same(const fr_array *ref, const fr_array *got)
{
    fr_checks++;
    if (!ref->bytes || !memcmp(ref->p, got->p, ref->bytes))
        return 1;
    size_t i = 0;
    while (((const unsigned char *)ref->p)[i] == ((const unsigned char *)got->p)[i])
        i++;
    size_t lld = (size_t)ref->desc[8], el = i / ref->elsize;
    fr_fail("B differs from ScaLAPACK's, first at local element (%zu, %zu) of %d x %d, LLD %zu",
            el % lld, el / lld, ref->lr, ref->lc, lld);
    return 0;
}

void fr_redistribute(const char *what, char type, const char *uplo, const char *diag, int M,
                     int N, const fr_grid *ga, int MA, int NA, const fr_grid *gb, int MB_,
                     int NB_, int ictxt, unsigned seed)
{
    fr_array a, bref, bbcr;
    memset(&bbcr, 0, sizeof bbcr);
    int bad = fr_array_make(&a, type, ga, M, N, MA, NA);
    bad |= fr_array_make(&bref, type, gb, M, N, MB_, NB_);
    if (!fr_reference_only)
        bad |= fr_array_make(&bbcr, type, gb, M, N, MB_, NB_);
    if (bad) {
        fr_array_free(&a);
        fr_array_free(&bref);
        fr_array_free(&bbcr);
        return;
    }
    fr_array_fill(&a, seed);
    fr_array_sentinel(&bref);
    fr_array_sentinel(&bbcr);
    fr_step(FR_CALL_LIMIT, "%s: ScaLAPACK's call", what);
    fr_call(1, uplo, diag, M, N, &a, &bref, ictxt);
    fr_step_done();
    if (!fr_reference_only) {
        fr_step(FR_CALL_LIMIT, "%s: bcredist's call", what);
        int code = fr_call(0, uplo, diag, M, N, &a, &bbcr, ictxt);
        fr_step_done();
        FR_CHECK(code == BCR_SUCCESS, "error %d", code);
        fr_same(&bref, &bbcr);
        size_t changed = fr_array_fill_differs(&a, seed);
        FR_CHECK(!changed, "%zu elements of A changed", changed);
    }
    fr_array_free(&a);
    fr_array_free(&bref);
    fr_array_free(&bbcr);
}

/* ---- the summary --------------------------------------------------------- */

int fr_finish(void)
{
    fr_step(FR_CALL_LIMIT, "the summary");
    char line[1024];
    int len = snprintf(line, sizeof line, "%s: rank %d frees:", label, fr_rank);
    for (int i = 0; i < nfrees && len < (int)sizeof line; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, "%s %s %.1f ms", i ? "," : "",
                        frees[i].name, 1e3 * frees[i].seconds);
    /* One line per rank, in rank order. */
    for (int r = 0; r < fr_size; r++) {
        if (r == fr_rank)
            printf("%s\n", line);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    long mine[2] = {fr_checks, failed}, sum[2];
    MPI_Allreduce(mine, sum, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (fr_rank == 0)
        printf("%s: %ld checks, %ld failed\n", label, sum[0], sum[1]);
    if (turns != MPI_COMM_NULL)
        MPI_Comm_free(&turns);
    fr_step_done();
    return sum[1] != 0;
}
