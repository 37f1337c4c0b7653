/* Counters behind the hygiene test: the heap bcredist's static library
 * holds (malloc, calloc, realloc, posix_memalign and free wrapped with the
 * linker's --wrap), and MPI objects alive (the MPI calls of the library
 * reach these definitions instead of Open MPI's, which they call through
 * the profiling interface). */
#ifndef BCR_TEST_HYGIENE_COUNT_H
#define BCR_TEST_HYGIENE_COUNT_H

typedef struct {
    long bytes, blocks;     /* heap held through the wrapped allocators */
    long comms;             /* communicators made minus freed */
    long types;             /* datatypes made minus freed */
    long wins;              /* windows made minus freed */
    long keyvals;           /* attribute keyvals made minus freed */
    long requests;          /* nonblocking requests started, not completed */
} hc_counts;

hc_counts hc_get(void);

#endif
