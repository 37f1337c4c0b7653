# The timing driver reads ScaLAPACK's REDIST test-file format and --check
# compares every timed result with ScaLAPACK's (label timing, a few seconds).
# The cases mix p?gemr2d and p?trmr2d lines, grids smaller than the ranks,
# RSRC/CSRC and submatrix offsets.
set(BCR_TIMING_CHECK_CASES ${PROJECT_SOURCE_DIR}/timing/cases/scalapack_check.dat)
foreach(t d z i)
  bcr_add_mpi_test(timing_check_${t} 4 TIMEOUT 60
    COMMAND $<TARGET_FILE:bcr_timing> --check --reps 2 --type ${t}
            --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_check_${t}.csv ${BCR_TIMING_CHECK_CASES}
    LABELS timing)
endforeach()

# A check that cannot fail is no check: with one byte of bcredist's result
# flipped after every call the driver must exit non-zero (_exit), and it must
# do so by finding every case different, not by crashing (_reports: the same
# run passes only if it prints that line; its exit status is not looked at).
foreach(part exit reports)
  bcr_add_mpi_test(timing_check_detects_${part} 4 TIMEOUT 60
    COMMAND $<TARGET_FILE:bcr_timing> --check --corrupt --reps 1 --type s
            --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_check_corrupt_${part}.csv
            ${BCR_TIMING_CHECK_CASES}
    LABELS timing)
endforeach()
set_tests_properties(timing_check_detects_exit PROPERTIES WILL_FAIL TRUE)
set_tests_properties(timing_check_detects_reports PROPERTIES
  PASS_REGULAR_EXPRESSION "8 cases, 8 with different results")

# The native format still parses and runs (scripts/run-main.sh uses it).
bcr_add_mpi_test(timing_native 4 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_timing> --check --reps 2
          --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_native.csv
          ${PROJECT_SOURCE_DIR}/timing/cases/native_small.txt
  LABELS timing)

# Every type and routine of the native format in one run (--type sdczi
# --routine all), results checked.
bcr_add_mpi_test(timing_native_every_type_routine 4 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_timing> --check --reps 1 --type sdczi --routine all
          --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_native_all.csv
          ${PROJECT_SOURCE_DIR}/timing/cases/native_small.txt
  LABELS timing)

# The corruption is found without --check too, with p?trmr2d and a unit
# diagonal: the corrupted byte, B's first, is on the diagonal, which
# neither library writes, so the calls must not undo it (same two parts as
# above).
foreach(part exit reports)
  bcr_add_mpi_test(timing_check_detects_trapezoid_${part} 4 TIMEOUT 60
    COMMAND $<TARGET_FILE:bcr_timing> --corrupt --reps 1 --routine trLU
            --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_corrupt_trapezoid_${part}.csv
            ${PROJECT_SOURCE_DIR}/timing/cases/native_small.txt
    LABELS timing)
endforeach()
set_tests_properties(timing_check_detects_trapezoid_exit PROPERTIES WILL_FAIL TRUE)
set_tests_properties(timing_check_detects_trapezoid_reports PROPERTIES
  PASS_REGULAR_EXPRESSION "3 cases, 3 with different results")

# The papers' experiments parse and run, tiny (1-D and 2-D cases, every kind
# of method), results checked.
bcr_add_mpi_test(timing_experiment_smoke 4 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_timing> --check --reps 1
          --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_experiment_smoke.csv
          ${PROJECT_SOURCE_DIR}/timing/cases/experiment_smoke.txt
  LABELS timing)

# bcr_layout_timing's cases, small (n = 800: owners layouts with holes):
# every bcredist result must equal the gather-and-Cpdgemr2d reference's,
# byte for byte, bytes nothing writes included (the program exits 1
# otherwise).
bcr_add_mpi_test(timing_layouts_check 4 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_layout_timing> --reps 1 --n 800
  LABELS "timing;layout")

# Guo et al.'s MULTRANS through bcr_timing (timing/timing_guo.c), small: the
# (BLOCK,*) result redistributed to the slant lines must equal the (1,1)
# version's, at 3 ranks (n not a multiple of the ranks).
bcr_add_mpi_test(timing_guo_multrans 3 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_timing> --reps 1
          --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_guo_multrans.csv
          ${PROJECT_SOURCE_DIR}/timing/cases/guo_multrans_small.txt
  LABELS "timing;layout")

# Patterns repeated whole (row_order.c, fold_patterns) on layouts that fold
# that way, through the shared-segment scans, with plain and with streaming
# stores; every result checked.
foreach(stream 0 -1)
  bcr_add_mpi_test(timing_folded_patterns_stream${stream} 4 TIMEOUT 60
    COMMAND $<TARGET_FILE:bcr_timing> --check --reps 2
            --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_folded_${stream}.csv
            ${PROJECT_SOURCE_DIR}/timing/cases/folded_patterns.txt
    LABELS timing)
  set_property(TEST timing_folded_patterns_stream${stream} APPEND PROPERTY ENVIRONMENT
    BCR_SHM=all BCR_SHM_MIN=0 BCR_STREAM_MIN=${stream})
endforeach()

# Every element size through the shared-segment scans' paths
# (timing/cases/element_paths.txt: block size 1 on either side, unaligned
# columns, trapezoids clipping), plain and streaming stores, every type and
# routine; every result checked.
foreach(stream 0 -1)
  bcr_add_mpi_test(timing_element_paths_stream${stream} 4 TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_timing> --check --reps 1 --type sdczi --routine all
            --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_element_paths_${stream}.csv
            ${PROJECT_SOURCE_DIR}/timing/cases/element_paths.txt
    LABELS timing)
  set_property(TEST timing_element_paths_stream${stream} APPEND PROPERTY ENVIRONMENT
    BCR_SHM=all BCR_SHM_MIN=0 BCR_STREAM_MIN=${stream})
endforeach()

# The update routines against PBLAS (--routine update: tran, tranc, geadd)
# on small cases, one context and across grids, every type PBLAS has, warm
# and cold; every result checked.  Then the same check made to fail: one
# byte of bcredist's C changed after every call must make every case
# different (same two parts as above; type d runs tran and geadd, tranc
# being for c and z only).
bcr_add_mpi_test(timing_update_check 4 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_timing> --check --reps 2 --type sdcz --routine update
          --regime warm,cold --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_update_check.csv
          ${PROJECT_SOURCE_DIR}/timing/cases/update_small.txt
  LABELS timing)
foreach(part exit reports)
  bcr_add_mpi_test(timing_check_detects_update_${part} 4 TIMEOUT 60
    COMMAND $<TARGET_FILE:bcr_timing> --check --corrupt --reps 1 --type d --routine tran,geadd
            --csv ${CMAKE_CURRENT_BINARY_DIR}/timing_corrupt_update_${part}.csv
            ${PROJECT_SOURCE_DIR}/timing/cases/update_small.txt
    LABELS timing)
endforeach()
set_tests_properties(timing_check_detects_update_exit PROPERTIES WILL_FAIL TRUE)
set_tests_properties(timing_check_detects_update_reports PROPERTIES
  PASS_REGULAR_EXPRESSION "10 cases, 10 with different results")
