# update_trace_paths (tests/update/update.cmake): runs bcr_test_update grids with
# BCR_TRACE=1 under several switches and requires, for each, trace lines
# of calls that took the path named.
include(${MPI_LAUNCH})
math(EXPR limit "120 * ${TIMEOUT_FACTOR}")

# run(name env... PATTERNS pattern...): the sweep under env; each pattern
# must match some trace line; with NONE, no trace line may match it.
function(run name)
  cmake_parse_arguments(R "" "" "ENV;PATTERNS;NONE" ${ARGN})
  foreach(kv ${R_ENV})
    string(REPLACE "=" ";" kv "${kv}")
    list(GET kv 0 k)
    list(GET kv 1 v)
    set(ENV{${k}} ${v})
  endforeach()
  set(ENV{BCR_TRACE} 1)
  execute_process(COMMAND ${MPIEXEC} -n 4 ${MPIEXEC_PREFLAGS} ${EXE} grids --seed 6404
                          --count 150
    RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
  foreach(kv ${R_ENV})
    string(REPLACE "=" ";" kv "${kv}")
    list(GET kv 0 k)
    unset(ENV{${k}})
  endforeach()
  if(NOT rv EQUAL 0 OR NOT out MATCHES "all passed")
    string(REGEX REPLACE "bcr_trace: [^\n]*\n" "" other "${err}")
    message(FATAL_ERROR "${name}: sweep failed (exit ${rv}):\n${out}\n${other}")
  endif()
  foreach(what ${R_PATTERNS})
    string(REGEX MATCHALL "bcr_trace: bcr_p[sdczi](tran|tranu|tranc|geadd) [^\n]*${what}"
           hits "${err}")
    list(LENGTH hits n)
    message(STATUS "${name}: '${what}': ${n} process-calls")
    if(n EQUAL 0)
      message(FATAL_ERROR "${name}: no update call took the path '${what}'")
    endif()
  endforeach()
  foreach(what ${R_NONE})
    if(err MATCHES "bcr_trace: bcr_p[sdczi](tran|tranu|tranc|geadd) [^\n]*${what}")
      message(FATAL_ERROR "${name}: an update call took the path '${what}'")
    endif()
  endforeach()
endfunction()

run(segments ENV BCR_SHM=all BCR_SHM_MIN=0
    PATTERNS "transport shm[^\n]*update fused" "local [1-9][0-9]* bytes[^\n]*update fused")
run(datatypes ENV BCR_SHM=off BCR_PACK=datatype
    PATTERNS "transport mpi[^\n]* [1-9][0-9]* datatypes[^\n]*update fused"
             "transport mpi[^\n]* [1-9][0-9]* in place[^\n]*update fused")
run(packed ENV BCR_SHM=off BCR_PACK=buffer BCR_STREAM_CHUNK=64
    PATTERNS "transport mpi[^\n]* [1-9][0-9]* packed[^\n]*update fused")
run(rounds ENV BCR_MAX_BYTES=3000
    PATTERNS "round [0-9]+ of [1-9]" "update fused")
run(staged ENV BCR_UPDATE=staged
    PATTERNS "transport [a-z]+[^\n]*update staged" NONE "update fused")
