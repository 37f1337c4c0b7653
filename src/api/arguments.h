/* The public integer arguments (bcr_int: int, or int64_t in an ILP64
 * build) turned into the request the library works on.
 *
 * Inside, m, n, offsets and descriptor entries are int (their products
 * are 64-bit).  A 64-bit value that does not fit is not truncated: it
 * becomes an argument error that goes through the same agreement as every
 * other, so all processes report it and return.  Contexts (ictxt, CTXT)
 * keep their full width: they go to the BLACS as they came.  In an LP64
 * build the values are copied as they are. */
#ifndef BCR_API_ARGUMENTS_H
#define BCR_API_ARGUMENTS_H

#include <stddef.h>

#include "base/error.h"
#include "base/request.h"
#include "bcredist.h"

/* The integers of one call as the caller passed them. */
typedef struct {
    bcr_int m, n, ia, ja;
    const bcr_int *desca;
    bcr_int ib, jb;
    const bcr_int *descb;
    bcr_int ictxt;
} bcr_wide_args;

/* Narrowed descriptors live here for the duration of the call. */
typedef struct {
    int desca[9], descb[9];
} bcr_wide_store;

/* Fill rq's integer fields from w (rq's other fields already set); an
 * argument that does not fit is recorded in e, with a stand-in value
 * that lets the checks and the agreement run. */
void bcr_wide_narrow(bcr_request *rq, const bcr_wide_args *w, bcr_wide_store *st, bcr_err *e);

/* The typed routines (routines.c) in one: elsize bytes per element,
 * routine the name for messages. */
void bcr_call_gemr2d(const char *routine, size_t elsize, bcr_int m, bcr_int n, const void *a,
                     bcr_int ia, bcr_int ja, const bcr_int *desca, void *b, bcr_int ib,
                     bcr_int jb, const bcr_int *descb, bcr_int ictxt);
void bcr_call_trmr2d(const char *routine, size_t elsize, const char *uplo, const char *diag,
                     bcr_int m, bcr_int n, const void *a, bcr_int ia, bcr_int ja,
                     const bcr_int *desca, void *b, bcr_int ib, bcr_int jb,
                     const bcr_int *descb, bcr_int ictxt);

/* Bytes of an element of type 's', 'd', 'c', 'z' or 'i' (bcr_int); 0 for
 * any other character. */
size_t bcr_type_size(char type);

#endif
