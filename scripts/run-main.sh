#!/usr/bin/env bash
# Set up, build and run the example redistribution on 4 ranks, next to
# ScaLAPACK, with a check of the result.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
mpiexec -n 4 --oversubscribe build/timing/bcr_example "$@"
