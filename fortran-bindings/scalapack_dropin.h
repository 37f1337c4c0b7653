/* What the drop-in's entry points (scalapack_dropin_wrappers.c) take from
 * scalapack_dropin.c.  Hidden, so that libbcredist_scalapack.so exports
 * ScaLAPACK's names and nothing else; prefixed bcr_dropin_, because in
 * libbcredist_scalapack.a they are ordinary global symbols. */
#ifndef BCR_SCALAPACK_DROPIN_H
#define BCR_SCALAPACK_DROPIN_H

#define BCR_DROPIN_HIDDEN __attribute__((visibility("hidden")))

/* BCR_VERBOSE's line for one call: entry is the ScaLAPACK name called,
 * routine the bcredist one, ictxt the context it runs over; how is a set
 * of BCR_DROPIN_LEGACY (ictxt is the legacy variants' context) and
 * BCR_DROPIN_UPDATE (descb describes an update's C, so named in the line).
 * Prints nothing when BCR_VERBOSE is unset or 0. */
enum { BCR_DROPIN_LEGACY = 1, BCR_DROPIN_UPDATE = 2 };
BCR_DROPIN_HIDDEN void bcr_dropin_announce(const char *entry, const char *routine, int m,
                                           int n, const int *desca, const int *descb,
                                           int ictxt, int how);

/* The legacy variants' context: a 1 x nprocs grid over every BLACS
 * process, made on the first call (collective then) and kept. */
BCR_DROPIN_HIDDEN int bcr_dropin_legacy_context(void);

/* The PBLAS routines (p?tran_, p?tranu_, p?tranc_, p?geadd_) take A and C
 * in one context, with descriptors of ScaLAPACK's type 1, or PBLAS's type
 * 2 (11 entries: IMB and INB, the first block's sizes, before MB and NB).
 * Their entry points first call the reference routine itself with
 * alpha = 0 and beta = 1, which checks every argument and reports bad
 * input exactly as PBLAS does (pxerbla, then an abort outside PBLAS's
 * testers), and otherwise returns at once.  Then bcredist runs the call
 * over C's context, on type-1 copies of the descriptors
 * (bcr_dropin_pblas_descriptors returns the context), except
 *   BCR_DROPIN_PBLAS_OUTSIDE    on a process outside C's grid, where PBLAS
 *                               does nothing;
 *   BCR_DROPIN_PBLAS_REFERENCE  where bcredist cannot express the layout
 *                               (a first block of another size, another
 *                               descriptor type): the reference runs it. */
enum { BCR_DROPIN_PBLAS_OUTSIDE = -1, BCR_DROPIN_PBLAS_REFERENCE = -2 };
BCR_DROPIN_HIDDEN int bcr_dropin_pblas_descriptors(const int *desca, const int *descc,
                                                   int da[9], int dc[9]);

/* Where bcredist cannot express the layout and the reference routine is
 * not reachable (the drop-in linked statically after PBLAS, or PBLAS
 * linked statically into the program): reports, as bcredist's routines
 * report bad input, which descriptor (argument arg_a for desca, arg_a + 5
 * for descc) bcredist does not take and that the reference was not found;
 * C stays untouched. */
BCR_DROPIN_HIDDEN void bcr_dropin_pblas_unreachable(const char *entry, int arg_a,
                                                    const int *desca, const int *descc);

/* The reference's routine of that name (the next definition after the
 * drop-in's), or NULL. */
typedef void bcr_dropin_fn(void);
BCR_DROPIN_HIDDEN bcr_dropin_fn *bcr_dropin_pblas_reference(const char *name);

#endif
