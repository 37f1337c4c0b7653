# ScaLAPACK's own test programs (Debian's package scalapack-mpi-test) run
# through the drop-in: each program runs on 4 processes without it and with
# libbcredist_scalapack.so preloaded, and must give the same results (the
# summary lines, the counts of PASSED and FAILED, the whole output with the
# per-test lines' timings masked, and their residuals where the unmodified
# program's vary from run to run), fail nothing, and show with
# BCR_VERBOSE=1 that the calls reached bcredist.  See
# scalapack_tests_check.cmake.  Labels scalapack_own and dropin.

# The MPI flavour and its launcher's flags, where the top level does not
# set them.  BCR_MPI_TEST_ENV, where set, lists VAR=value settings that
# every MPI test process gets; the programs run with them too.
if(NOT DEFINED BCR_MPI_FLAVOUR)
  set(BCR_MPI_FLAVOUR openmpi)
endif()
if(NOT DEFINED BCR_MPIEXEC_PREFLAGS)
  if(BCR_MPI_FLAVOUR STREQUAL "openmpi")
    set(BCR_MPIEXEC_PREFLAGS --oversubscribe)
  else()
    set(BCR_MPIEXEC_PREFLAGS "")
  endif()
endif()

# -DBCR_SCALAPACK_OWN_TESTS_DIR=... points elsewhere.
if(NOT BCR_SCALAPACK_OWN_TESTS_DIR)
  set(BCR_SCALAPACK_OWN_TESTS_DIR
    "/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/scalapack/${BCR_MPI_FLAVOUR}-tests")
endif()
if(NOT IS_DIRECTORY "${BCR_SCALAPACK_OWN_TESTS_DIR}")
  message(STATUS "scalapack_own tests skipped: no ScaLAPACK test programs in "
    "${BCR_SCALAPACK_OWN_TESTS_DIR} (Debian: scalapack-mpi-test)")
  return()
endif()

# This folder, for the function below (a function sees its caller's list
# dir).
set(_bcr_scalapack_tests_src ${CMAKE_CURRENT_LIST_DIR})

# bcr_scalapack_own_test(program format data entries): `format` is the
# driver's output (sep, svd, hseqr, pblas: see the check script), `data`
# its input file (program and data relative to the test programs' folder;
# data "none" for none), `entries` the drop-in entry points it is known to
# call, each of which must reach bcredist.
function(bcr_scalapack_own_test prog format data entries)
  set(exe "${BCR_SCALAPACK_OWN_TESTS_DIR}/${prog}")
  if(data STREQUAL "none")
    set(data_path "")
  else()
    set(data_path "${BCR_SCALAPACK_OWN_TESTS_DIR}/${data}")
  endif()
  if(NOT EXISTS "${exe}" OR (data_path AND NOT EXISTS "${data_path}"))
    message(STATUS "scalapack_own ${prog} skipped: no ${exe} or ${data_path}")
    return()
  endif()
  string(REPLACE ";" ":" entries "${entries}")
  string(JOIN "$<SEMICOLON>" preflags ${BCR_MPIEXEC_PREFLAGS})
  string(JOIN "$<SEMICOLON>" test_env ${BCR_MPI_TEST_ENV})
  get_filename_component(base "${prog}" NAME)
  set(name scalapack_own_${base})
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -DFLAVOUR=${BCR_MPI_FLAVOUR} -DMPIEXEC=${BCR_MPIEXEC}
            "-DPREFLAGS=${preflags}" -DNP=4 -DEXE=${exe} "-DDATA=${data_path}"
            -DFORMAT=${format} -DWORKDIR=${CMAKE_CURRENT_BINARY_DIR}/scalapack_own/${base}
            -DDROPIN=$<TARGET_FILE:bcredist_scalapack> -DENTRIES=${entries}
            "-DMPI_ENV=${test_env}" -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
            -P ${_bcr_scalapack_tests_src}/scalapack_tests_check.cmake)
  set_tests_properties(${name} PROPERTIES LABELS "scalapack_own;dropin" PROCESSORS 1)
  bcr_test_timeout(600 ${name})
endfunction()

# Together: all four floating types, p?gemr2d and p?trmr2d, and three
# drivers (SVD, Hessenberg QR, symmetric and Hermitian eigensolvers).
bcr_scalapack_own_test(xdsvd   svd   SVD.dat "pdgemr2d_")
bcr_scalapack_own_test(xdhseqr hseqr none    "pdgemr2d_")
bcr_scalapack_own_test(xdsep   sep   SEP.dat "pdgemr2d_;pdtrmr2d_")
bcr_scalapack_own_test(xssep   sep   SEP.dat "psgemr2d_;pstrmr2d_")
bcr_scalapack_own_test(xcsep   sep   SEP.dat "psgemr2d_;pcgemr2d_;pctrmr2d_")
bcr_scalapack_own_test(xzsep   sep   SEP.dat "pdgemr2d_;pzgemr2d_;pztrmr2d_")
# The PBLAS's level-3 testers check p?geadd_ (with TRANS N and T) among
# others, including its error exits, which PBLAS itself reports (the
# drop-in calls it to check the arguments first).
bcr_scalapack_own_test(PBLAS/spb3tst pblas PBLAS/PSBLAS3TST.dat "psgeadd_")
bcr_scalapack_own_test(PBLAS/dpb3tst pblas PBLAS/PDBLAS3TST.dat "pdgeadd_")
bcr_scalapack_own_test(PBLAS/cpb3tst pblas PBLAS/PCBLAS3TST.dat "pcgeadd_")
bcr_scalapack_own_test(PBLAS/zpb3tst pblas PBLAS/PZBLAS3TST.dat "pzgeadd_")
