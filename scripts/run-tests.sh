#!/usr/bin/env bash
# Set up, build and run the whole test suite (CTest); arguments go to ctest.
# BCREDIST_MPI, BCR_BUILD_DIR and BCR_CMAKE_ARGS as for setup.sh, e.g.
#   BCREDIST_MPI=mpich BCR_BUILD_DIR=build-mpich bash scripts/run-tests.sh -L compare
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$build"
ctest --output-on-failure "$@"
