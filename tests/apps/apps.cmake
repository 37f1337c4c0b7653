# Real applications through the drop-in: Debian's CP2K (cp2k.popt) and
# GPAW, each run on 4 processes twice,
#   apps_<app>_ref      as installed, no drop-in: the reference results
#   apps_<app>_preload  with libbcredist_scalapack.so in LD_PRELOAD and
#                       BCR_VERBOSE=1
# The preloaded run must print the reference's total energy and forces to
# every printed digit, and its BCR_VERBOSE lines must show the calls each
# input is known to make reaching bcredist (apps_check.cmake counts and
# prints them by routine).  Inputs:
#   cp2k      cp2k_water.inp: two water molecules, ScaLAPACK diagonalisation
#             (pdgemr2d_ once, pdtran_ in every SCF step)
#   gpaw_h2o  gpaw_lcao.py h2o: LCAO, real matrices on a 2 x 2 BLACS grid,
#             ELPA (Cpdgemr2d, pdtran_)
#   gpaw_si   gpaw_lcao.py si: LCAO, bulk silicon with k-points, complex
#             matrices, ELPA (Cpzgemr2d, pztranc_)
# Label apps.  Registered only where they can run as written: the
# programs are Debian's Open MPI builds (packages cp2k, gpaw, gpaw-data,
# which scripts/setup.sh installs for Open MPI), so the build's MPI must be
# Open MPI, the one whose ScaLAPACK the drop-in wraps.
set(_bcr_apps_src ${CMAKE_CURRENT_LIST_DIR})
set(_bcr_apps_dir ${CMAKE_CURRENT_BINARY_DIR}/apps_out)

if(NOT BCR_MPI_FLAVOUR STREQUAL "openmpi")
  message(STATUS "apps tests skipped: CP2K and GPAW are Debian's Open MPI "
    "builds, and this build's MPI is ${BCR_MPI_FLAVOUR}")
  return()
endif()
if(NOT TARGET bcredist_scalapack)
  message(STATUS "apps tests skipped: no drop-in library (bcredist_scalapack)")
  return()
endif()
# The sanitizers' runtime in a preloaded library would check CP2K's and
# Python's own memory too, whose leaks tests/common/lsan.supp does not list.
if(BCREDIST_SANITIZE)
  message(STATUS "apps tests skipped in the sanitizer build")
  return()
endif()

# bcr_app_tests(name format entries COMMAND program args...): the tests
# apps_<name>_ref and apps_<name>_preload; `entries` (a list) are the
# drop-in entry points the input calls, each of which must reach bcredist.
function(bcr_app_tests name format entries)
  cmake_parse_arguments(A "" "" "COMMAND" ${ARGN})
  string(JOIN "|" command ${A_COMMAND})
  string(REPLACE ";" ":" entries "${entries}")
  set(common ${BCR_MPI_SCRIPT_ARGS} -DNP=4 -DFORMAT=${format} "-DCOMMAND=${command}"
    -DREFDIR=${_bcr_apps_dir}/${name}_ref -DDROPIN=$<TARGET_FILE:bcredist_scalapack>
    -DENTRIES=${entries} -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR})
  foreach(mode ref preload)
    add_test(NAME apps_${name}_${mode}
      COMMAND ${CMAKE_COMMAND} ${common} -DMODE=${mode}
              -DWORKDIR=${_bcr_apps_dir}/${name}_${mode} -P ${_bcr_apps_src}/apps_check.cmake)
  endforeach()
  set_tests_properties(apps_${name}_ref PROPERTIES
    FIXTURES_SETUP apps_${name}_ref LABELS apps PROCESSORS 1)
  set_tests_properties(apps_${name}_preload PROPERTIES
    FIXTURES_REQUIRED apps_${name}_ref LABELS apps PROCESSORS 1)
  # A run takes seconds; the script's own limit (120 s) catches a hang
  # first and says so.
  bcr_test_timeout(150 apps_${name}_ref apps_${name}_preload)
endfunction()

# CP2K, with its data folder (basis sets, pseudopotentials) next to it.
find_program(BCR_CP2K cp2k.popt)
if(BCR_CP2K)
  get_filename_component(_bcr_cp2k_prefix "${BCR_CP2K}" DIRECTORY)
  get_filename_component(_bcr_cp2k_prefix "${_bcr_cp2k_prefix}" DIRECTORY)
  find_path(BCR_CP2K_DATA_DIR BASIS_MOLOPT
    HINTS ${_bcr_cp2k_prefix}/share/cp2k ${_bcr_cp2k_prefix}/share/cp2k/data
    PATHS /usr/share/cp2k /usr/share/cp2k/data NO_DEFAULT_PATH)
endif()
if(NOT BCR_CP2K)
  message(STATUS "apps tests of CP2K skipped: no cp2k.popt (Debian: cp2k)")
elseif(NOT BCR_CP2K_DATA_DIR OR NOT EXISTS "${BCR_CP2K_DATA_DIR}/GTH_POTENTIALS")
  message(STATUS "apps tests of CP2K skipped: no BASIS_MOLOPT and GTH_POTENTIALS "
    "in CP2K's data folder (set BCR_CP2K_DATA_DIR)")
else()
  bcr_app_tests(cp2k cp2k "pdgemr2d_;pdtran_"
    COMMAND ${BCR_CP2K} --set DATA_DIR=${BCR_CP2K_DATA_DIR} ${_bcr_apps_src}/cp2k_water.inp)
endif()

# GPAW: the first python3 on the PATH that can run it (gpaw_probe.py), or
# BCR_GPAW_PYTHON.  Another python on the PATH (a virtual environment,
# pyenv) may lack the system's packages.
if(NOT BCR_GPAW_PYTHON)
  string(REPLACE ":" ";" _bcr_path "$ENV{PATH}")
  foreach(_bcr_dir IN LISTS _bcr_path)
    if(EXISTS "${_bcr_dir}/python3" AND NOT IS_DIRECTORY "${_bcr_dir}/python3")
      execute_process(COMMAND "${_bcr_dir}/python3" ${_bcr_apps_src}/gpaw_probe.py
        OUTPUT_VARIABLE _bcr_probe ERROR_QUIET RESULT_VARIABLE _bcr_rv TIMEOUT 60)
      if(_bcr_rv EQUAL 0 AND _bcr_probe STREQUAL "ok\n")
        set(BCR_GPAW_PYTHON "${_bcr_dir}/python3" CACHE FILEPATH
          "python3 that runs GPAW for the apps tests")
        break()
      endif()
    endif()
  endforeach()
endif()
if(NOT BCR_GPAW_PYTHON)
  message(STATUS "apps tests of GPAW skipped: no python3 on the PATH imports gpaw with "
    "MPI, ScaLAPACK, ELPA and the H, O and Si setups (Debian: gpaw, gpaw-data)")
else()
  bcr_app_tests(gpaw_h2o gpaw "Cpdgemr2d;pdtran_"
    COMMAND ${BCR_GPAW_PYTHON} ${_bcr_apps_src}/gpaw_lcao.py h2o)
  bcr_app_tests(gpaw_si gpaw "Cpzgemr2d;pztranc_"
    COMMAND ${BCR_GPAW_PYTHON} ${_bcr_apps_src}/gpaw_lcao.py si)
endif()
