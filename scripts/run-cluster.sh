#!/usr/bin/env bash
# bcr_timing on 8 ranks with every MPI message over TCP (Open MPI's
# --mca btl tcp,self), ScaLAPACK's routine alongside, on the standard shapes
# over 2 x 4, 1 x 8 and 8 x 1 grids (timing/cases/cluster8.txt):
#   bash scripts/run-cluster.sh [--rounds N] [ARGS]
# Each round runs both layouts in turn:
#   emulated  BCR_NODE_SIZE=2: 4 nodes of 2 ranks, bcredist's shared
#             segments within a node, TCP between;
#   shm-off   BCR_SHM=off: bcredist's bytes over TCP too, as on a cluster of
#             one rank per node;
# CSVs in build/bcr_cluster.<layout>.<round>.csv, then per layout each case's
# median over the rounds (scripts/rounds-summary.sh).  ARGS go to bcr_timing
# (e.g. --reps 5); BCR_* variables set by the caller (e.g. BCR_SCHEDULE=steps)
# reach every rank.  BCR_CLUSTER_LAYOUTS="emulated" runs one layout only.
# Open MPI builds only (MPICH's ch4:ucx has no such switch here).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if [ "${bcr_mpi_flavour:-}" != openmpi ]; then
  echo "run-cluster.sh: needs a build against Open MPI" >&2
  exit 2
fi
rounds=1
if [ "${1:-}" = --rounds ]; then
  rounds=$2
  shift 2
fi
layouts=${BCR_CLUSTER_LAYOUTS:-emulated shm-off}
rc=0
for k in $(seq "$rounds"); do
  for layout in $layouts; do
    case $layout in
      emulated) env_layout=(BCR_NODE_SIZE=2) ;;
      shm-off) env_layout=(BCR_SHM=off) ;;
      *) echo "run-cluster.sh: unknown layout $layout" >&2; exit 2 ;;
    esac
    echo "== round $k, $layout"
    env "${env_layout[@]}" "${bcr_mpi_env[@]}" "$bcr_mpiexec" -n 8 \
      "${bcr_mpiexec_preflags[@]}" --mca btl tcp,self \
      "$build/timing/bcr_timing" "$@" --csv "$build/bcr_cluster.$layout.$k.csv" \
      timing/cases/cluster8.txt || rc=$?
  done
done
for layout in $layouts; do
  echo "== $layout: median over $rounds rounds of each case"
  csvs=()
  for k in $(seq "$rounds"); do csvs+=("$build/bcr_cluster.$layout.$k.csv"); done
  bash scripts/rounds-summary.sh "${csvs[@]}" || rc=1
done
exit "$rc"
