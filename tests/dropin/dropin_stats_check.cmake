# cmake -P script for dropin_stats_disagree (dropin.cmake): the preloaded
# C drop-in program on 4 processes, BCR_STATS set on processes 0 and 1
# only.  Whether it is set travels (the drop-in's MPI_Init wrapper), so
# the job must end normally within the time limit, process 0 must say
# that no report follows, no report may be written, and every process's
# bytes must equal the reference's.
#
# Variables: BCR_MPI_SCRIPT_ARGS (tests/common/mpi_launch.cmake), EXE, DROPIN,
# OUTDIR, REFDIR, TAG, TIMEOUT_FACTOR.
foreach(v MPI_LAUNCH EXE DROPIN OUTDIR REFDIR TAG)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "dropin_stats_check.cmake: ${v} is not set")
  endif()
endforeach()
if(NOT TIMEOUT_FACTOR)
  set(TIMEOUT_FACTOR 1)
endif()
math(EXPR limit "60 * ${TIMEOUT_FACTOR}")
unset(ENV{BCR_STATS})
unset(ENV{BCR_VERBOSE})
include(${MPI_LAUNCH})
file(REMOVE_RECURSE "${OUTDIR}")
file(MAKE_DIRECTORY "${OUTDIR}")

bcr_mpi_preload(preload "${DROPIN}")
execute_process(
  COMMAND ${MPIEXEC} -n 2 ${MPIEXEC_PREFLAGS} ${preload} BCR_STATS=${OUTDIR}/usage.txt
          ${EXE} ${OUTDIR} : -n 2 ${preload} ${EXE} ${OUTDIR}
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
message(STATUS "exit ${rv}\n--- stdout\n${out}--- stderr\n${err}---")
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "the program failed (exit ${rv})")
endif()
if(NOT err MATCHES "BCR_STATS is set on some processes only: no usage report")
  message(FATAL_ERROR "no process said that BCR_STATS differs between processes")
endif()
file(GLOB reports "${OUTDIR}/usage.txt*")
if(reports)
  message(FATAL_ERROR "a usage report was written although the processes disagree: ${reports}")
endif()
foreach(r 0 1 2 3)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUTDIR}/${TAG}_${r}.bin"
                          "${REFDIR}/${TAG}_${r}.bin" RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "process ${r}'s B arrays differ from the reference's")
  endif()
endforeach()
message(STATUS "BCR_STATS on two of four processes: agreed off, bytes equal the reference")
