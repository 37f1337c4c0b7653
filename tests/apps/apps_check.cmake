# cmake -P script for the apps tests (apps.cmake): runs one application on
# NP processes in a fresh folder and checks it.
#
#   -DMODE=ref      the application as installed, no drop-in; BCR_VERBOSE=1
#                   must print nothing
#   -DMODE=preload  the same with DROPIN in LD_PRELOAD and BCR_VERBOSE=1
#
# Both must exit 0 within the time limit and print a total energy.  The
# preloaded run must print the same total energy and forces as the
# reference run, compared as text: every printed digit.  Its BCR_VERBOSE
# lines are counted by routine and printed, and each routine in ENTRIES
# must have reached bcredist at least once.
#
# Both run with BCR_STATS=<WORKDIR>/usage.txt: the reference run must write
# no report; the preloaded one must write the job's table of NP processes
# (through the drop-in's MPI_Init wrappers, in a program that never heard
# of bcredist), whose routed names count exactly the BCR_VERBOSE lines of
# each route.
#
# Variables: BCR_MPI_SCRIPT_ARGS (tests/common/mpi_launch.cmake), MODE, NP,
# COMMAND (the program and its arguments, separated by '|'), FORMAT (cp2k
# or gpaw: how the results are printed), WORKDIR (this run's folder, also
# its working directory: CP2K and GPAW write files there), REFDIR (the
# reference run's WORKDIR), DROPIN, ENTRIES (drop-in entry points
# separated by ':'), TIMEOUT_FACTOR (time limits multiplied by it;
# default 1).
cmake_minimum_required(VERSION 3.18)
foreach(v MODE MPI_LAUNCH NP COMMAND FORMAT WORKDIR REFDIR DROPIN ENTRIES)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "apps_check.cmake: ${v} is not set")
  endif()
endforeach()
if(NOT MODE MATCHES "^(ref|preload)$")
  message(FATAL_ERROR "apps_check.cmake: MODE is '${MODE}': ref or preload")
endif()
if(NOT FORMAT MATCHES "^(cp2k|gpaw)$")
  message(FATAL_ERROR "apps_check.cmake: FORMAT is '${FORMAT}': cp2k or gpaw")
endif()
if(NOT TIMEOUT_FACTOR)
  set(TIMEOUT_FACTOR 1)
endif()
# The run's time limit, which only catches hangs: a run takes 5 to 10
# seconds, a few times that on a loaded 2-core machine.
math(EXPR limit "120 * ${TIMEOUT_FACTOR}")

# Nothing from the caller's environment may decide which code runs.
unset(ENV{LD_PRELOAD})
unset(ENV{BCR_VERBOSE})
unset(ENV{BCR_TRACE})
unset(ENV{BCR_STATS})
include(${MPI_LAUNCH})
# One thread per process: threaded BLAS or OpenMP could split sums
# differently from run to run, and 4 processes already fill 2 cores.
set(ENV{OMP_NUM_THREADS} 1)
set(ENV{OPENBLAS_NUM_THREADS} 1)
set(ENV{BCR_VERBOSE} 1)
set(ENV{BCR_STATS} "${WORKDIR}/usage.txt")

string(REPLACE "|" ";" command "${COMMAND}")
file(REMOVE_RECURSE "${WORKDIR}")
file(MAKE_DIRECTORY "${WORKDIR}")
set(preload)
if(MODE STREQUAL "preload")
  if(NOT EXISTS "${DROPIN}")
    message(FATAL_ERROR "no drop-in library at '${DROPIN}'")
  endif()
  bcr_mpi_preload(preload "${DROPIN}")
endif()

# Each process's output goes to files of its own (io/1/rank.<r>/): the
# drop-in's lines come from process (0,0) of each BLACS context, which
# need not be the process that prints the results.
bcr_mpi_output_files(output_args ${WORKDIR}/io ${NP})
string(TIMESTAMP t0 "%s")
execute_process(
  COMMAND ${MPIEXEC} -n ${NP} ${MPIEXEC_PREFLAGS} ${output_args} ${preload} ${command}
  WORKING_DIRECTORY "${WORKDIR}"
  RESULT_VARIABLE rv OUTPUT_VARIABLE merged_out ERROR_VARIABLE merged_err
  TIMEOUT ${limit})
string(TIMESTAMP t1 "%s")
math(EXPR seconds "${t1} - ${t0}")

