/* libbcr_routine_clock.so: the wall time a program spends in the
 * redistribution and transposition routines bcredist replaces, with or
 * without bcredist, for the applications' timings (scripts/run-apps.sh).
 *
 * Preloaded first (LD_PRELOAD=libbcr_routine_clock.so[:drop-in]), it
 * defines ScaLAPACK's p?gemr2d_, p?trmr2d_, Cp?gemr2d, Cp?trmr2d and
 * PBLAS's p?tran_, p?tranu_, p?tranc_, p?geadd_ with their exact
 * prototypes; each calls the next definition of its name (the drop-in's,
 * or ScaLAPACK's own) between two readings of the clock.  At exit each
 * process prints one line on stderr:
 *   routine_clock: rank R: S s in N calls (name calls s, ...)
 * R is the launcher's rank (OMPI_COMM_WORLD_RANK or PMI_RANK), so no MPI
 * call is needed and the program's own MPI use is untouched. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_NAMES 64

static struct {
    const char *name;
    long calls;
    double seconds;
} tally[MAX_NAMES];
static int ntally;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A loaded object other than this one that defines the name: a library
 * that a dlopen'ed module brought in privately (Python's extensions) is
 * outside RTLD_NEXT's reach. */
struct search {
    const char *name;
    void *found;
};

static int search_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct search *s = data;
    Dl_info self;
    if (!info->dlpi_name[0] || !dladdr((void *)search_object, &self) ||
        strcmp(self.dli_fname, info->dlpi_name) == 0)
        return 0;
    void *h = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
    if (!h)
        return 0;
    s->found = dlsym(h, s->name);
    dlclose(h);
    return s->found != NULL;
}

static void *next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        struct search s = {name, NULL};
        dl_iterate_phdr(search_object, &s);
        f = s.found;
    }
    if (!f) {
        fprintf(stderr, "routine_clock: no definition of %s after this library\n", name);
        abort();
    }
    return f;
}

/* Calls are made by the program's threads one at a time in the
 * applications timed here (one thread per process). */
static void count(const char *name, double t0)
{
    double s = now() - t0;
    int k = 0;
    while (k < ntally && strcmp(tally[k].name, name) != 0)
        k++;
    if (k == MAX_NAMES)
        return;
    if (k == ntally)
        tally[ntally++].name = name;
    tally[k].calls++;
    tally[k].seconds += s;
}

__attribute__((destructor)) static void report(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    if (!r)
        r = getenv("PMI_RANK");
    double total = 0;
    long calls = 0;
    char detail[4096] = "";
    size_t at = 0;
    for (int k = 0; k < ntally; k++) {
        total += tally[k].seconds;
        calls += tally[k].calls;
        at += (size_t)snprintf(detail + at, sizeof detail - at, "%s%s %ld %.6f", k ? ", " : "",
                               tally[k].name, tally[k].calls, tally[k].seconds);
        if (at >= sizeof detail)
            break;
    }
    fprintf(stderr, "routine_clock: rank %s: %.6f s in %ld calls (%s)\n", r ? r : "?", total,
            calls, detail);
}

/* Only the outermost of nested calls counts: ScaLAPACK's p?gemr2d_
 * calls its Cp?gemr2d, and PBLAS's routines call others. */
static _Thread_local int depth;

#define TIMED(name, call)                                                                      \
    do {                                                                                       \
        double t0 = now();                                                                     \
        depth++;                                                                               \
        call;                                                                                  \
        if (--depth == 0)                                                                      \
            count(name, t0);                                                                   \
    } while (0)

