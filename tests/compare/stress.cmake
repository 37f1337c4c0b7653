# Stress (label "stress"): the seeded random sweeps of bcr_test_compare
# against the reference (compare.cmake) are the stress set: about 240,000
# configurations on 1 to 8 ranks, all five types, gemr2d and trmr2d, every
# one compared byte for byte.  This file labels them, adds the rank counts
# compare.cmake leaves out (5 and 7), and a test that prints what the whole
# set covers, per type and routine and per rank count, from the same
# generator (stress_tally.c).
#
#   bash scripts/run-tests.sh -L stress
#
# Each compare test ends with "compare: N configurations, 0 mismatches".
# Under -DBCREDIST_SANITIZE=ON every sweep runs its count divided by
# BCREDIST_SANITIZE_SWEEP_DIVISOR (10; bcr_sweep_count in CMakeLists.txt),
# and the tally counts that.
set(BCR_STRESS_EXTRA
  # ranks seed count
  5 5005 8000
  7 7007 5000)
list(LENGTH BCR_STRESS_EXTRA _n)
math(EXPR _last "${_n} - 1")
foreach(_i RANGE 0 ${_last} 3)
  math(EXPR _j "${_i} + 1")
  math(EXPR _k "${_i} + 2")
  list(GET BCR_STRESS_EXTRA ${_i} _np)
  list(GET BCR_STRESS_EXTRA ${_j} _seed)
  list(GET BCR_STRESS_EXTRA ${_k} _count)
  bcr_sweep_count(_count ${_count})
  bcr_add_mpi_test(compare_random_np${_np} ${_np} TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_compare> --random ${_seed} ${_count}
    LABELS "compare;stress")
endforeach()

# Every random sweep, whatever executor path it takes (packed buffers, the
# synchronous receive, the plan API), with its run for the tally: (test,
# ranks, seed, count), the count as in the lists (the normal build's).
set(_bcr_stress_runs)
foreach(_list BCR_COMPARE_RANDOM BCR_STRESS_EXTRA BCR_COMPARE_VIA_PLAN)
  list(LENGTH ${_list} _n)
  math(EXPR _last "${_n} - 1")
  foreach(_i RANGE 0 ${_last} 3)
    math(EXPR _j "${_i} + 1")
    math(EXPR _k "${_i} + 2")
    list(GET ${_list} ${_i} _np)
    list(GET ${_list} ${_j} _seed)
    list(GET ${_list} ${_k} _count)
    set(_via "")
    if(_list STREQUAL "BCR_COMPARE_VIA_PLAN")
      set(_via "via_plan_")
    endif()
    list(APPEND _bcr_stress_runs "compare_random_${_via}np${_np}|${_np}|${_seed}|${_count}")
  endforeach()
endforeach()
list(APPEND _bcr_stress_runs
  "compare_random_pack_buffer_np4|4|4404|8000"
  "compare_random_recv_sync_np3|3|3303|8000"
  "compare_random_via_plan_pack_buffer_np3|3|3313|1500")

set(_bcr_tally_args)
set(_bcr_stress_total 0)
foreach(_r ${_bcr_stress_runs})
  string(REPLACE "|" ";" _r "${_r}")
  list(GET _r 0 _test)
  list(GET _r 1 _np)
  list(GET _r 2 _seed)
  list(GET _r 3 _count)
  bcr_sweep_count(_count ${_count})
  if(NOT TEST ${_test})
    message(FATAL_ERROR "stress.cmake: no test ${_test} (compare.cmake changed?)")
  endif()
  set_property(TEST ${_test} APPEND PROPERTY LABELS stress)
  list(APPEND _bcr_tally_args ${_np} ${_seed} ${_count})
  math(EXPR _bcr_stress_total "${_bcr_stress_total} + ${_count}")
endforeach()

# The tally counts what this build runs: under the sanitizer the divided
# counts, against a minimum divided alike.
bcr_add_test_program(bcr_stress_tally ${CMAKE_CURRENT_LIST_DIR}/stress_tally.c
  ${CMAKE_CURRENT_LIST_DIR}/compare_exec.c ${CMAKE_CURRENT_LIST_DIR}/compare_gen.c
  ${BCR_TESTS_COMMON}/test_rng.c)
math(EXPR _bcr_stress_min "200000 / ${BCR_SWEEP_DIVISOR}")
add_test(NAME stress_tally
  COMMAND bcr_stress_tally --min ${_bcr_stress_min} ${_bcr_tally_args})
set_tests_properties(stress_tally PROPERTIES LABELS stress)
bcr_test_timeout(60 stress_tally)
bcr_fast_unwind(stress_tally)
