/* granrepro harness: what a bench kernel may ask of the harness: published
 * numbers, and its bytes per work unit (gr_kernel_bytes).  A kernel's
 * setup runs without an experiment context (struct gr_kernel), yet a
 * kernel that reproduces a paper's case should take the paper's numbers
 * from reference/, as the experiment does (gr_ctx_published), not repeat
 * them in C.  The bench names the experiment's reference folder before
 * each kernel's setup; the setup reads cells from its tables. */
#ifndef GR_BENCHREF_H
#define GR_BENCHREF_H

struct gr_error;

/* The reference folder of the experiment whose kernels run next:
 * <root>/<refdir>/ (root as --ref, refdir as gr_experiment.refdir). */
void gr_benchref_use(const char *root, const char *refdir);

/* The published number at (row, col) of <root>/<refdir>/<table>.tsv;
 * GR_EINPUT with "path: ..." when the table is missing or malformed or
 * the cell holds no number, GR_ENOMEM. */
int gr_benchref_published(const char *table, const char *row, const char *col,
                          double *value, struct gr_error *err);

/* As gr_benchref_published for a number the kernel runs with (as
 * gr_ctx_input): a misprint cell gives the value its "# misprint:" line
 * predicts, not the printed one. */
int gr_benchref_input(const char *table, const char *row, const char *col,
                      double *value, struct gr_error *err);

/* Release the loaded table and forget the folder (at the end of a bench):
 * until the next gr_benchref_use, a kernel's read fails with GR_EINPUT. */
void gr_benchref_done(void);

/* For a kernel's run: the bytes it touches per work unit, counted from its
 * data layout (each array element read counts once, written once more),
 * so that the bench record can set its time against a streaming bandwidth
 * (its bytes_per_unit line); the bench sets it to 0 before each sample, so a kernel that does not call it counts 0. */
void gr_kernel_bytes(double per_unit);

/* What the kernel's last run declared with gr_kernel_bytes. */
double gr_kernel_bytes_declared(void);

#endif
