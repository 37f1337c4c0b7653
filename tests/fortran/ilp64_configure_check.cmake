# Run by the ilp64_configure_* tests (ilp64.cmake):
#   cmake -DSOURCE=dir -DWORK=dir -DGENERATOR=name -DTIMEOUT_FACTOR=n -DMPI_FLAVOUR=name
#         [-DSCALAPACK=value | -DLP64_LIBRARY=file]
#         [-DEXPECT_FAILURE=text | -DBUILD_TARGET=target]
#         -P ilp64_configure_check.cmake
# configures SOURCE afresh in WORK with -DBCREDIST_ILP64=ON and
# BCREDIST_ILP64_SCALAPACK set to SCALAPACK, or to a link named
# libsomeblacs.so to LP64_LIBRARY (a name that does not say what it is).
# With EXPECT_FAILURE the configuration must fail and its output contain
# that text; otherwise it must succeed, its probe must have found 8-byte
# BLACS integers, and BUILD_TARGET must build.
foreach(v SOURCE WORK GENERATOR TIMEOUT_FACTOR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "ilp64_configure_check.cmake: ${v} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(args -DBCREDIST_ILP64=ON -DBCREDIST_TESTS=OFF -DBCREDIST_FORTRAN=OFF
  -DBCREDIST_MPI=${MPI_FLAVOUR})
if(DEFINED LP64_LIBRARY)
  file(CREATE_LINK ${LP64_LIBRARY} ${WORK}/libsomeblacs.so SYMBOLIC)
  list(APPEND args -DBCREDIST_ILP64_SCALAPACK=${WORK}/libsomeblacs.so)
elseif(DEFINED SCALAPACK)
  list(APPEND args -DBCREDIST_ILP64_SCALAPACK=${SCALAPACK})
endif()

math(EXPR limit "120 * ${TIMEOUT_FACTOR}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/build -G ${GENERATOR} ${args}
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
message("${out}\n--- standard error\n${err}")
string(REGEX REPLACE "[ \n]+" " " said "${out} ${err}")
if(DEFINED EXPECT_FAILURE)
  if(rv EQUAL 0)
    message(FATAL_ERROR "configuring with ${args} succeeded; it must refuse")
  endif()
  if(NOT said MATCHES "${EXPECT_FAILURE}")
    message(FATAL_ERROR "the refusal does not say \"${EXPECT_FAILURE}\"")
  endif()
  message(STATUS "refused, saying \"${EXPECT_FAILURE}\"")
  return()
endif()
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "configuring with ${args} failed")
endif()
if(NOT said MATCHES "takes 8-byte integers")
  message(FATAL_ERROR "the configure step did not report the probe's ILP64 answer")
endif()
if(BUILD_TARGET)
  math(EXPR limit "480 * ${TIMEOUT_FACTOR}")
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build --target ${BUILD_TARGET} -j 2
    RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "building ${BUILD_TARGET} failed\n${out}\n${err}")
  endif()
  message(STATUS "${BUILD_TARGET} built")
endif()
