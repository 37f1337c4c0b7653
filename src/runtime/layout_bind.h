/* A layout bound to a communicator (api/plan_layouts.c): a descriptor's
 * grid gathered from every process's view of its context, ranks checked
 * against the communicator, this process's leading dimension checked, and
 * the planner's side (base/side.h) made where the layout has one. */
#ifndef BCR_RUNTIME_LAYOUT_BIND_H
#define BCR_RUNTIME_LAYOUT_BIND_H

#include <mpi.h>

#include "base/error.h"
#include "base/request.h"
#include "base/side.h"
#include "layout/layout.h"
#include "plan/elements.h"
#include "runtime/agree.h"

/* One layout bound to the communicator. */
typedef struct {
    bcr_side side;
    int *map; /* a descriptor's grid, owned here; NULL for a blocks layout */
    bcr_idx held;
} bcr_bound_side;

/* Record "argument k (name): detail" in e, with k as the argument that
 * orders several processes' reports; keeps a fault already recorded.
 * Returns e's code. */
int bcr_layout_arg_error(bcr_err *e, const bcr_request *rq, int code, int k, const char *name,
                         const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Layout l, argument k of the call, bound on this process (one of g's)
 * into *b (linear and owners layouts fill only their checks).  Collective
 * over g->comm for a descriptor layout (an allgather), local otherwise.
 * Faults go to e; returns its code. */
int bcr_layout_bind(const bcr_layout_s *l, int k, const bcr_procs *g, bcr_bound_side *b,
                    const bcr_request *rq, bcr_err *e);

/* One side of an element plan (plan/elements.h) for layout l bound into
 * *b: the bound side, an owners layout's blocks (in *o), or a linear
 * layout with its bound arrays (made here, released by bcr_eside_free).
 * Returns 0, or nonzero out of memory. */
int bcr_layout_eside(const bcr_layout_s *l, const bcr_bound_side *b, bcr_owner_blocks *o,
                     int rank, bcr_eside *es);

/* A remap's maps (layout/layout.h), checked on this process's elements of
 * its base: each must name an element of the m x n source. */
typedef struct {
    const bcr_int *rows, *cols;
    bcr_idx m, n;
    bcr_idx bad, bi, bj; /* the first offset naming no element of src, or -1 */
} bcr_map_check;

/* A bcr_elem_fn (plan/elements.h) over the base's elements, ctx a
 * bcr_map_check: records the first offset whose maps name no element. */
void bcr_map_check_one(void *ctx, bcr_idx gi, bcr_idx gj, bcr_idx off);

#endif
