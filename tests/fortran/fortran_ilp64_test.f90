! The ILP64 Fortran module: `use bcredist` from the module of
! libbcredist_fortran_ilp64, every integer integer(8) (the module's
! bcr_int), the BLACS from the stand-in ILP64 BLACS (tests/common/ilp64_blacs:
! 8-byte integers, every handle beyond 2^32), no ScaLAPACK.  Every element
! of B's local arrays, padding rows included, is checked against the
! formula below: from a global index, the process that holds it and its
! local offset there.  Types d, z and i; gemr2d and the four trmr2d
! variants; three pairs of grids (one made by blacs_gridmap that leaves
! process 0 out).  A context pushed past 2^32 must come back as "not a
! BLACS context".  Any number of processes; the test runs 4.
module filp64_support
  use, intrinsic :: iso_c_binding, only: c_int64_t, c_double, c_double_complex, c_int, &
       c_size_t, c_ptr, c_loc
  use bcredist
  implicit none
  private
  public :: ik, layout, test_case, make_layout, set_case, run_d, run_z, run_i, pnum_of, &
       grid_shape, same_bytes, checks, mismatches, np, me

  integer, parameter :: ik = c_int64_t

  type :: layout
     integer(ik) :: desc(9) = 0
     integer(ik) :: grid = 0, lld = 1, ncols = 1, locr = 0, myrow = -1, mycol = -1
  end type layout

  type :: test_case
     character(len=40) :: name = ''
     integer(ik) :: m = 0, n = 0, ia = 1, ja = 1, ib = 1, jb = 1, ictxt = -1
     logical :: trapezoid = .false.
     character(len=1) :: uplo = ' ', diag = ' '
     type(layout) :: a, b
  end type test_case

  integer(ik), save :: checks = 0, mismatches = 0, np = 0, me = -1

  interface
     function memcmp(p, q, n) bind(C, name="memcmp") result(r)
       import :: c_ptr, c_int, c_size_t
       type(c_ptr), value :: p, q
       integer(c_size_t), value :: n
       integer(c_int) :: r
     end function memcmp
     subroutine blacs_gridinfo(ictxt, nprow, npcol, myrow, mycol)
       import :: ik
       integer(ik), intent(in) :: ictxt
       integer(ik), intent(out) :: nprow, npcol, myrow, mycol
     end subroutine blacs_gridinfo
  end interface

