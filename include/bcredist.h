/* Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand. */
/* bcredist: ScaLAPACK-compatible redistribution of block-cyclic matrices.
 *
 * bcr_p?gemr2d and bcr_p?trmr2d take exactly the arguments of ScaLAPACK's
 * Cp?gemr2d and Cp?trmr2d and produce the same bytes in B.  Unlike the
 * reference they never exit the program on bad input: every process of
 * ictxt prints one line naming the routine and the argument, leaves B
 * untouched and returns; bcr_last_error() then tells what happened.
 *
 * bcr_p?tran, bcr_p?tranu, bcr_p?tranc and bcr_p?geadd are PBLAS's p?tran,
 * p?tranu, p?tranc and p?geadd (C := beta C + alpha op(A)) with ictxt
 * added: A and C may be on two different grids of ictxt.
 */
#ifndef BCREDIST_H
#define BCREDIST_H

#include <complex.h>
#include <stddef.h>
#include <stdint.h>
/* MPI's header where the compiler finds it (an MPI compiler wrapper, or
 * MPI's include directory): bcr_plan_create_layouts takes an MPI_Comm and
 * is declared only with it.  The rest of this header needs no MPI. */
#if !defined(MPI_VERSION) && defined(__has_include)
#if __has_include(<mpi.h>)
#include <mpi.h>
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Every integer argument, descriptor entry and element of the integer
 * routines: the Fortran INTEGER of the ScaLAPACK the program uses.  It is
 * int, or int64_t when BCREDIST_ILP64 is defined, which a program linking
 * libbcredist_ilp64 must do: the targets bcredist::bcredist_ilp64 and
 * bcredist-ilp64.pc define it.  libbcredist_ilp64 calls the BLACS with
 * 8-byte integers: it is for an ILP64 BLACS and ScaLAPACK, such as MKL's
 * ilp64 libraries (tested against a stand-in ILP64 BLACS, not a real one),
 * and refuses to build against an LP64 one.  Then the bcr_p?i...
 * routines move 8-byte integers and contexts (ictxt, CTXT) may be any
 * 64-bit value; other values must still fit in 32 bits (m, n, offsets, the
 * other descriptor entries): a larger one is reported as a bad argument,
 * never truncated. */
#ifdef BCREDIST_ILP64
typedef int64_t bcr_int;
#else
typedef int bcr_int;
#endif

/* The routines, for each element type.  bcr_p?gemr2d copies the m x n
 * submatrix of A at (ia, ja) into B at (ib, jb); bcr_p?trmr2d copies only
 * its uplo ("U" or "L") trapezoid, without the diagonal when diag is "U".
 * The update routines follow, for the types PBLAS has them (tran for s d,
 * tranu and tranc for c z, geadd for s d c z) and the integers. */

