/* libbcredist_scalapack's MPI_Init wrappers, so that BCR_STATS gives one
 * usage report for the whole job in a program that was never told of
 * bcredist.
 *
 * Preloaded or linked first, these come before MPI's own names: each
 * calls the next definition of the same name (RTLD_NEXT: MPI's, or
 * another tool's) and then bcr_stats_begin, which every process of
 * MPI_COMM_WORLD reaches there.  C programs call MPI_Init or
 * MPI_Init_thread; Fortran ones reach MPI through mpi_init_ and
 * mpi_init_thread_ (mpif.h and the mpi module, Open MPI and MPICH) or
 * Open MPI's mpi_init_f08_ and mpi_init_thread_f08_ (mpi_f08).  Where one
 * MPI's Fortran init calls its C one, both wrappers run and
 * bcr_stats_begin does its work once. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>

#include "bcredist.h"

typedef int (*c_init)(int *, char ***);
typedef int (*c_init_thread)(int *, char ***, int, int *);
typedef void (*f_init)(MPI_Fint *);
typedef void (*f_init_thread)(MPI_Fint *, MPI_Fint *, MPI_Fint *);

/* The next definition of name; without one this program cannot start
 * MPI at all, so it stops here with the reason. */
static void *next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "bcredist: the drop-in wraps %s but finds no MPI that defines it\n",
                name);
        _Exit(1);
    }
    return f;
}

static void after_init(void)
{
    int up = 0;
    MPI_Initialized(&up);
    if (up)
        bcr_stats_begin();
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = ((c_init)next("MPI_Init"))(argc, argv);
    if (rc == MPI_SUCCESS)
        after_init();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = ((c_init_thread)next("MPI_Init_thread"))(argc, argv, required, provided);
    if (rc == MPI_SUCCESS)
        after_init();
    return rc;
}

void mpi_init_(MPI_Fint *ierr);
void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr);
void mpi_init_f08_(MPI_Fint *ierr);
void mpi_init_thread_f08_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr);

void mpi_init_(MPI_Fint *ierr)
{
    ((f_init)next("mpi_init_"))(ierr);
    after_init();
}

void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    ((f_init_thread)next("mpi_init_thread_"))(required, provided, ierr);
    after_init();
}

/* mpi_f08's ierror is optional: absent, the pointer is NULL, passed on
 * as it came. */
void mpi_init_f08_(MPI_Fint *ierr)
{
    ((f_init)next("mpi_init_f08_"))(ierr);
    after_init();
}

void mpi_init_thread_f08_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    ((f_init_thread)next("mpi_init_thread_f08_"))(required, provided, ierr);
    after_init();
}
