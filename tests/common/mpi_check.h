/* Harness shared by the MPI error tests (test_errors.c, test_plan_api.c):
 * check counting and failure reports, the per-case watchdog, stderr
 * capture, the element types, grid and descriptor helpers, collective
 * agreement checks, and the closing summary line.
 *
 * Every process counts its own checks; a failure prints
 * "FAIL [rank R] <case>: <text>" on stdout.  A case that does not return
 * within g_case_timeout seconds prints "FAIL [rank R] <case>: no return
 * within N s (hang)" and exits with status 3.
 */
#ifndef BCR_TEST_MPI_CHECK_H
#define BCR_TEST_MPI_CHECK_H

#include <stddef.h>

#define OUT_MAX 4096 /* captured stderr */
#define MSG_MAX 512  /* one error message */

/* ---- checks and failures ------------------------------------------------- */

extern int g_rank, g_size;         /* in MPI_COMM_WORLD */
extern long g_checks, g_failed;    /* this process's counts */
extern char g_case[256];           /* the current case, named in reports */

/* Seconds a case may take before it counts as hung.  Each test program
 * defines it (and may change it between cases). */
extern unsigned g_case_timeout;

void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        g_checks++;                                                            \
        if (!(cond))                                                           \
            failf(__VA_ARGS__);                                                \
    } while (0)

/* MPI_Init (unless the program started MPI already), g_rank and g_size, the watchdog's SIGALRM handler, a line
 * buffered stdout and Cblacs_pinfo. */
void mpi_check_init(int *argc, char ***argv);

/* Name the current case (no alarm, no barrier). */
void set_case(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Start a case: name it, arm the alarm, line the processes up. */
void begin_case(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* End a case: line the processes up, disarm the alarm, and print
 * "done <case>" on world rank 0. */
void end_case(void);

/* Sum the checks and failures over the world and print
 * "<label>: N checks, M failed" on world rank 0.  Returns, on every
 * process, 1 if anything failed, else 0.  Collective. */
int finish_checks(const char *label);

/* ---- stderr capture ------------------------------------------------------ */

/* Everything written to file descriptor 2 between the two calls ends up in
 * out (at most cap - 1 bytes, NUL-terminated). */
void capture_begin(void);
void capture_end(char *out, size_t cap);

/* ---- element types ------------------------------------------------------- */

enum { T_S, T_D, T_C, T_Z, T_I, NTYPES };
extern const char tchar[NTYPES];   /* 's', 'd', 'c', 'z', 'i' */
extern const size_t tsize[NTYPES]; /* bytes of one element */

/* ---- collective helpers -------------------------------------------------- */

int max_over_world(int v);
int any_over_world(int v);

/* Every process that took part got the same code and message (a NULL msg
 * counts as "(NULL)"); a difference fails a check on world rank 0, its
 * text prefixed by "<what>: " unless what is NULL.  On world rank 0, when
 * any process took part, copies the message of the lowest such rank into
 * first (cap bytes) and returns 1; otherwise returns 0.  Collective. */
int same_everywhere(const char *what, int took_part, int code, const char *msg, char *first,
                    size_t cap);

/* ---- grids and descriptors ----------------------------------------------- */

/* The grid shape and this process's place in ctxt; 1 inside the grid, 0
 * outside (ctxt < 0 included: then 0 x 0 and -1, -1). */
int grid_pos(int ctxt, int *pr, int *pc, int *r, int *c);

/* Rank of this process in ctxt's communicator (row-major), -1 outside. */
int ctxt_rank(int ctxt);

/* Number of indices in [lo, lo + len) that process p holds (by walking). */
int count_held(int lo, int len, int nb, int p, int src, int np);

typedef struct {
    int ctxt; /* grid context on this process, -1 outside */
    int M, N, MB, NB, rsrc, csrc;
} mat_t;

/* The descriptor of mt on this process, all -1 outside its grid.  LLD is
 * the local rows (at least M with lld_covers_M) plus 1 + g_rank % 2, so it
 * differs between processes on purpose. */
void make_desc(int *d, const mat_t *mt, int lld_covers_M);

/* Elements of the m x n submatrix at (i0, j0) (1-based) of the matrix desc
 * describes that this process holds: all of them, or with tr only those
 * in the trapezoid uplo and diag select (as trmr2d reads and writes); 0
 * outside the grid. */
int held_elements(const int *desc, int i0, int j0, int m, int n, int tr, char uplo,
                  char diag);

#endif
