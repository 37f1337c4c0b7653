! Plans and layouts through the Fortran module: a blocks layout to a
! descriptor (bcr_plan_create_layouts, bcr_plan_execute), that descriptor
! to another (bcr_plan_create, started and waited for), and to Guo's (1,1)
! slant lines (bcr_layout_linear); a remap (bcr_layout_remap) turning A
! upside down and right to left into B's layout; every element of every result against
! its global indices (A(i, j) = 1000 i + j, 0-based), padding untouched; a
! bad layout refused (c_null_ptr).  4 processes.
program fortran_layouts_test
  use, intrinsic :: iso_c_binding
  use mpi
  use bcredist
  implicit none
  external :: blacs_get, blacs_gridinit, blacs_gridinfo, blacs_gridexit, descinit
  integer, external :: numroc, indxl2g
  integer, parameter :: m = 24, n = 18
  integer(bcr_int), parameter :: rs(4) = [5, 9, 3, 7], rp(4) = [0, 1, 1, 0]
  integer(bcr_int), parameter :: cs(3) = [4, 6, 8], cp(3) = [1, 0, 1]
  integer(c_int) :: ranks(4) = [0, 1, 2, 3], flag
  integer :: ctxt, nprow, npcol, myrow, mycol, info, ierr, me, np
  integer :: failures = 0, checked = 0, tot_fail, tot_checked
  integer :: descb(9), descd(9), lrb, lcb, lrd, lcd, lra, lca, i, k, c, lo, hi
  double precision, allocatable :: a(:), bm(:), d(:), lin(:)
  type(c_ptr) :: lsrc, ldst, llin, bad, plan, plan2, plan3, plan4, lremap
  integer(bcr_int), allocatable :: mrows(:), mcols(:)
  integer, parameter :: sentinel_pad = 1

  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, me, ierr)
  call mpi_comm_size(mpi_comm_world, np, ierr)
  call blacs_get(0, 0, ctxt)
  call blacs_gridinit(ctxt, 'R', 2, 2)
  call blacs_gridinfo(ctxt, nprow, npcol, myrow, mycol)

  ! A: the blocks layout on the grid (r, c) -> rank 2 r + c.
  lra = 0
  do k = 1, 4
     if (rp(k) == myrow) lra = lra + int(rs(k))
  end do
  lca = 0
  do k = 1, 3
     if (cp(k) == mycol) lca = lca + int(cs(k))
  end do
  allocate (a((lra + 1) * lca))
  call fill_blocks()
  lsrc = bcr_layout_blocks(int(m, bcr_int), int(n, bcr_int), 4_bcr_int, rs, rp, 3_bcr_int, cs, cp, &
       2_bcr_int, 2_bcr_int, ranks, int(lra + 1, bcr_int))

  ! B: 4 x 5 blocks from process (1, 0); D: 3 x 2 blocks.
  lrb = numroc(m, 4, myrow, 1, nprow)
  lcb = numroc(n, 5, mycol, 0, npcol)
  call descinit(descb, m, n, 4, 5, 1, 0, ctxt, lrb + sentinel_pad, info)
  allocate (bm((lrb + sentinel_pad) * lcb))
  bm = -1d0
  ldst = bcr_layout_desc(int(m, bcr_int), int(n, bcr_int), 1_bcr_int, 1_bcr_int, &
       int(descb, bcr_int))
  plan = bcr_plan_create_layouts(lsrc, ldst, 'd', mpi_comm_world)
  if (.not. c_associated(plan)) call fail('no plan from blocks to descriptor')
  if (bcr_plan_execute(plan, a, bm) /= BCR_SUCCESS) call fail('execute')
  call check_desc(bm, descb, 4, 5, 1, lrb, lcb)

  lrd = numroc(m, 3, myrow, 0, nprow)
  lcd = numroc(n, 2, mycol, 1, npcol)
  call descinit(descd, m, n, 3, 2, 0, 1, ctxt, lrd + sentinel_pad, info)
  allocate (d((lrd + sentinel_pad) * lcd))
  d = -1d0
  plan2 = bcr_plan_create('d', int(m, bcr_int), int(n, bcr_int), 1_bcr_int, 1_bcr_int, &
       int(descb, bcr_int), 1_bcr_int, 1_bcr_int, int(descd, bcr_int), int(ctxt, bcr_int))
  if (.not. c_associated(plan2)) call fail('no gemr2d plan')
  if (bcr_plan_start(plan2, bm, d) /= BCR_SUCCESS) call fail('start')
  if (bcr_plan_test(plan2, flag) /= BCR_SUCCESS) call fail('test')
  if (bcr_plan_wait(plan2) /= BCR_SUCCESS) call fail('wait')
  call check_desc(d, descd, 3, 2, 0, lrd, lcd)

  ! The (1,1) slant lines over the four ranks.
  llin = bcr_layout_linear(int(m, bcr_int), int(n, bcr_int), 1_bcr_int, 1_bcr_int, 4_bcr_int, ranks)
  plan3 = bcr_plan_create_layouts(ldst, llin, 'd', mpi_comm_world)
  if (.not. c_associated(plan3)) call fail('no plan to the slant lines')
  k = 0
  do c = me, m + n - 2, 4
     k = k + min(m - 1, c) - max(0, c - n + 1) + 1
  end do
  allocate (lin(max(k, 1)))
  if (bcr_plan_execute(plan3, bm, lin) /= BCR_SUCCESS) call fail('execute to lines')
  k = 0
  do c = me, m + n - 2, 4 ! line c of this process, increasing i
     lo = max(0, c - n + 1)
     hi = min(m - 1, c)
     do i = lo, hi
        k = k + 1
        call expect(lin(k), i, c - i)
     end do
  end do

  ! A remap onto B's layout from A's: B(i, j) = A(m - 1 - i, n - 1 - j).
  allocate (mrows((lrb + sentinel_pad) * lcb), mcols((lrb + sentinel_pad) * lcb))
  mrows = -1
  mcols = -1
  do k = 1, lcb
     do i = 1, lrb
        mrows(i + (k - 1) * (lrb + sentinel_pad)) = m - indxl2g(i, 4, myrow, 1, nprow)
        mcols(i + (k - 1) * (lrb + sentinel_pad)) = n - indxl2g(k, 5, mycol, 0, npcol)
     end do
  end do
  lremap = bcr_layout_remap(ldst, mrows, mcols)
  plan4 = bcr_plan_create_layouts(lsrc, lremap, 'd', mpi_comm_world)
  if (.not. c_associated(plan4)) call fail('no remap plan')
  bm = -1d0
  if (bcr_plan_execute(plan4, a, bm) /= BCR_SUCCESS) call fail('execute the remap')
  do k = 1, lcb
     do i = 1, lrb
        call expect(bm(i + (k - 1) * (lrb + sentinel_pad)), m - indxl2g(i, 4, myrow, 1, nprow), &
             n - indxl2g(k, 5, mycol, 0, npcol))
     end do
  end do
  call bcr_plan_destroy(plan4)
  call bcr_layout_destroy(lremap)

  ! A bad layout: row blocks that leave a row out.
  bad = bcr_layout_blocks(int(m, bcr_int), int(n, bcr_int), 3_bcr_int, rs, rp, 3_bcr_int, cs, cp, &
       2_bcr_int, 2_bcr_int, ranks, int(lra + 1, bcr_int))
  checked = checked + 1
  if (c_associated(bad)) failures = failures + 1
  if (bcr_last_error() /= BCR_ERR_ARGUMENT) failures = failures + 1

  call bcr_plan_destroy(plan)
  call bcr_plan_destroy(plan2)
  call bcr_plan_destroy(plan3)
  call bcr_layout_destroy(lsrc)
  call bcr_layout_destroy(ldst)
  call bcr_layout_destroy(llin)
  call mpi_allreduce(failures, tot_fail, 1, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  call mpi_allreduce(checked, tot_checked, 1, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  if (me == 0) write (*, '(a, i0, a, i0, a)') 'fortran layouts: ', tot_checked, &
       ' comparisons, ', tot_fail, ' mismatches'
  deallocate (a, bm, d, lin, mrows, mcols)
  call blacs_gridexit(ctxt)
  call mpi_finalize(ierr)
  if (tot_fail /= 0) stop 1

contains

  subroutine fail(what)
    character(len=*), intent(in) :: what
    write (*, '(a, i0, 2a)') 'rank ', me, ': ', what
    failures = failures + 1
  end subroutine fail

  subroutine expect(v, gi, gj)
    double precision, intent(in) :: v
    integer, intent(in) :: gi, gj
    checked = checked + 1
    if (nint(v) /= 1000 * gi + gj) failures = failures + 1
  end subroutine expect

  ! A's local array: this process's row blocks, then column blocks, in
  ! order; its padding row -2.
  subroutine fill_blocks()
    integer :: gi, gj, li, lj, bi, bj, r0, c0
    a = -2d0
    lj = 0
    c0 = 0
    do bj = 1, 3
       if (cp(bj) == mycol) then
          do gj = c0, c0 + int(cs(bj)) - 1
             li = 0
             r0 = 0
             do bi = 1, 4
                if (rp(bi) == myrow) then
                   do gi = r0, r0 + int(rs(bi)) - 1
                      a(1 + li + lj * (lra + 1)) = dble(1000 * gi + gj)
                      li = li + 1
                   end do
                end if
                r0 = r0 + int(rs(bi))
             end do
             lj = lj + 1
          end do
       end if
       c0 = c0 + int(cs(bj))
    end do
  end subroutine fill_blocks

  ! Every local element of a descriptor's array, its padding row -1.
  subroutine check_desc(x, desc, mb, nb, rsrc, lr, lc)
    double precision, intent(in) :: x(:)
    integer, intent(in) :: desc(9), mb, nb, rsrc, lr, lc
    integer :: li, lj, gi, gj, ld
    ld = desc(9)
    do lj = 1, lc
       gj = indxl2g(lj, nb, mycol, desc(8), npcol) - 1
       do li = 1, ld
          checked = checked + 1
          if (li > lr) then
             if (nint(x(li + (lj - 1) * ld)) /= -1) failures = failures + 1
          else
             gi = indxl2g(li, mb, myrow, rsrc, nprow) - 1
             checked = checked - 1
             call expect(x(li + (lj - 1) * ld), gi, gj)
          end if
       end do
    end do
  end subroutine check_desc
end program fortran_layouts_test
