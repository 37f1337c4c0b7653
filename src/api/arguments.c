#include "api/arguments.h"

#include <limits.h>
#include <stdio.h>

#include "api/pipeline.h"

static const char *const desc_names[9] = {"DTYPE", "CTXT", "M", "N", "MB",
                                          "NB", "RSRC", "CSRC", "LLD"};

#ifdef BCREDIST_ILP64
static int fits(bcr_int v) { return v >= INT_MIN && v <= INT_MAX; }
#else
static int fits(bcr_int v) { (void)v; return 1; }
#endif

static void too_big(bcr_err *e, const bcr_request *rq, int arg, const char *name, char side,
                    bcr_int v)
{
    char what[16];
    if (side)
        snprintf(what, sizeof what, "%s_%c", name, side);
    else
        snprintf(what, sizeof what, "%s", name);
    bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, arg, "%s = %lld is outside the supported range [%d, %d]",
                what, (long long)v, INT_MIN, INT_MAX);
}

/* One scalar: itself when it fits, else `standin` and an error. */
static int scalar(bcr_err *e, const bcr_request *rq, int arg, const char *name, bcr_int v,
                  int standin)
{
    if (fits(v))
        return (int)v;
    too_big(e, rq, arg, name, 0, v);
    return standin;
}

/* A descriptor: nothing past CTXT is read when CTXT = -1 (outside the
 * grid), as in the checks; DTYPE is never read.  CTXT is a BLACS integer,
 * taken whole into *ctxt (-1 for a NULL descriptor); out's copy of it is
 * not read. */
static const int *descriptor(bcr_err *e, const bcr_request *rq, int arg, char side,
                             const bcr_int *d, int *out, bcr_blacs_int *ctxt)
{
    *ctxt = d ? d[BCR_CTXT] : -1;
#ifndef BCREDIST_ILP64
    (void)e, (void)rq, (void)arg, (void)side, (void)out;
    return d; /* the same type: nothing to narrow */
#endif
    if (!d)
        return NULL;
    for (int k = 0; k < 9; k++)
        out[k] = fits(d[k]) ? (int)d[k] : 1;
    out[BCR_CTXT] = d[BCR_CTXT] == -1 ? -1 : 0;
    if (d[BCR_CTXT] == -1)
        return out;
    for (int k = BCR_M; k < 9; k++)
        if (!fits(d[k])) {
            too_big(e, rq, arg, desc_names[k], side, d[k]);
            break;
        }
    return out;
}

void bcr_wide_narrow(bcr_request *rq, const bcr_wide_args *w, bcr_wide_store *st, bcr_err *e)
{
    /* m or n of 0 means "return at once", whatever else was passed */
    if (w->m == 0 || w->n == 0) {
        rq->m = w->m == 0 ? 0 : 1;
        rq->n = w->n == 0 ? 0 : 1;
        return;
    }
    rq->m = scalar(e, rq, BCR_ARG_M, "m", w->m, 1);
    rq->n = scalar(e, rq, BCR_ARG_N, "n", w->n, 1);
    rq->ia = scalar(e, rq, BCR_ARG_IA, "ia", w->ia, 1);
    rq->ja = scalar(e, rq, BCR_ARG_JA, "ja", w->ja, 1);
    rq->desca = descriptor(e, rq, BCR_ARG_DESCA, 'A', w->desca, st->desca, &rq->ctxta);
    rq->ib = scalar(e, rq, BCR_ARG_IB, "ib", w->ib, 1);
    rq->jb = scalar(e, rq, BCR_ARG_JB, "jb", w->jb, 1);
    rq->descb = descriptor(e, rq, BCR_ARG_DESCB, 'B', w->descb, st->descb, &rq->ctxtb);
    rq->ictxt = w->ictxt;
}

static void redistribute(bcr_request *rq, const bcr_wide_args *w)
{
    bcr_wide_store st;
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_wide_narrow(rq, w, &st, &e);
    if (e.code == BCR_SUCCESS) {
        bcr_redistribute(rq);
        return;
    }
    bcr_err_preset(rq, &e);
    bcr_redistribute(rq);
    bcr_err_preset(NULL, NULL);
}

void bcr_call_gemr2d(const char *routine, size_t elsize, bcr_int m, bcr_int n, const void *a,
                     bcr_int ia, bcr_int ja, const bcr_int *desca, void *b, bcr_int ib,
                     bcr_int jb, const bcr_int *descb, bcr_int ictxt)
{
    bcr_wide_args w = {m, n, ia, ja, desca, ib, jb, descb, ictxt};
    bcr_request rq = {.routine = routine, .elsize = elsize, .a = a, .b = b};
    redistribute(&rq, &w);
}

void bcr_call_trmr2d(const char *routine, size_t elsize, const char *uplo, const char *diag,
                     bcr_int m, bcr_int n, const void *a, bcr_int ia, bcr_int ja,
                     const bcr_int *desca, void *b, bcr_int ib, bcr_int jb,
                     const bcr_int *descb, bcr_int ictxt)
{
    bcr_wide_args w = {m, n, ia, ja, desca, ib, jb, descb, ictxt};
    bcr_request rq = {.routine = routine, .trapezoid = 1, .uplo = uplo, .diag = diag,
                      .elsize = elsize, .a = a, .b = b};
    redistribute(&rq, &w);
}
