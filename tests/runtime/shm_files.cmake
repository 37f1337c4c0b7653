# The shared segments' files (test_shm_files.c, shm_files_check.cmake):
# peers refuse a file that is not the one its owner made (a symbolic link,
# an empty file, another user's file put under its name), a store that
# fills up makes a call go through MPI instead of killing a process with
# SIGBUS, no file is left behind, even where making one failed, and a
# process that could not attach the transport's state never asks for
# segments again.
bcr_add_test_program(bcr_test_shm_files ${CMAKE_CURRENT_LIST_DIR}/test_shm_files.c
  ${BCR_TESTS_COMMON}/freeing.c)
foreach(_mode plant-link plant-small plant-foreign full attach)
  add_test(NAME shm_files_${_mode}
    COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DEXE=$<TARGET_FILE:bcr_test_shm_files>
            -DMODE=${_mode} -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
            -P ${CMAKE_CURRENT_LIST_DIR}/shm_files_check.cmake)
  set_tests_properties(shm_files_${_mode} PROPERTIES LABELS "shm;failsafe" PROCESSORS 1
    SKIP_RETURN_CODE 77)
  bcr_test_timeout(180 shm_files_${_mode})
endforeach()
