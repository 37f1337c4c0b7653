# shellcheck shell=bash disable=SC2154 # bcr_mpi.sh defines the bcr_ variables
# Sourced by the scripts once they know their build directory, $build:
#   bcr_run N program args...
# runs program on N ranks as that build's tests do (<build>/bcr_mpi.sh,
# written by tests/common/mpi_launch.cmake): Open MPI's mpiexec --oversubscribe,
# or MPICH's mpiexec.mpich with waiting ranks made to yield the processor
# (tests/common/mpich_yield.c).  Variables for the ranks go in the environment of
# bcr_run, which the launcher passes on.
if [ ! -f "$build/bcr_mpi.sh" ]; then
  echo "no $build/bcr_mpi.sh: configure $build with its tests (BCREDIST_TESTS=ON)" >&2
  exit 1
fi
# shellcheck source=/dev/null
source "$build/bcr_mpi.sh"
bcr_run() {
  local np=$1
  shift
  env "${bcr_mpi_env[@]}" "$bcr_mpiexec" -n "$np" "${bcr_mpiexec_preflags[@]}" "$@"
}
