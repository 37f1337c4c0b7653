# Run by the failsafe tests that must end the job (failsafe.cmake):
#   cmake <BCR_MPI_SCRIPT_ARGS> -DNP=n -DEXE=program -DMODE=mode -DOUTDIR=dir
#         -DLIMIT=seconds [-DMIN_SECONDS=seconds] [-DENV=VAR=value,...]
#         [-DSTDERR_<r>=regex ...] [-DSTDERR_ANY=regex] [-DOUT_<r>=regex ...]
#         [-DTRACE=regex] [-DTIMEOUT_FACTOR=f] -P failsafe_check.cmake
# runs `mpiexec -n NP EXE MODE` with the BCR_ variables of ENV (and no
# others from the caller's environment) and fails unless
#   - the job ended with a nonzero status, not by a signal and not by the
#     program's own watchdog ("TIMEOUT:"): MPI_Abort ends it with status 1;
#   - it took at most LIMIT seconds (times TIMEOUT_FACTOR), and at least
#     MIN_SECONDS: a process that gave up waiting must have waited;
#   - no process printed "FAIL" (the program's word for a call that
#     returned where it must not);
#   - process r's standard error matches STDERR_<r> and its standard
#     output OUT_<r>; some process's standard error matches STDERR_ANY;
#   - with TRACE (the program runs with BCR_TRACE=1), every process printed
#     trace lines and every trace line matches TRACE.
# Each process's output is read from its own file (bcr_mpi_output_files,
# mpi_launch.cmake): in mpiexec's merged stream the pieces of lines from
# several processes can meet.
foreach(v MPI_LAUNCH NP EXE MODE OUTDIR LIMIT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "failsafe_check.cmake: ${v} is not set")
  endif()
endforeach()
if(NOT TIMEOUT_FACTOR)
  set(TIMEOUT_FACTOR 1)
endif()
if(NOT MIN_SECONDS)
  set(MIN_SECONDS 0)
endif()
math(EXPR limit "${LIMIT} * ${TIMEOUT_FACTOR}")
# The script's own limit on the job: past it the job did not end by itself.
math(EXPR kill_after "${limit} + 60")

# Nothing from the caller's environment may decide how the library behaves.
foreach(v BCR_FAIL BCR_TIMEOUT BCR_SHM BCR_TRACE BCR_ON_ERROR BCR_VERBOSE LD_PRELOAD)
  unset(ENV{${v}})
endforeach()
include(${MPI_LAUNCH})
# The processes' variables, in the launcher's environment.
set(env_list)
if(ENV)
  string(REPLACE "," ";" env_list "${ENV}")
endif()
if(TRACE)
  list(APPEND env_list BCR_TRACE=1)
endif()
foreach(kv IN LISTS env_list)
  string(REGEX MATCH "^([^=]+)=(.*)$" _ "${kv}")
  set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
endforeach()

file(REMOVE_RECURSE "${OUTDIR}")
file(MAKE_DIRECTORY "${OUTDIR}")
bcr_mpi_output_files(output_args ${OUTDIR}/io ${NP})
string(TIMESTAMP t0 "%s" UTC)
execute_process(
  COMMAND ${MPIEXEC} -n ${NP} ${MPIEXEC_PREFLAGS} ${output_args} ${EXE} ${MODE}
  RESULT_VARIABLE rv OUTPUT_VARIABLE merged_out ERROR_VARIABLE merged_err
  TIMEOUT ${kill_after})
string(TIMESTAMP t1 "%s" UTC)
math(EXPR took "${t1} - ${t0}")

set(report "exit ${rv} after ${took} s (${env_list} ${EXE} ${MODE})\n")
math(EXPR last "${NP} - 1")
foreach(r RANGE ${last})
  foreach(stream stdout stderr)
    file(GLOB f "${OUTDIR}/io/*/rank.${r}/${stream}")
    set(${stream}_${r} "")
    if(f)
      file(READ "${f}" ${stream}_${r})
    endif()
    string(APPEND report "--- process ${r}, ${stream}\n${${stream}_${r}}")
  endforeach()
endforeach()
string(APPEND report "--- mpiexec's own\n${merged_err}")
message("${report}")

set(bad)
if(rv STREQUAL "0")
  list(APPEND bad "the job exited with status 0: it did not end on the failure")
elseif(NOT rv MATCHES "^[0-9]+$")
  list(APPEND bad "the job did not end by itself: ${rv}")
elseif(NOT rv EQUAL 1)
  list(APPEND bad "exit status ${rv}, not MPI_Abort's 1")
endif()
set(all_out "${merged_out}${merged_err}")
foreach(r RANGE ${last})
  string(APPEND all_out "${stdout_${r}}${stderr_${r}}")
endforeach()
if(all_out MATCHES "Segmentation fault|exited on signal|core dumped")
  list(APPEND bad "a process crashed")
endif()
if(all_out MATCHES "TIMEOUT: [^\n]*")
  list(APPEND bad "the program's watchdog fired: ${CMAKE_MATCH_0}")
endif()
if(all_out MATCHES "FAIL [^\n]*")
  list(APPEND bad "the program reported: ${CMAKE_MATCH_0}")
endif()
if(took GREATER limit)
  list(APPEND bad "the job took ${took} s, more than ${limit} s")
endif()
if(took LESS MIN_SECONDS)
  list(APPEND bad "the job took ${took} s, less than the ${MIN_SECONDS} s a process must wait")
endif()

foreach(r RANGE ${last})
  if(DEFINED STDERR_${r} AND NOT stderr_${r} MATCHES "${STDERR_${r}}")
    list(APPEND bad "process ${r}'s standard error does not match: ${STDERR_${r}}")
  endif()
  if(DEFINED OUT_${r} AND NOT stdout_${r} MATCHES "${OUT_${r}}")
    list(APPEND bad "process ${r}'s standard output does not match: ${OUT_${r}}")
  endif()
endforeach()
if(DEFINED STDERR_ANY)
  set(who)
  foreach(r RANGE ${last})
    if(stderr_${r} MATCHES "${STDERR_ANY}")
      list(APPEND who ${r})
    endif()
  endforeach()
  if(NOT who STREQUAL "") # not if(who): "0" alone is false
    string(REPLACE ";" ", " who "${who}")
    message(STATUS "processes ${who} said: ${STDERR_ANY}")
  else()
    list(APPEND bad "no process's standard error matches: ${STDERR_ANY}")
  endif()
endif()

if(TRACE)
  foreach(r RANGE ${last})
    string(REGEX MATCHALL "bcr_trace: [^\n]*" lines "${stderr_${r}}")
    if(NOT lines)
      list(APPEND bad "process ${r} printed no bcr_trace line")
    endif()
    foreach(l IN LISTS lines)
      if(NOT l MATCHES "${TRACE}")
        list(APPEND bad "a trace line of process ${r} does not match ${TRACE}: ${l}")
      endif()
    endforeach()
  endforeach()
endif()

if(bad)
  string(REPLACE ";" "\n  " bad "${bad}")
  message(FATAL_ERROR "failsafe_check: ${MODE}:\n  ${bad}")
endif()
message(STATUS "failsafe_check: ${MODE}: the job ended with status ${rv} after ${took} s "
               "(${MIN_SECONDS} to ${limit} s allowed), as expected")
