#include "runtime/blacs.h"
#include <stddef.h>

/* Through the public interface only: Cblacs_gridinfo answers -1 for every
 * quantity when h is not a context of this process (the BLACS's documented
 * behaviour, range-checked in netlib's).  A process is in every grid its
 * contexts have, so that is all the check can ask. */
static int context_has_grid(bcr_blacs_int h)
{
    bcr_blacs_int P, Q, r, c;
    Cblacs_gridinfo(h, &P, &Q, &r, &c);
    return P >= 1 && Q >= 1;
}

#if BCR_BLACS_INTERNALS

/* The MPI BLACS keeps its contexts in these globals; when the library has
 * them a handle is looked up there, never passed to the BLACS unchecked.
 * They are netlib's LP64 types: the ILP64 library never reads them. */
extern void **BI_MyContxts __attribute__((weak));
extern int BI_MaxNCtxt __attribute__((weak));

int bcr_blacs_context_valid(bcr_blacs_int h)
{
    if (h < 0)
        return 0;
    if (&BI_MaxNCtxt && &BI_MyContxts)
        return h < BI_MaxNCtxt && BI_MyContxts[h] != NULL;
    return context_has_grid(h);
}

/* The BLACS's table of communicators it has handed out system handles for;
 * Cblacs_get(ctxt, 10, ...) adds the context's communicator to it the first
 * time and nothing removes it. */
extern MPI_Comm *BI_SysContxts __attribute__((weak));
extern int BI_MaxNSysCtxt __attribute__((weak));

static int sys_handles_in_use(void)
{
    int n = 0;
    for (int i = 0; i < BI_MaxNSysCtxt; i++)
        n += BI_SysContxts[i] != MPI_COMM_NULL;
    return n;
}

/* A handle that only our asking created is given back at once: otherwise
 * every context a long run makes and frees leaves an entry behind, and
 * every later lookup scans them all.  The slot is cleared directly, as
 * Cfree_blacs_system_handle would, but without its compaction of the
 * table, which renumbers the handles others hold. */
MPI_Comm bcr_blacs_comm(bcr_blacs_int ctxt)
{
    int tracked = &BI_SysContxts && &BI_MaxNSysCtxt;
    int before = tracked ? sys_handles_in_use() : 0;
    bcr_blacs_int sys;
    Cblacs_get(ctxt, BCR_BLACS_GET_CONTEXT_COMM, &sys);
    MPI_Comm comm = Cblacs2sys_handle(sys);
    if (tracked && sys_handles_in_use() > before && sys > 0 && sys < BI_MaxNSysCtxt &&
        BI_SysContxts[sys] == comm && comm != MPI_COMM_WORLD)
        BI_SysContxts[sys] = MPI_COMM_NULL;
    return comm;
}

#else

int bcr_blacs_context_valid(bcr_blacs_int h)
{
    return h >= 0 && context_has_grid(h);
}

/* The system handle Cblacs_get makes for the context's communicator stays
 * in the BLACS's table (one entry per context asked about; asking again
 * finds it): freeing it through Cfree_blacs_system_handle may renumber the
 * handles other code holds. */
MPI_Comm bcr_blacs_comm(bcr_blacs_int ctxt)
{
    bcr_blacs_int sys;
    Cblacs_get(ctxt, BCR_BLACS_GET_CONTEXT_COMM, &sys);
    return Cblacs2sys_handle(sys);
}

#endif
