# Split-phase plans (bcr_plan_start / bcr_plan_test / bcr_plan_wait):
# results identical to bcr_plan_execute's and the reference's for every
# strategy (BCR_STRATEGY) with shared memory on (from a plan's second use)
# and off, at 2 to 6 ranks; several plans in flight at once; start and wait
# from several threads; misuse.  Label plan; every case runs under an
# alarm (60 s), so a hang fails the test.
find_package(Threads REQUIRED)
bcr_add_test_program(bcr_test_plan_split ${CMAKE_CURRENT_LIST_DIR}/test_plan_split.c
  ${BCR_TESTS_COMMON}/mpi_check.c)
target_link_libraries(bcr_test_plan_split PRIVATE Threads::Threads)

# bcr_plan_split_test(name nprocs mode env...)
function(bcr_plan_split_test name nprocs mode)
  bcr_add_mpi_test(${name} ${nprocs} TIMEOUT 180
    COMMAND $<TARGET_FILE:bcr_test_plan_split> ${mode} LABELS "plan;plan_split")
  if(ARGN)
    set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT ${ARGN})
  endif()
endfunction()

foreach(_strategy direct indirect transposed)
  bcr_plan_split_test(plan_split_${_strategy}_np4 4 results BCR_STRATEGY=${_strategy})
  bcr_plan_split_test(plan_split_${_strategy}_shm_off_np3 3 results
    BCR_STRATEGY=${_strategy} BCR_SHM=off)
endforeach()
bcr_plan_split_test(plan_split_auto_np2 2 results)
bcr_plan_split_test(plan_split_auto_np6 6 results)
# Every message through MPI held back by the steps schedule: the sends
# after the first step are posted only in test or wait.
bcr_plan_split_test(plan_split_steps_np5 5 results BCR_SCHEDULE=steps BCR_SHM=off)
bcr_plan_split_test(plan_split_combine_np4 4 results BCR_SCHEDULE=combine)
# Rounds under a cap on memory: each round begins in test or wait.
bcr_plan_split_test(plan_split_rounds_np4 4 results BCR_MAX_BYTES=600000)
bcr_plan_split_test(plan_split_several_np4 4 several)
# Packed into buffers, through MPI only: the plans' buffers in flight are
# the ones a call made meanwhile on the thread would write over.
bcr_plan_split_test(plan_split_several_packed_np4 4 several BCR_PACK=buffer BCR_SHM=off)
bcr_plan_split_test(plan_split_several_indirect_np5 5 several BCR_STRATEGY=indirect
  BCR_SCHEDULE=steps)
bcr_plan_split_test(plan_split_threads_np3 3 threads)
bcr_plan_split_test(plan_split_misuse_np3 3 misuse)
