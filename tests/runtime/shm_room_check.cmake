# Run by shm_room.cmake: bcr_timing on three cases with the shared segments'
# store (BCR_SHM_DIR) an 8 MiB tmpfs.  The first and last cases need about 3 MiB
# of segments on the node, the middle one about 24 MiB.
include(${MPI_LAUNCH})
set(ENV{BCR_TRACE} 1)
# The store is mounted outside the build tree, so that a run killed before
# it unmounts cannot leave a mount where `rm -rf build` trips over it.
string(RANDOM LENGTH 8 tag)
set(store /tmp/bcr_shm_small_store_${tag})
set(ENV{BCR_SHM_DIR} ${store})
file(MAKE_DIRECTORY ${DIR} ${store})
execute_process(COMMAND mount -t tmpfs -o size=8m tmpfs ${store}
  RESULT_VARIABLE mounted ERROR_VARIABLE why)
if(NOT mounted EQUAL 0)
  file(REMOVE_RECURSE ${store})
  message("skipped: cannot mount a small tmpfs here (${why})")
  cmake_language(EXIT 77)
endif()
file(WRITE ${DIR}/cases.txt "512 512 2 2 36 36 2 2 128 128\n"
                            "2048 2048 2 2 36 36 2 2 128 128\n"
                            "512 512 2 2 36 36 2 2 128 128\n")
math(EXPR limit "120 * ${TIMEOUT_FACTOR}")
execute_process(COMMAND ${MPIEXEC} -n 4 ${MPIEXEC_PREFLAGS} ${EXE} --check --reps 2
                        --csv ${DIR}/out.csv ${DIR}/cases.txt
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
execute_process(COMMAND umount ${store})
file(REMOVE_RECURSE ${store})
string(REGEX REPLACE "bcr_trace: [^\n]*\n" "" other "${err}")
if(NOT rv EQUAL 0 OR NOT out MATCHES "3 cases, 0 with different results")
  message(FATAL_ERROR "run failed (exit ${rv}):\n${out}\n--- stderr without trace lines\n${other}")
endif()
# Rank 0's transports, one per call, in order, runs of equal ones merged.
# Each case is on a context of its own, whose first call goes through MPI
# (exec/shm.h): mpi then shm for the first case, mpi throughout the large
# one and for the first call of the last, then shm again.
string(REGEX MATCHALL "bcr_trace: [a-z0-9_]+ rank 0: [^\n]*transport [a-z]+" calls "${err}")
set(runs "")
set(last "")
foreach(c IN LISTS calls)
  string(REGEX REPLACE ".*transport " "" t "${c}")
  if(NOT t STREQUAL last)
    string(APPEND runs " ${t}")
    set(last ${t})
  endif()
endforeach()
message(STATUS "rank 0's transports, call by call:${runs}")
if(NOT runs STREQUAL " mpi shm mpi shm")
  message(FATAL_ERROR "expected mpi shm, then mpi for the large case, then shm again")
endif()
