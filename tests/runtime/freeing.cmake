# Freeing never waits for other processes (label "freeing"): contexts
# bcredist has used, freed with Cblacs_gridexit or Cblacs_exit, and plans
# destroyed, in different orders and at different times on different
# processes (tests/common/freeing.h).  Each program arms a watchdog per step
# ("TIMEOUT: rank R: <step> hung") well inside the CTest limit.  Each runs
# a second time with --reference-only (label "control"): the same scenario
# without bcredist's calls must pass, so a hang in the first is bcredist's.
function(bcr_add_freeing_test name exe)
  bcr_add_mpi_test(${name} 4 TIMEOUT 120 COMMAND $<TARGET_FILE:${exe}> ${ARGN}
    LABELS freeing)
  bcr_add_mpi_test(${name}_reference 4 TIMEOUT 120
    COMMAND $<TARGET_FILE:${exe}> ${ARGN} --reference-only LABELS "freeing;control")
  set_property(TEST ${name} ${name}_reference APPEND PROPERTY ENVIRONMENT
    "BCR_TEST_TIME_FACTOR=${BCR_TIMEOUT_FACTOR}")
endfunction()

# Two contexts over the same processes, freed in opposite orders on even
# and odd ranks: gemr2d in doubles, and trmr2d in two other types.
bcr_add_test_program(bcr_test_free_order ${CMAKE_CURRENT_LIST_DIR}/test_free_order.c
  ${BCR_TESTS_COMMON}/freeing.c)
bcr_add_freeing_test(freeing_order_ge_np4 bcr_test_free_order ge)
bcr_add_freeing_test(freeing_order_tr_np4 bcr_test_free_order tr)
# A context's first call only makes its shared segments; with BCR_SHM=all
# it writes them, so their readers' and writers' mappings all exist when
# the contexts are freed.
bcr_add_mpi_test(freeing_order_ge_shm_all_np4 4 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_free_order> ge LABELS freeing)
set_property(TEST freeing_order_ge_shm_all_np4 APPEND PROPERTY ENVIRONMENT
  "BCR_SHM=all" "BCR_TEST_TIME_FACTOR=${BCR_TIMEOUT_FACTOR}")

# Contexts on subsets (Cblacs_gridmap), used inside and between, freed one
# process at a time; their handles reused by new contexts, used and freed
# again.
bcr_add_test_program(bcr_test_free_subsets ${CMAKE_CURRENT_LIST_DIR}/test_free_subsets.c
  ${BCR_TESTS_COMMON}/freeing.c)
bcr_add_freeing_test(freeing_subsets_np4 bcr_test_free_subsets)

# A plan executed twice, destroyed on rank 0 before the others have made
# their next calls, on the others after those calls and a sleep; its
# context freed between.
bcr_add_test_program(bcr_test_free_plan ${CMAKE_CURRENT_LIST_DIR}/test_free_plan.c
  ${BCR_TESTS_COMMON}/freeing.c)
bcr_add_freeing_test(freeing_plan_np4 bcr_test_free_plan)

# Cblacs_exit(1) with several used contexts, reached one process at a time
# while others still work; then the BLACS again and MPI_Finalize.
bcr_add_test_program(bcr_test_free_exit ${CMAKE_CURRENT_LIST_DIR}/test_free_exit.c
  ${BCR_TESTS_COMMON}/freeing.c)
bcr_add_freeing_test(freeing_exit_np4 bcr_test_free_exit)

# Nothing big kept after a call: what bcredist keeps after 8192 x 8192
# double calls (2 x 2 -> 2 x 2, and 1 x 1 -> 2 x 2), measured as resident
# anonymous memory and the node's shared memory, at most BCR_KEEP_BYTES
# (default 64 MiB) plus a 16 MiB slack, and bcr_pool_bytes() at most
# BCR_KEEP_BYTES; again with BCR_KEEP_BYTES at 8 MiB.  About 3 GB
# resident at once; alone (RUN_SERIAL), since other tests change the
# node's shared memory in use.
# Not in the sanitizer build: ASan holds freed memory in quarantine and
# shadow memory of its own, so resident memory says nothing about bcredist.
if(NOT BCREDIST_SANITIZE)
  bcr_add_test_program(bcr_test_kept_memory ${CMAKE_CURRENT_LIST_DIR}/test_kept_memory.c
    ${BCR_TESTS_COMMON}/freeing.c)
  bcr_add_mpi_test(kept_memory_np4 4 TIMEOUT 300 COMMAND $<TARGET_FILE:bcr_test_kept_memory>
    LABELS "freeing;memory")
  bcr_add_mpi_test(kept_memory_small_cap_np4 4 TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_kept_memory> LABELS "freeing;memory")
  set_property(TEST kept_memory_small_cap_np4 APPEND PROPERTY ENVIRONMENT
    "BCR_KEEP_BYTES=8388608")
  # Segments written from the first call on, so every call's pages are there
  # to be given back.
  bcr_add_mpi_test(kept_memory_shm_all_np4 4 TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_kept_memory> LABELS "freeing;memory")
  set_property(TEST kept_memory_shm_all_np4 APPEND PROPERTY ENVIRONMENT "BCR_SHM=all"
    "BCR_TEST_TIME_FACTOR=${BCR_TIMEOUT_FACTOR}")
  set_tests_properties(kept_memory_shm_all_np4 PROPERTIES RUN_SERIAL TRUE)
  set_property(TEST kept_memory_np4 kept_memory_small_cap_np4 APPEND PROPERTY ENVIRONMENT
    "BCR_TEST_TIME_FACTOR=${BCR_TIMEOUT_FACTOR}")
  set_tests_properties(kept_memory_np4 kept_memory_small_cap_np4 PROPERTIES RUN_SERIAL TRUE)
endif()
