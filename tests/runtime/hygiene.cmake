# Resource hygiene: 100,000 calls with varying arguments (every type, ge
# and tr, every grid pair, five sizes per case, the plan API, erroneous
# calls, contexts made and freed on the way) grow neither bcredist's heap,
# nor MPI communicators, datatypes, windows or keyvals, nor the BLACS's
# table of system handles (by at most one entry per context made when built
# with BCREDIST_BLACS_INTERNALS=OFF), nor leave requests pending; bcr_finalize gives
# all of it back.  The program wraps the allocators (--wrap) and the MPI
# calls (profiling interface) of the static library it links.  Arguments:
# calls, then the warm-up; their difference must be a multiple of 8000 (the
# period of the sequence of calls).
bcr_add_test_program(bcr_test_hygiene ${CMAKE_CURRENT_LIST_DIR}/test_hygiene.c
  ${CMAKE_CURRENT_LIST_DIR}/test_hygiene_count.c
  ${BCR_TESTS_COMMON}/test_threads_cases.c)
target_link_options(bcr_test_hygiene PRIVATE
  -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc -Wl,--wrap=free
  -Wl,--wrap=posix_memalign -Wl,--wrap=Cblacs_gridinit -Wl,--wrap=Cblacs_gridmap)
target_compile_definitions(bcr_test_hygiene PRIVATE
  BCR_TEST_BLACS_INTERNALS=$<BOOL:${BCREDIST_BLACS_INTERNALS}>)

# 100,000 calls at 2 ranks (about 30 s here); at 4 ranks on 2 cores a call
# takes about 0.7 ms, so fewer calls there.  Under the sanitizer, the same
# warm-up and then two periods (16,000 calls) at 1 and 2 ranks instead of
# ten, one period at 4 ranks instead of two.
if(BCREDIST_SANITIZE)
  set(_bcr_hygiene_12 36000 20000)
  set(_bcr_hygiene_4 20000 12000)
else()
  set(_bcr_hygiene_12 100000 20000)
  set(_bcr_hygiene_4 28000 12000)
endif()
bcr_add_mpi_test(hygiene_np2 2 TIMEOUT 600
  COMMAND $<TARGET_FILE:bcr_test_hygiene> ${_bcr_hygiene_12} LABELS hygiene)
bcr_add_mpi_test(hygiene_np4 4 TIMEOUT 600
  COMMAND $<TARGET_FILE:bcr_test_hygiene> ${_bcr_hygiene_4} LABELS hygiene)
bcr_add_mpi_test(hygiene_np1 1 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_hygiene> ${_bcr_hygiene_12} LABELS hygiene)
# The same with every message through shared segments (BCR_SHM=all,
# BCR_SHM_MIN=0): shared windows made, grown and freed with contexts and
# plans must not pile up either.  One period after the warm-up: a call
# takes about 2.5 ms here, most of it making windows for the contexts and
# plans that the sequence makes and frees.
bcr_add_mpi_test(hygiene_shm_np4 4 TIMEOUT 600
  COMMAND $<TARGET_FILE:bcr_test_hygiene> 20000 12000 LABELS hygiene)
set_property(TEST hygiene_shm_np4 APPEND PROPERTY ENVIRONMENT "BCR_SHM=all;BCR_SHM_MIN=0")
