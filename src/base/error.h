/* Errors: every internal function returns a bcr_error_code and fills a
 * bcr_err; the entry point reports it once. */
#ifndef BCR_BASE_ERROR_H
#define BCR_BASE_ERROR_H

#include "bcredist.h"
#include "base/request.h"

#define BCR_MSG_LEN 320

typedef struct {
    int code;              /* enum bcr_error_code */
    int arg;               /* enum bcr_arg, or -1 */
    char text[BCR_MSG_LEN]; /* full one-line message */
} bcr_err;

/* Record an error about argument `arg` of the request's routine; the text
 * becomes "<routine>: argument <N> (<name>): <detail>".  Keeps the first
 * error when called twice.  Returns code. */
int bcr_err_arg(bcr_err *e, const bcr_request *rq, int code, int arg,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Record an error that concerns no single argument. */
int bcr_err_plain(bcr_err *e, const bcr_request *rq, int code,
                  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Print the message on stderr, remember it for bcr_last_error, and abort
 * when the error mode says so. */
void bcr_err_report(const bcr_err *e);

/* A local entry point's problem, reported at once on this process:
 * "ROUTINE: argument K (NAME): DETAIL", or "ROUTINE: DETAIL" for K <= 0.
 * Returns code. */
int bcr_err_report_local(const char *routine, int code, int k, const char *name,
                         const char *detail);
/* End of a public call: report the error if rc says there was one (naming
 * it "internal error" if no layer described it), else clear the thread's
 * last error.  Returns rc. */
int bcr_err_finish(bcr_err *e, const bcr_request *rq, int rc);
/* An error found at the entry point, before the checks (an ILP64 value
 * out of range): the request's checks start from it, so that every
 * process agrees on it.  bcr_err_preset(NULL, NULL) withdraws it. */
void bcr_err_preset(const bcr_request *rq, const bcr_err *e);
/* The error a request's checks start from: the preset one for rq, else
 * none. */
bcr_err bcr_err_initial(const bcr_request *rq);

/* A successful call clears the thread's last error. */
void bcr_err_clear_last(void);

/* A character argument as it should appear in a message: 'U', '\x0a' for
 * one that does not print, NULL for a NULL pointer. */
const char *bcr_quote_char(const char *p, char buf[8]);

/* Position of `arg` in the routine's argument list (1-based), and its name
 * there. */
int bcr_arg_number(const bcr_request *rq, int arg);
const char *bcr_arg_name(const bcr_request *rq, int arg);

#define BCR_TRY(call)                                                          \
    do {                                                                       \
        int bcr_try_rc_ = (call);                                              \
        if (bcr_try_rc_ != BCR_SUCCESS)                                        \
            return bcr_try_rc_;                                                \
    } while (0)

#endif
