#!/usr/bin/env bash
# Set up, build and run the whole test suite (CTest).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd build
ctest --output-on-failure "$@"
