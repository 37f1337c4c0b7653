# How the tests launch MPI programs under either MPI.  cmake/bcr_mpi.cmake
# sets BCR_MPI_FLAVOUR (openmpi or mpich), BCR_MPIEXEC and
# BCR_MPIEXEC_PREFLAGS; a test runs
#   ${BCR_MPIEXEC} -n N ${BCR_MPIEXEC_PREFLAGS} program args...
# with BCR_MPI_TEST_ENV (below) in the launcher's environment.  Variables
# for the processes go into the launcher's environment too: both launchers
# pass theirs on.  LD_PRELOAD alone goes on the processes' command line
# (`env LD_PRELOAD=... program`, bcr_mpi_preload), so that the library is
# not loaded into the launcher as well.
#
# Included by tests/CMakeLists.txt, this file sets
#   BCR_MPI_TEST_ENV      VAR=value settings every MPI test runs with
#   BCR_MPI_SCRIPT_ARGS   -D arguments that hand all of the above to a
#                         cmake -P test script (lists joined with "|")
# and writes <build>/bcr_mpi.sh, the same for scripts/launch.sh.
# A cmake -P script given those arguments starts with include(${MPI_LAUNCH}),
# which puts MPI_ENV in its environment, makes MPIEXEC_PREFLAGS a list
# again and defines bcr_mpi_output_files and bcr_mpi_preload, whose
# results go between the launcher's flags and the program, in that order.
include_guard(GLOBAL)

if(NOT CMAKE_SCRIPT_MODE_FILE)
  if(BCR_MPI_FLAVOUR STREQUAL "openmpi")
    # Open MPI refuses to run as root unless told, and to place more
    # ranks than cores.
    set(BCR_MPI_TEST_ENV OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        OMPI_MCA_rmaps_base_oversubscribe=1)
  elseif(BCREDIST_SANITIZE)
    # ASan must be the first library loaded: no preload (slower only).
    set(BCR_MPI_TEST_ENV)
  else()
    # MPICH busy-waits without ever yielding the processor, which with
    # more ranks than cores makes the tests many times slower
    # (mpich_yield.c); this library makes a waiting rank yield.
    add_library(bcr_mpich_yield SHARED ${CMAKE_CURRENT_LIST_DIR}/mpich_yield.c)
    target_compile_options(bcr_mpich_yield PRIVATE ${BCR_WARNINGS})
    target_link_libraries(bcr_mpich_yield PRIVATE ${CMAKE_DL_LIBS})
    set_target_properties(bcr_mpich_yield PROPERTIES
      LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    set(BCR_MPI_TEST_ENV
      LD_PRELOAD=${CMAKE_CURRENT_BINARY_DIR}/${CMAKE_SHARED_LIBRARY_PREFIX}bcr_mpich_yield${CMAKE_SHARED_LIBRARY_SUFFIX})
  endif()
  # The same for scripts/ (scripts/launch.sh reads it): bash arrays.
  set(_bcr_sh "# How this build launches MPI programs (tests/common/mpi_launch.cmake).\n")
  string(APPEND _bcr_sh "bcr_mpi_flavour=${BCR_MPI_FLAVOUR}\n")
  string(APPEND _bcr_sh "bcr_mpiexec='${BCR_MPIEXEC}'\n")
  foreach(_bcr_list bcr_mpiexec_preflags:BCR_MPIEXEC_PREFLAGS bcr_mpi_env:BCR_MPI_TEST_ENV)
    string(REPLACE ":" ";" _bcr_list ${_bcr_list})
    list(GET _bcr_list 0 _bcr_name)
    list(GET _bcr_list 1 _bcr_var)
    set(_bcr_items "")
    foreach(_bcr_item IN LISTS ${_bcr_var})
      string(APPEND _bcr_items " '${_bcr_item}'")
    endforeach()
    string(APPEND _bcr_sh "${_bcr_name}=(${_bcr_items} )\n")
  endforeach()
  file(WRITE ${CMAKE_BINARY_DIR}/bcr_mpi.sh "${_bcr_sh}")

  string(JOIN "|" _bcr_preflags ${BCR_MPIEXEC_PREFLAGS})
  string(JOIN "|" _bcr_env ${BCR_MPI_TEST_ENV})
  set(BCR_MPI_SCRIPT_ARGS -DMPI_LAUNCH=${CMAKE_CURRENT_LIST_FILE}
    -DMPI_FLAVOUR=${BCR_MPI_FLAVOUR} -DMPIEXEC=${BCR_MPIEXEC}
    -DMPIEXEC_PREFLAGS=${_bcr_preflags} -DMPI_ENV=${_bcr_env})
  return()
endif()

# --- In a cmake -P test script -------------------------------------------
foreach(v MPI_FLAVOUR MPIEXEC)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "mpi_launch.cmake: ${v} is not set (pass BCR_MPI_SCRIPT_ARGS)")
  endif()
endforeach()
string(REPLACE "|" ";" MPIEXEC_PREFLAGS "${MPIEXEC_PREFLAGS}")
string(REPLACE "|" ";" MPI_ENV "${MPI_ENV}")
foreach(kv IN LISTS MPI_ENV)
  string(REGEX MATCH "^([^=]+)=(.*)$" _ "${kv}")
  set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
endforeach()

# bcr_mpi_output_files(var dir nprocs): what goes before the program on
# the launcher's command line to write each process's standard output and
# error to files of its own, <dir>/1/rank.<r>/stdout and .../stderr.  Each
# process writes them itself (a shell redirects, then runs the program):
# in the launcher's merged streams pieces of lines from several processes
# can meet, and where the job ends in MPI_Abort MPICH's launcher may drop
# what it has not forwarded yet, even to its own -outfile-pattern files.
# The rank is PMI_RANK (MPICH) or OMPI_COMM_WORLD_RANK (Open MPI).
function(bcr_mpi_output_files var dir nprocs)
  math(EXPR last "${nprocs} - 1")
  foreach(r RANGE ${last})
    file(MAKE_DIRECTORY ${dir}/1/rank.${r})
  endforeach()
  # Lines, not semicolons, which would split the CMake list.
  string(CONCAT script "r=$PMI_RANK\n[ -n \"$r\" ] || r=$OMPI_COMM_WORLD_RANK\n"
    "exec \"$0\" \"$@\" >'${dir}/1/rank.'$r/stdout 2>'${dir}/1/rank.'$r/stderr")
  set(${var} sh -c "${script}" PARENT_SCOPE)
endfunction()

# bcr_mpi_preload(var library): what goes before the program on the
# launcher's command line to preload library into each process, besides
# what the environment preloads already.
function(bcr_mpi_preload var library)
  set(preload "${library}")
  if(NOT "$ENV{LD_PRELOAD}" STREQUAL "")
    string(APPEND preload ":$ENV{LD_PRELOAD}")
  endif()
  set(${var} env "LD_PRELOAD=${preload}" PARENT_SCOPE)
endfunction()
