#include "base/options.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/threads.h"

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

/* An unset or empty variable is the default. */
static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

/* The first malformed switch, kept in o->bad. */
static void bad(bcr_options *o, const char *name, const char *v, const char *what)
{
    if (!o->bad[0])
        snprintf(o->bad, sizeof o->bad, "environment switch %s=%s: %s", name, v, what);
}

/* One of the words (NULL-terminated), or -1 with the switch reported. */
static int word_of(bcr_options *o, const char *name, const char *const *words,
                   const char *expected, int unset)
{
    const char *v = env(name);
    if (!v)
        return unset;
    for (int k = 0; words[k]; k++)
        if (!strcmp(v, words[k]))
            return k;
    bad(o, name, v, expected);
    return unset;
}

/* A byte count: digits, then optionally K, M, G or T (powers of 1024,
 * either case, with an optional "iB" or "B" after it): 65536, 64K, 64MiB,
 * 1G.  Returns 0, or -1 on anything else or past the largest long long. */
static int parse_bytes(const char *v, long long *out)
{
    const char *p = v;
    long long n = 0;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (n > (LLONG_MAX - (*p - '0')) / 10)
            return -1;
        n = n * 10 + (*p - '0');
    }
    int shift = 0;
    switch (*p) {
    case 'k': case 'K': shift = 10; break;
    case 'm': case 'M': shift = 20; break;
    case 'g': case 'G': shift = 30; break;
    case 't': case 'T': shift = 40; break;
    default: break;
    }
    if (shift) {
        p++;
        if (!strcmp(p, "iB") || !strcmp(p, "B"))
            p += strlen(p);
        if (n > (LLONG_MAX >> shift))
            return -1;
        n <<= shift;
    } else if (!strcmp(p, "B")) {
        p++;
    }
    if (*p)
        return -1;
    *out = n;
    return 0;
}

/* A byte count of at least `least`, or `unset`; reported when malformed. */
static long long bytes_of(bcr_options *o, const char *name, long long least, long long unset)
{
    const char *v = env(name);
    long long n;
    if (!v)
        return unset;
    if (parse_bytes(v, &n) || n < least) {
        char what[128];
        snprintf(what, sizeof what,
                 "not a byte count of at least %lld (digits, then K, M, G or T for powers of "
                 "1024: 65536, 64K, 64M, 1G)", least);
        bad(o, name, v, what);
        return unset;
    }
    return n;
}

/* A whole number from 1 to `most`, or `unset`; reported when malformed. */
static long long count_of(bcr_options *o, const char *name, long long most, long long unset)
{
    const char *v = env(name);
    long long n;
    if (!v)
        return unset;
    if (parse_bytes(v, &n) || n < 1 || n > most || strpbrk(v, "kKmMgGtTB")) {
        char what[96];
        snprintf(what, sizeof what, "not a whole number from 1 to %lld", most);
        bad(o, name, v, what);
        return unset;
    }
    return n;
}

static const char *const strategies[] = {"direct", "indirect", "transposed", "auto", NULL};
static const char *const schedules[] = {"all", "bounded", "steps", "combine", "auto", NULL};
static const char *const shm_policies[] = {"off", "short", "on", "all", NULL};
static const char *const generators[] = {"auto", "general", NULL};
static const char *const packs[] = {"buffer", "datatype", NULL};
static const char *const receives[] = {"async", "sync", NULL};
static const char *const updates[] = {"fused", "staged", NULL};
static const char *const traces[] = {"0", "1", NULL};
static const char *const waits[] = {"futex", "poll", NULL};
static const char *const error_modes[] = {"return", "abort", NULL};

/* Switches read elsewhere, checked here so that garbage in them is
 * reported at the call too: BCR_TIMEOUT (base/failsafe.h), BCR_NODE_SIZE
 * (exec/shm.c), BCR_SHM_WAIT (exec/counter_wait.c), BCR_ON_ERROR. */
