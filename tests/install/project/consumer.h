/* Shared by the C consumer programs: an M x N matrix on a 2 x 2 grid with
 * 3 x 2 blocks goes to a 1 x 4 grid with 2 x 3 blocks over a 4 x 1 ictxt,
 * 4 processes; A(i,j) = i + 100 j (1-based global indices). */
#include <stdio.h>
#include <stdlib.h>

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
void Cblacs_exit(int notdone);

enum { M = 11, N = 9 };

typedef struct {
    int desc[9];
    int myrow, mycol, nprow, npcol, locr, locc;
} piece;

static int owned(int n, int nb, int me, int np)
{
    int k = 0;
    for (int g = 0; g < n; g++)
        k += (g / nb) % np == me;
    return k;
}

static int global_of(int l, int nb, int me, int np)
{
    return (l / nb) * np * nb + me * nb + l % nb;
}

static piece make_piece(int ctxt, int mb, int nb)
{
    piece p;
    Cblacs_gridinfo(ctxt, &p.nprow, &p.npcol, &p.myrow, &p.mycol);
    p.locr = owned(M, mb, p.myrow, p.nprow);
    p.locc = owned(N, nb, p.mycol, p.npcol);
    int lld = p.locr + 2; /* two padding rows, which no call may write */
    int d[9] = {1, ctxt, M, N, mb, nb, 0, 0, lld};
    for (int k = 0; k < 9; k++)
        p.desc[k] = d[k];
    return p;
}

static double value(const piece *p, int li, int lj)
{
    return global_of(li, p->desc[4], p->myrow, p->nprow) + 1 +
           100.0 * (global_of(lj, p->desc[5], p->mycol, p->npcol) + 1);
}

/* Number of elements of this process's piece of B that differ from A. */
static int count_wrong(const piece *p, const double *b)
{
    int bad = 0;
    for (int lj = 0; lj < p->locc; lj++)
        for (int li = 0; li < p->locr; li++)
            bad += b[li + (size_t)lj * p->desc[8]] != value(p, li, lj);
    return bad;
}

/* Elements of a local array, padding rows up to LLD included. */
static size_t local_size(const piece *p)
{
    return (size_t)p->desc[8] * (size_t)(p->locc > 0 ? p->locc : 1);
}

static double *local_array(const piece *p)
{
    size_t n = local_size(p);
    double *x = malloc(sizeof(double) * n);
    if (!x) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (size_t k = 0; k < n; k++)
        x[k] = -1;
    return x;
}

static void fill(const piece *p, double *x)
{
    for (int lj = 0; lj < p->locc; lj++)
        for (int li = 0; li < p->locr; li++)
            x[li + (size_t)lj * p->desc[8]] = value(p, li, lj);
}
