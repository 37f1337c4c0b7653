! The update routines through the Fortran module against PBLAS: bcr_pdtran,
! bcr_pztranc, bcr_pctranu, bcr_psgeadd ('N') and bcr_pzgeadd ('T') from
! `use bcredist`, and PBLAS's p?tran / p?geadd on the same input in one
! 2 x 2 context, must leave the same bytes in C's local arrays (padding
! rows included; compared byte for byte).  Data and scalars are small integers and halves, so the
! results are exact on both sides.  Also a different grid for A (1 x 4,
! through ictxt) against the one-context result.  4 processes.
program fortran_update_test
  use, intrinsic :: iso_c_binding
  use mpi
  use bcredist
  implicit none
  external :: blacs_get, blacs_gridinit, blacs_gridinfo, blacs_gridexit, descinit
  external :: pdtran, pztranc, pctranu, psgeadd, pzgeadd
  integer, external :: numroc
  integer, parameter :: ma = 37, na = 29, mb = 5, nb = 3, lpad = 2
  integer :: ctxt, ctxt14, nprow, npcol, myrow, mycol, info, ierr, me, np
  integer :: failures = 0, checked = 0, tot_fail, tot_checked
  integer :: desca(9), descc(9), desca14(9), lra, lca, lrc, lcc, lra14, lca14

  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, me, ierr)
  call mpi_comm_size(mpi_comm_world, np, ierr)
  call blacs_get(0, 0, ctxt)
  call blacs_gridinit(ctxt, 'R', 2, 2)
  call blacs_gridinfo(ctxt, nprow, npcol, myrow, mycol)
  call blacs_get(0, 0, ctxt14)
  call blacs_gridinit(ctxt14, 'C', 1, 4)
  ! A is na x ma (blocks mb x nb) and C is ma x na (blocks nb x mb + 1):
  ! the 20 x 17 transposes start at (3, 2) in A and (2, 4) in C.
  lra = numroc(na, mb, myrow, 0, nprow)
  lca = numroc(ma, nb, mycol, 0, npcol)
  lrc = numroc(ma, nb, myrow, 1, nprow)
  lcc = numroc(na, mb + 1, mycol, 0, npcol)
  call descinit(desca, na, ma, mb, nb, 0, 0, ctxt, lra + lpad, info)
  call descinit(descc, ma, na, nb, mb + 1, 1, 0, ctxt, lrc + lpad, info)
  lra14 = numroc(na, mb, 0, 0, 1)
  lca14 = numroc(ma, nb, me, 0, 4)
  call descinit(desca14, na, ma, mb, nb, 0, 0, ctxt14, lra14 + lpad, info)

  call run_d()
  call run_z()
  call run_c()
  call run_s()

  call mpi_allreduce(failures, tot_fail, 1, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  call mpi_allreduce(checked, tot_checked, 1, mpi_integer, mpi_sum, mpi_comm_world, ierr)
  if (me == 0) write (*, '(a, i0, a, i0, a)') 'fortran update: ', tot_checked, &
       ' comparisons, ', tot_fail, ' mismatches'
  call blacs_gridexit(ctxt)
  call blacs_gridexit(ctxt14)
  call mpi_finalize(ierr)
  if (tot_fail /= 0) stop 1

contains

  ! A small integer for global (i, j) of a matrix, by its local index k.
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

  subroutine run_d()
    real(c_double), allocatable :: a(:), a14(:), c_ref(:), c_bcr(:)
    real(c_double) :: alpha = 2, beta = 0.5_c_double
    integer :: k
    allocate(a((lra + lpad) * max(1, lca)), c_ref((lrc + lpad) * max(1, lcc)))
    allocate(a14((lra14 + lpad) * max(1, lca14)))
    a = [(real(value_at(k, 1), c_double), k = 1, size(a))]
    c_ref = [(real(value_at(k, 2), c_double), k = 1, size(c_ref))]
    c_bcr = c_ref
    call pdtran(20, 17, alpha, a, 3, 2, desca, beta, c_ref, 2, 4, descc)
    call bcr_pdtran(20, 17, alpha, a, 3, 2, desca, beta, c_bcr, 2, 4, descc, ctxt)
    call compare('bcr_pdtran', all(transfer(c_ref, [0_c_int8_t]) == transfer(c_bcr, [0_c_int8_t])))
    ! A on a 1 x 4 grid: redistribute A there with the reference first.
    call pdgemr2d(na, ma, a, 1, 1, desca, a14, 1, 1, desca14, ctxt)
    c_bcr = [(real(value_at(k, 2), c_double), k = 1, size(c_bcr))]
    call bcr_pdtran(20, 17, alpha, a14, 3, 2, desca14, beta, c_bcr, 2, 4, descc, ctxt)
    call compare('bcr_pdtran, A on 1 x 4', all(transfer(c_ref, [0_c_int8_t]) == transfer(c_bcr, [0_c_int8_t])))
    if (bcr_last_error() /= BCR_SUCCESS) call compare('bcr_last_error', .false.)
  end subroutine run_d

  subroutine run_z()
    complex(c_double_complex), allocatable :: a(:), c_ref(:), c_bcr(:)
    complex(c_double_complex) :: alpha = (1, 2), beta = (0, 1)
    integer :: k
    allocate(a((lra + lpad) * max(1, lca)), c_ref((lrc + lpad) * max(1, lcc)))
    a = [(cmplx(value_at(k, 3), value_at(k, 4), c_double_complex), k = 1, size(a))]
    c_ref = [(cmplx(value_at(k, 5), -value_at(k, 6), c_double_complex), k = 1, size(c_ref))]
    c_bcr = c_ref
    call pztranc(20, 17, alpha, a, 3, 2, desca, beta, c_ref, 2, 4, descc)
    call bcr_pztranc(20, 17, alpha, a, 3, 2, desca, beta, c_bcr, 2, 4, descc, ctxt)
    call compare('bcr_pztranc', all(transfer(c_ref, [0_c_int8_t]) == transfer(c_bcr, [0_c_int8_t])))
    c_ref = [(cmplx(value_at(k, 5), -value_at(k, 6), c_double_complex), k = 1, size(c_ref))]
    c_bcr = c_ref
    call pzgeadd('T', 20, 17, alpha, a, 3, 2, desca, beta, c_ref, 2, 4, descc)
    call bcr_pzgeadd('T', 20, 17, alpha, a, 3, 2, desca, beta, c_bcr, 2, 4, descc, ctxt)
    call compare('bcr_pzgeadd T', all(transfer(c_ref, [0_c_int8_t]) == transfer(c_bcr, [0_c_int8_t])))
  end subroutine run_z

  subroutine run_c()
    complex(c_float_complex), allocatable :: a(:), c_ref(:), c_bcr(:)
    complex(c_float_complex) :: alpha = (-1, 0), beta = (0, 0)
    integer :: k
    allocate(a((lra + lpad) * max(1, lca)), c_ref((lrc + lpad) * max(1, lcc)))
    a = [(cmplx(value_at(k, 7), value_at(k, 8), c_float_complex), k = 1, size(a))]
    c_ref = [(cmplx(value_at(k, 9), 1, c_float_complex), k = 1, size(c_ref))]
    c_bcr = c_ref
    call pctranu(20, 17, alpha, a, 3, 2, desca, beta, c_ref, 2, 4, descc)
    call bcr_pctranu(20, 17, alpha, a, 3, 2, desca, beta, c_bcr, 2, 4, descc, ctxt)
    call compare('bcr_pctranu', all(transfer(c_ref, [0_c_int8_t]) == transfer(c_bcr, [0_c_int8_t])))
  end subroutine run_c

  subroutine run_s()
    real(c_float), allocatable :: a(:), c_ref(:), c_bcr(:)
    real(c_float) :: alpha = 3, beta = 1
    integer :: k
    ! geadd 'N': sub(A) and sub(C) both 17 x 20, A laid out as C here
    allocate(a((lrc + lpad) * max(1, lcc)), c_ref((lrc + lpad) * max(1, lcc)))
    a = [(real(value_at(k, 10), c_float), k = 1, size(a))]
    c_ref = [(real(value_at(k, 11), c_float), k = 1, size(c_ref))]
    c_bcr = c_ref
    call psgeadd('N', 17, 20, alpha, a, 1, 3, descc, beta, c_ref, 2, 4, descc)
    call bcr_psgeadd('N', 17, 20, alpha, a, 1, 3, descc, beta, c_bcr, 2, 4, descc, ctxt)
    call compare('bcr_psgeadd N', all(transfer(c_ref, [0_c_int8_t]) == transfer(c_bcr, [0_c_int8_t])))
  end subroutine run_s

end program fortran_update_test