# read_outputs(dir): out and err in the caller's scope, every process's
# standard output and error in the order of the ranks.
function(read_outputs dir)
  math(EXPR last "${NP} - 1")
  foreach(stream out err)
    set(text_all "")
    foreach(r RANGE ${last})
      set(f "${dir}/io/1/rank.${r}/std${stream}")
      if(EXISTS "${f}")
        file(READ "${f}" text)
        string(APPEND text_all "${text}")
      endif()
    endforeach()
    set(${stream} "${text_all}" PARENT_SCOPE)
  endforeach()
endfunction()
read_outputs("${WORKDIR}")

if(NOT rv EQUAL 0)
  if(rv MATCHES "timeout")
    set(why "did not finish within ${limit} s")
  else()
    set(why "failed (exit ${rv})")
  endif()
  message(STATUS "mpiexec's own output:\n${merged_out}${merged_err}")
  message(STATUS "--- stdout\n${out}--- stderr, process by process\n${err}---")
  string(JOIN " " shown ${command})
  message(FATAL_ERROR "${MODE}: `${shown}` ${why} after ${seconds} s; its files are in ${WORKDIR}")
endif()

# results(var text): the printed results as a list of "<what>=<value>",
# the values as printed (the spaces between the numbers of one line made
# one).
#   cp2k  "ENERGY| Total FORCE_EVAL ( QS ) energy [a.u.]:  <E>", and the
#         table under "ATOMIC FORCES in [a.u.]": one line per atom
#         (number, kind, element, x, y, z) and "SUM OF ATOMIC FORCES"
#   gpaw  gpaw_lcao.py's "ENERGY <E>" and one "FORCE <x> <y> <z>" per atom
function(results var text)
  # Lines as list elements: no ';' or '[' or ']' may split or join them.
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "<rb>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(found "")
  set(in_forces OFF)
  set(atom 0)
  foreach(line IN LISTS lines)
    if(FORMAT STREQUAL "cp2k")
      if(line MATCHES "^ ENERGY\\| Total FORCE_EVAL \\( QS \\) energy <lb>a\\.u\\.<rb>: +([^ ]+)$")
        list(APPEND found "total energy=${CMAKE_MATCH_1}")
      elseif(line MATCHES "^ ATOMIC FORCES in <lb>a\\.u\\.<rb>")
        set(in_forces ON)
      elseif(in_forces AND line MATCHES "^ +([0-9]+) +[0-9]+ +([A-Za-z]+) +([^ ]+) +([^ ]+) +([^ ]+)$")
        list(APPEND found
          "force on atom ${CMAKE_MATCH_1} (${CMAKE_MATCH_2})=${CMAKE_MATCH_3} ${CMAKE_MATCH_4} ${CMAKE_MATCH_5}")
      elseif(in_forces AND line MATCHES "^ SUM OF ATOMIC FORCES +(.*)$")
        string(REGEX REPLACE " +" " " sum "${CMAKE_MATCH_1}")
        list(APPEND found "sum of forces=${sum}")
        set(in_forces OFF)
      endif()
    else()
      if(line MATCHES "^ENERGY ([^ ]+)$")
        list(APPEND found "total energy=${CMAKE_MATCH_1}")
      elseif(line MATCHES "^FORCE ([^ ]+ [^ ]+ [^ ]+)$")
        math(EXPR atom "${atom} + 1")
        list(APPEND found "force on atom ${atom}=${CMAKE_MATCH_1}")
      endif()
    endif()
  endforeach()
  set(${var} "${found}" PARENT_SCOPE)
endfunction()

results(mine "${out}")
set(report "")
foreach(item IN LISTS mine)
  string(APPEND report "  ${item}\n")
endforeach()
message(STATUS "${MODE}: exit 0 after ${seconds} s; results:\n${report}")
if(NOT mine MATCHES "(^|;)total energy=")
  message(STATUS "--- stdout\n${out}--- stderr, process by process\n${err}---")
  message(FATAL_ERROR "${MODE}: the output has no total energy (its files are in ${WORKDIR})")
endif()

