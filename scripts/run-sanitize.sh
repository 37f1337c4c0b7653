#!/usr/bin/env bash
# The whole test suite built with AddressSanitizer and UBSan
# (-DBCREDIST_SANITIZE=ON) in ./build-asan, run with CTest, two tests at a
# time.  Needs what scripts/run-tests.sh installs.  Extra arguments go to
# ctest (e.g. -L compare, or -j1); BCR_BUILD_DIR picks another build
# directory, BCR_CMAKE_ARGS adds configure arguments.  Open MPI only
# (tests/common/lsan.supp holds Open MPI's leaks).  The random sweeps and a few other tests are smaller in this
# build (docs/testing.md, "Sanitizers and valgrind"; tests/CMakeLists.txt).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build=${BCR_BUILD_DIR:-build-asan}

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# Open MPI 5 would keep its plugins loaded to the end with this; Open MPI
# 4.1 has no such parameter and unloads them (and libpmix with them) in
# MPI_Finalize, before LeakSanitizer looks, so frames in them show as
# "<unknown module>" and only the frames further up (ompi_mpi_init, ...)
# can be matched by tests/common/lsan.supp.
export OMPI_MCA_mca_base_component_disable_dlclose=1
# Full stacks for every allocation (fast_unwind_on_malloc=0): Open MPI has
# no frame pointers, and the fast unwinder's stack of one of its leaks is
# one or two frames, often in an unloaded library, which no suppression can
# tell apart from an MPI object that bcredist forgot.  This is the costly
# part of the run (every malloc unwinds its stack), so the tests that never
# start MPI switch back to the fast unwinder (bcr_fast_unwind in
# tests/CMakeLists.txt; their stacks lose nothing).  The ASan runtime need
# not come first: the drop-in test preloads the drop-in, and the install
# test links an unsanitized program with the installed library.
export ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0:verify_asan_link_order=0
# print_suppressions=1: which entries of tests/common/lsan.supp matched, per
# process, in Testing/Temporary/LastTest.log.
export LSAN_OPTIONS=suppressions=$root/tests/common/lsan.supp:print_suppressions=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# shellcheck disable=SC2086 # BCR_CMAKE_ARGS is split into words
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBCREDIST_SANITIZE=ON ${BCR_CMAKE_ARGS:-}
cmake --build "$build" -j"$(nproc)"
cd "$build"
# Most tests keep less than both cores busy (one rank, or ranks waiting on
# each other), so two at a time; the large tests run alone (RUN_SERIAL).
ctest --output-on-failure -j2 "$@"
