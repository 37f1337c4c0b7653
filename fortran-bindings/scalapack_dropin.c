/* libbcredist_scalapack: ScaLAPACK's redistribution symbols, routed to
 * bcredist.
 *
 * Defines, for ? in s d c z i, exactly the names and calling conventions of
 * ScaLAPACK 2.2's REDIST:
 *
 *   Cp?gemr2d  Cp?trmr2d    C, arguments by value, with ictxt
 *   p?gemr2d_  p?trmr2d_    Fortran, by reference (only *uplo, *diag read)
 *   Cp?gemr2do Cp?trmr2do   legacy, no ictxt: a 1 x nprocs grid over all
 *   p?gemr2do_ p?trmr2do_   BLACS processes, so every process calls
 *
 * Linked before ScaLAPACK, or preloaded (LD_PRELOAD), these come first in
 * symbol lookup, so the program and ScaLAPACK itself call bcredist.  Nothing
 * here calls ScaLAPACK's own redistribution; the BLACS (grid information,
 * and the legacy variants' context) is still ScaLAPACK's.
 *
 * BCR_VERBOSE=1 prints one line per call on stderr, from process (0,0) of
 * ictxt: the ScaLAPACK entry point, the bcredist routine, m, n and both
 * grids.  BCR_VERBOSE=all prints it on every process, with its rank.
 *
 * The entry points themselves are in scalapack_dropin_wrappers.c, generated
 * from the type list (cmake/bcr_types.cmake); this file holds what they
 * share: the BCR_VERBOSE line and the legacy variants' context
 * (scalapack_dropin.h). */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/failsafe.h"
#include "base/usage.h"
#include "scalapack_dropin.h"

/* The BLACS C interface (LP64), as in ScaLAPACK; no header ships with it. */
void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
MPI_Comm Cblacs2sys_handle(int syshandle);

/* Cblacs_get's WHAT for "system handle of the context's communicator". */
#define DROPIN_BLACS_GET_CONTEXT_COMM 10

/* ------------------------------------------------------------------ */
/* BCR_VERBOSE                                                        */

enum { VERBOSE_OFF = 0, VERBOSE_FIRST = 1, VERBOSE_ALL = 2 };

static int verbose_mode(void)
{
    static int mode = -1;
    if (mode < 0) {
        const char *env = getenv("BCR_VERBOSE");
        if (!env || !*env || strcmp(env, "0") == 0)
            mode = VERBOSE_OFF;
        else if (strcmp(env, "all") == 0)
            mode = VERBOSE_ALL;
        else
            mode = VERBOSE_FIRST;
    }
    return mode;
}

static void describe_grid(char *buf, size_t len, const int *desc)
{
    int nprow = -1, npcol = -1, myrow = -1, mycol = -1;
    if (desc && desc[1] != -1)
        Cblacs_gridinfo(desc[1], &nprow, &npcol, &myrow, &mycol);
    if (myrow < 0 || myrow >= nprow || mycol < 0 || mycol >= npcol)
        snprintf(buf, len, "not on this process");
    else
        snprintf(buf, len, "%dx%d grid, %dx%d blocks", nprow, npcol, desc[4], desc[5]);
}

void bcr_dropin_announce(const char *entry, const char *routine, int m, int n,
                         const int *desca, const int *descb, int ictxt, int how)
{
    bcr_usage_routed(entry, routine);
    int mode = verbose_mode();
    if (mode == VERBOSE_OFF)
        return;
    int nprow, npcol, myrow, mycol;
    Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
    if (mode == VERBOSE_FIRST && !(myrow == 0 && mycol == 0))
        return;
    char ga[64], gb[64], who[32] = "";
    describe_grid(ga, sizeof ga, desca);
    describe_grid(gb, sizeof gb, descb);
    if (mode == VERBOSE_ALL) {
        int me, np;
        Cblacs_pinfo(&me, &np);
        snprintf(who, sizeof who, "[%d]", me);
    }
    fprintf(stderr, "bcredist%s: %s -> %s m=%d n=%d A: %s; %s: %s; ictxt: %dx%d%s\n", who,
            entry, routine, m, n, ga, how & BCR_DROPIN_UPDATE ? "C" : "B", gb, nprow, npcol,
            how & BCR_DROPIN_LEGACY ? " over all processes" : "");
    fflush(stderr);
}

/* desc as a type-1 descriptor in out; 0 when it has no such form. */
static int type1_descriptor(const int *desc, int out[9])
{
    if (!desc)
        return 0;
    if (desc[0] == 1) {
        memcpy(out, desc, 9 * sizeof *out);
        return 1;
    }
    /* type 2: DTYPE CTXT M N IMB INB MB NB RSRC CSRC LLD */
    if (desc[0] != 2 || desc[4] != desc[6] || desc[5] != desc[7])
        return 0;
    const int map[9] = {0, 1, 2, 3, 6, 7, 8, 9, 10};
    for (int k = 0; k < 9; k++)
        out[k] = desc[map[k]];
    out[0] = 1;
    return 1;
}

