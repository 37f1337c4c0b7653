! Shared by the Fortran tests: one process's piece of a block-cyclic matrix
! (with two padding rows), A's deterministic values, and the grids and
! cases the tests run on 4 processes.
module ftest_layout
  implicit none
  private
  public :: local_layout, test_case, layout, a_value, make_grids, set_case, ncases

  type :: local_layout
     integer :: desc(9)
     integer :: lld = 1, ncols = 1, size = 1, locr = 0
     integer :: nprow = -1, npcol = -1, myrow = -1, mycol = -1
  end type local_layout

  type :: test_case
     character(len=48) :: name = ''
     integer :: m = 0, n = 0, ia = 1, ja = 1, ib = 1, jb = 1, ictxt = -1
     logical :: trapezoid = .false.
     character(len=1) :: uplo = ' ', diag = ' '
     type(local_layout) :: a, b
  end type test_case

  ! Per case: m, n, ia, ja, ib, jb; A: grid, mg, ng, mb, nb, rsrc, csrc;
  ! B: the same.  Grids: 1 = 2x2 column order, 2 = 1x3 over processes
  ! 3, 1, 2 (blacs_gridmap, process 0 outside), 3 = 4x1.  Case 1 is
  ! general, case 2 has n > m, case 3 m > n (the trapezoid's corners).
  integer, parameter :: ncases = 3
  integer, parameter :: cases(20, ncases) = reshape([ &
       13, 11, 2, 3, 4, 2,   1, 17, 15, 3, 2, 1, 0,   2, 19, 14, 2, 4, 0, 2, &
       9, 16, 3, 4, 6, 5,    2, 12, 20, 4, 3, 0, 1,   1, 16, 22, 5, 2, 1, 1, &
       21, 6, 4, 2, 5, 4,    3, 25, 7, 3, 3, 2, 0,    2, 26, 9, 4, 2, 0, 0], [20, ncases])

  integer, external :: numroc, indxl2g

contains

  ! This process's piece of an mg x ng matrix on grid ctxt; desc(2) = -1
  ! when the process is not in the grid.
  function layout(ctxt, mg, ng, mb, nb, rsrc, csrc) result(l)
    integer, intent(in) :: ctxt, mg, ng, mb, nb, rsrc, csrc
    type(local_layout) :: l
    l%desc = 0
    if (ctxt >= 0) call blacs_gridinfo(ctxt, l%nprow, l%npcol, l%myrow, l%mycol)
    if (l%myrow < 0 .or. l%myrow >= l%nprow .or. l%mycol < 0 .or. l%mycol >= l%npcol) then
       l%desc(2) = -1
       return
    end if
    l%locr = numroc(mg, mb, l%myrow, rsrc, l%nprow)
    l%ncols = max(1, numroc(ng, nb, l%mycol, csrc, l%npcol))
    l%lld = l%locr + 2
    l%size = l%lld * l%ncols
    l%desc = [1, ctxt, mg, ng, mb, nb, rsrc, csrc, l%lld]
  end function layout

  ! A's value at local linear index k: from the global indices, or a marker
  ! in the padding rows.
  integer function a_value(l, k)
    type(local_layout), intent(in) :: l
    integer, intent(in) :: k
    integer :: li, lj
    li = mod(k - 1, l%lld) + 1
    lj = (k - 1) / l%lld + 1
    if (l%desc(2) == -1 .or. li > l%locr) then
       a_value = -100000 - k
    else
       a_value = indxl2g(li, l%desc(5), l%myrow, l%desc(7), l%nprow) + &
            1000 * indxl2g(lj, l%desc(6), l%mycol, l%desc(8), l%npcol)
    end if
  end function a_value

  ! The three grids of the cases (4 processes); g2 is -1 on process 0.
  subroutine make_grids(grids)
    integer, intent(out) :: grids(3)
    integer :: map(1, 3)
    call blacs_get(0, 0, grids(1))
    call blacs_gridinit(grids(1), 'C', 2, 2)
    map(1, :) = [3, 1, 2]
    call blacs_get(0, 0, grids(2))
    call blacs_gridmap(grids(2), map, 1, 1, 3)
    call blacs_get(0, 0, grids(3))
    call blacs_gridinit(grids(3), 'R', 4, 1)
  end subroutine make_grids

  ! Case i on grids, redistributed over ictxt.
  subroutine set_case(c, i, grids, ictxt)
    type(test_case), intent(inout) :: c
    integer, intent(in) :: i, grids(3), ictxt
    c%m = cases(1, i); c%n = cases(2, i)
    c%ia = cases(3, i); c%ja = cases(4, i); c%ib = cases(5, i); c%jb = cases(6, i)
    c%ictxt = ictxt
    c%a = layout(grids(cases(7, i)), cases(8, i), cases(9, i), cases(10, i), cases(11, i), &
         cases(12, i), cases(13, i))
    c%b = layout(grids(cases(14, i)), cases(15, i), cases(16, i), cases(17, i), cases(18, i), &
         cases(19, i), cases(20, i))
  end subroutine set_case

end module ftest_layout
