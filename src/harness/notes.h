/* granrepro harness: notes templates (analysis prose out of C).
 *
 * The prose of an experiment lives in reference/<refdir>/<key>.notes.md.in;
 * the run hands values by name and the harness fills the template:
 *   {{name}}              a value (%.6g) or a text, as handed
 *   {{name:%.4f}}         a value with a printf format (one conversion of
 *                         e E f F g G a A with flags, width, precision;
 *                         %s for a text)
 *   {{verdict:quantity}}  the verdict of a row of summary.tsv
 *   {{value:quantity}}    the reproduced value of that row (%.6g), or
 *   {{value:quantity:%.3f}} with a format
 *   \{{                   a literal "{{"
 * A placeholder naming nothing computed fails with
 * "<file>:<line>: unknown placeholder {{x}}: ..." (GR_EINPUT), so text and
 * numbers cannot drift apart.  Handing a name again replaces its value. */
#ifndef GR_NOTES_H
#define GR_NOTES_H

#include "status.h"

#include <stddef.h>

struct gr_buf;
struct gr_error;
struct gr_notes;

/* An empty set of named values; NULL when out of memory. */
struct gr_notes *gr_notes_new(void);
void gr_notes_free(struct gr_notes *n);

/* Name a number, a text, or a verdict row (quantity, verdict, value). */
int gr_notes_value(struct gr_notes *n, const char *name, double value) GR_MUST_CHECK;
int gr_notes_text(struct gr_notes *n, const char *name, const char *text) GR_MUST_CHECK;
int gr_notes_verdict(struct gr_notes *n, const char *quantity,
                     const char *verdict, double value) GR_MUST_CHECK;

/* Append template tmpl (read from file, named in messages) filled from n
 * to out.  GR_EINPUT on an unknown placeholder or bad format, GR_ENOMEM. */
int gr_notes_render(const struct gr_notes *n, const char *tmpl,
                    const char *file, struct gr_buf *out,
                    struct gr_error *err) GR_MUST_CHECK;

/* The path of a template shipped with the reference data,
 * <refdir>/<rel> (into path, size n); GR_EINPUT naming it, and how to fix
 * it, when it is not there. */
int gr_notes_template(const char *refdir, const char *rel, char *path, size_t n,
                      struct gr_error *err) GR_MUST_CHECK;

/* gr_notes_render of the template file path (read whole). */
int gr_notes_render_file(const struct gr_notes *n, const char *path, struct gr_buf *out,
                         struct gr_error *err) GR_MUST_CHECK;

#endif