/* B(ib:ib+m-1, jb:jb+n-1) := A(ia:ia+m-1, ja:ja+n-1), float. */
void bcr_psgemr2d(bcr_int m, bcr_int n, const float *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, float *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := A(ia:ia+m-1, ja:ja+n-1), double. */
void bcr_pdgemr2d(bcr_int m, bcr_int n, const double *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, double *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := A(ia:ia+m-1, ja:ja+n-1), float _Complex. */
void bcr_pcgemr2d(bcr_int m, bcr_int n, const float _Complex *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, float _Complex *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := A(ia:ia+m-1, ja:ja+n-1), double _Complex. */
void bcr_pzgemr2d(bcr_int m, bcr_int n, const double _Complex *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, double _Complex *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := A(ia:ia+m-1, ja:ja+n-1), bcr_int. */
void bcr_pigemr2d(bcr_int m, bcr_int n, const bcr_int *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, bcr_int *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := uplo trapezoid of A(ia:ia+m-1, ja:ja+n-1), float. */
void bcr_pstrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const float *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := uplo trapezoid of A(ia:ia+m-1, ja:ja+n-1), double. */
void bcr_pdtrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const double *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := uplo trapezoid of A(ia:ia+m-1, ja:ja+n-1), float _Complex. */
void bcr_pctrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const float _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float _Complex *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := uplo trapezoid of A(ia:ia+m-1, ja:ja+n-1), double _Complex. */
void bcr_pztrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const double _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double _Complex *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt);

/* B(ib:ib+m-1, jb:jb+n-1) := uplo trapezoid of A(ia:ia+m-1, ja:ja+n-1), bcr_int. */
void bcr_pitrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const bcr_int *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  bcr_int *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^T, float. */
void bcr_pstran(bcr_int m, bcr_int n, float alpha, const float *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, float beta, float *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^T, double. */
void bcr_pdtran(bcr_int m, bcr_int n, double alpha, const double *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, double beta, double *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^T, bcr_int. */
void bcr_pitran(bcr_int m, bcr_int n, bcr_int alpha, const bcr_int *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, bcr_int beta, bcr_int *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^T, float _Complex. */
void bcr_pctranu(bcr_int m, bcr_int n, float _Complex alpha, const float _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, float _Complex beta, float _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^T, double _Complex. */
void bcr_pztranu(bcr_int m, bcr_int n, double _Complex alpha, const double _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, double _Complex beta, double _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^C, float _Complex. */
void bcr_pctranc(bcr_int m, bcr_int n, float _Complex alpha, const float _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, float _Complex beta, float _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1)
 *                            + alpha * A(ia:ia+n-1, ja:ja+m-1)^C, double _Complex. */
void bcr_pztranc(bcr_int m, bcr_int n, double _Complex alpha, const double _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, double _Complex beta, double _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1) + alpha * op(sub(A)),
 * op by trans ("N": sub(A) = A(ia:ia+m-1, ja:ja+n-1); "T", "C": the
 * transpose, conjugated for "C", of A(ia:ia+n-1, ja:ja+m-1)), float. */
void bcr_psgeadd(const char *trans, bcr_int m, bcr_int n, float alpha,
                  const float *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float beta, float *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1) + alpha * op(sub(A)),
 * op by trans ("N": sub(A) = A(ia:ia+m-1, ja:ja+n-1); "T", "C": the
 * transpose, conjugated for "C", of A(ia:ia+n-1, ja:ja+m-1)), double. */
void bcr_pdgeadd(const char *trans, bcr_int m, bcr_int n, double alpha,
                  const double *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double beta, double *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1) + alpha * op(sub(A)),
 * op by trans ("N": sub(A) = A(ia:ia+m-1, ja:ja+n-1); "T", "C": the
 * transpose, conjugated for "C", of A(ia:ia+n-1, ja:ja+m-1)), float _Complex. */
void bcr_pcgeadd(const char *trans, bcr_int m, bcr_int n, float _Complex alpha,
                  const float _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float _Complex beta, float _Complex *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1) + alpha * op(sub(A)),
 * op by trans ("N": sub(A) = A(ia:ia+m-1, ja:ja+n-1); "T", "C": the
 * transpose, conjugated for "C", of A(ia:ia+n-1, ja:ja+m-1)), double _Complex. */
void bcr_pzgeadd(const char *trans, bcr_int m, bcr_int n, double _Complex alpha,
                  const double _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double _Complex beta, double _Complex *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt);

/* C(ic:ic+m-1, jc:jc+n-1) := beta * C(ic:ic+m-1, jc:jc+n-1) + alpha * op(sub(A)),
 * op by trans ("N": sub(A) = A(ia:ia+m-1, ja:ja+n-1); "T", "C": the
 * transpose, conjugated for "C", of A(ia:ia+n-1, ja:ja+m-1)), bcr_int. */
void bcr_pigeadd(const char *trans, bcr_int m, bcr_int n, bcr_int alpha,
                  const bcr_int *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  bcr_int beta, bcr_int *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt);

/* Plans, for codes that redistribute the same layout in a loop: create once
 * (collective over ictxt, like the routines; the arguments are those of
 * bcr_p?gemr2d, or of bcr_p?trmr2d when uplo is not NULL, without the
 * arrays, plus the type: 's', 'd', 'c', 'z' or 'i'), then execute with any
 * arrays of that layout (collective too), and destroy (on each process by
 * itself, in any order).  A plan keeps its own
 * communicator, so it stays valid after the grids' contexts are freed and
 * after bcr_finalize.  bcr_plan_create returns NULL on bad input, after
 * reporting it like the routines; bcr_plan_execute returns an error code. */
typedef struct bcr_plan_s *bcr_plan_t;
bcr_plan_t bcr_plan_create(char type, const char *uplo, const char *diag, bcr_int m,
                           bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desca, bcr_int ib,
                           bcr_int jb, const bcr_int *descb, bcr_int ictxt);
int bcr_plan_execute(bcr_plan_t plan, const void *a, void *b);
void bcr_plan_destroy(bcr_plan_t plan);

/* Split-phase plans: bcr_plan_start(plan, a, b) is bcr_plan_execute's
 * first half (collective, with the same checks): it posts the messages and
 * returns; bcr_plan_wait(plan) completes this process's part (B is then
 * filled); bcr_plan_test(plan, &flag) moves it on without waiting and sets
 * flag to 1 once it is complete (a later wait then returns at once).
 * Between start and completion A must not change and B must not be read.
 * Calling bcr_plan_test now and then lets large messages and the second
 * exchange of two-phase strategies progress; without it they complete in
 * the wait.  Several plans may be in flight at once and waited for in any
 * order; one plan is used by one thread at a time.  A wait or test without
 * a start, a second start, and bcr_plan_execute or bcr_plan_destroy on a
 * plan in flight are errors (BCR_ERR_ARGUMENT, on the calling process;
 * destroy then leaves the plan as it is).  See docs/api.md, "Split-phase
 * plans". */
int bcr_plan_start(bcr_plan_t plan, const void *a, void *b);
int bcr_plan_test(bcr_plan_t plan, int *flag);
int bcr_plan_wait(bcr_plan_t plan);

/* Plans of the update routines: sub(C) := beta sub(C) + alpha op(sub(A)),
 * op by trans ("N", "T" or "C", as bcr_p?geadd's; bcr_p?tran is "T"), for
 * type 's', 'd', 'c', 'z' or 'i'; alpha and beta point to one element of
 * the type at each run.  bcr_plan_execute_update runs it;
 * bcr_plan_start_update starts it, and bcr_plan_test and bcr_plan_wait
 * complete it (C is updated then).  The plan moves A at every run, alpha =
 * 0 included.  bcr_plan_execute and bcr_plan_start take only plans of
 * bcr_plan_create, and these two only plans of bcr_plan_create_update.
 * The plan keeps its own staging array (about local C) until it is
 * destroyed. */
bcr_plan_t bcr_plan_create_update(char type, const char *trans, bcr_int m, bcr_int n,
                                  bcr_int ia, bcr_int ja, const bcr_int *desca, bcr_int ic,
                                  bcr_int jc, const bcr_int *descc, bcr_int ictxt);
int bcr_plan_execute_update(bcr_plan_t plan, const void *alpha, const void *a,
                            const void *beta, void *c);
int bcr_plan_start_update(bcr_plan_t plan, const void *alpha, const void *a,
                          const void *beta, void *c);

/* Layouts beyond one descriptor, and plans between any two.
 *
 * bcr_layout_desc: the m x n submatrix at (ia, ja) of a ScaLAPACK
 * descriptor's matrix, as the routines take it (processes outside the
 * descriptor's grid pass their descriptor too, CTXT = -1).
 *
 * bcr_layout_blocks: an m x n matrix cut into nrowblocks row blocks of
 * row_sizes[b] rows (b = 0, 1, ...: top to bottom, covering the m rows
 * exactly) and ncolblocks column blocks of col_sizes[b] columns; row
 * block b lies on process row row_procs[b] and column block b on process
 * column col_procs[b] of an nprow x npcol grid whose process (r, c) is
 * rank grid_ranks[r * npcol + c] of the plan's communicator.  A process
 * stores the row blocks of its process row one after another in
 * increasing order, likewise its column blocks: a column-major local array
 * of leading dimension lld, as ScaLAPACK stores a block-cyclic matrix
 * (which is the case of equal blocks dealt round the grid).  Every
 * argument but lld must be the same on every process; lld is this
 * process's.
 *
 * bcr_layout_owners: row and column blocks as for bcr_layout_blocks, but
 * block (bi, bj) on any rank, owners[bi + bj * nrowblocks].  A process
 * stores the row blocks in which it holds at least one block one after
 * another in increasing order, likewise the column blocks: a column-major
 * local array of leading dimension lld in which the other processes'
 * blocks are holes, never read or written.
 *
 * bcr_layout_remap: base's layout, as a plan's destination only, whose
 * element at local offset k (of this process's local array of base) takes
 * the source element (rows[k], cols[k]), 0-based (Deitz et al.'s remap,
 * a gather by index: elements may be taken several times or not at all,
 * and src may be of any size).  rows and cols are laid out as base's local
 * array; they and base must stay valid until the plan is made, which
 * keeps what it needs.
 *
 * bcr_layout_linear: an m x n matrix dealt along the slant lines
 * a i + b j = c (0-based i, j) after Guo et al.: the lines that hold
 * elements, in increasing c, go round the nprocs processes (line t to
 * process t mod nprocs, which is rank ranks[t mod nprocs] of the plan's
 * communicator).  Before ordering, (a, b) is divided by gcd(|a|, |b|) and
 * negated where b < 0, or b = 0 and a < 0.  A process stores its lines one
 * after another in increasing c, each line's elements contiguous in
 * increasing i (on a row, b = 0: increasing j): a local array of exactly
 * its element count, no padding.  (1, 1) deals the anti-diagonals, on
 * which A(i, j) and A(j, i) lie together.  a and b lie in
 * [-(2^31 - 1), 2^31 - 1] (a = -2^31 is refused: the ordering negates
 * it), and |a| (m + 1) + |b| (n + 1) is at most 2^62.
 *
 * The constructors check their arguments on the calling process only (no
 * communication) and return NULL after reporting a bad one as the
 * routines do; one that returns a layout leaves bcr_last_error() at
 * BCR_SUCCESS; bcr_layout_destroy frees a layout (a plan made from it
 * does not need it).  bcr_plan_create_layouts is collective over comm
 * (every process of both layouts' grids must be in it): it checks what
 * needs comm (ranks in it, the descriptor's grid, each process's leading
 * dimension, the same layouts everywhere), reports a fault on every
 * process and returns NULL everywhere; else a plan to run with
 * bcr_plan_execute (a: src's local array, b: dst's), bcr_plan_start /
 * bcr_plan_wait, and bcr_plan_destroy. */
typedef struct bcr_layout_s *bcr_layout_t;
bcr_layout_t bcr_layout_desc(bcr_int m, bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desc);
bcr_layout_t bcr_layout_blocks(bcr_int m, bcr_int n, bcr_int nrowblocks, const bcr_int *row_sizes,
                               const bcr_int *row_procs, bcr_int ncolblocks,
                               const bcr_int *col_sizes, const bcr_int *col_procs, bcr_int nprow,
                               bcr_int npcol, const int *grid_ranks, bcr_int lld);
bcr_layout_t bcr_layout_linear(bcr_int m, bcr_int n, bcr_int a, bcr_int b, bcr_int nprocs,
                               const int *ranks);
bcr_layout_t bcr_layout_remap(bcr_layout_t base, const bcr_int *rows, const bcr_int *cols);
bcr_layout_t bcr_layout_owners(bcr_int m, bcr_int n, bcr_int nrowblocks, const bcr_int *row_sizes,
                               bcr_int ncolblocks, const bcr_int *col_sizes, const int *owners,
                               bcr_int lld);
void bcr_layout_destroy(bcr_layout_t layout);
#ifdef MPI_VERSION
bcr_plan_t bcr_plan_create_layouts(bcr_layout_t src, bcr_layout_t dst, char type, MPI_Comm comm);
#endif
/* The same with comm as a Fortran handle (MPI_Fint, an int in Open MPI
 * and MPICH), for the Fortran module. */
bcr_plan_t bcr_plan_create_layouts_f(bcr_layout_t src, bcr_layout_t dst, char type, int comm);

/* The relabelling of dst's processes that moves the fewest bytes from src
 * (blocks and owners layouts; elements of `type`): perm[r], for each of
 * the nprocs ranks r, is the process that should take what dst gives
 * rank r, and *moved_before and *moved_after (either may be NULL) the
 * bytes that cross between processes without and with it.  Exact (the
 * Hungarian method) up to 4096 processes; above, the greedy assignment
 * of the heaviest pairs or no relabelling, whichever moves less: never
 * more than without.  Local: no communication.  BCR_SUCCESS or an error
 * code (bcr_last_error). */
int bcr_relabel(bcr_layout_t src, bcr_layout_t dst, char type, int nprocs, int *perm,
                long long *moved_before, long long *moved_after);
/* layout (blocks or owners) with rank r replaced by perm[r], perm a
 * permutation of 0 .. nprocs - 1: the destination to plan with after
 * bcr_relabel.  NULL after reporting an error. */
bcr_layout_t bcr_layout_relabel(bcr_layout_t layout, const int *perm, int nprocs);
/* bcr_relabel for a redistribution given as to the routines (sub(A) of
 * desca to sub(B) of descb, ictxt holding both grids), collective over
 * ictxt: perm has one entry per process of ictxt, numbered in ictxt's
 * communicator (row-major over ictxt's grid, as Cblacs_pnum counts a
 * context made by Cblacs_gridinit).  bcr_relabel_grid then makes the BLACS
 * context of descb's grid with each position held by perm[r] of its
 * holder r (Cblacs_gridmap; collective over ictxt, -1 on processes outside
 * the new grid): a program redistributes into a descriptor of it. */
int bcr_relabel_desc(bcr_int m, bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desca,
                     bcr_int ib, bcr_int jb, const bcr_int *descb, bcr_int ictxt, char type,
                     int *perm, long long *moved_before, long long *moved_after);
bcr_int bcr_relabel_grid(bcr_int ictxt, const bcr_int *descb, const int *perm);

/* Batches: several redistributions run as one exchange (docs/api.md,
 * "Batches").  bcr_batch_create is collective over comm (it duplicates
 * it); the adds are local and record their arguments (descriptors,
 * characters and the update's alpha and beta copied, arrays and plans
 * kept by address), checking nothing; every process adds the same members
 * in the same order.  A member's processes must all be in comm; the
 * others pass descriptors with CTXT = -1 (a plan member: NULL).
 * bcr_batch_add_update is bcr_p?geadd's sub(C) := beta sub(C) + alpha
 * op(sub(A)) (trans "N", "T" or "C"; p?tran is "T", p?tranc "C").  The
 * first execution after an add checks and agrees on every member at once
 * and plans them, collectively over comm; an error in a member is
 * reported on every process naming it, and nothing is written.  Later
 * executions only move data: one message (or one region of a shared
 * segment) per pair of processes for all members.  Members must not write
 * what another member reads or writes.  bcr_batch_start, bcr_batch_test
 * and bcr_batch_wait split an execution as the plans' do. */
typedef struct bcr_batch_s *bcr_batch_t;
#ifdef MPI_VERSION
bcr_batch_t bcr_batch_create(MPI_Comm comm);
#endif
/* The same with comm as a Fortran handle, for the Fortran module. */
bcr_batch_t bcr_batch_create_f(int comm);
int bcr_batch_add_gemr2d(bcr_batch_t batch, char type, bcr_int m, bcr_int n, const void *a,
                         bcr_int ia, bcr_int ja, const bcr_int *desca, void *b, bcr_int ib,
                         bcr_int jb, const bcr_int *descb);
int bcr_batch_add_trmr2d(bcr_batch_t batch, char type, const char *uplo, const char *diag,
                         bcr_int m, bcr_int n, const void *a, bcr_int ia, bcr_int ja,
                         const bcr_int *desca, void *b, bcr_int ib, bcr_int jb,
                         const bcr_int *descb);
int bcr_batch_add_update(bcr_batch_t batch, char type, const char *trans, bcr_int m, bcr_int n,
                         const void *alpha, const void *a, bcr_int ia, bcr_int ja,
                         const bcr_int *desca, const void *beta, void *c, bcr_int ic,
                         bcr_int jc, const bcr_int *descc);
int bcr_batch_add_plan(bcr_batch_t batch, bcr_plan_t plan, const void *a, void *b);
int bcr_batch_execute(bcr_batch_t batch);
int bcr_batch_start(bcr_batch_t batch);
int bcr_batch_test(bcr_batch_t batch, int *flag);
int bcr_batch_wait(bcr_batch_t batch);
void bcr_batch_destroy(bcr_batch_t batch);

/* Error codes returned by bcr_last_error(). */
enum bcr_error_code {
    BCR_SUCCESS = 0,
    BCR_ERR_ARGUMENT = 1,     /* an argument is invalid on some process */
    BCR_ERR_INCONSISTENT = 2, /* processes disagree on a global argument */
    BCR_ERR_GRID = 3,         /* a grid is empty or not inside ictxt */
    BCR_ERR_NOMEM = 4,        /* memory allocation failed */
    BCR_ERR_MPI = 5           /* an MPI call failed */
};

/* Code of the last bcredist call made by this thread (BCR_SUCCESS when it
 * succeeded); if message is not NULL, *message points to the one-line
 * description ("" on success), valid until the thread's next call. */
int bcr_last_error(const char **message);

/* What to do on bad input: return (the default) or MPI_Abort after printing
 * the message.  The environment variable BCR_ON_ERROR=abort|return sets the
 * initial mode; this call overrides it. */
enum bcr_error_mode { BCR_ERRORS_RETURN = 0, BCR_ERRORS_ABORT = 1 };
void bcr_set_error_mode(int mode);

/* Bytes bcredist keeps between calls on this process: every calling
 * thread's message buffers plus this process's share of its node's shared
 * segments (their resident bytes divided among the node's processes).  It
 * is at most BCR_KEEP_BYTES (64 MiB unless set) once every process of the
 * node has returned from a call; read as a call returns it may still count
 * pages peers are giving back (docs/api.md, "Memory, first calls and
 * freeing"). */
size_t bcr_pool_bytes(void);

/* The most this thread's calls held of it (their buffers and the
 * process's share of the shared segments) at the end of an exchange,
 * before what lies above BCR_KEEP_BYTES was given back: a call's peak
 * extra memory.  Counted from the previous call of this function, which
 * starts the count again. */
size_t bcr_pool_peak_bytes(void);

/* Where this thread's calls spent their time, in seconds summed since the
 * last reset: checking the arguments and agreeing on them (one allreduce),
 * finding or building the plan, and the exchange, split into packing
 * messages, unpacking them, copying the part that stays on this process,
 * and the rest (comm = exchange - pack - unpack - local: posting, waiting,
 * and MPI's own datatype packing). */
typedef struct {
    double check, plan, exchange, pack, unpack, local, comm;
    long calls;
} bcr_phase_times;
void bcr_phase_times_get(bcr_phase_times *t);
void bcr_phase_times_reset(void);

/* BCR_STATS=1 (or BCR_STATS=FILE) prints a usage report at MPI_Finalize:
 * calls and time by routine, bytes moved locally, through shared memory
 * and through MPI, plans made and reused, peak extra memory, and the
 * names the drop-in routed (docs/api.md, "Usage report").  For one table
 * of the whole job, every process of MPI_COMM_WORLD calls this after
 * MPI_Init (the drop-in does it in its MPI_Init wrappers); the processes
 * agree there whether all set BCR_STATS.  Without it each process that
 * called bcredist prints its own table.  BCR_SUCCESS or BCR_ERR_MPI (no
 * report then). */
int bcr_stats_begin(void);

/* Release every cached communicator, grid map, shared segment and buffer.
 * Collective over all processes that called bcredist; also run
 * automatically by MPI_Finalize.  No other bcredist call may run meanwhile,
 * on any thread.  It is the only collective way to let go: freeing a BLACS
 * context bcredist has used (Cblacs_gridexit, Cblacs_exit) and
 * bcr_plan_destroy complete on each process by itself, in any order.
 *
 * Threads: at MPI_THREAD_MULTIPLE, calls (and plan executions) may run at
 * once on several threads as long as no two use the same ictxt (or plan)
 * at once, and no thread creates or frees BLACS contexts meanwhile (the
 * BLACS is not thread-safe).  See docs/api.md, "Threads". */
void bcr_finalize(void);

#ifdef __cplusplus
}
#endif

#endif /* BCREDIST_H */
