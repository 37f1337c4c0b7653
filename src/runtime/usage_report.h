/* BCR_STATS's report (base/usage.h holds the counts).
 *
 * For one table of the whole job every process of MPI_COMM_WORLD calls
 * bcr_stats_begin (bcredist.h) after MPI_Init; the drop-in does so from
 * its MPI_Init wrappers.  The processes agree there whether all ask for
 * the report, and at MPI_Finalize (an attribute on MPI_COMM_SELF) they
 * reduce their tables to process 0 of MPI_COMM_WORLD, which prints it on
 * stderr (BCR_STATS=1) or into the file BCR_STATS names.
 *
 * Without bcr_stats_begin no process can know that the others will come,
 * so each process that called bcredist prints its own table, tagged with
 * its rank (a file's name gets ".RANK"). */
#ifndef BCR_RUNTIME_USAGE_REPORT_H
#define BCR_RUNTIME_USAGE_REPORT_H

/* Called by every call before it counts anything: where counting is on
 * and bcr_stats_begin was not called, sets up the process's own report. */
void bcr_usage_report_arm(void);

#endif
