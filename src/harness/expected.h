/* granrepro harness: expected verdicts (issue 22), the file
 * reference/<paper>/<key>.expected.tsv that `granrepro check` holds a run
 * to:
 *
 *   # expected verdicts of KEY: granrepro check [--quick] --update-expected KEY writes them
 *   quantity<TAB>quick<TAB>full
 *   task-a/v1<TAB>reproduced<TAB>reproduced
 *   waves/x<TAB>differs<TAB>-            '-': not recorded for that mode
 *
 * An honest 'differs' is expected where it is the finding; a change in
 * either direction is what check reports.  See docs/reference-tables.md.
 */
#ifndef GR_EXPECTED_H
#define GR_EXPECTED_H

#include "status.h"

struct gr_buf;
struct gr_error;

/* Compare the verdict rows of summary (a summary.tsv text) with the mode's
 * column (quick or full) of the file at path.  Each difference is appended
 * to report as one line "quantity: OLD -> NEW", OLD "(no expected
 * verdict)" for a row the file lacks, NEW "(no such row in the run)" for
 * one the run lacks; *nchanged counts them.  GR_EINPUT when the file is
 * missing or malformed ("path:line: ..."). */
int gr_expected_compare(const char *summary, const char *path, int quick,
                        struct gr_buf *report, int *nchanged, struct gr_error *err)
    GR_MUST_CHECK;

/* Rewrite path atomically: the mode's column from summary's verdicts (in
 * the run's row order), the other column kept for rows the file had;
 * rows of the file the run lacks keep their other column, or go when it
 * is '-'.  key names the experiment in the comment line. */
int gr_expected_update(const char *summary, const char *path, int quick, const char *key,
                       struct gr_error *err) GR_MUST_CHECK;

#endif
