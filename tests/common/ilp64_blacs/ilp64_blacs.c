/* The stand-in ILP64 BLACS (ilp64_blacs.h): grids over MPI communicators,
 * every integer in and out 8 bytes.
 *
 * How it catches a caller that uses 4-byte integers:
 *   - a context handle is CONTEXT_TAG + slot and a system handle
 *     SYSTEM_TAG + slot, both beyond 2^32.  A handle that went through a
 *     4-byte integer comes back as its slot number (below 2^32), or with
 *     its high half replaced by whatever lay next to it; the first is
 *     refused with a message naming the entry point, the second is no
 *     handle at all, which every entry point but Cblacs_gridinfo refuses
 *     (Cblacs_gridinfo answers -1, as the BLACS does for a bad handle);
 *   - an integer read through a pointer (*ictxt of Cblacs_gridinit, the
 *     Fortran arguments) is read as 8 bytes, so a 4-byte variable brings
 *     its neighbour's bytes in the high half: every such value is checked
 *     against a plausible range (grid sizes within the communicator, map
 *     entries among its ranks, handles as above) and refused otherwise;
 *   - outputs are written as full 8-byte values.
 * A refusal prints one line on stderr and aborts the job (MPI_Abort), so
 * no test can pass over it.  Only what bcredist and its tests call is
 * here: Cblacs_get answers WHAT 0 and 10 and refuses any other. */
#include "ilp64_blacs.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define CONTEXT_TAG ((int64_t)0x7AC0 << 32)
#define SYSTEM_TAG ((int64_t)0x5E50 << 32)
#define SLOT_MASK ((int64_t)0xFFFFFFFF)

#define WHAT_SYSTEM_CONTEXT 0
#define WHAT_CONTEXT_SYSTEM_HANDLE 10

typedef struct {
    int live;
    MPI_Comm comm; /* the grid's processes, rank i * npcol + j at (i, j) */
    int64_t nprow, npcol, myrow, mycol;
} grid;

static grid *grids;
static int64_t ngrids;
static MPI_Comm *systems; /* systems[0] is MPI_COMM_WORLD once any is asked */
static int64_t nsystems;

static void refuse(const char *routine, const char *arg, int64_t v, const char *why)
{
    int rank = -1, up = 0;
    MPI_Initialized(&up);
    if (up)
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr,
            "ilp64_blacs: %s: %s = %" PRId64 " (0x%016" PRIx64 ") on process %d: %s; aborting\n",
            routine, arg, v, (uint64_t)v, rank, why);
    fflush(stderr);
    if (up)
        MPI_Abort(MPI_COMM_WORLD, 97);
    abort();
}

static void *grow(void *p, int64_t *n, size_t elsize)
{
    int64_t m = *n ? 2 * *n : 8;
    p = realloc(p, (size_t)m * elsize);
    if (!p)
        refuse("ilp64_blacs", "table size", m, "out of memory");
    *n = m;
    return p;
}

/* A handle below 2^32 (or a negative one above -2^32 other than -1) is
 * what one of ours becomes in a 4-byte integer. */
static int narrowed(int64_t v) { return v != -1 && v >= -((int64_t)1 << 32) && v < ((int64_t)1 << 32); }

static const char *const narrowed_why =
    "every handle this BLACS gives out is above 2^32: the caller passed a handle "
    "through a 4-byte integer";

/* The live grid of context handle h, or NULL. */
static grid *grid_of(int64_t h)
{
    if ((h & ~SLOT_MASK) != CONTEXT_TAG)
        return NULL;
    int64_t slot = h & SLOT_MASK;
    return slot < ngrids && grids[slot].live ? &grids[slot] : NULL;
}

static grid *live_grid(const char *routine, const char *arg, int64_t h)
{
    grid *g = grid_of(h);
    if (!g)
        refuse(routine, arg, h, narrowed(h) ? narrowed_why : "not a live context of this process");
    return g;
}

static void ensure_world(void)
{
    int up = 0;
    MPI_Initialized(&up);
    if (!up)
        MPI_Init(NULL, NULL);
    if (!nsystems) {
        systems = grow(systems, &nsystems, sizeof *systems);
        for (int64_t k = 0; k < nsystems; k++)
            systems[k] = MPI_COMM_NULL;
        systems[0] = MPI_COMM_WORLD;
    }
}

static MPI_Comm system_comm(const char *routine, const char *arg, int64_t h)
{
    ensure_world();
    int64_t slot = h & SLOT_MASK;
    if ((h & ~SLOT_MASK) != SYSTEM_TAG || slot >= nsystems || systems[slot] == MPI_COMM_NULL)
        refuse(routine, arg, h,
               narrowed(h) ? narrowed_why
               : grid_of(h) ? "a context handle where a system handle belongs"
                            : "not a system handle of this process");
    return systems[slot];
}

