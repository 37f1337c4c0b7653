/* Batches: create, add, destroy.  Adding is local and records the
 * arguments (descriptors, characters and scalars copied; arrays and plans
 * kept by address); the checks come at the next execution, agreed for all
 * members at once (batch_build.c). */
#include <stdlib.h>
#include <string.h>

#include "api/batch_object.h"
#include "api/plan_object.h"
#include "base/failsafe.h"
#include "runtime/context.h"
#include "runtime/finalize.h"

static const char in_flight[] = "the batch is in flight (started and not waited for)";

int bcr_batch_misuse(const char *routine, int k, const char *name, const char *detail)
{
    return bcr_err_report_local(routine, BCR_ERR_ARGUMENT, k, name, detail);
}

bcr_batch_t bcr_batch_create(MPI_Comm comm)
{
    const char *routine = "bcr_batch_create";
    bcr_failsafe_enter(routine);
    if (comm == MPI_COMM_NULL) {
        bcr_batch_misuse(routine, 1, "comm", "comm is MPI_COMM_NULL");
        return NULL;
    }
    (void)bcr_finalize_hook(); /* MPI_Finalize then frees what bcredist keeps */
    bcr_batch_t bt = calloc(1, sizeof *bt);
    int failed;
    /* Every process learns whether any could not make the batch. */
    if (bcr_comm_dup_agreed(comm, bt != NULL, bt ? &bt->comm : &(MPI_Comm){0}, &failed)) {
        free(bt);
        bcr_err_report_local(routine, BCR_ERR_NOMEM, 0, NULL,
                             "could not make the batch or its communicator (out of memory "
                             "or MPI error on some process)");
        return NULL;
    }
    MPI_Comm_rank(bt->comm, &bt->rank);
    MPI_Comm_size(bt->comm, &bt->size);
    bcr_err_clear_last();
    return bt;
}

bcr_batch_t bcr_batch_create_f(int comm)
{
    return bcr_batch_create(MPI_Comm_f2c((MPI_Fint)comm));
}

/* A new member at the end, or NULL after reporting why not. */
static bcr_batch_entry *add(bcr_batch_t bt, const char *routine, int kind, char type)
{
    bcr_failsafe_enter(routine);
    if (!bt) {
        bcr_batch_misuse(routine, 1, "batch", "batch is NULL");
        return NULL;
    }
    if (bt->state == BCR_BATCH_IN_FLIGHT) {
        bcr_batch_misuse(routine, 1, "batch", in_flight);
        return NULL;
    }
    if (bt->n == bt->cap) {
        int cap = bt->cap ? 2 * bt->cap : 8;
        bcr_batch_entry **m = realloc(bt->member, (size_t)cap * sizeof *m);
        if (!m) {
            bcr_err_report_local(routine, BCR_ERR_NOMEM, 0, NULL, "out of memory for the member");
            return NULL;
        }
        bt->member = m;
        bt->cap = cap;
    }
    bcr_batch_entry *en = calloc(1, sizeof *en);
    if (!en) {
        bcr_err_report_local(routine, BCR_ERR_NOMEM, 0, NULL, "out of memory for the member");
        return NULL;
    }
    /* The batch changes: what was built for it is for another batch. */
    bcr_batch_unbuild(bt);
    en->kind = kind;
    en->type = type;
    bt->member[bt->n++] = en;
    bt->state = BCR_BATCH_IDLE;
    bcr_err_clear_last();
    return en;
}

static void copy_desc(bcr_int *to, int *null, const bcr_int *from)
{
    *null = from == NULL;
    if (from)
        memcpy(to, from, 9 * sizeof *to);
}

static char first_char(const char *s) { return s ? *s : 0; }