contains

  ! Whether n bytes at p and q are the same (padding and signs of zero
  ! included, as a comparison of values would not see).
  logical function same_bytes(p, q, n)
    type(c_ptr), intent(in) :: p, q
    integer(ik), intent(in) :: n
    same_bytes = memcmp(p, q, int(n, c_size_t)) == 0
  end function same_bytes

  ! Grids: 1 = pr x pc in row order, 2 = 1 x (np-1) over processes
  ! np-1, 1, 2, ..., np-2 (blacs_gridmap), 3 = np x 1 in column order.
  subroutine grid_shape(g, p, q)
    integer(ik), intent(in) :: g
    integer(ik), intent(out) :: p, q
    integer(ik) :: pr
    pr = int(sqrt(real(np)), ik)
    do while (pr > 1 .and. mod(np, pr) /= 0)
       pr = pr - 1
    end do
    select case (g)
    case (1)
       p = pr; q = np / pr
    case (2)
       p = 1; q = max(np - 1, 1_ik)
    case default
       p = np; q = 1
    end select
  end subroutine grid_shape

  integer(ik) function pnum_of(g, i, j)
    integer(ik), intent(in) :: g, i, j
    integer(ik) :: p, q
    call grid_shape(g, p, q)
    select case (g)
    case (1)
       pnum_of = i * q + j
    case (2)
       pnum_of = merge(np - 1, j, j == 0 .or. np == 1)
    case default
       pnum_of = i
    end select
  end function pnum_of

  ! Global index gi (0-based) of a dimension in blocks of nb dealt from
  ! process src over p: the process holding it and its local index there.
  subroutine locate(gi, nb, src, p, owner, local)
    integer(ik), intent(in) :: gi, nb, src, p
    integer(ik), intent(out) :: owner, local
    owner = mod(gi / nb + src, p)
    local = (gi / nb) / p * nb + mod(gi, nb)
  end subroutine locate

  integer(ik) function held(n, nb, src, p, who)
    integer(ik), intent(in) :: n, nb, src, p, who
    integer(ik) :: gi, o, l
    held = 0
    do gi = 0, n - 1
       call locate(gi, nb, src, p, o, l)
       if (o == who) held = held + 1
    end do
  end function held

  ! This process's piece of an mg x ng matrix on grid g (handle ctxt), two
  ! padding rows; desc(2) = -1 outside the grid.
  function make_layout(g, ctxt, mg, ng, mb, nb, rsrc, csrc) result(l)
    integer(ik), intent(in) :: g, ctxt, mg, ng, mb, nb, rsrc, csrc
    type(layout) :: l
    integer(ik) :: p, q
    l%grid = g
    if (ctxt == -1) then
       l%desc(2) = -1
       return
    end if
    call blacs_gridinfo(ctxt, p, q, l%myrow, l%mycol)
    l%locr = held(mg, mb, rsrc, p, l%myrow)
    l%ncols = max(1_ik, held(ng, nb, csrc, q, l%mycol))
    l%lld = l%locr + 2
    l%desc = [1_ik, ctxt, mg, ng, mb, nb, rsrc, csrc, l%lld]
  end function make_layout

  ! Case i: m, n, ia, ja, ib, jb; A: grid, mg, ng, mb, nb, rsrc, csrc; B:
  ! the same.
  subroutine set_case(c, i, grids, ictxt)
    type(test_case), intent(inout) :: c
    integer, intent(in) :: i
    integer(ik), intent(in) :: grids(3), ictxt
    integer(ik), parameter :: cases(20, 3) = reshape([ &
         13_ik, 11_ik, 2_ik, 3_ik, 4_ik, 2_ik,   1_ik, 17_ik, 15_ik, 3_ik, 2_ik, 1_ik, 0_ik, &
         2_ik, 19_ik, 14_ik, 2_ik, 4_ik, 0_ik, 2_ik, &
         9_ik, 16_ik, 3_ik, 4_ik, 6_ik, 5_ik,    2_ik, 12_ik, 20_ik, 4_ik, 3_ik, 0_ik, 1_ik, &
         1_ik, 16_ik, 22_ik, 5_ik, 2_ik, 1_ik, 1_ik, &
         21_ik, 6_ik, 4_ik, 2_ik, 5_ik, 4_ik,    3_ik, 25_ik, 7_ik, 3_ik, 3_ik, 2_ik, 0_ik, &
         2_ik, 26_ik, 9_ik, 4_ik, 2_ik, 0_ik, 0_ik], [20, 3])
    integer(ik) :: p, q
    c%m = cases(1, i); c%n = cases(2, i)
    c%ia = cases(3, i); c%ja = cases(4, i); c%ib = cases(5, i); c%jb = cases(6, i)
    c%ictxt = ictxt
    call grid_shape(cases(7, i), p, q)
    c%a = make_layout(cases(7, i), grids(cases(7, i)), cases(8, i), cases(9, i), cases(10, i), &
         cases(11, i), mod(cases(12, i), p), mod(cases(13, i), q))
    call grid_shape(cases(14, i), p, q)
    c%b = make_layout(cases(14, i), grids(cases(14, i)), cases(15, i), cases(16, i), &
         cases(17, i), cases(18, i), mod(cases(19, i), p), mod(cases(20, i), q))
  end subroutine set_case

  ! Whether submatrix element (i, j), 0-based, is copied.
  logical function copied(c, i, j)
    type(test_case), intent(in) :: c
    integer(ik), intent(in) :: i, j
    integer(ik) :: unit
    copied = .true.
    if (.not. c%trapezoid) return
    unit = merge(1_ik, 0_ik, c%diag == 'U')
    if (c%uplo == 'U') then
       copied = i <= j + max(0_ik, c%m - c%n) - unit
    else
       copied = i >= j - max(0_ik, c%n - c%m) + unit
    end if
  end function copied

  ! The value of A's element at global (gi, gj), 0-based.
  integer(ik) function a_value(gi, gj)
    integer(ik), intent(in) :: gi, gj
    a_value = gi + 1000 * gj + 7
  end function a_value

  ! Local offsets (1-based; 0 when not held here) of the elements of an
  ! array's global (gi, gj).
  integer(ik) function offset_here(l, gi, gj)
    type(layout), intent(in) :: l
    integer(ik), intent(in) :: gi, gj
    integer(ik) :: p, q, r, cc, li, lj
    offset_here = 0
    if (l%desc(2) == -1) return
    call grid_shape(l%grid, p, q)
    call locate(gi, l%desc(5), l%desc(7), p, r, li)
    call locate(gj, l%desc(6), l%desc(8), q, cc, lj)
    if (r == l%myrow .and. cc == l%mycol) offset_here = li + lj * l%lld + 1
  end function offset_here

  ! A's values where this process holds them (from the global indices),
  ! a marker elsewhere (padding rows).
  subroutine fill_a(c, vals)
    type(test_case), intent(in) :: c
    integer(ik), intent(out) :: vals(:)
    integer(ik) :: gi, gj, k
    vals = -100000
    do gj = 0, c%a%desc(4) - 1
       do gi = 0, c%a%desc(3) - 1
          k = offset_here(c%a, gi, gj)
          if (k > 0) vals(k) = a_value(gi, gj)
       end do
    end do
  end subroutine fill_a

  ! B as the call must leave it: b0, with every copied element B holds
  ! here replaced by A's at the matching global index.
  subroutine expected_b(c, b0, vals)
    type(test_case), intent(in) :: c
    integer(ik), intent(in) :: b0(:)
    integer(ik), intent(out) :: vals(:)
    integer(ik) :: i, j, k
    vals = b0
    do j = 0, c%n - 1
       do i = 0, c%m - 1
          if (.not. copied(c, i, j)) cycle
          k = offset_here(c%b, c%ib - 1 + i, c%jb - 1 + j)
          if (k > 0) vals(k) = a_value(c%ia - 1 + i, c%ja - 1 + j)
       end do
    end do
  end subroutine expected_b

  subroutine count_result(t, c, same)
    character(len=*), intent(in) :: t
    type(test_case), intent(in) :: c
    logical, intent(in) :: same
    checks = checks + 1
    if (.not. same) then
       mismatches = mismatches + 1
       write (*, '(a, i0, a)') 'MISMATCH [process ', me, '] type ' // t // ': ' // trim(c%name)
    end if
  end subroutine count_result

  ! The values of each type, from the integers above: A's are positive,
  ! B's before the call negative, so every expected element has one.
  elemental real(c_double) function as_d(x)
    integer(ik), intent(in) :: x
    as_d = real(x, c_double) / 8
  end function as_d

  elemental complex(c_double_complex) function as_z(x)
    integer(ik), intent(in) :: x
    as_z = cmplx(real(x, c_double), -real(x, c_double) / 4, c_double_complex)
  end function as_z

  ! Beyond 32 bits, so that an element moved in 4-byte pieces shows.
  elemental integer(ik) function as_i(x)
    integer(ik), intent(in) :: x
    as_i = merge(x + 2_ik**40, x - 2_ik**41, x > 0)
  end function as_i

  ! A's values on this process, B's before the call, and B's after it.
  subroutine values(c, av, b0, ev)
    type(test_case), intent(in) :: c
    integer(ik), allocatable, intent(out) :: av(:), b0(:), ev(:)
    integer(ik) :: k
    allocate(av(c%a%lld * c%a%ncols), b0(c%b%lld * c%b%ncols), ev(c%b%lld * c%b%ncols))
    call fill_a(c, av)
    b0 = -[(k, k = 1, size(b0, kind=ik))]
    call expected_b(c, b0, ev)
  end subroutine values

  ! One routine per element type, from filp64_run.inc.
