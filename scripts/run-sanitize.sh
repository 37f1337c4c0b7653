#!/usr/bin/env bash
# The whole test suite built with AddressSanitizer and UBSan
# (-DBCREDIST_SANITIZE=ON) in ./build-asan, run with CTest.  Needs what
# scripts/run-tests.sh installs.  Extra arguments go to ctest (e.g. -L
# compare); BCR_BUILD_DIR picks another build directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build=${BCR_BUILD_DIR:-build-asan}

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# Open MPI unloads its plugins in MPI_Finalize, before LeakSanitizer looks;
# kept loaded, their frames have names that tests/lsan.supp can match.
export OMPI_MCA_mca_base_component_disable_dlclose=1
# Full stacks for every allocation (Open MPI has no frame pointers, and a
# two-frame stack cannot be told apart from one in bcredist).  The ASan
# runtime need not come first: the drop-in test preloads the drop-in, and
# the install test links an unsanitized program with the installed library.
export ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0:verify_asan_link_order=0
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBCREDIST_SANITIZE=ON
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure "$@"
