! Batches through the Fortran module against ScaLAPACK and PBLAS: one batch
! of a pdgemr2d (2 x 2 grid to 1 x 4), a pztranc and a pdtran (2 x 2), from
! `use bcredist`, executed, then run split phase (start, test, wait) on new
! data; B and C compared byte for byte (padding rows included) with
! pdgemr2d, pztranc and pdtran on the same input.  Small integers and
! halves: exact on both sides.  4 processes.
program fortran_batch_test
  use, intrinsic :: iso_c_binding
  use mpi
  use bcredist
  implicit none
  external :: blacs_get, blacs_gridinit, blacs_gridinfo, blacs_gridexit, blacs_freebuff, descinit
  external :: pdgemr2d, pztranc, pdtran
  integer, external :: numroc
  integer, parameter :: ma = 37, na = 29, lpad = 2
  integer :: ctxt, ctxt14, nprow, npcol, myrow, mycol, info, ierr, me, np, k, run, flag
  integer :: failures = 0, checked = 0, tot_fail, tot_checked
  integer :: desca(9), descb(9), descc(9), lra, lca, lrb, lcb, lrc, lcc
  real(c_double), allocatable :: a(:), b(:), b_ref(:), c(:), c_ref(:)
  complex(c_double_complex), allocatable :: za(:), zc(:), zc_ref(:)
  real(c_double) :: alpha = 2, beta = 0.5_c_double
  complex(c_double_complex) :: zalpha = (1, 2), zbeta = (0, 1)
  type(c_ptr) :: batch

  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, me, ierr)
  call mpi_comm_size(mpi_comm_world, np, ierr)
  call blacs_get(0, 0, ctxt)
  call blacs_gridinit(ctxt, 'R', 2, 2)
  call blacs_gridinfo(ctxt, nprow, npcol, myrow, mycol)
  call blacs_get(0, 0, ctxt14)
  call blacs_gridinit(ctxt14, 'R', 1, 4)
  ! A is ma x na on 2 x 2 (blocks 5 x 3), B ma x na on 1 x 4 (blocks 4 x 2),
  ! C na x ma on 2 x 2 (blocks 3 x 6)
  lra = numroc(ma, 5, myrow, 0, nprow)
  lca = numroc(na, 3, mycol, 0, npcol)
  lrb = numroc(ma, 4, 0, 0, 1)
  lcb = numroc(na, 2, me, 0, 4)
  lrc = numroc(na, 3, myrow, 0, nprow)
  lcc = numroc(ma, 6, mycol, 0, npcol)
  call descinit(desca, ma, na, 5, 3, 0, 0, ctxt, lra + lpad, info)
  call descinit(descb, ma, na, 4, 2, 0, 0, ctxt14, lrb + lpad, info)
  call descinit(descc, na, ma, 3, 6, 0, 0, ctxt, lrc + lpad, info)
  allocate(a((lra + lpad) * lca), za((lra + lpad) * lca))
  allocate(b((lrb + lpad) * lcb), b_ref((lrb + lpad) * lcb))
  allocate(c((lrc + lpad) * lcc), c_ref((lrc + lpad) * lcc))
  allocate(zc((lrc + lpad) * lcc), zc_ref((lrc + lpad) * lcc))
  b = [(real(value_at(k, 1), c_double), k = 1, size(b))]
  b_ref = b
  c = [(real(value_at(k, 2), c_double), k = 1, size(c))]
  c_ref = c
  zc = [(cmplx(value_at(k, 3), -value_at(k, 4), c_double_complex), k = 1, size(zc))]
  zc_ref = zc

  batch = bcr_batch_create(mpi_comm_world)
  call compare('bcr_batch_create', c_associated(batch))
  k = bcr_batch_add_gemr2d(batch, 'd', 30, 25, a, 3, 2, desca, b, 4, 5, descb)
  k = bcr_batch_add_update(batch, 'z', 'C', 20, 17, zalpha, za, 3, 2, desca, zbeta, zc, 2, 4, &
       descc)
  k = bcr_batch_add_update(batch, 'd', 'T', 25, 30, alpha, a, 1, 1, desca, beta, c, 1, 2, descc)
  do run = 1, 2
     a = [(real(value_at(k, 5 + run), c_double), k = 1, size(a))]
     za = [(cmplx(value_at(k, 7 + run), value_at(k, 9), c_double_complex), k = 1, size(za))]
     if (run == 1) then
        call compare('bcr_batch_execute', bcr_batch_execute(batch) == BCR_SUCCESS)
     else
        call compare('bcr_batch_start', bcr_batch_start(batch) == BCR_SUCCESS)
        flag = 0
        do k = 1, 100000
           if (bcr_batch_test(batch, flag) /= BCR_SUCCESS .or. flag /= 0) exit
        end do
        call compare('bcr_batch_wait', bcr_batch_wait(batch) == BCR_SUCCESS)
     end if
     call pdgemr2d(30, 25, a, 3, 2, desca, b_ref, 4, 5, descb, ctxt14)
     call pztranc(20, 17, zalpha, za, 3, 2, desca, zbeta, zc_ref, 2, 4, descc)
     call pdtran(25, 30, alpha, a, 1, 1, desca, beta, c_ref, 1, 2, descc)
     call compare('gemr2d member', all(transfer(b, [0_c_int8_t]) == transfer(b_ref, [0_c_int8_t])))
     call compare('tranc member', all(transfer(zc, [0_c_int8_t]) == transfer(zc_ref, [0_c_int8_t])))
     call compare('tran member', all(transfer(c, [0_c_int8_t]) == transfer(c_ref, [0_c_int8_t])))
  end do
  call bcr_batch_destroy(batch)
  deallocate(a, za, b, b_ref, c, c_ref, zc, zc_ref)

  call mpi_allreduce(failures, tot_fail, 1, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  call mpi_allreduce(checked, tot_checked, 1, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  if (me == 0) write (*, '(a, i0, a, i0, a)') 'fortran batch: ', tot_checked, &
       ' comparisons, ', tot_fail, ' mismatches'
  ! the BLACS's sends still in flight hold the grids' communicators
  call blacs_freebuff(ctxt, 1)
  call blacs_freebuff(ctxt14, 1)
  call blacs_gridexit(ctxt)
  call blacs_gridexit(ctxt14)
  call mpi_finalize(ierr)
  if (tot_fail /= 0) stop 1

contains

  integer function value_at(k, salt)
    integer, intent(in) :: k, salt
    value_at = mod(k * 7 + salt * 13 + me * 5, 23) - 11
  end function value_at

  subroutine compare(name, same)
    character(len=*), intent(in) :: name
    logical, intent(in) :: same
    checked = checked + 1
    if (.not. same) then
       failures = failures + 1
       write (*, '(a, i0, a)') 'MISMATCH on process ', me, ': ' // name
    end if
  end subroutine compare

end program fortran_batch_test
