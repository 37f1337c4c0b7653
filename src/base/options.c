#include "base/options.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

/* Messages through MPI go as MPI datatypes over the arrays unless
 * BCR_PACK=buffer; built with MPICH, only with BCR_PACK=datatype.  MPICH
 * 4.0's MPI_Pack packs a contiguous derived datatype short (the last bytes
 * of vector(1, n, n, MPI_DOUBLE) dropped) once the process's datatype
 * handles have passed some 768, and a plan's datatypes hold many (MPICH
 * keeps every type a type is built from): the BLACS packs every message
 * that way, so ScaLAPACK's own routines in the same program would go wrong
 * (docs/design.md, "Through MPI"). */
#ifdef MPICH_VERSION
#define BCR_DATATYPES_DEFAULT 0
#else
#define BCR_DATATYPES_DEFAULT 1
#endif

/* Default bound below which messages between processes of one node go
 * through MPI (exec/shm.h explains why). */
#define BCR_SHM_MIN_DEFAULT (32LL * 1024)

static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

static int is(const char *v, const char *word) { return v && !strcmp(v, word); }

static int strategy_of(const char *v)
{
    if (is(v, "direct"))
        return BCR_STRATEGY_DIRECT;
    if (is(v, "indirect"))
        return BCR_STRATEGY_INDIRECT;
    if (is(v, "transposed"))
        return BCR_STRATEGY_TRANSPOSED;
    return BCR_STRATEGY_AUTO;
}

static int schedule_of(const char *v)
{
    if (is(v, "all"))
        return BCR_SCHEDULE_ALL;
    if (is(v, "bounded"))
        return BCR_SCHEDULE_BOUNDED;
    if (is(v, "steps"))
        return BCR_SCHEDULE_STEPS;
    return is(v, "combine") ? BCR_SCHEDULE_COMBINE : BCR_SCHEDULE_AUTO;
}

static int shm_policy_of(const char *v)
{
    if (is(v, "off"))
        return BCR_SHM_OFF;
    if (is(v, "all"))
        return BCR_SHM_ALL;
    return is(v, "short") ? BCR_SHM_SHORT : BCR_SHM_ON;
}

void bcr_options_read(bcr_options *o)
{
    memset(o, 0, sizeof *o);
    bcr_plan_options *p = &o->plan;
    p->strategy = strategy_of(env("BCR_STRATEGY"));
    p->general = is(env("BCR_GENERATOR"), "general");
    const char *pack = env("BCR_PACK");
    p->datatypes = is(pack, "datatype") || (!is(pack, "buffer") && BCR_DATATYPES_DEFAULT);
    p->shm = shm_policy_of(env("BCR_SHM"));
    const char *v = env("BCR_SHM_MIN");
    p->shm_min = v ? strtoll(v, NULL, 10) : BCR_SHM_MIN_DEFAULT;
    v = env("BCR_STREAM_MIN");
    p->stream_min = BCR_STREAM_DEFAULT;
    if (v) {
        long long bound = strtoll(v, NULL, 10);
        p->stream_min = bound < 0 ? -1 : bound; /* any negative bound: never */
    }
    p->schedule = schedule_of(env("BCR_SCHEDULE"));
    p->update_staged = is(env("BCR_UPDATE"), "staged");
    v = env("BCR_STREAM_CHUNK");
    p->stream_chunk = v ? strtoll(v, NULL, 10) : 0;
    if (p->stream_chunk <= 0)
        p->stream_chunk = BCR_STREAM_CHUNK_DEFAULT;
    v = env("BCR_MAX_BYTES");
    p->max_bytes = v ? strtoll(v, NULL, 10) : 0;
    if (p->max_bytes < 0)
        p->max_bytes = 0; /* a negative cap: none */
    o->exec.recv_sync = is(env("BCR_RECV"), "sync");
    v = env("BCR_INFLIGHT");
    long long inflight = v ? strtoll(v, NULL, 10) : 0;
    o->exec.inflight = inflight > 0 && inflight < (1 << 30) ? (int)inflight : 0;
    v = env("BCR_TRACE");
    o->trace = v && strcmp(v, "0") != 0;
    v = env("BCR_KEEP_BYTES");
    o->keep_bytes = v ? strtoll(v, NULL, 10) : BCR_KEEP_DEFAULT;
    if (o->keep_bytes < 0)
        o->keep_bytes = 0;
}

const char *const bcr_options_agreed_names[BCR_OPTIONS_AGREED] = {
    "BCR_STRATEGY", "BCR_SHM", "BCR_SHM_MIN", "BCR_MAX_BYTES", "BCR_SCHEDULE", "BCR_UPDATE",
    "BCR_STREAM_CHUNK"};

void bcr_options_agreed(const bcr_plan_options *o, long long v[BCR_OPTIONS_AGREED])
{
    v[0] = o->strategy;
    v[1] = o->shm;
    v[2] = o->shm_min;
    v[3] = o->max_bytes; /* every process must cut the call into the same rounds */
    v[4] = o->schedule;  /* combining needs every process to combine */
    v[5] = o->update_staged; /* streamed messages against whole ones */
    v[6] = o->stream_chunk;  /* where both ends cut a streamed message */
}

int bcr_options_error_mode(void) { return is(env("BCR_ON_ERROR"), "abort"); }
