# Batches (test_batch.c): a mixed batch (d and z; gemr2d, trmr2d, tran,
# tranc, geadd, a plan between layouts, an empty member; three contexts)
# against ScaLAPACK and PBLAS byte for byte, executed twice and split
# phase; errors in one member reported on every process naming it, with
# every output untouched; misuse.
bcr_add_test_program(bcr_test_batch ${CMAKE_CURRENT_LIST_DIR}/test_batch.c)
bcr_add_mpi_test(batch_np4 4 TIMEOUT 120 COMMAND $<TARGET_FILE:bcr_test_batch>
  LABELS "batch;errors")
