# bcredist against the reference ScaLAPACK, byte for byte (label "compare").
#
# bcr_test_compare --systematic       deterministic sweep (about 1630 configs)
# bcr_test_compare --random SEED N    N seeded random configurations
# bcr_test_compare --replay SEED I    configuration I of a random run alone
# Any of them with --via-plan: bcredist's side through bcr_plan_create,
# bcr_plan_execute (twice, on new contents) and bcr_plan_destroy, some plans
# executed once more after their contexts were freed and bcr_finalize.
bcr_add_test_program(bcr_test_compare
  ${CMAKE_CURRENT_LIST_DIR}/compare_main.c
  ${CMAKE_CURRENT_LIST_DIR}/compare_exec.c
  ${CMAKE_CURRENT_LIST_DIR}/compare_gen.c
  ${CMAKE_CURRENT_LIST_DIR}/schedule_probe.c
  ${BCR_TESTS_COMMON}/test_rng.c)

foreach(np 1 2 3 4 6 8)
  bcr_add_mpi_test(compare_systematic_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_compare> --systematic
    LABELS compare)
endforeach()

# Random configurations: a different seed per rank count, more configurations
# where ranks are cheap (8 oversubscribed ranks on 2 cores are slow).  The
# counts here are the normal build's; every random sweep of this file,
# strategy.cmake and stress.cmake runs bcr_sweep_count of it (the count
# divided by BCREDIST_SANITIZE_SWEEP_DIVISOR under the sanitizer).
set(BCR_COMPARE_RANDOM
  # ranks seed count
  1 1001 80000
  2 2002 60000
  3 3003 40000
  4 4004 30000
  6 6006 16000
  8 8008 12000)
list(LENGTH BCR_COMPARE_RANDOM _n)
math(EXPR _last "${_n} - 1")
foreach(_i RANGE 0 ${_last} 3)
  math(EXPR _j "${_i} + 1")
  math(EXPR _k "${_i} + 2")
  list(GET BCR_COMPARE_RANDOM ${_i} _np)
  list(GET BCR_COMPARE_RANDOM ${_j} _seed)
  list(GET BCR_COMPARE_RANDOM ${_k} _count)
  bcr_sweep_count(_count ${_count})
  bcr_add_mpi_test(compare_random_np${_np} ${_np} TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_compare> --random ${_seed} ${_count}
    LABELS compare)
endforeach()

# bcr_compare_variant(prefix "name;env;np;seed;count" labels...): the random
# sweep of seed and count on np ranks as test <prefix><name>_np<np>, with
# env (VAR=value,VAR=value) in its environment.
function(bcr_compare_variant prefix variant)
  list(GET variant 0 _name)
  list(GET variant 1 _env)
  string(REPLACE "," ";" _env "${_env}")
  list(GET variant 2 _np)
  list(GET variant 3 _seed)
  list(GET variant 4 _count)
  bcr_sweep_count(_count ${_count})
  bcr_add_mpi_test(${prefix}${_name}_np${_np} ${_np} TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_compare> --random ${_seed} ${_count}
    LABELS ${ARGN})
  set_property(TEST ${prefix}${_name}_np${_np} APPEND PROPERTY ENVIRONMENT "${_env}")
endfunction()

