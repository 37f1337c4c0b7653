! Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand.
! The bcredist Fortran module: explicit interfaces for bcredist's
! redistribution routines, with ScaLAPACK's arguments (those of PDGEMR2D and
! PDTRMR2D) and ScaLAPACK's results, for the five types:
!
!   use bcredist
!   call bcr_pdgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt)
!   call bcr_pztrmr2d('U', 'N', m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt)
!
! Descriptors are the nine default integers of ScaLAPACK (integer(bcr_int):
! c_int, gfortran's default integer; c_int64_t in the ILP64 module, for
! codes compiled with -fdefault-integer-8 against an ILP64 ScaLAPACK); arrays are assumed-size, so any array or
! array element may be passed, as with ScaLAPACK.  A process outside grid A
! passes desca(2) = -1 and any array (a one-element dummy will do); likewise
! for B.  Every process of ictxt calls.  Errors never stop the program: each
! process prints one line and returns with B untouched; bcr_last_error tells
! what happened.
!
! The routines are the C functions bcr_p?gemr2d_ / bcr_p?trmr2d_ of
! libbcredist_fortran (every argument by reference; only uplo(1:1) and
! diag(1:1) are read), so code without the module can call them too.
module bcredist
  use, intrinsic :: iso_c_binding, only: c_int, c_int64_t, c_char, c_float, c_double, &
       c_float_complex, c_double_complex, c_ptr, c_size_t, c_associated, &
       c_f_pointer, c_long_long
  implicit none
  private

  ! The kind of every integer argument, descriptor entry and element of the
  ! integer routines: ScaLAPACK's INTEGER, 4 bytes, or 8 bytes in the
  ! module of libbcredist_fortran_ilp64 (built with BCREDIST_ILP64, for
  ! ILP64 ScaLAPACK codes; installed in include/ilp64/).
#ifdef BCREDIST_ILP64
  integer, parameter, public :: bcr_int = c_int64_t
#else
  integer, parameter, public :: bcr_int = c_int
