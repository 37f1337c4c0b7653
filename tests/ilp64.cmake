# ILP64: one test program built against the LP64 library and against the
# ILP64 one (bcr_int = int64_t) runs the same cases (every type, ge and tr,
# every grid pair, three sizes each, routines and plan API); each build
# checks B against the reference ScaLAPACK, and the two builds' B (and
# error codes) must be the same bytes.  The ILP64 build also checks that
# values past 32 bits are reported, not truncated.
#
# With -DBCREDIST_ILP64=ON the installed ILP64 library is the one tested;
# otherwise the same sources are compiled into a test-only ILP64 library,
# so CI needs no second configure.
if(TARGET bcredist_ilp64_static)
  set(_bcr_ilp64_lib bcredist_ilp64_static)
else()
  list(TRANSFORM BCR_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/ OUTPUT_VARIABLE _bcr_ilp64_src)
  add_library(bcr_test_ilp64_lib STATIC ${_bcr_ilp64_src})
  target_compile_definitions(bcr_test_ilp64_lib PUBLIC BCREDIST_ILP64)
  target_include_directories(bcr_test_ilp64_lib PUBLIC ${PROJECT_SOURCE_DIR}/include
    PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_compile_options(bcr_test_ilp64_lib PRIVATE ${BCR_WARNINGS})
  target_link_libraries(bcr_test_ilp64_lib PUBLIC MPI::MPI_C ${BCR_SCALAPACK_TARGET})
  set(_bcr_ilp64_lib bcr_test_ilp64_lib)
endif()

set(_bcr_ilp64_sources ${CMAKE_CURRENT_SOURCE_DIR}/test_ilp64.c
  ${CMAKE_CURRENT_SOURCE_DIR}/test_threads_cases.c)
bcr_add_test_program(bcr_test_ilp64_lp64 ${_bcr_ilp64_sources})
add_executable(bcr_test_ilp64_ilp64 ${_bcr_ilp64_sources})
target_include_directories(bcr_test_ilp64_ilp64 PRIVATE ${PROJECT_SOURCE_DIR}/tests)
target_compile_options(bcr_test_ilp64_ilp64 PRIVATE ${BCR_WARNINGS})
target_link_libraries(bcr_test_ilp64_ilp64 PRIVATE ${_bcr_ilp64_lib} ${BCR_SCALAPACK_TARGET}
  MPI::MPI_C m)

set(_bcr_ilp64_script ${CMAKE_CURRENT_BINARY_DIR}/ilp64_compare.cmake)
file(WRITE ${_bcr_ilp64_script} [=[
set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
set(ENV{OMPI_MCA_rmaps_base_oversubscribe} 1)
foreach(build lp64 ilp64)
  file(GLOB old ${DIR}/out_${build}_np${NP}.*)
  if(old)
    file(REMOVE ${old})
  endif()
  math(EXPR limit "200 * ${TIMEOUT_FACTOR}")
  execute_process(COMMAND ${MPIEXEC} -n ${NP} --oversubscribe ${EXE_${build}}
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
]=])
foreach(np 1 2 3 4)
  add_test(NAME ilp64_np${np}
    COMMAND ${CMAKE_COMMAND} -DMPIEXEC=${BCR_MPIEXEC} -DNP=${np}
            -DEXE_lp64=$<TARGET_FILE:bcr_test_ilp64_lp64>
            -DEXE_ilp64=$<TARGET_FILE:bcr_test_ilp64_ilp64>
            -DDIR=${CMAKE_CURRENT_BINARY_DIR} -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
            -P ${_bcr_ilp64_script})
  set_tests_properties(ilp64_np${np} PROPERTIES LABELS ilp64 PROCESSORS 1)
  bcr_test_timeout(420 ilp64_np${np})
endforeach()
