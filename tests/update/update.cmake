# bcr_p?tran, bcr_p?tranu, bcr_p?tranc and bcr_p?geadd (label "update"):
#
# bcr_test_update pblas --seed S --count N   A and C on one grid, against
#     PBLAS's p?tran / p?tranu / p?tranc / p?geadd and the element-wise
#     formula, byte for byte (exact data: small integers, halves);
# ... pblas --real                            fractions: within one ulp of
#     the terms (two for complex types), the exact matches counted;
# bcr_test_update grids --seed S --count N   A and C on two grids over
#     subsets of the ranks, ictxt their union, against Cp?gemr2d followed
#     by a local transpose and update, and against the formula;
#     with --plan or --split, through an update plan;
# bcr_test_update errors                     every class of bad input.
# Any configuration of a sweep runs alone with --first I --count 1.
bcr_add_test_program(bcr_test_update
  ${CMAKE_CURRENT_LIST_DIR}/test_update.c
  ${CMAKE_CURRENT_LIST_DIR}/update_pool.c
  ${BCR_TESTS_COMMON}/test_rng.c
  ${CMAKE_CURRENT_LIST_DIR}/update_config.c
  ${CMAKE_CURRENT_LIST_DIR}/update_data.c
  ${CMAKE_CURRENT_LIST_DIR}/update_calls.c
  ${CMAKE_CURRENT_LIST_DIR}/update_errors.c
  ${BCR_TESTS_COMMON}/mpi_check.c)

# bcr_update_sweep(name mode np seed count [--real]): test
# update_<name>_np<np>, count configurations (bcr_sweep_count of it).
function(bcr_update_sweep name mode np seed count)
  bcr_sweep_count(_count ${count})
  bcr_add_mpi_test(update_${name}_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_update> ${mode} --seed ${seed} --count ${_count} ${ARGN}
    LABELS update)
endfunction()

# More configurations where ranks are cheap: 8 oversubscribed ranks on 2
# cores are slow, the grids mode slower (it makes 20 contexts per 100
# configurations and runs gemr2d too).
foreach(_s "1;1101;4000" "2;1202;3000" "3;1303;3000" "4;1404;3000" "6;1606;2000"
           "8;1808;1500")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  bcr_update_sweep(pblas pblas ${_np} ${_seed} ${_count})
endforeach()
foreach(_s "2;2202;2000" "5;2505;1500")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  bcr_update_sweep(pblas_real pblas ${_np} ${_seed} ${_count} --real)
endforeach()
foreach(_s "2;3202;3000" "3;3303;2000" "4;3404;2000" "5;3505;1500" "6;3606;1200"
           "7;3707;800" "8;3808;800")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  bcr_update_sweep(grids grids ${_np} ${_seed} ${_count})
endforeach()

# The same through the plan API: executed, and split (start, test, wait).
foreach(_s "3;4303;600;plan" "5;4505;400;plan" "4;4404;600;split" "6;4606;300;split")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  list(GET _s 3 _via)
  bcr_update_sweep(grids_${_via} grids ${_np} ${_seed} ${_count} --${_via})
endforeach()

foreach(np 3 4)
  bcr_add_mpi_test(update_errors_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_update> errors LABELS "update;errors")
endforeach()

# Where the data lands, through every transport, against the staged path
# (BCR_UPDATE=staged) in the same run and both against the oracles:
# shared segments from the first call (the scan, gathered panels where the
# operation transposes), MPI alone with tiles of a few elements streamed
# (packed and as datatypes), rounds under a cap, the indirect strategy and
# combined messages.
foreach(_s "segments;3;5303;800;BCR_SHM=all BCR_SHM_MIN=0"
           "stream_packed;4;5404;800;BCR_SHM=off BCR_PACK=buffer BCR_STREAM_CHUNK=64"
           "stream_datatypes;3;5313;800;BCR_SHM=off BCR_PACK=datatype BCR_STREAM_CHUNK=200"
           "rounds;4;5414;500;BCR_SHM=all BCR_SHM_MIN=0 BCR_MAX_BYTES=3000 BCR_STREAM_CHUNK=48"
           "indirect;4;5424;500;BCR_STRATEGY=indirect BCR_SHM=all BCR_SHM_MIN=0"
           "combine;5;5505;400;BCR_SCHEDULE=combine BCR_SHM=off")
  list(GET _s 0 _name)
  list(GET _s 1 _np)
  list(GET _s 2 _seed)
  list(GET _s 3 _count)
  list(GET _s 4 _env)
  bcr_update_sweep(both_${_name} grids ${_np} ${_seed} ${_count} --both)
  string(REPLACE " " ";" _env "${_env}")
  set_property(TEST update_both_${_name}_np${_np} APPEND PROPERTY ENVIRONMENT ${_env})
endforeach()

# Under a cap on extra memory every call holds at most the cap (the sweep
# checks bcr_pool_peak_bytes; nothing is kept between calls, which the cap
# would not count), adding where the data lands in rounds.
foreach(_s "3;5333;600;BCR_SHM=all BCR_SHM_MIN=0" "4;5434;600;BCR_SHM=off BCR_PACK=buffer"
           "8;5838;300;")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  list(GET _s 3 _env)
  bcr_update_sweep(capped grids ${_np} ${_seed} ${_count})
  string(REPLACE " " ";" _env "BCR_MAX_BYTES=16384 BCR_KEEP_BYTES=0 ${_env}")
  set_property(TEST update_capped_np${_np} APPEND PROPERTY ENVIRONMENT ${_env})
endforeach()

# The fused path is the one that runs: BCR_TRACE names it on every call
# that moves data, through segments, through MPI in place, as datatypes
# and packed, with a part that stays, and in rounds; BCR_UPDATE=staged
# names the staged one.
add_test(NAME update_trace_paths
  COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DEXE=$<TARGET_FILE:bcr_test_update>
          -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
          -P ${CMAKE_CURRENT_LIST_DIR}/update_trace_check.cmake)
set_tests_properties(update_trace_paths PROPERTIES LABELS update PROCESSORS 1)
bcr_test_timeout(300 update_trace_paths)

# The sweeps with every kernel split across 3 threads of each process down
# to the smallest copy (tests/compare/compare.cmake's threads3): the local
# part, the scan over segments with gathered panels, and streamed tiles.
foreach(_s "threads3_pblas;pblas;1;6101;2000;"
           "threads3_pblas;pblas;4;6404;1500;"
           "threads3_segments;grids;3;6303;600;BCR_SHM=all BCR_SHM_MIN=0"
           "threads3_stream;grids;4;6414;600;BCR_SHM=off BCR_PACK=buffer BCR_STREAM_CHUNK=64")
  list(GET _s 0 _name)
  list(GET _s 1 _mode)
  list(GET _s 2 _np)
  list(GET _s 3 _seed)
  list(GET _s 4 _count)
  list(GET _s 5 _env)
  if(_mode STREQUAL "grids")
    bcr_update_sweep(${_name} ${_mode} ${_np} ${_seed} ${_count} --both)
  else()
    bcr_update_sweep(${_name} ${_mode} ${_np} ${_seed} ${_count})
  endif()
  string(REPLACE " " ";" _env
    "BCR_THREADS=3 BCR_THREAD_MIN=1 OMP_WAIT_POLICY=passive ${_env}")
  set_property(TEST update_${_name}_np${_np} APPEND PROPERTY ENVIRONMENT ${_env})
  set_property(TEST update_${_name}_np${_np} APPEND PROPERTY LABELS threads)
endforeach()