# The same random sweep through the executor's other paths: messages
# packed into our own buffers instead of MPI datatypes; the shared-memory
# transport with every message through it (BCR_SHM=all, BCR_SHM_MIN=0: the
# default sends only messages of 32 KiB or more that way); only messages of
# short runs through it, the rest through MPI in the same call
# (BCR_SHM=short, BCR_SHM_MIN=0); no shared memory at all (BCR_SHM=off);
# Thakur's synchronous receive method with either transport; every
# message through shared segments packed and unpacked with streaming
# stores (BCR_STREAM_MIN=0: by default only scans writing 6 MiB or more
# per process write that way, 16 MiB where they store one element at a
# time; src/plan/exchange.c); every message through segments whose
# waits poll, as on a system without futexes (BCR_SHM_WAIT=poll); and the
# ranks in emulated nodes of 2 and 3 (BCR_NODE_SIZE), segments within a
# node and MPI between them in one call.
foreach(_variant "shm_all;BCR_SHM=all,BCR_SHM_MIN=0;4;4604;8000"
                 "shm_all;BCR_SHM=all,BCR_SHM_MIN=0;6;6606;4000"
                 "shm_stream;BCR_SHM=all,BCR_SHM_MIN=0,BCR_STREAM_MIN=0;4;4607;8000"
                 "shm_stream;BCR_SHM=all,BCR_SHM_MIN=0,BCR_STREAM_MIN=0;5;5607;4000"
                 "shm_off;BCR_SHM=off;3;3604;6000"
                 "shm_short;BCR_SHM=short,BCR_SHM_MIN=0;4;4605;4000"
                 "pack_buffer;BCR_PACK=buffer;4;4404;8000"
                 "recv_sync;BCR_RECV=sync;3;3303;8000"
                 "shm_recv_sync;BCR_RECV=sync,BCR_SHM=all,BCR_SHM_MIN=0;2;2303;8000"
                 "shm_poll;BCR_SHM=all,BCR_SHM_MIN=0,BCR_SHM_WAIT=poll;4;4608;4000"
                 "node_size2;BCR_NODE_SIZE=2,BCR_SHM=all,BCR_SHM_MIN=0;4;4609;4000"
                 "node_size3;BCR_NODE_SIZE=3,BCR_SHM=all,BCR_SHM_MIN=0;7;7609;1500")
  bcr_compare_variant(compare_random_ "${_variant}" compare)
endforeach()

# The random sweep with every kernel split down to the smallest copy
# (BCR_THREAD_MIN=1) across 3 or 4 threads of each process (BCR_THREADS,
# exact even beyond the cores) or across OMP_NUM_THREADS=3 (as many as
# the cores allow: 2 here); waiting threads sleep, since ranks outnumber
# cores.  The part that stays, scans over segments (plain and streaming
# stores), and messages packed into buffers.  The other sweeps run one
# thread a process (ranks fill the cores).
set(_split "BCR_THREAD_MIN=1,OMP_WAIT_POLICY=passive")
set(_shm "BCR_SHM=all,BCR_SHM_MIN=0")
foreach(_variant "threads4;BCR_THREADS=4,${_split};1;1703;4000"
                 "threads3;BCR_THREADS=3,${_split};4;4703;6000"
                 "threads_omp3_shm_all;OMP_NUM_THREADS=3,${_split},${_shm};4;4704;6000"
                 "threads3_shm_stream;BCR_THREADS=3,${_split},${_shm},BCR_STREAM_MIN=0;3;3706;4000"
                 "threads4_pack_buffer;BCR_THREADS=4,${_split},BCR_PACK=buffer,BCR_SHM=off;3;3705;4000")
  bcr_compare_variant(compare_random_ "${_variant}" compare threads)
endforeach()

# Every message schedule (plan/schedule.h, BCR_SCHEDULE) forced, at 2 to
# 16 ranks, with tests/compare/schedule_probe.c checking from outside that the
# messages were posted as that schedule allows (it fails the test on a
# violation): contention-free steps; at most one, two or three messages
# in flight each way; everything at once; combined through relays (the
# probe fails the run if nothing was relayed), also beside shared
# segments, in emulated nodes, under the indirect strategy, and through
# the plan API.  Most with every message
# through MPI (BCR_SHM=off), some beside the shared segments.  The probe's
# own test: `all` checked as `steps` must be caught.
foreach(_variant "steps;BCR_SCHEDULE=steps,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=steps;2;2712;8000"
                 "steps;BCR_SCHEDULE=steps,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=steps;5;5712;4000"
                 "steps;BCR_SCHEDULE=steps,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=steps;8;8712;2000"
                 "steps;BCR_SCHEDULE=steps,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=steps;16;16712;600"
                 "steps_shm;BCR_SCHEDULE=steps,BCR_SHM=all,BCR_SHM_MIN=4096,BCR_TEST_SCHEDULE_PROBE=steps;6;6713;2500"
                 "bounded1;BCR_SCHEDULE=bounded,BCR_INFLIGHT=1,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=bounded:1;4;4714;5000"
                 "bounded2;BCR_SCHEDULE=bounded,BCR_INFLIGHT=2,BCR_SHM=off,BCR_RECV=sync,BCR_TEST_SCHEDULE_PROBE=bounded:2;6;6714;2500"
                 "bounded3;BCR_SCHEDULE=bounded,BCR_INFLIGHT=3,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=bounded:3;16;16714;600"
                 "bounded2_shm;BCR_SCHEDULE=bounded,BCR_INFLIGHT=2,BCR_SHM=on,BCR_TEST_SCHEDULE_PROBE=bounded:2;4;4715;4000"
                 "all;BCR_SCHEDULE=all,BCR_SHM=off;7;7716;2000"
                 "combine;BCR_SCHEDULE=combine,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=combine;3;3718;4000"
                 "combine;BCR_SCHEDULE=combine,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=combine;5;5718;3000"
                 "combine;BCR_SCHEDULE=combine,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=combine;8;8718;1500"
                 "combine;BCR_SCHEDULE=combine,BCR_SHM=off,BCR_TEST_SCHEDULE_PROBE=combine;16;16718;500"
                 "combine_shm;BCR_SCHEDULE=combine,BCR_SHM=all,BCR_SHM_MIN=4096,BCR_TEST_SCHEDULE_PROBE=combine;6;6719;2000"
                 "combine_nodes;BCR_SCHEDULE=combine,BCR_NODE_SIZE=2,BCR_SHM=all,BCR_SHM_MIN=0,BCR_TEST_SCHEDULE_PROBE=combine;8;8719;1000"
                 "combine_indirect;BCR_SCHEDULE=combine,BCR_SHM=off,BCR_STRATEGY=indirect,BCR_TEST_SCHEDULE_PROBE=combine;6;6720;1500")
  bcr_compare_variant(compare_random_schedule_ "${_variant}" compare schedule)
