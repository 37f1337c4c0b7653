#!/usr/bin/env bash
# Valgrind memcheck over a representative subset of the tests: a random
# comparison sweep against the reference on 2 to 4 ranks (direct calls,
# packed buffers, the plan API, every message through shared segments,
# with plain and with streaming stores, the transposed strategy, the
# combine, steps and bounded schedules),
# the error tests and the plan API tests.
# Every MPI process writes its own log; the run fails if any memcheck error
# or definite leak has a frame in bcredist's own sources (src/,
# fortran-bindings/), and counts the rest (Open MPI, ScaLAPACK) without
# failing.  Suppressions: Open MPI's file and tests/common/valgrind.supp.  Builds
# ./build first like run-tests.sh, unless BCR_BUILD_DIR names a build to
# use.  Logs go to <build>/valgrind/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
if [ -n "${BCR_BUILD_DIR:-}" ]; then
  build=$(cd "$BCR_BUILD_DIR" && pwd)
  source scripts/launch.sh
else
  source scripts/setup.sh
  build=$root/build
fi
if ! command -v valgrind > /dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q valgrind
fi

logs=$build/valgrind
rm -rf "$logs"
mkdir -p "$logs"
# Frames of bcredist are those in the source tree the build was made from.
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
supp=()
for f in /usr/share/openmpi/openmpi-valgrind.supp "$root/tests/common/valgrind.supp"; do
  [ -f "$f" ] && supp+=(--suppressions="$f")
done
# --fullpath-after= prints whole source paths, so frames in this tree can
# be told from Open MPI's and ScaLAPACK's.
vg=(valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite
    --errors-for-leak-kinds=definite --num-callers=30 --fullpath-after=
    "${supp[@]}")

# name ranks env program args... (env: VAR=value[,VAR=value...], or -)
runs=(
  "compare_np2 2 - tests/bcr_test_compare --random 2602 150 --watchdog 900"
  "compare_pack_buffer_np3 3 BCR_PACK=buffer tests/bcr_test_compare --random 3603 80 --watchdog 900"
  "compare_via_plan_np3 3 - tests/bcr_test_compare --random 3703 60 --via-plan --watchdog 900"
  "compare_shm_np3 3 BCR_SHM=all,BCR_SHM_MIN=0 tests/bcr_test_compare --random 3803 80 --watchdog 900"
  "compare_shm_stream_np3 3 BCR_SHM=all,BCR_SHM_MIN=0,BCR_STREAM_MIN=0 tests/bcr_test_compare --random 3813 80 --watchdog 900"
  "compare_transposed_np3 3 BCR_STRATEGY=transposed tests/bcr_test_compare --random 3903 80 --watchdog 900"
  "compare_combine_np4 4 BCR_SCHEDULE=combine,BCR_SHM=all,BCR_SHM_MIN=4096 tests/bcr_test_compare --random 4913 60 --watchdog 900"
  "compare_steps_np3 3 BCR_SCHEDULE=steps,BCR_SHM=off tests/bcr_test_compare --random 3923 60 --watchdog 900"
  "compare_bounded_np3 3 BCR_SCHEDULE=bounded,BCR_INFLIGHT=1,BCR_SHM=off tests/bcr_test_compare --random 3933 60 --watchdog 900"
  "errors_np3 3 - tests/bcr_test_errors"
  "plan_api_np3 3 - tests/bcr_test_plan_api"
)
failed=0
for r in "${runs[@]}"; do
  read -r name np env exe args <<< "$r"
  sets=()
  [ "$env" != - ] && IFS=, read -ra sets <<< "$env"
  start=$(date +%s)
  set +e
  # The settings in the launcher's environment, which passes them on.
  # shellcheck disable=SC2086
  (for e in "${sets[@]}"; do export "${e?}"; done
   bcr_run "$np" "${vg[@]}" --log-file="$logs/$name.%p.log" "$build/$exe" $args) \
    > "$logs/$name.out" 2>&1
  rc=$?
  set -e
  # One memcheck report is a block of lines starting with "==PID== " and
  # ended by an empty one; it is ours when a frame lies in src/ or
  # fortran-bindings/ of this tree.
  read -r ours others < <(awk -v root="$src/" '
    /^==[0-9]+== *$/ { if (inblk) { if (mine) m++; else o++ } inblk = 0; mine = 0; next }
    /^==[0-9]+== (Invalid|Conditional|Use of uninit|Syscall param|Mismatched|Source and destination|Argument .* of function|[0-9,]+ bytes in [0-9,]+ blocks are definitely)/ {
      if (inblk) { if (mine) m++; else o++ } inblk = 1; mine = 0; next }
    inblk && (index($0, root "src/") || index($0, root "fortran-bindings/")) { mine = 1 }
    END { if (inblk) { if (mine) m++; else o++ } print m + 0, o + 0 }' "$logs/$name".*.log)
  printf 'valgrind %-26s exit %d, %3d s, errors in bcredist: %d, elsewhere: %d\n' \
    "$name" "$rc" "$(($(date +%s) - start))" "$ours" "$others"
  if [ "$rc" -ne 0 ] || [ "$ours" -ne 0 ]; then
    failed=1
    echo "  see $logs/$name.out and $logs/$name.*.log"
  fi
done
exit $failed