static void check_pointer(const char *routine, const char *arg, const void *p)
{
    if (!p)
        refuse(routine, arg, 0, "a NULL pointer");
}

static void check_range(const char *routine, const char *arg, int64_t v, int64_t lo, int64_t hi)
{
    if (v < lo || v > hi) {
        char why[96];
        snprintf(why, sizeof why, "outside [%" PRId64 ", %" PRId64 "]", lo, hi);
        refuse(routine, arg, v, why);
    }
}

/* ---- the C interface ----------------------------------------------------- */

void Cblacs_pinfo(int64_t *mypnum, int64_t *nprocs)
{
    check_pointer("Cblacs_pinfo", "mypnum", mypnum);
    check_pointer("Cblacs_pinfo", "nprocs", nprocs);
    ensure_world();
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    *mypnum = rank;
    *nprocs = size;
}

int64_t Csys2blacs_handle(MPI_Comm comm)
{
    ensure_world();
    if (comm == MPI_COMM_NULL)
        refuse("Csys2blacs_handle", "comm", 0, "MPI_COMM_NULL");
    int64_t free_slot = -1;
    for (int64_t k = 0; k < nsystems; k++) {
        if (systems[k] == comm)
            return SYSTEM_TAG + k;
        if (systems[k] == MPI_COMM_NULL && free_slot < 0)
            free_slot = k;
    }
    if (free_slot < 0) {
        int64_t old = nsystems;
        systems = grow(systems, &nsystems, sizeof *systems);
        for (int64_t k = old; k < nsystems; k++)
            systems[k] = MPI_COMM_NULL;
        free_slot = old;
    }
    systems[free_slot] = comm;
    return SYSTEM_TAG + free_slot;
}

MPI_Comm Cblacs2sys_handle(int64_t syshandle)
{
    return system_comm("Cblacs2sys_handle", "syshandle", syshandle);
}

void Cblacs_get(int64_t ictxt, int64_t what, int64_t *val)
{
    check_pointer("Cblacs_get", "val", val);
    ensure_world();
    if (what == WHAT_SYSTEM_CONTEXT) {
        *val = SYSTEM_TAG + 0;
    } else if (what == WHAT_CONTEXT_SYSTEM_HANDLE) {
        *val = Csys2blacs_handle(live_grid("Cblacs_get", "ictxt", ictxt)->comm);
    } else {
        refuse("Cblacs_get", "what", what, "this stand-in answers only 0 and 10");
    }
}

void Cblacs_gridmap(int64_t *ictxt, const int64_t *usermap, int64_t ldumap, int64_t nprow,
                    int64_t npcol)
{
    const char *me = "Cblacs_gridmap";
    check_pointer(me, "ictxt", ictxt);
    check_pointer(me, "usermap", usermap);
    MPI_Comm sys = system_comm(me, "*ictxt", *ictxt);
    int rank, size;
    MPI_Comm_rank(sys, &rank);
    MPI_Comm_size(sys, &size);
    check_range(me, "nprow", nprow, 1, size);
    check_range(me, "npcol", npcol, 1, size);
    check_range(me, "nprow * npcol", nprow * npcol, 1, size);
    check_range(me, "ldumap", ldumap, nprow, INT32_MAX);
    int64_t myrow = -1, mycol = -1;
    for (int64_t j = 0; j < npcol; j++)
        for (int64_t i = 0; i < nprow; i++) {
            int64_t p = usermap[i + j * ldumap];
            check_range(me, "an entry of usermap", p, 0, size - 1);
            if (p == rank && myrow < 0)
                myrow = i, mycol = j;
        }
    int in = myrow >= 0;
    MPI_Comm comm;
    MPI_Comm_split(sys, in ? 0 : MPI_UNDEFINED, in ? (int)(myrow * npcol + mycol) : 0, &comm);
    if (!in) {
        *ictxt = -1;
        return;
    }
    int64_t slot = 0;
    while (slot < ngrids && grids[slot].live)
        slot++;
    if (slot == ngrids) {
        int64_t old = ngrids;
        grids = grow(grids, &ngrids, sizeof *grids);
        for (int64_t k = old; k < ngrids; k++)
            grids[k].live = 0;
    }
    grids[slot] = (grid){1, comm, nprow, npcol, myrow, mycol};
    *ictxt = CONTEXT_TAG + slot;
}

