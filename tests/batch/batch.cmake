# Batches (test_batch.c): a mixed batch (d and z; gemr2d, trmr2d, tran,
# tranc, geadd, a plan between layouts, an empty member; three contexts)
# against ScaLAPACK and PBLAS byte for byte, executed twice and split
# phase; errors in one member reported on every process naming it, with
# every output untouched; misuse.
bcr_add_test_program(bcr_test_batch ${CMAKE_CURRENT_LIST_DIR}/test_batch.c)
bcr_add_mpi_test(batch_np4 4 TIMEOUT 120 COMMAND $<TARGET_FILE:bcr_test_batch>
  LABELS "batch;errors")
# The same with every message between processes of the node through the
# shared segments (BCR_SHM_MIN=0; by default these small messages go
# through MPI), and with none (BCR_SHM=off).
bcr_add_mpi_test(batch_shm_np4 4 TIMEOUT 120 COMMAND $<TARGET_FILE:bcr_test_batch>
  LABELS "batch")
set_tests_properties(batch_shm_np4 PROPERTIES ENVIRONMENT "${BCR_MPI_TEST_ENV};BCR_SHM_MIN=0")
bcr_add_mpi_test(batch_mpi_np4 4 TIMEOUT 120 COMMAND $<TARGET_FILE:bcr_test_batch>
  LABELS "batch")
set_tests_properties(batch_mpi_np4 PROPERTIES ENVIRONMENT "${BCR_MPI_TEST_ENV};BCR_SHM=off")

# Out of memory on one process: every allocation of the run that builds the
# mixed batch fails in turn on rank 0, then on rank 3; every process must
# return the same error with every output untouched, or succeed, and
# nothing may hang.  The program's and the static library's malloc, calloc
# and realloc are wrapped.
bcr_add_test_program(bcr_test_batch_oom ${CMAKE_CURRENT_LIST_DIR}/test_batch.c)
bcr_oom_wrap(bcr_test_batch_oom)
bcr_add_mpi_test(batch_oom_np4 4 TIMEOUT 240 COMMAND $<TARGET_FILE:bcr_test_batch_oom>
  LABELS "batch;errors")

# The batch routines through the Fortran module against ScaLAPACK and
# PBLAS (fortran_batch_test.f90).
if(TARGET bcredist_fortran)
  find_package(MPI REQUIRED COMPONENTS Fortran)
  include(${BCR_TESTS_COMMON}/expect.cmake)
  add_executable(bcr_test_fortran_batch ${CMAKE_CURRENT_LIST_DIR}/fortran_batch_test.f90)
  target_compile_options(bcr_test_fortran_batch PRIVATE -Wall -Wextra)
  set_target_properties(bcr_test_fortran_batch PROPERTIES
    Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/bcr_test_fortran_batch)
  target_link_libraries(bcr_test_fortran_batch PRIVATE
    bcredist_fortran ${BCR_SCALAPACK_TARGET} MPI::MPI_Fortran)
  bcr_add_mpi_expect_test(fortran_batch_np4 4 TIMEOUT 60
    EXPECT "fortran batch: [1-9][0-9]* comparisons, 0 mismatches"
    COMMAND $<TARGET_FILE:bcr_test_fortran_batch> LABELS "fortran;batch")
endif()

# bcr_batch_timing as a check (timing/batch_timing.c): 16 matrices of
# 512 x 512, whose regions of the shared segments are published in several
# steps, and the mixed set, each batch's result against ScaLAPACK's (exit
# status 1 when any differ).
bcr_add_mpi_test(timing_batch_check 4 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_batch_timing> --reps 1 --size 512 LABELS "batch;timing")
