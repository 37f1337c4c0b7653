! The bcredist Fortran module from an outside project: a 2 x 2 grid to a
! 1 x 4 grid, checked against the expected values.  4 processes.
program consumer_f
  use bcredist
  implicit none
  integer, parameter :: m = 11, n = 9
  integer :: me, np, ictxt, ga, gb, desca(9), descb(9), info, bad, total(1)
  integer :: pr, pc, r, c, lra, lca, lrb, lcb, i, j
  double precision, allocatable :: a(:, :), b(:, :)
  integer, external :: numroc, indxl2g

  call blacs_pinfo(me, np)
  call blacs_get(0, 0, ictxt)
  call blacs_gridinit(ictxt, 'C', 4, 1)
  call blacs_get(0, 0, ga)
  call blacs_gridinit(ga, 'R', 2, 2)
  call blacs_get(0, 0, gb)
  call blacs_gridinit(gb, 'R', 1, 4)

  call blacs_gridinfo(ga, pr, pc, r, c)
  lra = numroc(m, 3, r, 0, pr)
  lca = numroc(n, 2, c, 0, pc)
  call descinit(desca, m, n, 3, 2, 0, 0, ga, max(1, lra), info)
  allocate(a(max(1, lra), max(1, lca)))
  do j = 1, lca
     do i = 1, lra
        a(i, j) = indxl2g(i, 3, r, 0, pr) + 100 * indxl2g(j, 2, c, 0, pc)
     end do
  end do

  call blacs_gridinfo(gb, pr, pc, r, c)
  lrb = numroc(m, 2, r, 0, pr)
  lcb = numroc(n, 3, c, 0, pc)
  call descinit(descb, m, n, 2, 3, 0, 0, gb, max(1, lrb), info)
  allocate(b(max(1, lrb), max(1, lcb)))
  b = -1

  call bcr_pdgemr2d(m, n, a, 1, 1, desca, b, 1, 1, descb, ictxt)
  bad = 0
  if (bcr_last_error() /= BCR_SUCCESS) bad = 1
  do j = 1, lcb
     do i = 1, lrb
        if (nint(b(i, j)) /= indxl2g(i, 2, r, 0, pr) + 100 * indxl2g(j, 3, c, 0, pc)) bad = bad + 1
     end do
  end do
  total(1) = bad
  call igsum2d(ictxt, 'All', ' ', 1, 1, total, 1, -1, -1)
  if (me == 0) then
     if (total(1) == 0) then
        print '(a)', 'consumer_f OK'
     else
        print '(a)', 'consumer_f FAILED'
     end if
  end if
  call bcr_finalize()
  call blacs_gridexit(gb)
  call blacs_gridexit(ga)
  call blacs_gridexit(ictxt)
  call blacs_exit(0)
end program consumer_f
