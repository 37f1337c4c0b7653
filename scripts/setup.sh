#!/usr/bin/env bash
# Installs what bcredist builds on (Debian 12 packages) and builds it.
# Sourced by run-main.sh and run-tests.sh.  From the environment:
#   BCREDIST_MPI    openmpi (default) or mpich: the MPI and ScaLAPACK to
#                   install and build with (-DBCREDIST_MPI; auto builds with
#                   the system's default MPI and installs Open MPI's packages)
#   BCR_BUILD_DIR   the build directory (default build)
#   BCR_CMAKE_ARGS  more arguments for cmake's configure step
# Leaves the shell in the repository root with $build the build directory
# and bcr_run (scripts/launch.sh) to launch its programs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mpi=${BCREDIST_MPI:-openmpi}
build=${BCR_BUILD_DIR:-build}
case $mpi in
  # cp2k, gpaw, gpaw-data: the apps tests (tests/apps/) run these real
  # applications with the drop-in preloaded.  Debian's builds of them use
  # Open MPI and its ScaLAPACK, so they are of use only with Open MPI.
  openmpi | auto) mpi_packages=(libopenmpi-dev openmpi-bin libscalapack-openmpi-dev
                                cp2k gpaw gpaw-data) ;;
  mpich) mpi_packages=(mpich libmpich-dev libscalapack-mpich-dev) ;;
  *)
    echo "BCREDIST_MPI=$mpi: openmpi, mpich or auto" >&2
    exit 2
    ;;
esac
# scalapack-mpi-test: ScaLAPACK's own test programs, for both MPIs.
packages=(build-essential cmake pkg-config gfortran liblapack-dev libopenblas-dev
          scalapack-mpi-test "${mpi_packages[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

# Open MPI refuses to run as root unless told, and this machine may have
# fewer cores than the tests have ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

# shellcheck disable=SC2086 # BCR_CMAKE_ARGS is split into words
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBCREDIST_MPI="$mpi" \
  ${BCR_CMAKE_ARGS:-}
cmake --build "$build" -j"$(nproc)"
source scripts/launch.sh
