# cmake -P script for the drop-in tests (dropin.cmake): runs one of the
# plain-ScaLAPACK programs (dropin_prog.f90 / dropin_prog.c) and checks it.
#
#   -DMODE=ref      the unmodified program, no drop-in: writes the reference
#                   bytes to REFDIR; BCR_VERBOSE=1 must print nothing
#   -DMODE=link     the program linked with the drop-in first
#   -DMODE=preload  the unmodified program with DROPIN in LD_PRELOAD (and
#                   BCR_TRACE=1: bcredist's own per-call lines must appear)
#
# In link and preload modes BCR_VERBOSE=1 must print exactly one
# "bcredist: <entry> -> bcr_..." line per redistribution call (the program
# prints CALLS <n>), naming every entry point in ENTRIES, and every
# process's output file must equal the reference byte for byte.
#
# Every run sets BCR_STATS=<dir>/usage.txt.  The reference run must write
# no report; preloaded, the drop-in's MPI_Init wrapper makes one table for
# the job, whose routed names count exactly the BCR_VERBOSE lines of each
# entry and whose routines' calls add up to CALLS; linked, the table is
# the job's (shared drop-in) or each process's own (static drop-in: the
# MPI_Init wrapper is not linked in when only ScaLAPACK's BLACS calls
# MPI_Init), with the same counts.
#
# Other variables: BCR_MPI_SCRIPT_ARGS (tests/common/mpi_launch.cmake), NP, EXE,
# OUTDIR, REFDIR, TAG (file prefix: the program writes
# <dir>/<TAG>_<rank>.bin), DROPIN, ENTRIES (entry points separated by ':'),
# TIMEOUT_FACTOR (time limits multiplied by it; default 1).
foreach(v MODE MPI_LAUNCH NP EXE OUTDIR REFDIR TAG)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "dropin_check.cmake: ${v} is not set")
  endif()
endforeach()

if(NOT TIMEOUT_FACTOR)
  set(TIMEOUT_FACTOR 1)
endif()
math(EXPR limit "60 * ${TIMEOUT_FACTOR}")

# Nothing from the caller's environment may decide which code runs.
unset(ENV{LD_PRELOAD})
unset(ENV{BCR_VERBOSE})
unset(ENV{BCR_TRACE})
unset(ENV{BCR_STATS})
include(${MPI_LAUNCH})

if(MODE STREQUAL "ref")
  set(dir "${REFDIR}")
else()
  set(dir "${OUTDIR}")
endif()
file(REMOVE_RECURSE "${dir}")
file(MAKE_DIRECTORY "${dir}")

set(ENV{BCR_VERBOSE} 1)
set(ENV{BCR_STATS} "${dir}/usage.txt")
set(preload)
if(MODE STREQUAL "preload")
  if(NOT EXISTS "${DROPIN}")
    message(FATAL_ERROR "no drop-in library at '${DROPIN}'")
  endif()
  set(ENV{BCR_TRACE} 1)
  bcr_mpi_preload(preload "${DROPIN}")
endif()

# The processes' output reaches mpiexec's in pieces, and the pieces of one
# line can meet another process's (lines of 200 bytes from 4 processes,
# 200 each: 2 to 12 of 800 came out broken under Open MPI), so each
# process's own copy is read (io/1/rank.<r>/stdout and stderr).
bcr_mpi_output_files(output_args ${dir}/io ${NP})
execute_process(
  COMMAND ${MPIEXEC} -n ${NP} ${MPIEXEC_PREFLAGS} ${output_args} ${preload} ${EXE} ${dir}
  RESULT_VARIABLE rv OUTPUT_VARIABLE merged_out ERROR_VARIABLE merged_err TIMEOUT ${limit})
foreach(stream out err)
  file(GLOB_RECURSE files "${dir}/io/*/std${stream}")
  set(${stream} "")
  foreach(f IN LISTS files)
    file(READ "${f}" text)
    string(APPEND ${stream} "${text}")
  endforeach()
endforeach()
if(NOT rv EQUAL 0)
  message(STATUS "mpiexec's own output:\n${merged_out}${merged_err}")
endif()
message(STATUS "${MODE}: exit ${rv}\n--- stdout\n${out}--- stderr, process by process\n${err}---")
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "${MODE}: the program failed (exit ${rv})")
endif()

if(NOT out MATCHES "CALLS ([0-9]+)")
  message(FATAL_ERROR "${MODE}: the program did not print CALLS <n>")
endif()
set(ncalls ${CMAKE_MATCH_1})

# One line per call from the drop-in.
string(REGEX MATCHALL "bcredist: [A-Za-z0-9_]+ -> bcr_p[sdczi](gemr2d|trmr2d) m=" lines "${err}")
list(LENGTH lines nlines)
if(MODE STREQUAL "ref")
  if(nlines GREATER 0 OR err MATCHES "bcredist|bcr_trace")
    message(FATAL_ERROR "ref: bcredist ran in the reference run")
  endif()