#endif

  public :: bcr_psgemr2d, bcr_pdgemr2d, bcr_pcgemr2d, bcr_pzgemr2d, bcr_pigemr2d
  public :: bcr_pstrmr2d, bcr_pdtrmr2d, bcr_pctrmr2d, bcr_pztrmr2d, bcr_pitrmr2d
  public :: bcr_pstran, bcr_pdtran, bcr_pitran
  public :: bcr_pctranu, bcr_pztranu
  public :: bcr_pctranc, bcr_pztranc
  public :: bcr_psgeadd, bcr_pdgeadd, bcr_pcgeadd, bcr_pzgeadd, bcr_pigeadd
  public :: bcr_finalize, bcr_set_error_mode, bcr_last_error, bcr_stats_begin

  ! Codes returned by bcr_last_error (bcredist.h's enum bcr_error_code).
  integer, parameter, public :: BCR_SUCCESS = 0
  integer, parameter, public :: BCR_ERR_ARGUMENT = 1
  integer, parameter, public :: BCR_ERR_INCONSISTENT = 2
  integer, parameter, public :: BCR_ERR_GRID = 3
  integer, parameter, public :: BCR_ERR_NOMEM = 4
  integer, parameter, public :: BCR_ERR_MPI = 5
  ! Modes for bcr_set_error_mode.
  integer, parameter, public :: BCR_ERRORS_RETURN = 0
  integer, parameter, public :: BCR_ERRORS_ABORT = 1

  interface
     subroutine bcr_psgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_psgemr2d_")
       import :: bcr_int, c_float
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       real(c_float), dimension(*), intent(in) :: a
       real(c_float), dimension(*), intent(inout) :: b
     end subroutine bcr_psgemr2d

     subroutine bcr_pdgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pdgemr2d_")
       import :: bcr_int, c_double
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       real(c_double), dimension(*), intent(in) :: a
       real(c_double), dimension(*), intent(inout) :: b
     end subroutine bcr_pdgemr2d

     subroutine bcr_pcgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pcgemr2d_")
       import :: bcr_int, c_float_complex
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       complex(c_float_complex), dimension(*), intent(in) :: a
       complex(c_float_complex), dimension(*), intent(inout) :: b
     end subroutine bcr_pcgemr2d

     subroutine bcr_pzgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pzgemr2d_")
       import :: bcr_int, c_double_complex
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       complex(c_double_complex), dimension(*), intent(in) :: a
       complex(c_double_complex), dimension(*), intent(inout) :: b
     end subroutine bcr_pzgemr2d

     subroutine bcr_pigemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pigemr2d_")
       import :: bcr_int
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       integer(bcr_int), dimension(*), intent(in) :: a
       integer(bcr_int), dimension(*), intent(inout) :: b
     end subroutine bcr_pigemr2d

     subroutine bcr_pstrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pstrmr2d_")
       import :: bcr_int, c_char, c_float
       character(kind=c_char, len=1), intent(in) :: uplo, diag
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       real(c_float), dimension(*), intent(in) :: a
       real(c_float), dimension(*), intent(inout) :: b
     end subroutine bcr_pstrmr2d

     subroutine bcr_pdtrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pdtrmr2d_")
       import :: bcr_int, c_char, c_double
       character(kind=c_char, len=1), intent(in) :: uplo, diag
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       real(c_double), dimension(*), intent(in) :: a
       real(c_double), dimension(*), intent(inout) :: b
     end subroutine bcr_pdtrmr2d

     subroutine bcr_pctrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pctrmr2d_")
       import :: bcr_int, c_char, c_float_complex
       character(kind=c_char, len=1), intent(in) :: uplo, diag
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       complex(c_float_complex), dimension(*), intent(in) :: a
       complex(c_float_complex), dimension(*), intent(inout) :: b
     end subroutine bcr_pctrmr2d

     subroutine bcr_pztrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pztrmr2d_")
       import :: bcr_int, c_char, c_double_complex
       character(kind=c_char, len=1), intent(in) :: uplo, diag
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       complex(c_double_complex), dimension(*), intent(in) :: a
       complex(c_double_complex), dimension(*), intent(inout) :: b
     end subroutine bcr_pztrmr2d

     subroutine bcr_pitrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt) &
          bind(C, name="bcr_pitrmr2d_")
       import :: bcr_int, c_char
       character(kind=c_char, len=1), intent(in) :: uplo, diag
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       integer(bcr_int), dimension(*), intent(in) :: a
       integer(bcr_int), dimension(*), intent(inout) :: b
     end subroutine bcr_pitrmr2d

     subroutine bcr_pstran(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pstran_")
       import :: bcr_int, c_float
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       real(c_float), intent(in) :: alpha, beta
       real(c_float), dimension(*), intent(in) :: a
       real(c_float), dimension(*), intent(inout) :: c
     end subroutine bcr_pstran

     subroutine bcr_pdtran(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pdtran_")
       import :: bcr_int, c_double
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       real(c_double), intent(in) :: alpha, beta
       real(c_double), dimension(*), intent(in) :: a
       real(c_double), dimension(*), intent(inout) :: c
     end subroutine bcr_pdtran

     subroutine bcr_pitran(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pitran_")
       import :: bcr_int
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       integer(bcr_int), intent(in) :: alpha, beta
       integer(bcr_int), dimension(*), intent(in) :: a
       integer(bcr_int), dimension(*), intent(inout) :: c
     end subroutine bcr_pitran

     subroutine bcr_pctranu(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pctranu_")
       import :: bcr_int, c_float_complex
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       complex(c_float_complex), intent(in) :: alpha, beta
       complex(c_float_complex), dimension(*), intent(in) :: a
       complex(c_float_complex), dimension(*), intent(inout) :: c
     end subroutine bcr_pctranu

     subroutine bcr_pztranu(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pztranu_")
       import :: bcr_int, c_double_complex
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       complex(c_double_complex), intent(in) :: alpha, beta
       complex(c_double_complex), dimension(*), intent(in) :: a
       complex(c_double_complex), dimension(*), intent(inout) :: c
     end subroutine bcr_pztranu

     subroutine bcr_pctranc(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pctranc_")
       import :: bcr_int, c_float_complex
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       complex(c_float_complex), intent(in) :: alpha, beta
       complex(c_float_complex), dimension(*), intent(in) :: a
       complex(c_float_complex), dimension(*), intent(inout) :: c
     end subroutine bcr_pctranc

     subroutine bcr_pztranc(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, &
          ictxt) bind(C, name="bcr_pztranc_")
       import :: bcr_int, c_double_complex
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       complex(c_double_complex), intent(in) :: alpha, beta
       complex(c_double_complex), dimension(*), intent(in) :: a
       complex(c_double_complex), dimension(*), intent(inout) :: c
     end subroutine bcr_pztranc

     subroutine bcr_psgeadd(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, &
          descc, ictxt) bind(C, name="bcr_psgeadd_")
       import :: bcr_int, c_char, c_float
       character(kind=c_char, len=1), intent(in) :: trans
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       real(c_float), intent(in) :: alpha, beta
       real(c_float), dimension(*), intent(in) :: a
       real(c_float), dimension(*), intent(inout) :: c
     end subroutine bcr_psgeadd

     subroutine bcr_pdgeadd(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, &
          descc, ictxt) bind(C, name="bcr_pdgeadd_")
       import :: bcr_int, c_char, c_double
       character(kind=c_char, len=1), intent(in) :: trans
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       real(c_double), intent(in) :: alpha, beta
       real(c_double), dimension(*), intent(in) :: a
       real(c_double), dimension(*), intent(inout) :: c
     end subroutine bcr_pdgeadd

     subroutine bcr_pcgeadd(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, &
          descc, ictxt) bind(C, name="bcr_pcgeadd_")
       import :: bcr_int, c_char, c_float_complex
       character(kind=c_char, len=1), intent(in) :: trans
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       complex(c_float_complex), intent(in) :: alpha, beta
       complex(c_float_complex), dimension(*), intent(in) :: a
       complex(c_float_complex), dimension(*), intent(inout) :: c
     end subroutine bcr_pcgeadd

     subroutine bcr_pzgeadd(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, &
          descc, ictxt) bind(C, name="bcr_pzgeadd_")
       import :: bcr_int, c_char, c_double_complex
       character(kind=c_char, len=1), intent(in) :: trans
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       complex(c_double_complex), intent(in) :: alpha, beta
       complex(c_double_complex), dimension(*), intent(in) :: a
       complex(c_double_complex), dimension(*), intent(inout) :: c
     end subroutine bcr_pzgeadd

     subroutine bcr_pigeadd(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, &
          descc, ictxt) bind(C, name="bcr_pigeadd_")
       import :: bcr_int, c_char
       character(kind=c_char, len=1), intent(in) :: trans
       integer(bcr_int), intent(in) :: m, n, ia, ja, ic, jc, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       integer(bcr_int), intent(in) :: alpha, beta
       integer(bcr_int), dimension(*), intent(in) :: a
       integer(bcr_int), dimension(*), intent(inout) :: c
     end subroutine bcr_pigeadd

     ! Release bcredist's cached communicators, grid maps and buffers.
     ! Collective over every process that called bcredist; MPI_Finalize
     ! also does it.
     subroutine bcr_finalize() bind(C, name="bcr_finalize")
     end subroutine bcr_finalize

     ! With BCR_STATS set: one usage report for the whole job at
     ! MPI_Finalize.  Every process calls it after MPI_Init.
     function bcr_stats_begin() bind(C, name="bcr_stats_begin") result(rc)
       import :: c_int
       integer(c_int) :: rc
     end function bcr_stats_begin

     ! BCR_ERRORS_RETURN (the default) or BCR_ERRORS_ABORT (MPI_Abort after
     ! printing the message).
     subroutine bcr_set_error_mode(mode) bind(C, name="bcr_set_error_mode")
       import :: c_int
       integer(c_int), value, intent(in) :: mode
     end subroutine bcr_set_error_mode
  end interface

  ! Plans and layouts (bcredist.h): handles are type(c_ptr), c_null_ptr when
  ! a call failed; arrays of any type are passed by address.
  public :: bcr_plan_create, bcr_plan_execute, bcr_plan_start, bcr_plan_test, bcr_plan_wait, &
       bcr_plan_destroy, bcr_layout_desc, bcr_layout_blocks, bcr_layout_owners, bcr_layout_linear, &
       bcr_layout_remap, &
       bcr_layout_destroy, bcr_plan_create_layouts, bcr_relabel, bcr_layout_relabel, &
       bcr_relabel_desc, bcr_relabel_grid

  ! Batches (bcredist.h): several redistributions run as one exchange.
  ! Integers by value as integer(bcr_int) (literals need the kind), arrays
  ! and the update's alpha and beta of any type by address.
  public :: bcr_batch_create, bcr_batch_add_gemr2d, bcr_batch_add_trmr2d, &
       bcr_batch_add_update, bcr_batch_add_plan, bcr_batch_execute, bcr_batch_start, &
       bcr_batch_test, bcr_batch_wait, bcr_batch_destroy

  interface
     function bcr_plan_execute(plan, a, b) bind(C, name="bcr_plan_execute") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: plan
       type(*), dimension(*), intent(in) :: a
       type(*), dimension(*), intent(inout) :: b
       integer(c_int) :: code
     end function bcr_plan_execute

     function bcr_plan_start(plan, a, b) bind(C, name="bcr_plan_start") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: plan
       type(*), dimension(*), intent(in) :: a
       type(*), dimension(*), intent(inout) :: b
       integer(c_int) :: code
     end function bcr_plan_start

     function bcr_plan_test(plan, flag) bind(C, name="bcr_plan_test") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: plan
       integer(c_int), intent(out) :: flag
       integer(c_int) :: code
     end function bcr_plan_test

     function bcr_plan_wait(plan) bind(C, name="bcr_plan_wait") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: plan
       integer(c_int) :: code
     end function bcr_plan_wait

     subroutine bcr_plan_destroy(plan) bind(C, name="bcr_plan_destroy")
       import :: c_ptr
       type(c_ptr), value, intent(in) :: plan
     end subroutine bcr_plan_destroy

     function bcr_layout_desc(m, n, ia, ja, desc) bind(C, name="bcr_layout_desc") result(layout)
       import :: c_ptr, bcr_int
       integer(bcr_int), value, intent(in) :: m, n, ia, ja
       integer(bcr_int), dimension(9), intent(in) :: desc
       type(c_ptr) :: layout
     end function bcr_layout_desc

     function bcr_layout_blocks(m, n, nrowblocks, row_sizes, row_procs, ncolblocks, col_sizes, &
          col_procs, nprow, npcol, grid_ranks, lld) bind(C, name="bcr_layout_blocks") &
          result(layout)
       import :: c_ptr, c_int, bcr_int
       integer(bcr_int), value, intent(in) :: m, n, nrowblocks, ncolblocks, nprow, npcol, lld
       integer(bcr_int), dimension(*), intent(in) :: row_sizes, row_procs, col_sizes, col_procs
       integer(c_int), dimension(*), intent(in) :: grid_ranks
       type(c_ptr) :: layout
     end function bcr_layout_blocks

     function bcr_layout_linear(m, n, a, b, nprocs, ranks) bind(C, name="bcr_layout_linear") &
          result(layout)
       import :: c_ptr, c_int, bcr_int
       integer(bcr_int), value, intent(in) :: m, n, a, b, nprocs
       integer(c_int), dimension(*), intent(in) :: ranks
       type(c_ptr) :: layout
     end function bcr_layout_linear

     function bcr_layout_owners(m, n, nrowblocks, row_sizes, ncolblocks, col_sizes, owners, lld) &
          bind(C, name="bcr_layout_owners") result(layout)
       import :: c_ptr, c_int, bcr_int
       integer(bcr_int), value, intent(in) :: m, n, nrowblocks, ncolblocks, lld
       integer(bcr_int), dimension(*), intent(in) :: row_sizes, col_sizes
       integer(c_int), dimension(*), intent(in) :: owners
       type(c_ptr) :: layout
     end function bcr_layout_owners

     function bcr_layout_remap(base, rows, cols) bind(C, name="bcr_layout_remap") result(layout)
       import :: c_ptr, bcr_int
       type(c_ptr), value, intent(in) :: base
       integer(bcr_int), dimension(*), intent(in) :: rows, cols
       type(c_ptr) :: layout
     end function bcr_layout_remap

     ! The relabelling of dst's processes that moves the fewest bytes:
     ! perm(r + 1) takes rank r's part; bytes crossing without and with it.
     function bcr_relabel(src, dst, type, nprocs, perm, moved_before, moved_after) &
          bind(C, name="bcr_relabel") result(code)
       import :: c_ptr, c_char, c_int, c_long_long
       type(c_ptr), value, intent(in) :: src, dst
       character(kind=c_char), value, intent(in) :: type
       integer(c_int), value, intent(in) :: nprocs
       integer(c_int), dimension(*), intent(out) :: perm
       integer(c_long_long), intent(out) :: moved_before, moved_after
       integer(c_int) :: code
     end function bcr_relabel

     function bcr_layout_relabel(layout, perm, nprocs) bind(C, name="bcr_layout_relabel") &
          result(relabelled)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: layout
       integer(c_int), dimension(*), intent(in) :: perm
       integer(c_int), value, intent(in) :: nprocs
       type(c_ptr) :: relabelled
     end function bcr_layout_relabel

     ! The same for descriptors, collective over ictxt; perm over ictxt's
     ! processes, numbered as bcr_relabel_grid reads it.
     function bcr_relabel_desc(m, n, ia, ja, desca, ib, jb, descb, ictxt, type, perm, &
          moved_before, moved_after) bind(C, name="bcr_relabel_desc") result(code)
       import :: c_char, c_int, c_long_long, bcr_int
       integer(bcr_int), value, intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       character(kind=c_char), value, intent(in) :: type
       integer(c_int), dimension(*), intent(out) :: perm
       integer(c_long_long), intent(out) :: moved_before, moved_after
       integer(c_int) :: code
     end function bcr_relabel_desc

     ! A BLACS context of descb's grid whose positions are held by the
     ! processes perm names (Cblacs_gridmap); -1 on processes outside it.
     function bcr_relabel_grid(ictxt, descb, perm) bind(C, name="bcr_relabel_grid") &
          result(ctxt)
       import :: c_int, bcr_int
       integer(bcr_int), value, intent(in) :: ictxt
       integer(bcr_int), dimension(9), intent(in) :: descb
       integer(c_int), dimension(*), intent(in) :: perm
       integer(bcr_int) :: ctxt
     end function bcr_relabel_grid

     subroutine bcr_layout_destroy(layout) bind(C, name="bcr_layout_destroy")
       import :: c_ptr
       type(c_ptr), value, intent(in) :: layout
     end subroutine bcr_layout_destroy

     ! comm: a Fortran MPI handle (MPI_COMM_WORLD, or mpi_f08's comm%mpi_val)
     function bcr_plan_create_layouts(src, dst, type, comm) &
          bind(C, name="bcr_plan_create_layouts_f") result(plan)
       import :: c_ptr, c_char, c_int
       type(c_ptr), value, intent(in) :: src, dst
       character(kind=c_char), value, intent(in) :: type
       integer(c_int), value, intent(in) :: comm
       type(c_ptr) :: plan
     end function bcr_plan_create_layouts

     ! comm: a Fortran MPI handle, as for bcr_plan_create_layouts
     function bcr_batch_create(comm) bind(C, name="bcr_batch_create_f") result(batch)
       import :: c_ptr, c_int
       integer(c_int), value, intent(in) :: comm
       type(c_ptr) :: batch
     end function bcr_batch_create

     function bcr_batch_add_gemr2d(batch, type, m, n, a, ia, ja, desca, b, ib, jb, descb) &
          bind(C, name="bcr_batch_add_gemr2d") result(code)
       import :: c_ptr, c_char, c_int, bcr_int
       type(c_ptr), value, intent(in) :: batch
       character(kind=c_char), value, intent(in) :: type
       integer(bcr_int), value, intent(in) :: m, n, ia, ja, ib, jb
       type(*), dimension(*), intent(in) :: a
       type(*), dimension(*), intent(inout) :: b
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       integer(c_int) :: code
     end function bcr_batch_add_gemr2d

     function bcr_batch_add_trmr2d(batch, type, uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, &
          descb) bind(C, name="bcr_batch_add_trmr2d") result(code)
       import :: c_ptr, c_char, c_int, bcr_int
       type(c_ptr), value, intent(in) :: batch
       character(kind=c_char), value, intent(in) :: type
       character(kind=c_char), intent(in) :: uplo, diag
       integer(bcr_int), value, intent(in) :: m, n, ia, ja, ib, jb
       type(*), dimension(*), intent(in) :: a
       type(*), dimension(*), intent(inout) :: b
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       integer(c_int) :: code
     end function bcr_batch_add_trmr2d

     function bcr_batch_add_update(batch, type, trans, m, n, alpha, a, ia, ja, desca, beta, c, &
          ic, jc, descc) bind(C, name="bcr_batch_add_update") result(code)
       import :: c_ptr, c_char, c_int, bcr_int
       type(c_ptr), value, intent(in) :: batch
       character(kind=c_char), value, intent(in) :: type
       character(kind=c_char), intent(in) :: trans
       integer(bcr_int), value, intent(in) :: m, n, ia, ja, ic, jc
       type(*), intent(in) :: alpha, beta
       type(*), dimension(*), intent(in) :: a
       type(*), dimension(*), intent(inout) :: c
       integer(bcr_int), dimension(9), intent(in) :: desca, descc
       integer(c_int) :: code
     end function bcr_batch_add_update

     function bcr_batch_add_plan(batch, plan, a, b) bind(C, name="bcr_batch_add_plan") &
          result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: batch, plan
       type(*), dimension(*), intent(in) :: a
       type(*), dimension(*), intent(inout) :: b
       integer(c_int) :: code
     end function bcr_batch_add_plan

     function bcr_batch_execute(batch) bind(C, name="bcr_batch_execute") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: batch
       integer(c_int) :: code
     end function bcr_batch_execute

     function bcr_batch_start(batch) bind(C, name="bcr_batch_start") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: batch
       integer(c_int) :: code
     end function bcr_batch_start

     function bcr_batch_test(batch, flag) bind(C, name="bcr_batch_test") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: batch
       integer(c_int), intent(out) :: flag
       integer(c_int) :: code
     end function bcr_batch_test

     function bcr_batch_wait(batch) bind(C, name="bcr_batch_wait") result(code)
       import :: c_ptr, c_int
       type(c_ptr), value, intent(in) :: batch
       integer(c_int) :: code
     end function bcr_batch_wait

     subroutine bcr_batch_destroy(batch) bind(C, name="bcr_batch_destroy")
       import :: c_ptr
       type(c_ptr), value, intent(in) :: batch
     end subroutine bcr_batch_destroy

     function c_plan_create(type, trapezoid, uplo, diag, m, n, ia, ja, desca, ib, jb, descb, &
          ictxt) bind(C, name="bcr_plan_create_f") result(plan)
       import :: c_ptr, c_char, c_int, bcr_int
       character(kind=c_char), value, intent(in) :: type, uplo, diag
       integer(c_int), value, intent(in) :: trapezoid
       integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
       integer(bcr_int), dimension(9), intent(in) :: desca, descb
       type(c_ptr) :: plan
     end function c_plan_create
  end interface

  interface
     function c_last_error(message) bind(C, name="bcr_last_error") result(code)
       import :: c_int, c_ptr
       type(c_ptr), intent(out) :: message
       integer(c_int) :: code
     end function c_last_error

     function c_strlen(s) bind(C, name="strlen") result(length)
       import :: c_ptr, c_size_t
       type(c_ptr), value, intent(in) :: s
       integer(c_size_t) :: length
     end function c_strlen
  end interface

contains

  ! A plan of bcr_p?gemr2d's arguments without the arrays (bcr_p?trmr2d's
  ! when uplo is present; diag then defaults to 'N'); type is one of
  ! 's', 'd', 'c', 'z', 'i'.
  function bcr_plan_create(type, m, n, ia, ja, desca, ib, jb, descb, ictxt, uplo, diag) &
       result(plan)
    character(len=1), intent(in) :: type
    integer(bcr_int), intent(in) :: m, n, ia, ja, ib, jb, ictxt
    integer(bcr_int), dimension(9), intent(in) :: desca, descb
    character(len=*), intent(in), optional :: uplo, diag
    type(c_ptr) :: plan
    character(kind=c_char) :: t, u, d
    integer(c_int) :: trapezoid
    t = type
    u = 'U'
    d = 'N'
    trapezoid = 0
    if (present(uplo)) then
       u = uplo(1:1)
       trapezoid = 1
    end if
    if (present(diag)) d = diag(1:1)
    plan = c_plan_create(t, trapezoid, u, d, m, n, ia, ja, desca, ib, jb, descb, ictxt)
  end function bcr_plan_create


  ! Code of this thread's last bcredist call (BCR_SUCCESS when it worked);
  ! message, when present, receives the one-line description (blank on
  ! success), truncated to its length.
  function bcr_last_error(message) result(code)
    character(len=*), intent(out), optional :: message
    integer :: code
    type(c_ptr) :: p
    character(kind=c_char), dimension(:), pointer :: text
    integer :: i, length

    code = int(c_last_error(p))
    if (.not. present(message)) return
    message = ' '
    if (.not. c_associated(p)) return
    length = int(c_strlen(p))
    if (length == 0) return
    call c_f_pointer(p, text, [length])
    do i = 1, min(length, len(message))
       message(i:i) = text(i)
    end do
  end function bcr_last_error

end module bcredist