int bcr_batch_add_gemr2d(bcr_batch_t batch, char type, bcr_int m, bcr_int n, const void *a,
                         bcr_int ia, bcr_int ja, const bcr_int *desca, void *b, bcr_int ib,
                         bcr_int jb, const bcr_int *descb)
{
    bcr_batch_entry *en = add(batch, "bcr_batch_add_gemr2d", BCR_MEMBER_GEMR2D, type);
    if (!en)
        return bcr_last_error(NULL);
    *en = (bcr_batch_entry){.kind = en->kind, .type = type, .m = m, .n = n, .ia = ia, .ja = ja,
                            .ib = ib, .jb = jb, .a = a, .b = b};
    copy_desc(en->desca, &en->null_desca, desca);
    copy_desc(en->descb, &en->null_descb, descb);
    return BCR_SUCCESS;
}

int bcr_batch_add_trmr2d(bcr_batch_t batch, char type, const char *uplo, const char *diag,
                         bcr_int m, bcr_int n, const void *a, bcr_int ia, bcr_int ja,
                         const bcr_int *desca, void *b, bcr_int ib, bcr_int jb,
                         const bcr_int *descb)
{
    bcr_batch_entry *en = add(batch, "bcr_batch_add_trmr2d", BCR_MEMBER_TRMR2D, type);
    if (!en)
        return bcr_last_error(NULL);
    *en = (bcr_batch_entry){.kind = en->kind, .type = type, .m = m, .n = n, .ia = ia, .ja = ja,
                            .ib = ib, .jb = jb, .a = a, .b = b, .uplo = first_char(uplo),
                            .diag = first_char(diag)};
    copy_desc(en->desca, &en->null_desca, desca);
    copy_desc(en->descb, &en->null_descb, descb);
    return BCR_SUCCESS;
}

int bcr_batch_add_update(bcr_batch_t batch, char type, const char *trans, bcr_int m, bcr_int n,
                         const void *alpha, const void *a, bcr_int ia, bcr_int ja,
                         const bcr_int *desca, const void *beta, void *c, bcr_int ic,
                         bcr_int jc, const bcr_int *descc)
{
    const char *routine = "bcr_batch_add_update";
    /* The scalars are copied now: they must be there, one element each. */
    if (batch && (!alpha || !beta)) {
        bcr_failsafe_enter(routine);
        return bcr_batch_misuse(routine, alpha ? 11 : 6, alpha ? "beta" : "alpha",
                                alpha ? "beta is NULL" : "alpha is NULL");
    }
    bcr_batch_entry *en = add(batch, routine, BCR_MEMBER_UPDATE, type);
    if (!en)
        return bcr_last_error(NULL);
    *en = (bcr_batch_entry){.kind = en->kind, .type = type, .m = m, .n = n, .ia = ia, .ja = ja,
                            .ib = ic, .jb = jc, .a = a, .b = c, .trans = first_char(trans)};
    size_t es = bcr_type_size(type);
    memcpy(en->alpha, alpha, es);
    memcpy(en->beta, beta, es);
    copy_desc(en->desca, &en->null_desca, desca);
    copy_desc(en->descb, &en->null_descb, descc);
    return BCR_SUCCESS;
}

int bcr_batch_add_plan(bcr_batch_t batch, bcr_plan_t plan, const void *a, void *b)
{
    bcr_batch_entry *en = add(batch, "bcr_batch_add_plan", BCR_MEMBER_PLAN, 0);
    if (!en)
        return bcr_last_error(NULL);
    en->plan = plan;
    en->a = a;
    en->b = b;
    return BCR_SUCCESS;
}

void bcr_batch_destroy(bcr_batch_t bt)
{
    const char *routine = "bcr_batch_destroy";
    if (!bt)
        return;
    bcr_failsafe_enter(routine);
    if (bt->state == BCR_BATCH_IN_FLIGHT) {
        bcr_batch_misuse(routine, 1, "batch",
                         "the batch is in flight (started and not waited for); it is not "
                         "destroyed: wait for it first");
        return;
    }
    bcr_batch_unbuild(bt);
    for (int k = 0; k < bt->n; k++)
        free(bt->member[k]);
    free(bt->member);
    if (bt->comm != MPI_COMM_NULL)
        MPI_Comm_free(&bt->comm);
    free(bt);
}
