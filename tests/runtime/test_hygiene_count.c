#include "test_hygiene_count.h"

#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

/* The hygiene test is one thread; plain counters do. */
static long n_bytes, n_blocks, n_comms, n_types, n_wins, n_keyvals, n_requests;

hc_counts hc_get(void)
{
    hc_counts c = {n_bytes, n_blocks, n_comms, n_types, n_wins, n_keyvals, n_requests};
    return c;
}

/* ---- heap: the linker sends the program's and the static library's calls
 * here (-Wl,--wrap=malloc,...).  The bytes asked for are counted, not the
 * usable sizes, which depend on how the heap happens to be laid out; a
 * table (linear probing, backward-shift deletion) remembers each block's
 * size. */

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
int __real_posix_memalign(void **p, size_t align, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);
int __wrap_posix_memalign(void **p, size_t align, size_t n);

#define SLOTS (1u << 18) /* far more than the live blocks of the test */
static struct {
    void *p;
    size_t n;
} table[SLOTS];

static size_t slot_of(const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 46) & (SLOTS - 1);
}

static void took(void *p, size_t n)
{
    if (!p)
        return;
    size_t i = slot_of(p);
    while (table[i].p)
        i = (i + 1) & (SLOTS - 1);
    table[i].p = p;
    table[i].n = n;
    n_bytes += (long)n;
    n_blocks++;
}

static void gave(void *p)
{
    if (!p)
        return;
    size_t i = slot_of(p);
    while (table[i].p && table[i].p != p)
        i = (i + 1) & (SLOTS - 1);
    if (!table[i].p)
        return; /* not ours: allocated by code the linker did not wrap */
    n_bytes -= (long)table[i].n;
    n_blocks--;
    table[i].p = NULL;
    /* pull later entries of the cluster back over the hole */
    for (size_t j = (i + 1) & (SLOTS - 1); table[j].p; j = (j + 1) & (SLOTS - 1)) {
        size_t home = slot_of(table[j].p);
        if (((j - home) & (SLOTS - 1)) >= ((j - i) & (SLOTS - 1))) {
            table[i] = table[j];
            table[j].p = NULL;
            i = j;
        }
    }
}

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    took(p, n);
    return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
    void *p = __real_calloc(k, n);
    took(p, k * n);
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    void *q = __real_realloc(p, n);
    if (q || n == 0) /* glibc's realloc(p, 0) frees p */
        gave(p);
    took(q, n);
    return q;
}

void __wrap_free(void *p)
{
    gave(p);
    __real_free(p);
}

int __wrap_posix_memalign(void **p, size_t align, size_t n)
{
    int rc = __real_posix_memalign(p, align, n);
    if (rc == 0)
        took(*p, n);
    return rc;
}

/* ---- MPI objects, counted on the way to the profiling interface ------- */

#define MADE(rc, cond, counter)                                                \
    do {                                                                       \
        if ((rc) == MPI_SUCCESS && (cond))                                     \
            counter++;                                                         \
    } while (0)

int MPI_Comm_dup(MPI_Comm c, MPI_Comm *n)
{
    int rc = PMPI_Comm_dup(c, n);
    MADE(rc, 1, n_comms);
    return rc;
}

