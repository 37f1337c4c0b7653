/* What the drop-in's entry points (scalapack_dropin_wrappers.c) take from
 * scalapack_dropin.c.  Hidden, so that libbcredist_scalapack.so exports
 * ScaLAPACK's names and nothing else; prefixed bcr_dropin_, because in
 * libbcredist_scalapack.a they are ordinary global symbols. */
#ifndef BCR_SCALAPACK_DROPIN_H
#define BCR_SCALAPACK_DROPIN_H

#define BCR_DROPIN_HIDDEN __attribute__((visibility("hidden")))

/* BCR_VERBOSE's line for one call: entry is the ScaLAPACK name called,
 * routine the bcredist one, ictxt the context it runs over; legacy tells
 * that ictxt is the legacy variants' context.  Prints nothing when
 * BCR_VERBOSE is unset or 0. */
BCR_DROPIN_HIDDEN void bcr_dropin_announce(const char *entry, const char *routine, int m,
                                           int n, const int *desca, const int *descb,
                                           int ictxt, int legacy);

/* The legacy variants' context: a 1 x nprocs grid over every BLACS
 * process, made on the first call (collective then) and kept. */
BCR_DROPIN_HIDDEN int bcr_dropin_legacy_context(void);

/* The context a PBLAS routine (p?tran_, p?geadd_: A and C in one context)
 * runs over: descc's, or -1 on a process outside its grid, where PBLAS
 * returns at once. */
BCR_DROPIN_HIDDEN int bcr_dropin_pblas_context(const int *descc);

#endif