/* ScaLAPACK's REDIST, C and Fortran (hidden lengths of uplo and diag). */
#define REDIST(T)                                                                              \
    void Cp##T##gemr2d(int m, int n, void *a, int ia, int ja, int *da, void *b, int ib, int jb, \
                       int *db, int ctxt)                                                      \
    {                                                                                          \
        typedef void (*f)(int, int, void *, int, int, int *, void *, int, int, int *, int);     \
        TIMED("Cp" #T "gemr2d",                                                                \
              ((f)next("Cp" #T "gemr2d"))(m, n, a, ia, ja, da, b, ib, jb, db, ctxt));           \
    }                                                                                          \
    void Cp##T##trmr2d(char *uplo, char *diag, int m, int n, void *a, int ia, int ja, int *da,  \
                       void *b, int ib, int jb, int *db, int ctxt)                             \
    {                                                                                          \
        typedef void (*f)(char *, char *, int, int, void *, int, int, int *, void *, int, int,  \
                          int *, int);                                                         \
        TIMED("Cp" #T "trmr2d", ((f)next("Cp" #T "trmr2d"))(uplo, diag, m, n, a, ia, ja, da, b,  \
                                                             ib, jb, db, ctxt));               \
    }                                                                                          \
    void p##T##gemr2d_(int *m, int *n, void *a, int *ia, int *ja, int *da, void *b, int *ib,    \
                       int *jb, int *db, int *ctxt)                                            \
    {                                                                                          \
        typedef void (*f)(int *, int *, void *, int *, int *, int *, void *, int *, int *,      \
                          int *, int *);                                                       \
        TIMED("p" #T "gemr2d_",                                                                \
              ((f)next("p" #T "gemr2d_"))(m, n, a, ia, ja, da, b, ib, jb, db, ctxt));           \
    }                                                                                          \
    void p##T##trmr2d_(char *uplo, char *diag, int *m, int *n, void *a, int *ia, int *ja,       \
                       int *da, void *b, int *ib, int *jb, int *db, int *ctxt, size_t lu,      \
                       size_t ld)                                                              \
    {                                                                                          \
        typedef void (*f)(char *, char *, int *, int *, void *, int *, int *, int *, void *,    \
                          int *, int *, int *, int *, size_t, size_t);                         \
        TIMED("p" #T "trmr2d_", ((f)next("p" #T "trmr2d_"))(uplo, diag, m, n, a, ia, ja, da, b,  \
                                                             ib, jb, db, ctxt, lu, ld));       \
    }

/* PBLAS's transposes and add (Fortran). */
#define PBLAS_TRAN(NAME)                                                                       \
    void NAME##_(int *m, int *n, void *alpha, void *a, int *ia, int *ja, int *da, void *beta,   \
                 void *c, int *ic, int *jc, int *dc)                                           \
    {                                                                                          \
        typedef void (*f)(int *, int *, void *, void *, int *, int *, int *, void *, void *,    \
                          int *, int *, int *);                                                \
        TIMED(#NAME "_", ((f)next(#NAME "_"))(m, n, alpha, a, ia, ja, da, beta, c, ic, jc, dc)); \
    }
#define PBLAS_GEADD(T)                                                                         \
    void p##T##geadd_(char *trans, int *m, int *n, void *alpha, void *a, int *ia, int *ja,      \
                      int *da, void *beta, void *c, int *ic, int *jc, int *dc, size_t lt)      \
    {                                                                                          \
        typedef void (*f)(char *, int *, int *, void *, void *, int *, int *, int *, void *,    \
                          void *, int *, int *, int *, size_t);                                \
        TIMED("p" #T "geadd_", ((f)next("p" #T "geadd_"))(trans, m, n, alpha, a, ia, ja, da,    \
                                                           beta, c, ic, jc, dc, lt));          \
    }

REDIST(s)
REDIST(d)
REDIST(c)
REDIST(z)
REDIST(i)
PBLAS_TRAN(pstran)
PBLAS_TRAN(pdtran)
PBLAS_TRAN(pctranu)
PBLAS_TRAN(pztranu)
PBLAS_TRAN(pctranc)
PBLAS_TRAN(pztranc)
PBLAS_GEADD(s)
PBLAS_GEADD(d)
PBLAS_GEADD(c)
PBLAS_GEADD(z)