else()
  if(NOT nlines EQUAL ncalls)
    message(FATAL_ERROR
      "${MODE}: ${ncalls} redistribution calls but ${nlines} BCR_VERBOSE lines from the drop-in")
  endif()
  string(REPLACE ":" ";" entries "${ENTRIES}")
  foreach(e IN LISTS entries)
    if(NOT err MATCHES "bcredist: ${e} -> bcr_")
      message(FATAL_ERROR "${MODE}: no BCR_VERBOSE line for ${e}: it did not reach bcredist")
    endif()
  endforeach()
  if(MODE STREQUAL "preload" AND NOT err MATCHES "bcr_trace: bcr_p")
    message(FATAL_ERROR "preload: BCR_TRACE printed nothing: bcredist's core did not run")
  endif()
endif()

# BCR_STATS's report: routed counts equal to the BCR_VERBOSE lines.  Given
# several processes' own reports, each count is the most of any of them,
# as the job's table counts (a call reaches only the processes of its
# ictxt).
function(usage_count reports pattern out)
  set(most 0)
  foreach(file IN LISTS reports)
    file(READ "${file}" report)
    if(report MATCHES "${pattern}")
      if(CMAKE_MATCH_1 GREATER most)
        set(most ${CMAKE_MATCH_1})
      endif()
    endif()
  endforeach()
  set(${out} ${most} PARENT_SCOPE)
endfunction()

function(check_usage_report)
  foreach(file IN LISTS ARGN)
    file(READ "${file}" report)
    message(STATUS "${MODE}: ${file}:\n${report}")
    if(NOT report MATCHES "bcredist usage \\(BCR_STATS\\)")
      message(FATAL_ERROR "${MODE}: ${file} holds no usage report")
    endif()
  endforeach()
  set(sum 0)
  foreach(t s d c z i)
    foreach(r gemr2d trmr2d)
      usage_count("${ARGN}" "\n  bcr_p${t}${r} +([0-9]+)" c)
      math(EXPR sum "${sum} + ${c}")
    endforeach()
  endforeach()
  if(NOT sum EQUAL ncalls)
    message(FATAL_ERROR "${MODE}: the usage report counts ${sum} calls, the program made ${ncalls}")
  endif()
  string(REPLACE ":" ";" entries "${ENTRIES}")
  foreach(e IN LISTS entries)
    string(REGEX MATCHALL "bcredist: ${e} -> bcr_p" said "${err}")
    list(LENGTH said n)
    usage_count("${ARGN}" "\n    ${e} -> bcr_p[sdczi][a-z0-9]+ +([0-9]+)\n" c)
    if(NOT c EQUAL n)
      message(FATAL_ERROR "${MODE}: the usage report routed ${c} calls of ${e}, BCR_VERBOSE ${n}")
    endif()
  endforeach()
endfunction()

file(GLOB reports "${dir}/usage.txt*")
if(MODE STREQUAL "ref")
  if(reports)
    message(FATAL_ERROR "ref: a usage report was written without bcredist: ${reports}")
  endif()
elseif(EXISTS "${dir}/usage.txt")
  file(READ "${dir}/usage.txt" report)
  if(NOT report MATCHES "usage \\(BCR_STATS\\): ${NP} processes\n")
    message(FATAL_ERROR "${MODE}: the usage report is not the job's table of ${NP} processes")
  endif()
  check_usage_report("${dir}/usage.txt")
elseif(MODE STREQUAL "preload")
  message(FATAL_ERROR "preload: no usage report at ${dir}/usage.txt")
else()
  set(own)
  math(EXPR last "${NP} - 1")
  foreach(r RANGE ${last})
    if(NOT EXISTS "${dir}/usage.txt.${r}")
      message(FATAL_ERROR "${MODE}: neither the job's usage report nor process ${r}'s")
    endif()
    list(APPEND own "${dir}/usage.txt.${r}")
  endforeach()
  check_usage_report(${own})
endif()

# Every process's bytes.
math(EXPR last "${NP} - 1")
foreach(r RANGE ${last})
  set(f "${dir}/${TAG}_${r}.bin")
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "${MODE}: ${f} was not written")
  endif()
  file(SIZE "${f}" size)
  if(size EQUAL 0)
    message(FATAL_ERROR "${MODE}: ${f} is empty")
  endif()
  if(NOT MODE STREQUAL "ref")
    set(ref "${REFDIR}/${TAG}_${r}.bin")
    if(NOT EXISTS "${ref}")
      message(FATAL_ERROR "${MODE}: no reference output ${ref} (run the ref test first)")
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${f}" "${ref}" RESULT_VARIABLE diff)
    if(NOT diff EQUAL 0)
      message(FATAL_ERROR "${MODE}: process ${r}'s B arrays differ from the reference's")
    endif()
  endif()
endforeach()
if(MODE STREQUAL "ref")
  message(STATUS "ref: ${ncalls} calls, reference bytes written to ${dir}")
else()
  message(STATUS "${MODE}: ${ncalls} calls reached bcredist; all ${NP} processes' bytes equal the reference")
endif()
