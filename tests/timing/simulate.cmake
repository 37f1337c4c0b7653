# bcr_simulate (timing/sim/): the message graph it builds from bcredist's
# planner against an element-wise count of who owns what, combine's
# messages against its rule, and every schedule's replay delivering each
# message once within its limits (--check, 300 random configurations of 1
# to 16 ranks per grid); then a
# 64 x 64 grid (4096 ranks) replayed end to end under a time limit; and
# the Souravlas ring cases of one period (--souravlas, the 1 MiB ones take
# longer): every replay complete, every bound positive, and the one
# redistribution that is a single R+ step of
# the paper's pipeline replayed to the bound's R+ term within 1e-9
# (relative) or the exit status is 1.
# Label simulate.  The program calls MPI_Init but never communicates, so
# one process is enough.
bcr_add_mpi_test(simulate_check 1 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_simulate> --check 300 1 LABELS "simulate")
bcr_add_mpi_test(simulate_check_seed7 1 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_simulate> --check 300 7 LABELS "simulate")
bcr_add_mpi_test(simulate_64x64 1 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_simulate> --grid-a 64x64 --grid-b 64x64 --m 46336 --n 46336
    --mb-b 48 --nb-b 48 --numbering-b col LABELS "simulate")
bcr_add_mpi_test(simulate_souravlas 1 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_simulate> --souravlas --case "1 period" LABELS "simulate")
