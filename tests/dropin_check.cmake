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
# Other variables: MPIEXEC, NP, EXE, OUTDIR, REFDIR, TAG (file prefix: the
# program writes <dir>/<TAG>_<rank>.bin), DROPIN, ENTRIES (entry points
# separated by ':'), TIMEOUT_FACTOR (time limits multiplied by it; default 1).
foreach(v MODE MPIEXEC NP EXE OUTDIR REFDIR TAG)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "dropin_check.cmake: ${v} is not set")
  endif()
endforeach()

if(NOT TIMEOUT_FACTOR)
  set(TIMEOUT_FACTOR 1)
endif()
math(EXPR limit "60 * ${TIMEOUT_FACTOR}")

set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
set(ENV{OMPI_MCA_rmaps_base_oversubscribe} 1)
# Nothing from the caller's environment may decide which code runs.
unset(ENV{LD_PRELOAD})
unset(ENV{BCR_VERBOSE})
unset(ENV{BCR_TRACE})

if(MODE STREQUAL "ref")
  set(dir "${REFDIR}")
else()
  set(dir "${OUTDIR}")
endif()
file(REMOVE_RECURSE "${dir}")
file(MAKE_DIRECTORY "${dir}")

# -x sets the variables in the launched processes only, not in mpiexec.
set(env_args -x BCR_VERBOSE=1)
if(MODE STREQUAL "preload")
  if(NOT EXISTS "${DROPIN}")
    message(FATAL_ERROR "no drop-in library at '${DROPIN}'")
  endif()
  list(APPEND env_args -x "LD_PRELOAD=${DROPIN}" -x BCR_TRACE=1)
endif()

# Open MPI forwards the processes' stderr to mpiexec's in pieces, and the
# pieces of one line can meet another process's (lines of 200 bytes from
# 4 processes, 200 each: 2 to 12 of 800 came out broken), so each
# process's own copy is read (--output-filename: io/1/rank.<r>/stderr).
execute_process(
  COMMAND ${MPIEXEC} -n ${NP} --oversubscribe --output-filename ${dir}/io ${env_args} ${EXE}
          ${dir}
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE merged TIMEOUT ${limit})
file(GLOB_RECURSE err_files "${dir}/io/*/stderr")
set(err "")
foreach(f IN LISTS err_files)
  file(READ "${f}" text)
  string(APPEND err "${text}")
endforeach()
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