int bcr_dropin_pblas_descriptors(const int *desca, const int *descc, int da[9], int dc[9])
{
    int nprow, npcol, myrow, mycol;
    if (!descc || descc[1] < 0)
        return BCR_DROPIN_PBLAS_OUTSIDE;
    Cblacs_gridinfo(descc[1], &nprow, &npcol, &myrow, &mycol);
    if (myrow < 0 || myrow >= nprow || mycol < 0 || mycol >= npcol)
        return BCR_DROPIN_PBLAS_OUTSIDE;
    if (!type1_descriptor(desca, da) || !type1_descriptor(descc, dc))
        return BCR_DROPIN_PBLAS_REFERENCE;
    return descc[1];
}

void bcr_dropin_pblas_unreachable(const char *entry, int arg_a, const int *desca,
                                  const int *descc)
{
    int t[9];
    int on_a = !type1_descriptor(desca, t);
    const int *d = on_a ? desca : descc;
    char side = on_a ? 'A' : 'C', why[160];
    if (d[0] == 2)
        snprintf(why, sizeof why, "its first block, IMB_%c x INB_%c = %d x %d, differs from "
                 "MB_%c x NB_%c = %d x %d", side, side, d[4], d[5], side, side, d[6], d[7]);
    else
        snprintf(why, sizeof why, "DTYPE_%c = %d is neither 1 nor 2", side, d[0]);
    bcr_request rq = {.routine = entry};
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_err_plain(&e, &rq, BCR_ERR_ARGUMENT,
                  "argument %d (desc%c): %s, which bcredist does not take, and PBLAS's own %s, "
                  "which would run it, was not found after the drop-in (a static link?); C is "
                  "untouched",
                  on_a ? arg_a : arg_a + 5, side + 32, why, entry);
    bcr_err_report(&e);
}

bcr_dropin_fn *bcr_dropin_pblas_reference(const char *name)
{
    if (bcr_fault("dropin_reference"))
        return NULL;
    void *p = dlsym(RTLD_NEXT, name);
    bcr_dropin_fn *f;
    memcpy(&f, &p, sizeof f); /* an object pointer to a function pointer */
    return p ? f : NULL;
}

/* ------------------------------------------------------------------ */
/* The legacy variants' context                                       */

/* ScaLAPACK's Cp?gemr2do makes a 1 x nprocs context over every BLACS
 * process ("R" order) for each call and exits it afterwards.  Making one
 * costs a communicator creation, so we make it on the first call and keep
 * it; bcredist's plans for it are then reused too.  An attribute on its
 * communicator tells us when the BLACS frees it (Cblacs_exit); otherwise it
 * is exited when MPI_Finalize deletes MPI_COMM_SELF's attributes. */
static int legacy_ctxt = -1;
static int legacy_keyval = MPI_KEYVAL_INVALID;
static int legacy_self_keyval = MPI_KEYVAL_INVALID;

static int legacy_ctxt_gone(MPI_Comm comm, int keyval, void *val, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)val;
    (void)extra;
    legacy_ctxt = -1;
    return MPI_SUCCESS;
}

static int legacy_at_finalize(MPI_Comm comm, int keyval, void *val, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)val;
    (void)extra;
    if (legacy_ctxt >= 0) {
        int nprow, npcol, myrow, mycol;
        Cblacs_gridinfo(legacy_ctxt, &nprow, &npcol, &myrow, &mycol);
        if (nprow >= 1) /* still a live BLACS context */
            Cblacs_gridexit(legacy_ctxt); /* runs legacy_ctxt_gone */
        legacy_ctxt = -1;
    }
    if (legacy_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&legacy_keyval);
    MPI_Comm_free_keyval(&legacy_self_keyval);
    return MPI_SUCCESS;
}

/* Collective over all BLACS processes on the first call (as the reference's
 * context creation is on every call). */
int bcr_dropin_legacy_context(void)
{
    if (legacy_ctxt >= 0)
        return legacy_ctxt;
    int me, nprocs, ctxt;
    Cblacs_pinfo(&me, &nprocs);
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 1, nprocs);

    int sys;
    Cblacs_get(ctxt, DROPIN_BLACS_GET_CONTEXT_COMM, &sys);
    MPI_Comm comm = Cblacs2sys_handle(sys);
    if (legacy_keyval == MPI_KEYVAL_INVALID)
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, legacy_ctxt_gone, &legacy_keyval, NULL);
    if (legacy_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_set_attr(comm, legacy_keyval, NULL);
    if (legacy_self_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, legacy_at_finalize, &legacy_self_keyval,
                               NULL) == MPI_SUCCESS)
        MPI_Comm_set_attr(MPI_COMM_SELF, legacy_self_keyval, NULL);
    legacy_ctxt = ctxt;
    return ctxt;
}