/* A communicator and the request that completes it. */
int MPI_Comm_idup(MPI_Comm c, MPI_Comm *n, MPI_Request *r)
{
    int rc = PMPI_Comm_idup(c, n, r);
    MADE(rc, 1, n_comms);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Comm_split(MPI_Comm c, int color, int key, MPI_Comm *n)
{
    int rc = PMPI_Comm_split(c, color, key, n);
    MADE(rc, *n != MPI_COMM_NULL, n_comms);
    return rc;
}

int MPI_Comm_split_type(MPI_Comm c, int type, int key, MPI_Info info, MPI_Comm *n)
{
    int rc = PMPI_Comm_split_type(c, type, key, info, n);
    MADE(rc, *n != MPI_COMM_NULL, n_comms);
    return rc;
}

int MPI_Comm_create(MPI_Comm c, MPI_Group g, MPI_Comm *n)
{
    int rc = PMPI_Comm_create(c, g, n);
    MADE(rc, *n != MPI_COMM_NULL, n_comms);
    return rc;
}

int MPI_Comm_create_group(MPI_Comm c, MPI_Group g, int tag, MPI_Comm *n)
{
    int rc = PMPI_Comm_create_group(c, g, tag, n);
    MADE(rc, *n != MPI_COMM_NULL, n_comms);
    return rc;
}

int MPI_Comm_free(MPI_Comm *c)
{
    int rc = PMPI_Comm_free(c);
    if (rc == MPI_SUCCESS)
        n_comms--;
    return rc;
}

int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del,
                           int *k, void *extra)
{
    int rc = PMPI_Comm_create_keyval(copy, del, k, extra);
    MADE(rc, 1, n_keyvals);
    return rc;
}

int MPI_Comm_free_keyval(int *k)
{
    int rc = PMPI_Comm_free_keyval(k);
    if (rc == MPI_SUCCESS)
        n_keyvals--;
    return rc;
}

