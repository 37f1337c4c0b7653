! The Fortran module against the reference: every routine of `use bcredist`
! and ScaLAPACK's own p?gemr2d / p?trmr2d, called from Fortran on the same
! input in the same run, must leave the same bytes in B's local arrays
! (padding rows and untouched elements included).  Five types, gemr2d and
! the four trmr2d variants, three pairs of grids (one made by blacs_gridmap
! that leaves process 0 out).  Also bcr_last_error and bcr_finalize through
! the module.  4 processes.
module fmod_support
  use, intrinsic :: iso_c_binding
  use bcredist
  use ftest_layout
  implicit none
  private
  public :: run_all_types, failures, checked

  integer, save :: failures = 0, checked = 0

  interface
     function memcmp(p, q, n) bind(C, name="memcmp") result(r)
       import :: c_ptr, c_int, c_size_t
       type(c_ptr), value :: p, q
       integer(c_size_t), value :: n
       integer(c_int) :: r
     end function memcmp
  end interface

  ! The reference, through its Fortran entry points (implicit interfaces).
  external :: psgemr2d, pdgemr2d, pcgemr2d, pzgemr2d, pigemr2d
  external :: pstrmr2d, pdtrmr2d, pctrmr2d, pztrmr2d, pitrmr2d

contains

  subroutine check_same(t, c, p, q, nbytes)
    character(len=*), intent(in) :: t
    type(test_case), intent(in) :: c
    type(c_ptr), intent(in) :: p, q
    integer, intent(in) :: nbytes
    checked = checked + 1
    if (memcmp(p, q, int(nbytes, c_size_t)) /= 0) then
       failures = failures + 1
       write (*, '(a)') 'MISMATCH type ' // t // ': ' // trim(c%name)
    end if
  end subroutine check_same

  ! One routine per element type, from fmod_run.inc.
#define CH s
#define TNAME 's'
#define ELEM real(c_float)
#define A_OF(v) real(v, c_float) + 0.5_c_float
#define B_OF(k) -real(k, c_float) - 0.25_c_float
#include "fmod_run.inc"

#define CH d
#define TNAME 'd'
#define ELEM real(c_double)
#define A_OF(v) real(v, c_double) + 0.5_c_double
#define B_OF(k) -real(k, c_double) - 0.25_c_double
#include "fmod_run.inc"

#define CH c
#define TNAME 'c'
#define ELEM complex(c_float_complex)
#define A_OF(v) cmplx(v, -v - 0.5, c_float_complex)
#define B_OF(k) cmplx(-k, 0.75, c_float_complex)
#include "fmod_run.inc"

#define CH z
#define TNAME 'z'
#define ELEM complex(c_double_complex)
#define A_OF(v) cmplx(v, -v - 0.5, c_double_complex)
#define B_OF(k) cmplx(-k, 0.75, c_double_complex)
#include "fmod_run.inc"

#define CH i
#define TNAME 'i'
#define ELEM integer(c_int)
#define A_OF(v) v
#define B_OF(k) -k
#include "fmod_run.inc"

  subroutine run_all_types(c)
    type(test_case), intent(in) :: c
    call run_s(c)
    call run_d(c)
    call run_c(c)
    call run_z(c)
    call run_i(c)
  end subroutine run_all_types

end module fmod_support

program fortran_module_test
  use bcredist
  use ftest_layout
  use fmod_support
  implicit none
  integer :: me, np, ictxt, grids(3), i, k, total(1), code, vi(1)
  double precision :: vd(1)
  type(test_case) :: c
  character(len=200) :: msg
  character(len=1), parameter :: uplos(4) = ['U', 'U', 'L', 'L'], diags(4) = ['N', 'U', 'N', 'U']

  call blacs_pinfo(me, np)
  if (np /= 4) error stop 'run with 4 processes'
  call blacs_get(0, 0, ictxt)
  call blacs_gridinit(ictxt, 'R', 2, 2)
  call make_grids(grids)

  do i = 1, ncases
     call set_case(c, i, grids, ictxt)
     c%trapezoid = .false.
     write (c%name, '(a,i0,a)') 'case ', i, ' gemr2d'
     call run_all_types(c)
     do k = 1, 4
        c%trapezoid = .true.
        c%uplo = uplos(k); c%diag = diags(k)
        write (c%name, '(a,i0,a)') 'case ', i, ' trmr2d ' // c%uplo // c%diag
        call run_all_types(c)
     end do
  end do

  ! An error through the module: reported, not fatal, B untouched.  (Both
  ! descriptors on g3, which holds every process.)
  c%m = -1
  vi = 7
  call bcr_pigemr2d(c%m, 1, [1], 1, 1, c%a%desc, vi, 1, 1, c%a%desc, ictxt)
  code = bcr_last_error(msg)
  if (code /= BCR_ERR_ARGUMENT .or. index(msg, 'bcr_pigemr2d') /= 1 .or. vi(1) /= 7) then
     failures = failures + 1
     write (*, '(a,i0,a)') 'bcr_last_error gave ', code, ': ' // trim(msg)
  end if
  vd = 1
  call bcr_pdgemr2d(0, 0, [1.0d0], 1, 1, c%a%desc, vd, 1, 1, c%a%desc, ictxt)
  if (bcr_last_error() /= BCR_SUCCESS) then
     failures = failures + 1
     write (*, '(a)') 'bcr_last_error not cleared by a good call'
  end if
  call bcr_finalize()

  total(1) = failures
  call igsum2d(ictxt, 'All', ' ', 1, 1, total, 1, -1, -1)
  if (me == 0) write (*, '(a,i0,a,i0,a)') 'fortran module: ', checked, &
       ' comparisons per process, ', total(1), ' mismatches'
  if (grids(2) >= 0) call blacs_gridexit(grids(2))
  call blacs_gridexit(grids(3))
  call blacs_gridexit(grids(1))
  call blacs_gridexit(ictxt)
  if (total(1) /= 0) error stop 1
  call blacs_exit(0)
end program fortran_module_test