endforeach()
bcr_add_mpi_test(compare_random_via_plan_schedule_combine_np6 6 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 6721 1500 --via-plan
  LABELS compare schedule)
set_property(TEST compare_random_via_plan_schedule_combine_np6 APPEND PROPERTY ENVIRONMENT
  BCR_SCHEDULE=combine BCR_SHM=off BCR_TEST_SCHEDULE_PROBE=combine)
bcr_add_mpi_test(schedule_probe_detects_np4 4 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 4717 200
  LABELS compare schedule)
set_property(TEST schedule_probe_detects_np4 APPEND PROPERTY ENVIRONMENT
  BCR_SCHEDULE=all BCR_SHM=off BCR_TEST_SCHEDULE_PROBE=steps
  BCR_TEST_SCHEDULE_PROBE_EXPECT=violations)

# The plan API against the reference: the systematic sweep and random
# configurations, through bcr_plan_create / bcr_plan_execute.
bcr_add_mpi_test(compare_systematic_via_plan_np4 4 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_compare> --systematic --via-plan
  LABELS compare)
set(BCR_COMPARE_VIA_PLAN
  # ranks seed count
  2 2202 4000
  3 3303 3000
  4 4404 2500
  6 6606 2000)
list(LENGTH BCR_COMPARE_VIA_PLAN _n)
math(EXPR _last "${_n} - 1")
foreach(_i RANGE 0 ${_last} 3)
  math(EXPR _j "${_i} + 1")
  math(EXPR _k "${_i} + 2")
  list(GET BCR_COMPARE_VIA_PLAN ${_i} _np)
  list(GET BCR_COMPARE_VIA_PLAN ${_j} _seed)
  list(GET BCR_COMPARE_VIA_PLAN ${_k} _count)
  bcr_sweep_count(_count ${_count})
  bcr_add_mpi_test(compare_random_via_plan_np${_np} ${_np} TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_compare> --random ${_seed} ${_count} --via-plan
    LABELS compare)
endforeach()
# Plans with every message packed into our own buffers (no in-place MPI
# datatypes kept in the plan), and plans on the shared-memory transport.
bcr_sweep_count(_count 1500)
bcr_add_mpi_test(compare_random_via_plan_pack_buffer_np3 3 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 3313 ${_count} --via-plan
  LABELS compare)
set_property(TEST compare_random_via_plan_pack_buffer_np3 APPEND PROPERTY ENVIRONMENT
  "BCR_PACK=buffer")
bcr_add_mpi_test(compare_random_via_plan_shm_all_np3 3 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 3613 ${_count} --via-plan
  LABELS compare)
set_property(TEST compare_random_via_plan_shm_all_np3 APPEND PROPERTY ENVIRONMENT
  "BCR_SHM=all;BCR_SHM_MIN=0")
