# The shared-memory transport on a node whose /dev/shm is small (a
# container's is often 64 MiB): segments the store has no room for must
# not be made (a process writing a page the store cannot hold dies of
# SIGBUS); that call goes
# through MPI and the next smaller one through segments again, every
# result equal to ScaLAPACK's.  Needs a small tmpfs of its own, so root
# and mount; skipped (exit 77) where mounting is not allowed.
add_test(NAME shm_small_store
  COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DEXE=$<TARGET_FILE:bcr_timing>
          -DDIR=${CMAKE_CURRENT_BINARY_DIR}/shm_small_store
          -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
          -P ${CMAKE_CURRENT_LIST_DIR}/shm_room_check.cmake)
set_tests_properties(shm_small_store PROPERTIES LABELS "compare;shm" PROCESSORS 1
  SKIP_RETURN_CODE 77)
bcr_test_timeout(180 shm_small_store)
