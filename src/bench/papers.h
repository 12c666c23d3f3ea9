/* granrepro bench: the papers' own machines as ratios to this one
 * (issue 15): a published time is turned into the work unit of one of our
 * bench kernels where the paper allows, from the links in
 * <refdir>/machines/papers.tsv; never absolute seconds as a verdict. */
#ifndef GR_BENCH_PAPERS_H
#define GR_BENCH_PAPERS_H

#include "status.h"

struct gr_buf;
struct gr_error;
struct gr_bench_record;

/* For every row of <refdir>/machines/papers.tsv whose kernel r benched,
 * print the published cost and ours per particle-step (shortest CPU time
 * per run over the work, the estimate least disturbed by other jobs):
 * for published hours (Sweetman) the step count S* at which the two
 * machines would be equally fast (this machine is S* / S times the
 * paper's, S the steps of the paper's run, not printed); for a cost model
 * in clock periods (Buchholtz & Poeschel) the clock period tau* at which
 * they would (this machine is tau / tau* times the paper's).  Then the
 * file's notes (the caveats).  GR_EINPUT with "path:..." for a malformed
 * link or table. */
int gr_bench_papers_ratios(const char *refdir, const struct gr_bench_record *r,
                           struct gr_buf *text, struct gr_error *err) GR_MUST_CHECK;

#endif