# The drop-in's lines, counted by entry point and bcredist routine.
string(REGEX MATCHALL "bcredist: [A-Za-z0-9_]+ -> bcr_[a-z0-9_]+ m=" calls "${err}")
if(MODE STREQUAL "ref")
  if(calls OR err MATCHES "bcredist" OR out MATCHES "bcredist")
    message(FATAL_ERROR "ref: bcredist ran in the reference run:\n${err}")
  endif()
  file(GLOB usage "${WORKDIR}/usage.txt*")
  if(usage)
    message(FATAL_ERROR "ref: a usage report was written without bcredist: ${usage}")
  endif()
  message(STATUS "ref: no drop-in; these results are the reference")
  return()
endif()
# An update routine's second matrix is C, and its line says so.
if(err MATCHES "-> bcr_p[sdcz](tran|tranu|tranc|geadd) m=[^\n]*; B: ")
  message(FATAL_ERROR "preload: a BCR_VERBOSE line of an update routine names C as B")
endif()
list(TRANSFORM calls REPLACE "^bcredist: (.*) m=$" "\\1")
set(routes ${calls})
list(REMOVE_DUPLICATES routes)
list(SORT routes)
# count_<k>: the calls of route k (routes' order).
set(counts "")
set(k 0)
foreach(route IN LISTS routes)
  set(n 0)
  foreach(call IN LISTS calls)
    if(call STREQUAL route)
      math(EXPR n "${n} + 1")
    endif()
  endforeach()
  set(count_${k} ${n})
  math(EXPR k "${k} + 1")
  string(APPEND counts "  ${route}: ${n}\n")
endforeach()
list(LENGTH calls ncalls)
message(STATUS "preload: ${ncalls} calls reached bcredist, by routine:\n${counts}")
string(REPLACE ":" ";" entries "${ENTRIES}")
foreach(e IN LISTS entries)
  if(NOT routes MATCHES "(^|;)${e} -> ")
    message(FATAL_ERROR "preload: no BCR_VERBOSE line for ${e}: it did not reach bcredist")
  endif()
endforeach()

# BCR_STATS's report: the job's table, routing what BCR_VERBOSE showed.
if(NOT EXISTS "${WORKDIR}/usage.txt")
  message(FATAL_ERROR "preload: BCR_STATS wrote no usage report at ${WORKDIR}/usage.txt")
endif()
file(READ "${WORKDIR}/usage.txt" usage)
message(STATUS "preload: BCR_STATS's report:\n${usage}")
if(NOT usage MATCHES "bcredist usage \\(BCR_STATS\\): ${NP} processes\n")
  message(FATAL_ERROR "preload: the usage report is not the job's table of ${NP} processes")
endif()
set(k 0)
foreach(route IN LISTS routes)
  set(n ${count_${k}})
  math(EXPR k "${k} + 1")
  if(NOT usage MATCHES "\n    ${route} +([0-9]+)\n" OR NOT CMAKE_MATCH_1 EQUAL n)
    message(FATAL_ERROR "preload: the usage report does not route ${n} calls of ${route}")
  endif()
endforeach()

# The results against the reference run's, as printed.
if(NOT EXISTS "${REFDIR}/io/1/rank.0/stdout")
  message(FATAL_ERROR "preload: no reference output in ${REFDIR} (run the ref test first)")
endif()
read_outputs("${REFDIR}")
results(theirs "${out}")
list(LENGTH mine n_mine)
list(LENGTH theirs n_theirs)
if(NOT n_mine EQUAL n_theirs)
  set(report_ref "")
  foreach(item IN LISTS theirs)
    string(APPEND report_ref "  ${item}\n")
  endforeach()
  message(FATAL_ERROR "preload: ${n_mine} results printed, the reference run printed "
    "${n_theirs}\n reference:\n${report_ref} preload:\n${report}")
endif()
set(diffs "")
math(EXPR last "${n_mine} - 1")
foreach(i RANGE ${last})
  list(GET mine ${i} m)
  list(GET theirs ${i} t)
  if(NOT m STREQUAL t)
    string(REGEX MATCH "^[^=]*" what "${t}")
    string(REGEX REPLACE "^[^=]*=" "" tv "${t}")
    string(REGEX REPLACE "^[^=]*=" "" mv "${m}")
    string(APPEND diffs "  ${what}\n    reference: ${tv}\n    preload:   ${mv}\n")
  endif()
endforeach()
if(diffs)
  message(FATAL_ERROR "preload: results differ from the reference run's "
    "(the printed digits, compared as text):\n${diffs}")
endif()
message(STATUS "preload: all ${n_mine} results equal the reference run's to every printed digit")