#define CH d
#define TNAME 'd'
#define ELEM real(c_double)
#define AS as_d
#include "filp64_run.inc"

#define CH z
#define TNAME 'z'
#define ELEM complex(c_double_complex)
#define AS as_z
#include "filp64_run.inc"

#define CH i
#define TNAME 'i'
#define ELEM integer(ik)
#define AS as_i
#include "filp64_run.inc"

end module filp64_support

program fortran_ilp64_test
  use, intrinsic :: iso_c_binding, only: c_double, c_loc
  use filp64_support
  use bcredist
  implicit none

  interface
     subroutine blacs_pinfo(mypnum, nprocs)
       import :: ik
       integer(ik), intent(out) :: mypnum, nprocs
     end subroutine blacs_pinfo
     subroutine blacs_get(ictxt, what, val)
       import :: ik
       integer(ik), intent(in) :: ictxt, what
       integer(ik), intent(out) :: val
     end subroutine blacs_get
     subroutine blacs_gridinit(ictxt, order, nprow, npcol)
       import :: ik
       integer(ik), intent(inout) :: ictxt
       character(len=*), intent(in) :: order
       integer(ik), intent(in) :: nprow, npcol
     end subroutine blacs_gridinit
     subroutine blacs_gridmap(ictxt, usermap, ldumap, nprow, npcol)
       import :: ik
       integer(ik), intent(inout) :: ictxt
       integer(ik), intent(in) :: usermap(*), ldumap, nprow, npcol
     end subroutine blacs_gridmap
     subroutine blacs_gridexit(ictxt)
       import :: ik
       integer(ik), intent(in) :: ictxt
     end subroutine blacs_gridexit
     subroutine blacs_exit(notdone)
       import :: ik
       integer(ik), intent(in) :: notdone
     end subroutine blacs_exit
  end interface

  integer(ik) :: grids(3), ictxt, p, q, k, j
  integer(ik), allocatable :: map(:)
  type(test_case) :: c
  character(len=256) :: message
  character(len=40) :: variant(5) = [character(len=40) :: 'gemr2d', 'trmr2d U N', &
       'trmr2d U U', 'trmr2d L N', 'trmr2d L U']
  integer :: i, v

  if (bcr_int /= ik) error stop 'the module is not the ILP64 one'
  call blacs_pinfo(me, np)
  call blacs_get(0_ik, 0_ik, ictxt)
  call blacs_gridinit(ictxt, 'R', 1_ik, np)
  call grid_shape(1_ik, p, q)
  call blacs_get(0_ik, 0_ik, grids(1))
  call blacs_gridinit(grids(1), 'R', p, q)
  call grid_shape(2_ik, p, q)
  allocate(map(q))
  map = [(pnum_of(2_ik, 0_ik, j), j = 0, q - 1)]
  call blacs_get(0_ik, 0_ik, grids(2))
  call blacs_gridmap(grids(2), map, 1_ik, 1_ik, q)
  call grid_shape(3_ik, p, q)
  call blacs_get(0_ik, 0_ik, grids(3))
  call blacs_gridinit(grids(3), 'C', p, q)
  checks = checks + 1
  if (ictxt <= 2_ik**32) then
     mismatches = mismatches + 1
     write (*, '(a, i0)') 'MISMATCH not a handle of the stand-in BLACS: ictxt = ', ictxt
  end if

  do i = 1, 3
     do v = 1, 5
        call set_case(c, i, grids, ictxt)
        c%trapezoid = v > 1
        c%uplo = merge('U', 'L', v <= 3)
        c%diag = merge('N', 'U', v == 2 .or. v == 4)
        write (c%name, '(a, i0, a)') 'case ', i, ' ' // trim(variant(v))
        call run_d(c)
        call run_z(c)
        call run_i(c)
        checks = checks + 1
        if (bcr_last_error() /= BCR_SUCCESS) then
           mismatches = mismatches + 1
           write (*, '(a)') 'MISMATCH an error in ' // trim(c%name)
        end if
     end do
  end do

  ! A context past 2^32 stays 8 bytes all the way to the message.
  call set_case(c, 1, grids, ictxt)
  call run_d_bad(c, ictxt + 2_ik**32)

  call bcr_finalize()
  do k = 1, 3
     if (grids(k) /= -1) call blacs_gridexit(grids(k))
  end do
  call blacs_gridexit(ictxt)
  write (*, '(a, i0, a, i0, a, i0, a)') 'fortran ilp64 (process ', me, '): ', checks, &
       ' checks, ', mismatches, ' mismatches'
  if (mismatches /= 0) error stop 1
  call blacs_exit(0_ik)

contains

  subroutine run_d_bad(c, bad)
    type(test_case), intent(in) :: c
    integer(ik), intent(in) :: bad
    real(c_double), target :: a(c%a%lld * c%a%ncols), b(c%b%lld * c%b%ncols), &
         b0(c%b%lld * c%b%ncols)
    character(len=40) :: expect
    logical :: untouched
    a = 1
    b = 2
    b0 = b
    call bcr_pdgemr2d(c%m, c%n, a, c%ia, c%ja, c%a%desc, b, c%ib, c%jb, c%b%desc, bad)
    write (expect, '(a, i0, a)') 'ictxt = ', bad, ' is not'
    untouched = same_bytes(c_loc(b), c_loc(b0), 8 * size(b, kind=ik))
    checks = checks + 1
    if (bcr_last_error(message) /= BCR_ERR_ARGUMENT .or. index(message, trim(expect)) == 0 &
         .or. .not. untouched) then
       mismatches = mismatches + 1
       write (*, '(a)') 'MISMATCH ictxt + 2^32: ' // trim(message)
    end if
  end subroutine run_d_bad

end program fortran_ilp64_test
