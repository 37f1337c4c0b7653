#include "base/error.h"

#include <ctype.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "base/options.h"

static const char *const arg_names[BCR_NARGS] = {
    "uplo", "diag", "m", "n", "a", "ia", "ja", "desca", "b", "ib", "jb", "descb", "ictxt",
    "type", "trans", "alpha", "beta"};

/* The update routines' request has m and n of sub(A): swapped from the
 * caller's when it transposes. */
static int caller_arg(const bcr_request *rq, int arg)
{
    if (rq->form != BCR_FORM_REDIST && rq->transpose_b && (arg == BCR_ARG_M || arg == BCR_ARG_N))
        return arg == BCR_ARG_M ? BCR_ARG_N : BCR_ARG_M;
    return arg;
}

const char *bcr_arg_name(const bcr_request *rq, int arg)
{
    static const char *const c_side[] = {"c", "ic", "jc", "descc"};
    arg = caller_arg(rq, arg);
    if (rq->form != BCR_FORM_REDIST && arg >= BCR_ARG_B && arg <= BCR_ARG_DESCB)
        return c_side[arg - BCR_ARG_B];
    return arg_names[arg];
}

static _Thread_local int last_code;
static _Thread_local char last_text[BCR_MSG_LEN];

/* -1 until bcr_set_error_mode: then BCR_ON_ERROR decides, read at every
 * error.  Atomic: any thread may set the mode while others report. */
static _Atomic int error_mode = -1;

int bcr_arg_number(const bcr_request *rq, int arg)
{
    /* bcr_plan_create(type, uplo, diag, m, n, ia, ja, desca, ib, jb, descb, ictxt) */
    static const int plan_numbers[BCR_NARGS] = {2, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 12, 1,
                                                0, 0, 0};
    /* p?tran(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, ictxt);
     * p?geadd has trans before them */
    static const int tran_numbers[BCR_NARGS] = {0, 0, 1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 13,
                                                0, 0, 3, 8};
    /* bcr_plan_create_update(type, trans, m, n, ia, ja, desca, ic, jc, descc, ictxt) */
    static const int update_plan_numbers[BCR_NARGS] = {0, 0, 3, 4, 0, 5, 6, 7, 0, 8, 9, 10,
                                                       11, 1, 2, 0, 0};
    if (rq->plan_create && rq->form != BCR_FORM_REDIST)
        return update_plan_numbers[caller_arg(rq, arg)];
    if (rq->plan_create)
        return plan_numbers[arg];
    if (rq->form != BCR_FORM_REDIST) {
        arg = caller_arg(rq, arg);
        return tran_numbers[arg] + (rq->form == BCR_FORM_GEADD);
    }
    return rq->trapezoid ? arg + 1 : arg - 1;
}

static int err_vset(bcr_err *e, const bcr_request *rq, int code, int arg,
                    const char *fmt, va_list ap)
{
    /* The first problem found stays, except that a plan's bad type counts
     * after every other argument (docs/api.md, "Which processes report"). */
    if (e->code != BCR_SUCCESS && (e->arg != BCR_ARG_TYPE || arg == BCR_ARG_TYPE))
        return e->code;
    e->code = code;
    e->arg = arg;
    int n;
    if (arg >= 0)
        n = snprintf(e->text, sizeof e->text, "%s: argument %d (%s): ", rq->routine,
                     bcr_arg_number(rq, arg), bcr_arg_name(rq, arg));
    else
        n = snprintf(e->text, sizeof e->text, "%s: ", rq->routine);
    if (n > 0 && (size_t)n < sizeof e->text)
        vsnprintf(e->text + n, sizeof e->text - (size_t)n, fmt, ap);
    return code;
}

int bcr_err_arg(bcr_err *e, const bcr_request *rq, int code, int arg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(e, rq, code, arg, fmt, ap);
    va_end(ap);
    return code;
}

int bcr_err_plain(bcr_err *e, const bcr_request *rq, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(e, rq, code, -1, fmt, ap);
    va_end(ap);
    return code;
}

static int current_error_mode(void)
{
    int mode = error_mode;
    if (mode >= 0)
        return mode;
    return bcr_options_error_mode() ? BCR_ERRORS_ABORT : BCR_ERRORS_RETURN;
}

void bcr_err_report(const bcr_err *e)
{
    last_code = e->code;
    snprintf(last_text, sizeof last_text, "%s", e->text);
    fprintf(stderr, "%s\n", e->text);
    fflush(stderr);
    if (current_error_mode() == BCR_ERRORS_ABORT)
        MPI_Abort(MPI_COMM_WORLD, 1);
}

int bcr_err_report_local(const char *routine, int code, int k, const char *name,
                         const char *detail)
{
    bcr_request rq = {.routine = routine};
    bcr_err e = {BCR_SUCCESS, -1, ""};
    if (k > 0)
        bcr_err_plain(&e, &rq, code, "argument %d (%s): %s", k, name, detail);
    else
        bcr_err_plain(&e, &rq, code, "%s", detail);
    bcr_err_report(&e);
    return code;
}

int bcr_err_finish(bcr_err *e, const bcr_request *rq, int rc)
{
    if (rc == BCR_SUCCESS) {
        bcr_err_clear_last();
        return rc;
    }
    if (e->code == BCR_SUCCESS) /* a layer returned a bare code */
        bcr_err_plain(e, rq, rc, "internal error %d", rc);
    bcr_err_report(e);
    return rc;
}

/* Thread-local so that the entry points can hand an error to the checks
 * without widening the interface of every layer in between. */
static _Thread_local const bcr_request *preset_rq;
static _Thread_local bcr_err preset_err;

void bcr_err_preset(const bcr_request *rq, const bcr_err *e)
{
    preset_rq = rq;
    if (e)
        preset_err = *e;
}

bcr_err bcr_err_initial(const bcr_request *rq)
{
    if (rq && rq == preset_rq)
        return preset_err;
    return (bcr_err){BCR_SUCCESS, -1, ""};
}

void bcr_err_clear_last(void)
{
    last_code = BCR_SUCCESS;
    last_text[0] = '\0';
}

int bcr_last_error(const char **message)
{
    if (message)
        *message = last_text;
    return last_code;
}

void bcr_set_error_mode(int mode)
{
    error_mode = mode == BCR_ERRORS_ABORT ? BCR_ERRORS_ABORT : BCR_ERRORS_RETURN;
}

const char *bcr_quote_char(const char *p, char buf[8])
{
    if (!p)
        snprintf(buf, 8, "NULL");
    else if (isprint((unsigned char)*p))
        snprintf(buf, 8, "'%c'", *p);
    else
        snprintf(buf, 8, "'\\x%02x'", (unsigned char)*p);
    return buf;
}
