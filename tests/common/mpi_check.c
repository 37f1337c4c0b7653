/* Harness shared by the MPI error tests; see mpi_check.h. */
#define _POSIX_C_SOURCE 200809L

#include "mpi_check.h"

#include <mpi.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scalapack_ref.h"

/* ---- checks and failures ------------------------------------------------- */

int g_rank, g_size;
long g_checks, g_failed;
char g_case[256] = "(setup)";

void failf(const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    g_failed++;
    printf("FAIL [rank %d] %s: %s\n", g_rank, g_case, buf);
    fflush(stdout);
}

static void on_alarm(int sig)
{
    (void)sig;
    char buf[400];
    int n = snprintf(buf, sizeof buf, "FAIL [rank %d] %s: no return within %u s (hang)\n",
                     g_rank, g_case, g_case_timeout);
    if (n > 0 && write(1, buf, (size_t)n) < 0)
        n = 0;
    _exit(3);
}

void mpi_check_init(int *argc, char ***argv)
{
    int started;
    MPI_Initialized(&started); /* a program may start MPI itself, threaded */
    if (!started)
        MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    signal(SIGALRM, on_alarm);
    setvbuf(stdout, NULL, _IOLBF, 0);
    int bp, bn;
    Cblacs_pinfo(&bp, &bn);
}

static void name_case(const char *fmt, va_list ap)
{
    vsnprintf(g_case, sizeof g_case, fmt, ap);
}

void set_case(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    name_case(fmt, ap);
    va_end(ap);
}

void begin_case(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    name_case(fmt, ap);
    va_end(ap);
    alarm(g_case_timeout);
    MPI_Barrier(MPI_COMM_WORLD);
}

void end_case(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    alarm(0);
    if (g_rank == 0)
        printf("done %s\n", g_case);
}

int finish_checks(const char *label)
{
    long tot[2] = {g_checks, g_failed}, sum[2];
    MPI_Reduce(tot, sum, 2, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    int rc = 0;
    if (g_rank == 0) {
        printf("%s: %ld checks, %ld failed\n", label, sum[0], sum[1]);
        rc = sum[1] != 0;
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return rc;
}

/* ---- stderr capture ------------------------------------------------------ */

static FILE *g_capfile;
static int g_saved_stderr = -1;

void capture_begin(void)
{
    fflush(stderr);
    g_capfile = tmpfile();
    if (!g_capfile) {
        perror("tmpfile");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    g_saved_stderr = dup(2);
    dup2(fileno(g_capfile), 2);
}

void capture_end(char *out, size_t cap)
{
    fflush(stderr);
    dup2(g_saved_stderr, 2);
    close(g_saved_stderr);
    g_saved_stderr = -1;
    rewind(g_capfile);
    size_t n = fread(out, 1, cap - 1, g_capfile);
    out[n] = '\0';
    fclose(g_capfile);
    g_capfile = NULL;
}

/* ---- element types ------------------------------------------------------- */

const char tchar[NTYPES] = {'s', 'd', 'c', 'z', 'i'};
const size_t tsize[NTYPES] = {sizeof(float), sizeof(double), sizeof(float _Complex),
                              sizeof(double _Complex), sizeof(int)};

/* ---- collective helpers -------------------------------------------------- */

int max_over_world(int v)
{
    int r;
    MPI_Allreduce(&v, &r, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return r;
}

int any_over_world(int v)
{
    int r;
    MPI_Allreduce(&v, &r, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return r;
}

int same_everywhere(const char *what, int took_part, int code, const char *msg, char *first,
                    size_t cap)
{
    struct {
        int part, code;
        char msg[MSG_MAX];
    } mine, *all = NULL;
    memset(&mine, 0, sizeof mine);
    mine.part = took_part;
    mine.code = code;
    snprintf(mine.msg, sizeof mine.msg, "%s", msg ? msg : "(NULL)");
    if (g_rank == 0)
        all = malloc(sizeof mine * (size_t)g_size);
    MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, 0,
               MPI_COMM_WORLD);
    if (g_rank != 0)
        return 0;
    int f = -1;
    for (int r = 0; r < g_size; r++) {
        if (!all[r].part)
            continue;
        if (f < 0)
            f = r;
        else
            CHECK(all[r].code == all[f].code && !strcmp(all[r].msg, all[f].msg),
                  "%s%srank %d got \"%s\" (code %d) but rank %d got \"%s\" (code %d)",
                  what ? what : "", what ? ": " : "", f, all[f].msg, all[f].code, r,
                  all[r].msg, all[r].code);
    }
    if (f >= 0)
        snprintf(first, cap, "%s", all[f].msg);
    free(all);
    return f >= 0;
}

/* ---- grids and descriptors ----------------------------------------------- */

int grid_pos(int ctxt, int *pr, int *pc, int *r, int *c)
{
    *pr = *pc = 0;
    *r = *c = -1;
    if (ctxt < 0)
        return 0;
    Cblacs_gridinfo(ctxt, pr, pc, r, c);
    return *r >= 0 && *r < *pr && *c >= 0 && *c < *pc;
}

int ctxt_rank(int ctxt)
{
    int pr, pc, r, c;
    if (!grid_pos(ctxt, &pr, &pc, &r, &c))
        return -1;
    return r * pc + c;
}

int count_held(int lo, int len, int nb, int p, int src, int np)
{
    int cnt = 0;
    for (int g = lo; g < lo + len; g++)
        cnt += (src + g / nb) % np == p;
    return cnt;
}

void make_desc(int *d, const mat_t *mt, int lld_covers_M)
{
    int pr, pc, r, c;
    if (!grid_pos(mt->ctxt, &pr, &pc, &r, &c)) {
        for (int i = 0; i < 9; i++)
            d[i] = -1;
        return;
    }
    int rows = count_held(0, mt->M, mt->MB, r, mt->rsrc, pr);
    int lld = lld_covers_M && mt->M > rows ? mt->M : rows;
    int d9[9] = {1, mt->ctxt, mt->M, mt->N, mt->MB, mt->NB, mt->rsrc, mt->csrc,
                 lld + 1 + g_rank % 2};
    memcpy(d, d9, sizeof d9);
}

/* (i, j) 1-based in the m x n submatrix. */
static int in_trapezoid(int m, int n, char uplo, char diag, int i, int j)
{
    int unit = diag == 'U' || diag == 'u';
    if (uplo == 'U' || uplo == 'u')
        return i <= j + (m > n ? m - n : 0) - unit;
    return i >= j - (n > m ? n - m : 0) + unit;
}

int held_elements(const int *d, int i0, int j0, int m, int n, int tr, char uplo, char diag)
{
    int pr, pc, r, q;
    if (!grid_pos(d[1], &pr, &pc, &r, &q))
        return 0;
    int cnt = 0;
    for (int j = 1; j <= n; j++) {
        if ((d[7] + (j0 - 2 + j) / d[5]) % pc != q)
            continue;
        for (int i = 1; i <= m; i++)
            if ((d[6] + (i0 - 2 + i) / d[4]) % pr == r &&
                (!tr || in_trapezoid(m, n, uplo, diag, i, j)))
                cnt++;
    }
    return cnt;
}