static void check_others(bcr_options *o)
{
    const char *v = env("BCR_TIMEOUT");
    if (v) {
        char *end;
        errno = 0;
        double s = strtod(v, &end);
        if (end == v || *end || errno || !isfinite(s) || s < 0)
            bad(o, "BCR_TIMEOUT", v, "not a number of seconds, 0 or more (0: no limit)");
    }
    count_of(o, "BCR_NODE_SIZE", 1 << 30, 0);
    word_of(o, "BCR_SHM_WAIT", waits, "one of futex, poll", 0);
    word_of(o, "BCR_ON_ERROR", error_modes, "one of return, abort", 0);
}

void bcr_options_read(bcr_options *o)
{
    memset(o, 0, sizeof *o);
    bcr_plan_options *p = &o->plan;
    int s = word_of(o, "BCR_STRATEGY", strategies,
                    "one of auto, direct, indirect, transposed", 3);
    p->strategy = s == 3 ? BCR_STRATEGY_AUTO : s; /* enum order, auto last */
    p->general = word_of(o, "BCR_GENERATOR", generators, "one of auto, general", 0);
    p->datatypes = word_of(o, "BCR_PACK", packs, "one of datatype, buffer",
                           BCR_DATATYPES_DEFAULT);
    p->shm = word_of(o, "BCR_SHM", shm_policies, "one of on, all, short, off", BCR_SHM_ON);
    p->shm_min = bytes_of(o, "BCR_SHM_MIN", 0, BCR_SHM_MIN_DEFAULT);
    p->stream_min = BCR_STREAM_DEFAULT;
    if (env("BCR_STREAM_MIN") && !strcmp(env("BCR_STREAM_MIN"), "-1"))
        p->stream_min = -1; /* never */
    else
        p->stream_min = bytes_of(o, "BCR_STREAM_MIN", 0, BCR_STREAM_DEFAULT);
    s = word_of(o, "BCR_SCHEDULE", schedules, "one of all, bounded, steps, combine, auto", 4);
    p->schedule = s == 4 ? BCR_SCHEDULE_AUTO : s;
    p->update_staged = word_of(o, "BCR_UPDATE", updates, "one of fused, staged", 0);
    p->stream_chunk = bytes_of(o, "BCR_STREAM_CHUNK", 1, BCR_STREAM_CHUNK_DEFAULT);
    p->max_bytes = bytes_of(o, "BCR_MAX_BYTES", 0, 0);
    o->exec.recv_sync = word_of(o, "BCR_RECV", receives, "one of async, sync", 0);
    o->exec.inflight = (int)count_of(o, "BCR_INFLIGHT", (1 << 30) - 1, 0);
    o->exec.threads = (int)count_of(o, "BCR_THREADS", 4096, 0);
    o->exec.thread_min = bytes_of(o, "BCR_THREAD_MIN", 1, BCR_THREAD_MIN_DEFAULT);
    bcr_threads_want(o->exec.threads, o->exec.thread_min);
    o->trace = word_of(o, "BCR_TRACE", traces, "one of 0, 1", 0);
    o->keep_bytes = bytes_of(o, "BCR_KEEP_BYTES", 0, BCR_KEEP_DEFAULT);
    check_others(o);
}

const char *const bcr_options_agreed_names[BCR_OPTIONS_AGREED] = {
    "BCR_STRATEGY", "BCR_SHM", "BCR_SHM_MIN", "BCR_MAX_BYTES", "BCR_SCHEDULE", "BCR_UPDATE",
    "BCR_STREAM_CHUNK", "BCR_PACK"};

void bcr_options_agreed(const bcr_plan_options *o, long long v[BCR_OPTIONS_AGREED])
{
    v[0] = o->strategy;
    v[1] = o->shm;
    v[2] = o->shm_min;
    v[3] = o->max_bytes; /* every process must cut the call into the same rounds */
    v[4] = o->schedule;  /* combining needs every process to combine */
    v[5] = o->update_staged; /* streamed messages against whole ones */
    v[6] = o->stream_chunk;  /* where both ends cut a streamed message */
    v[7] = o->datatypes;     /* a cap's rounds count packed buffers (exec/round_size.h) */
}

int bcr_options_error_mode(void)
{
    const char *v = env("BCR_ON_ERROR");
    return v && !strcmp(v, "abort");
}
