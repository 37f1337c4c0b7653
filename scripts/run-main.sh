#!/usr/bin/env bash
# Set up, build and run the timing driver on the standard cases with 4 ranks:
# ScaLAPACK's pdgemr2d and bcredist side by side, results checked identical.
# Extra arguments go to bcr_timing (e.g. --reps 9, or another case file).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if [ $# -eq 0 ]; then
  set -- --csv build/bcr_timing.csv timing/cases/standard.txt
fi
mpiexec -n 4 --oversubscribe build/timing/bcr_timing "$@"
