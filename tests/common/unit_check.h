/* Check counting and failure reports shared by the unit tests
 * (test_index1d.c, test_gen.c), and the brute-force block-cyclic layout
 * both compare against.
 *
 * A failure prints "FAIL: <text>" on stdout; after unit_max_reports of
 * them, one "FAIL: (further failures not shown)" line and then nothing,
 * though every failure is still counted.
 */
#ifndef BCR_TEST_UNIT_CHECK_H
#define BCR_TEST_UNIT_CHECK_H

extern long long n_checks, n_failed;

/* How many failures are printed.  Each test program defines it. */
extern const long long unit_max_reports;

void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        n_checks++;                                                            \
        if (!(cond))                                                           \
            failf(__VA_ARGS__);                                                \
    } while (0)

/* Deal the global indices 0 .. n-1 out block by block (blocks of nb, to
 * nprocs processes, the first to src): owner[g] is the process that holds
 * g and local[g] its index there, found by counting, never by the index
 * formulas under test. */
void unit_deal(int nb, int nprocs, int src, int n, int *owner, int *local);

#endif
