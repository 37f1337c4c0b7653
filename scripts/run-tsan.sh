#!/usr/bin/env bash
# ThreadSanitizer over the threaded kernels: bcredist and its tests built
# with clang -fsanitize=thread and LLVM's OpenMP runtime (libomp, whose
# barriers and tasks TSan sees through its archer tool, libarcher), in
# ./build-tsan, then the tests labelled `threads` (the sweeps with every
# kernel split across threads, and the calls from several threads and
# from inside a parallel region).  Open MPI and ScaLAPACK are not built
# with TSan: reports whose stacks are all theirs are suppressed
# (tests/common/tsan.supp), so a report left names bcredist's code.
# Extra arguments go to ctest; BCR_BUILD_DIR picks another build directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build=${BCR_BUILD_DIR:-build-tsan}

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
archer=$(clang -print-file-name=libarcher.so)
if [ -f "$archer" ]; then
    export OMP_TOOL_LIBRARIES=$archer
fi
# exitcode=66: a test with a report fails even where the program would pass.
# ignore_noninstrumented_modules: the OpenMP runtime and MPI synchronise
# in code TSan did not instrument.
export TSAN_OPTIONS="suppressions=$root/tests/common/tsan.supp:ignore_noninstrumented_modules=1:exitcode=66:halt_on_error=0:report_signal_unsafe=0"
export ARCHER_OPTIONS=verbose=0

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
    -DCMAKE_C_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=thread" -DBCREDIST_FORTRAN=OFF
cmake --build "$build" -j"$(nproc)" --target bcr_test_compare bcr_test_update bcr_test_threads
cd "$build"
ctest --output-on-failure -j2 -L threads "$@"
