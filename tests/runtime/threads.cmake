find_package(Threads REQUIRED)
# Threads: at MPI_THREAD_MULTIPLE, several threads of every process call
# bcredist at once, each on its own BLACS contexts (routines and plan API),
# every B compared byte for byte with the reference computed serially
# beforehand.  A run where MPI does not provide MPI_THREAD_MULTIPLE fails.
bcr_add_test_program(bcr_test_threads ${CMAKE_CURRENT_LIST_DIR}/test_threads.c
  ${BCR_TESTS_COMMON}/test_threads_cases.c)
target_link_libraries(bcr_test_threads PRIVATE Threads::Threads)

bcr_add_mpi_test(threads_np4_t3 4 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_threads> 3 25 LABELS threads)
bcr_add_mpi_test(threads_np3_t4 3 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_threads> 4 20 LABELS threads)
bcr_add_mpi_test(threads_np1_t2 1 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_threads> 2 20 LABELS threads)

# The same calls from inside an OpenMP parallel region (each thread of the
# team a lane), where the kernels keep to the calling thread; the serial
# calls after it split across 3 threads of every process down to the
# smallest copies.
if(BCREDIST_OPENMP)
  target_link_libraries(bcr_test_threads PRIVATE OpenMP::OpenMP_C)
  bcr_add_mpi_test(threads_omp_region_np3_t3 3 TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_threads> 3 15 omp LABELS threads)
  set_property(TEST threads_omp_region_np3_t3 APPEND PROPERTY ENVIRONMENT
    BCR_THREADS=3 BCR_THREAD_MIN=1 OMP_WAIT_POLICY=passive)
endif()
