! A program written against plain ScaLAPACK (no bcredist in its source):
! p?gemr2d, p?trmr2d and the legacy p?gemr2do, p?trmr2do for the five
! types, on the cases of ftest_layout.  Each process writes every B local
! array it ends up with (padding included) to <dir>/f_<rank>.bin, and
! process 0 prints the number of redistribution calls.  The drop-in tests
! (dropin.cmake) build it unchanged and linked with libbcredist_scalapack
! first, and run it with and without the drop-in preloaded.  4 processes.
module dropin_calls
  use ftest_layout
  implicit none
  integer, parameter :: GEMR2D = 1, TRMR2D = 2, GEMR2DO = 3, TRMR2DO = 4
  external :: psgemr2d, pdgemr2d, pcgemr2d, pzgemr2d, pigemr2d
  external :: pstrmr2d, pdtrmr2d, pctrmr2d, pztrmr2d, pitrmr2d
  external :: psgemr2do, pdgemr2do, pcgemr2do, pzgemr2do, pigemr2do
  external :: pstrmr2do, pdtrmr2do, pctrmr2do, pztrmr2do, pitrmr2do
contains
  ! One routine per element type, from dropin_run.inc.
#define CH s
#define ELEM real
#define A_OF(v) real(v) + 0.5
#define B_OF(k) -real(k) - 0.25
#include "dropin_run.inc"

#define CH d
#define ELEM double precision
#define A_OF(v) dble(v) + 0.5d0
#define B_OF(k) -dble(k) - 0.25d0
#include "dropin_run.inc"

#define CH c
#define ELEM complex
#define A_OF(v) cmplx(v, -v - 0.5)
#define B_OF(k) cmplx(-k, 0.75)
#include "dropin_run.inc"

#define CH z
#define ELEM complex(kind(0.0d0))
#define A_OF(v) cmplx(v, -v - 0.5d0, kind(0.0d0))
#define B_OF(k) cmplx(-k, 0.75d0, kind(0.0d0))
#include "dropin_run.inc"

#define CH i
#define ELEM integer
#define A_OF(v) v
#define B_OF(k) -k
#include "dropin_run.inc"

  subroutine run_all_types(c, how, u, calls)
    type(test_case), intent(in) :: c
    integer, intent(in) :: how, u
    integer, intent(inout) :: calls
    call run_s(c, how, u)
    call run_d(c, how, u)
    call run_c(c, how, u)
    call run_z(c, how, u)
    call run_i(c, how, u)
    calls = calls + 5
  end subroutine run_all_types

end module dropin_calls

program dropin_prog
  use ftest_layout
  use dropin_calls
  implicit none
  integer :: me, np, ictxt, grids(3), u, calls
  character(len=512) :: dir, path
  type(test_case) :: c

  call blacs_pinfo(me, np)
  if (np /= 4) error stop 'run with 4 processes'
  if (command_argument_count() /= 1) error stop 'usage: dropin_prog <output directory>'
  call get_command_argument(1, dir)
  write (path, '(a,a,i0,a)') trim(dir), '/f_', me, '.bin'
  open (newunit=u, file=path, access='stream', form='unformatted', status='replace')

  call blacs_get(0, 0, ictxt)
  call blacs_gridinit(ictxt, 'R', 2, 2)
  call make_grids(grids)
  calls = 0

  ! With ictxt: gemr2d on case 1, the trapezoids on cases 2 and 3.
  call set_case(c, 1, grids, ictxt)
  call run_all_types(c, GEMR2D, u, calls)
  call set_case(c, 2, grids, ictxt)
  c%uplo = 'U'; c%diag = 'N'
  call run_all_types(c, TRMR2D, u, calls)
  call set_case(c, 3, grids, ictxt)
  c%uplo = 'L'; c%diag = 'U'
  call run_all_types(c, TRMR2D, u, calls)

  ! Legacy, over all processes.
  call set_case(c, 2, grids, -1)
  call run_all_types(c, GEMR2DO, u, calls)
  call set_case(c, 3, grids, -1)
  c%uplo = 'U'; c%diag = 'U'
  call run_all_types(c, TRMR2DO, u, calls)
  call set_case(c, 1, grids, -1)
  c%uplo = 'l'; c%diag = 'n'
  call run_all_types(c, TRMR2DO, u, calls)

  close (u)
  if (me == 0) write (*, '(a,i0)') 'CALLS ', calls
  if (grids(2) >= 0) call blacs_gridexit(grids(2))
  call blacs_gridexit(grids(3))
  call blacs_gridexit(grids(1))
  call blacs_gridexit(ictxt)
  call blacs_exit(0)
end program dropin_prog
