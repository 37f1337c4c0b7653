# Unit tests: 1-D index math and run lists (no MPI at run time).
bcr_add_test_program(bcr_test_index1d ${CMAKE_CURRENT_LIST_DIR}/test_index1d.c
  ${BCR_TESTS_COMMON}/unit_check.c)
# Under the sanitizer the run lists are built for one offset of A's axis in
# 4 per axis pair (--stride 4: every axis pair, length, process and offset
# pair is still met, every list built gets every check; the scalar
# functions are checked in full).
if(BCREDIST_SANITIZE)
  add_test(NAME bcr_index1d COMMAND bcr_test_index1d --stride 4)
else()
  add_test(NAME bcr_index1d COMMAND bcr_test_index1d)
endif()
set_tests_properties(bcr_index1d PROPERTIES LABELS "unit")
bcr_test_timeout(300 bcr_index1d)
bcr_fast_unwind(bcr_index1d)

# Message sizes past 2^31 (test_chunks.c): the chunks of messages of up to
# (2^31 + 5) x 16 bytes and an element plan's messages for parts of more
# than 2^31 elements, with MPI_Isend and MPI_Irecv recorded instead of
# sent (no data moves).  One process, for MPI_Init and the bounded wait.
bcr_add_test_program(bcr_test_chunks ${CMAKE_CURRENT_LIST_DIR}/test_chunks.c
  ${BCR_TESTS_COMMON}/unit_check.c)
bcr_add_mpi_test(bcr_chunks 1 TIMEOUT 60 COMMAND $<TARGET_FILE:bcr_test_chunks> LABELS unit)
