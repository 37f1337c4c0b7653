# The same call again agrees once (src/runtime/lastcall.h): counted with an
# MPI_Allreduce wrapper, every result compared with ScaLAPACK's.
bcr_add_test_program(bcr_test_repeat ${CMAKE_CURRENT_LIST_DIR}/test_repeat.c
  ${BCR_TESTS_COMMON}/mpi_check.c)
bcr_add_mpi_test(repeat_np4 4 TIMEOUT 120 COMMAND $<TARGET_FILE:bcr_test_repeat> LABELS "compare;plan")