void Cblacs_gridinit(int64_t *ictxt, const char *order, int64_t nprow, int64_t npcol)
{
    const char *me = "Cblacs_gridinit";
    check_pointer(me, "ictxt", ictxt);
    check_pointer(me, "order", order);
    int size;
    MPI_Comm_size(system_comm(me, "*ictxt", *ictxt), &size);
    check_range(me, "nprow", nprow, 1, size);
    check_range(me, "npcol", npcol, 1, size);
    check_range(me, "nprow * npcol", nprow * npcol, 1, size);
    int64_t *map = malloc((size_t)(nprow * npcol) * sizeof *map);
    if (!map)
        refuse(me, "nprow * npcol", nprow * npcol, "out of memory");
    int by_column = *order == 'C' || *order == 'c';
    for (int64_t j = 0; j < npcol; j++)
        for (int64_t i = 0; i < nprow; i++)
            map[i + j * nprow] = by_column ? i + j * nprow : i * npcol + j;
    Cblacs_gridmap(ictxt, map, nprow, nprow, npcol);
    free(map);
}

void Cblacs_gridinfo(int64_t ictxt, int64_t *nprow, int64_t *npcol, int64_t *myrow,
                     int64_t *mycol)
{
    const char *me = "Cblacs_gridinfo";
    check_pointer(me, "nprow", nprow);
    check_pointer(me, "npcol", npcol);
    check_pointer(me, "myrow", myrow);
    check_pointer(me, "mycol", mycol);
    grid *g = grid_of(ictxt);
    if (!g && narrowed(ictxt))
        refuse(me, "ictxt", ictxt, narrowed_why);
    *nprow = g ? g->nprow : -1;
    *npcol = g ? g->npcol : -1;
    *myrow = g ? g->myrow : -1;
    *mycol = g ? g->mycol : -1;
}

void Cblacs_gridexit(int64_t ictxt)
{
    grid *g = live_grid("Cblacs_gridexit", "ictxt", ictxt);
    g->live = 0;
    MPI_Comm_free(&g->comm); /* runs the delete callbacks of its attributes */
}

void Cblacs_exit(int64_t notdone)
{
    check_range("Cblacs_exit", "notdone", notdone, 0, 1);
    for (int64_t k = 0; k < ngrids; k++)
        if (grids[k].live) {
            grids[k].live = 0;
            MPI_Comm_free(&grids[k].comm);
        }
    free(grids);
    free(systems);
    grids = NULL;
    systems = NULL;
    ngrids = nsystems = 0;
    if (!notdone)
        MPI_Finalize();
}

/* ---- the Fortran interface ----------------------------------------------- */

void blacs_pinfo_(int64_t *mypnum, int64_t *nprocs) { Cblacs_pinfo(mypnum, nprocs); }

void blacs_get_(const int64_t *ictxt, const int64_t *what, int64_t *val)
{
    check_pointer("blacs_get", "ictxt", ictxt);
    check_pointer("blacs_get", "what", what);
    Cblacs_get(*what == WHAT_SYSTEM_CONTEXT ? 0 : *ictxt, *what, val);
}

void blacs_gridinit_(int64_t *ictxt, const char *order, const int64_t *nprow,
                     const int64_t *npcol, size_t order_len)
{
    check_pointer("blacs_gridinit", "nprow", nprow);
    check_pointer("blacs_gridinit", "npcol", npcol);
    Cblacs_gridinit(ictxt, order_len ? order : "R", *nprow, *npcol);
}

void blacs_gridmap_(int64_t *ictxt, const int64_t *usermap, const int64_t *ldumap,
                    const int64_t *nprow, const int64_t *npcol)
{
    check_pointer("blacs_gridmap", "ldumap", ldumap);
    check_pointer("blacs_gridmap", "nprow", nprow);
    check_pointer("blacs_gridmap", "npcol", npcol);
    Cblacs_gridmap(ictxt, usermap, *ldumap, *nprow, *npcol);
}

void blacs_gridinfo_(const int64_t *ictxt, int64_t *nprow, int64_t *npcol, int64_t *myrow,
                     int64_t *mycol)
{
    check_pointer("blacs_gridinfo", "ictxt", ictxt);
    Cblacs_gridinfo(*ictxt, nprow, npcol, myrow, mycol);
}

void blacs_gridexit_(const int64_t *ictxt)
{
    check_pointer("blacs_gridexit", "ictxt", ictxt);
    Cblacs_gridexit(*ictxt);
}

void blacs_exit_(const int64_t *notdone)
{
    check_pointer("blacs_exit", "notdone", notdone);
    Cblacs_exit(*notdone);
}
