# Run by the ilp64_np* tests (ilp64.cmake):
#   cmake ${BCR_MPI_SCRIPT_ARGS} -DNP=n -DEXE_lp64=exe -DEXE_ilp64=exe -DDIR=dir
#         -DTIMEOUT_FACTOR=n -P ilp64_compare.cmake
# runs the LP64 and the ILP64 build of test_ilp64.c on NP processes (each
# must pass its own checks), then compares their output files rank by rank:
# every byte the same.
include(${MPI_LAUNCH})
foreach(build lp64 ilp64)
  file(GLOB old ${DIR}/out_${build}_np${NP}.*)
  if(old)
    file(REMOVE ${old})
  endif()
  math(EXPR limit "200 * ${TIMEOUT_FACTOR}")
  execute_process(COMMAND ${MPIEXEC} -n ${NP} ${MPIEXEC_PREFLAGS} ${EXE_${build}}
                          ${DIR}/out_${build}_np${NP}
    RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
  message(STATUS "${build}: exit ${rv}\n${out}")
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "${build} build failed its own checks\n${err}")
  endif()
endforeach()
math(EXPR last "${NP} - 1")
foreach(r RANGE ${last})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
                          ${DIR}/out_lp64_np${NP}.${r} ${DIR}/out_ilp64_np${NP}.${r}
    RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "rank ${r}: the LP64 and ILP64 builds wrote different B")
  endif()
  file(SIZE ${DIR}/out_lp64_np${NP}.${r} bytes)
  message(STATUS "rank ${r}: ${bytes} bytes identical")
endforeach()