int MPI_Type_contiguous(int count, MPI_Datatype old, MPI_Datatype *n)
{
    int rc = PMPI_Type_contiguous(count, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_vector(int count, int bl, int stride, MPI_Datatype old, MPI_Datatype *n)
{
    int rc = PMPI_Type_vector(count, bl, stride, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_hvector(int count, int bl, MPI_Aint stride, MPI_Datatype old, MPI_Datatype *n)
{
    int rc = PMPI_Type_create_hvector(count, bl, stride, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_indexed(int count, const int bl[], const int disp[], MPI_Datatype old,
                     MPI_Datatype *n)
{
    int rc = PMPI_Type_indexed(count, bl, disp, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_indexed_block(int count, int bl, const int disp[], MPI_Datatype old,
                                  MPI_Datatype *n)
{
    int rc = PMPI_Type_create_indexed_block(count, bl, disp, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_hindexed(int count, const int bl[], const MPI_Aint disp[], MPI_Datatype old,
                             MPI_Datatype *n)
{
    int rc = PMPI_Type_create_hindexed(count, bl, disp, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_hindexed_block(int count, int bl, const MPI_Aint disp[], MPI_Datatype old,
                                   MPI_Datatype *n)
{
    int rc = PMPI_Type_create_hindexed_block(count, bl, disp, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_struct(int count, const int bl[], const MPI_Aint disp[],
                           const MPI_Datatype types[], MPI_Datatype *n)
{
    int rc = PMPI_Type_create_struct(count, bl, disp, types, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *n)
{
    int rc = PMPI_Type_create_resized(old, lb, extent, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_create_subarray(int nd, const int sizes[], const int sub[], const int start[],
                             int order, MPI_Datatype old, MPI_Datatype *n)
{
    int rc = PMPI_Type_create_subarray(nd, sizes, sub, start, order, old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_dup(MPI_Datatype old, MPI_Datatype *n)
{
    int rc = PMPI_Type_dup(old, n);
    MADE(rc, 1, n_types);
    return rc;
}

int MPI_Type_free(MPI_Datatype *t)
{
    int rc = PMPI_Type_free(t);
    if (rc == MPI_SUCCESS)
        n_types--;
    return rc;
}

int MPI_Win_allocate_shared(MPI_Aint size, int unit, MPI_Info info, MPI_Comm c, void *base,
                            MPI_Win *w)
{
    int rc = PMPI_Win_allocate_shared(size, unit, info, c, base, w);
    MADE(rc, 1, n_wins);
    return rc;
}

int MPI_Win_allocate(MPI_Aint size, int unit, MPI_Info info, MPI_Comm c, void *base, MPI_Win *w)
{
    int rc = PMPI_Win_allocate(size, unit, info, c, base, w);
    MADE(rc, 1, n_wins);
    return rc;
}

int MPI_Win_create(void *base, MPI_Aint size, int unit, MPI_Info info, MPI_Comm c, MPI_Win *w)
{
    int rc = PMPI_Win_create(base, size, unit, info, c, w);
    MADE(rc, 1, n_wins);
    return rc;
}

int MPI_Win_free(MPI_Win *w)
{
    int rc = PMPI_Win_free(w);
    if (rc == MPI_SUCCESS)
        n_wins--;
    return rc;
}

/* Requests: started by the nonblocking calls, done when a completion call
 * reports them (they become MPI_REQUEST_NULL). */
int MPI_Isend(const void *b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Isend(b, n, t, d, tag, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Issend(const void *b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Issend(b, n, t, d, tag, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Irecv(void *b, int n, MPI_Datatype t, int s, int tag, MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Irecv(b, n, t, s, tag, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Iallreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
                   MPI_Request *r)
{
    int rc = PMPI_Iallreduce(sb, rb, n, t, op, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Ibcast(void *b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Ibcast(b, n, t, root, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Ibarrier(MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Ibarrier(c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Iallgather(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt,
                   MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Iallgather(sb, sn, st, rb, rn, rt, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

int MPI_Ialltoall(const void *sb, int sn, MPI_Datatype st, void *rb, int rn, MPI_Datatype rt,
                  MPI_Comm c, MPI_Request *r)
{
    int rc = PMPI_Ialltoall(sb, sn, st, rb, rn, rt, c, r);
    MADE(rc, 1, n_requests);
    return rc;
}

static long live(int n, const MPI_Request *r)
{
    long k = 0;
    for (int i = 0; i < n; i++)
        k += r[i] != MPI_REQUEST_NULL;
    return k;
}

int MPI_Wait(MPI_Request *r, MPI_Status *st)
{
    long before = live(1, r);
    int rc = PMPI_Wait(r, st);
    n_requests -= before - live(1, r);
    return rc;
}

int MPI_Test(MPI_Request *r, int *flag, MPI_Status *st)
{
    long before = live(1, r);
    int rc = PMPI_Test(r, flag, st);
    n_requests -= before - live(1, r);
    return rc;
}

int MPI_Waitall(int n, MPI_Request r[], MPI_Status st[])
{
    long before = live(n, r);
    int rc = PMPI_Waitall(n, r, st);
    n_requests -= before - live(n, r);
    return rc;
}

int MPI_Testall(int n, MPI_Request r[], int *flag, MPI_Status st[])
{
    long before = live(n, r);
    int rc = PMPI_Testall(n, r, flag, st);
    n_requests -= before - live(n, r);
    return rc;
}

int MPI_Waitany(int n, MPI_Request r[], int *idx, MPI_Status *st)
{
    long before = live(n, r);
    int rc = PMPI_Waitany(n, r, idx, st);
    n_requests -= before - live(n, r);
    return rc;
}

int MPI_Testany(int n, MPI_Request r[], int *idx, int *flag, MPI_Status *st)
{
    long before = live(n, r);
    int rc = PMPI_Testany(n, r, idx, flag, st);
    n_requests -= before - live(n, r);
    return rc;
}

int MPI_Waitsome(int n, MPI_Request r[], int *out, int idx[], MPI_Status st[])
{
    long before = live(n, r);
    int rc = PMPI_Waitsome(n, r, out, idx, st);
    n_requests -= before - live(n, r);
    return rc;
}

int MPI_Testsome(int n, MPI_Request r[], int *out, int idx[], MPI_Status st[])
{
    long before = live(n, r);
    int rc = PMPI_Testsome(n, r, out, idx, st);
    n_requests -= before - live(n, r);
    return rc;
}

int MPI_Request_free(MPI_Request *r)
{
    long before = live(1, r);
    int rc = PMPI_Request_free(r);
    n_requests -= before - live(1, r);
    return rc;
}
