/* granrepro harness: the run context an experiment talks to.
 *
 * The context carries the options (mode, seed, threads), loads reference
 * tables on demand, collects verdict rows, data sets, figures and notes,
 * times phases, and at the end writes everything atomically under
 * <out>/<experiment>/.  Only the harness writes files.
 */
#ifndef GR_CTX_H
#define GR_CTX_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

#include "harness/error.h"
#include "harness/ref.h"
#include "harness/report.h"
#include "harness/shard.h"
#include "harness/verdict.h"

struct gr_experiment;
struct gr_figure;
struct gr_data;
struct gr_ctx;

/* What a run does last in its fresh folder, before the folder replaces
 * the old report: the driver passes the site's gr_site_finish (figures
 * rendered, the page written); NULL renders the figures only. */
typedef int (*gr_ctx_finish)(const char *dir, gr_report_progress fn, void *arg,
                             int *nrendered, struct gr_error *err);

struct gr_options {
  int quick;            /* --quick: seconds per experiment */
  unsigned long seed;   /* --seed */
  int threads;          /* --threads (0: library default) */
  const char *out;      /* --out: report folder */
  const char *refdir;   /* --ref: reference/ folder */
  int progress;         /* show progress on stderr */
  const char *sets[16]; /* --set NAME=VALUE: an experiment's open parameters */
  int nsets;
  gr_ctx_finish finish; /* the last step in the run's folder (above) */
};

/* Create a context for one experiment; NULL when out of memory. */
struct gr_ctx *gr_ctx_new(const struct gr_experiment *exp,
                          const struct gr_options *opt);
void gr_ctx_free(struct gr_ctx *ctx);

/* Options as the experiment sees them. */
int gr_ctx_quick(const struct gr_ctx *ctx);
unsigned long gr_ctx_seed(const struct gr_ctx *ctx);
int gr_ctx_threads(const struct gr_ctx *ctx);

/* An experiment's option NAME from --set NAME=VALUE, else def.  A value
 * that is not a number in [lo, hi] fails the run (GR_EINPUT, one line
 * naming the option, the range and the default).  Marks the option used. */
int gr_ctx_option(struct gr_ctx *ctx, const char *name, double def, double lo,
                  double hi, double *out);

/* As gr_ctx_option for a whole-number option (a count, a switch, a
 * scale): a value with a fraction fails the run (GR_EINPUT, "--set
 * scale=1.5: scale must be a whole number ..."); never truncated. */
int gr_ctx_option_int(struct gr_ctx *ctx, const char *name, int def, int lo, int hi,
                      int *out);

/* Fail the run (GR_EINPUT) when a --set names one of the experiment's
 * declared options (exp->options) that it did not read; a name it does
 * not declare is another selected experiment's (the driver checks that
 * each names one).  known lists the option names for the message. */
int gr_ctx_options_done(struct gr_ctx *ctx, const char *known);

/* The context's error (the first failure), for the driver.  Errors are
 * sticky: once the run failed, every gr_ctx_* call that returns a status is
 * a no-op returning the recorded code (gr_ctx_data gives NULL, gr_ctx_has
 * 0), so an experiment need not check each call; gr_ctx_run_tasks checks
 * once per task. */
const struct gr_error *gr_ctx_error(const struct gr_ctx *ctx);

/* Fail the run: records the message, returns code (for `return`). */
int gr_ctx_fail(struct gr_ctx *ctx, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Verdict rows.  summary.tsv has the columns quantity, published,
 * reproduced, delta, test (the test as applied), verdict, kind, note.
 * These calls, like every gr_ctx_* call, keep the context's error sticky
 * (see gr_ctx_error): their status need not be checked, so they do not
 * carry GR_MUST_CHECK. */

/* A row decided by the harness: reproduced when value passes test, else
 * differs; the test column shows the test as applied (verdict.h). */
int gr_ctx_verdict(struct gr_ctx *ctx, enum gr_kind kind, const char *quantity, double value,
                   struct gr_test test, const char *note);

/* A row with no test: informative. */
int gr_ctx_inform(struct gr_ctx *ctx, enum gr_kind kind, const char *quantity, double value,
                  const char *note);

/* A row for a value that could not be computed (a failed fit or root):
 * differs, value '-', note "not computed: why". */
int gr_ctx_not_computed(struct gr_ctx *ctx, enum gr_kind kind, const char *quantity,
                        const char *why);

/* Compare a computed value with reference/<refdir>/<table>.tsv at (row,
 * col); the row's kind comes from the table ("# kind:", a "kind" column,
 * misprint for a misprint cell); se is the standard error for stochastic values, 0 otherwise.  Adds
 * a verdict row.  Missing or malformed tables, rows or columns fail the run
 * (GR_EINPUT). */
int gr_ctx_compare(struct gr_ctx *ctx, const char *table, const char *row,
                   const char *col, double value, double se,
                   const char *note);

/* One slip of the printer repeated over several cells of a table (a row
 * read one line off, copied down the table) is one misprint, counted
 * once.  gr_ctx_compare_in compares like gr_ctx_compare, but a misprint
 * cell's row is informative (its test names the slip's row) and its
 * judgement joins the slip `slip` of the table; a cell without a misprint
 * line gets its own verdict as usual.  gr_ctx_slip_row then adds the one
 * row <table>/<slip> (kind misprint, value the number of its cells, its
 * cells and their readings in the note): expected-difference when every
 * cell came out as its "# misprint:" line predicts, differs otherwise or
 * when there was none.  The cells of one slip are compared before its row
 * (GR_EFAIL when another slip's cells are pending). */
int gr_ctx_compare_in(struct gr_ctx *ctx, const char *table, const char *row, const char *col,
                      double value, const char *slip, const char *note);
int gr_ctx_slip_row(struct gr_ctx *ctx, const char *table, const char *slip, const char *note);

/* The published number at (row, col), for experiments that must derive a
 * setting from it (e.g. a sample size); it still has to be compared. */
int gr_ctx_published(struct gr_ctx *ctx, const char *table, const char *row,
                     const char *col, double *value);

/* A published number that is an input of the experiment (a position, a
 * pair list the paper gives to work from), not a result to reproduce:
 * read and marked accounted for, without a verdict row.  A misprint cell
 * gives the value its "# misprint:" line predicts, the reading the run
 * uses (Sweetman's K1 printed 1e-7, read 1e7); such a cell must also be
 * compared, for its misprint row (gr_ctx_account fails the run else). */
int gr_ctx_input(struct gr_ctx *ctx, const char *table, const char *row,
                 const char *col, double *value);

/* 1 when the table has a published number at (row, col), 0 when that cell
 * is '-' or the row or column is absent (for tables with holes); a missing
 * or malformed table fails the run and gives 0. */
int gr_ctx_has(struct gr_ctx *ctx, const char *table, const char *row,
               const char *col);

/* A published number shown beside the computed value with the verdict
 * informative, whatever the table's tolerance says (for a comparison that
 * means nothing in this run, e.g. a timing slope in quick mode or under a
 * sanitizer; the note says why).  Marks the cell accounted for. */
int gr_ctx_show(struct gr_ctx *ctx, const char *table, const char *row,
                const char *col, double value, const char *note);

/* Old calls, kept until every experiment is migrated: their rows are of
 * kind "unclassified", which a final test forbids.  A verdict row with
 * nothing published to compare against. */
int gr_ctx_informative(struct gr_ctx *ctx, const char *quantity, double value,
                       const char *note);

/* A verdict row for a property checked in the run itself (conservation,
 * symmetry, agreement of two methods): reproduced when ok, else differs. */
int gr_ctx_assert(struct gr_ctx *ctx, const char *quantity, double value,
                  double bound, int ok, const char *note);

/* A named number or text for the notes template
 * reference/<refdir>/<key>.notes.md.in ({{name}}, {{name:%.4f}}; see
 * notes.h).  Every verdict row is also addressable by its quantity name:
 * {{verdict:quantity}}, {{value:quantity}}.  notes.md is the rendered
 * template followed by the gr_ctx_note paragraphs, if any. */
int gr_ctx_value(struct gr_ctx *ctx, const char *name, double value);
int gr_ctx_text(struct gr_ctx *ctx, const char *name, const char *text);

/* A named random stream (rng.h: mt19937 seeded from --seed and the name),
 * created on first use and owned by the context; the same name gives the
 * same stream again.  NULL (and the run failed) when out of memory. */
gsl_rng *gr_ctx_rng(struct gr_ctx *ctx, const char *name);

/* A paragraph of analysis for the report (notes.md in the output folder);
 * new experiments put prose in the notes template instead. */
int gr_ctx_note(struct gr_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A data set written as <name>.dat: columns is the '#' header naming the
 * columns ("e collisions v1 ..."); rows are added with gr_data_printf. */
struct gr_data *gr_ctx_data(struct gr_ctx *ctx, const char *name,
                            const char *columns);
int gr_data_printf(struct gr_data *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A figure drawn from a data set (see report.h for the fields). */
int gr_ctx_figure(struct gr_ctx *ctx, const struct gr_figure *fig);

/* Phase timing for the run record (nested phases are not supported). */
void gr_ctx_phase_begin(struct gr_ctx *ctx, const char *name);
void gr_ctx_phase_end(struct gr_ctx *ctx);
/* A phase timed elsewhere (a run on a thread of a parallel loop, its wall
 * and thread-CPU seconds), added to the record after the loop; it ends
 * the phase in progress, as a new phase does. */
void gr_ctx_phase_add(struct gr_ctx *ctx, const char *name, double wall, double cpu);

/* Progress on stderr (only when enabled and stderr is a terminal). */
void gr_ctx_progress(struct gr_ctx *ctx, const char *what, double fraction);

/* One part of an experiment, run as a timed phase. */
struct gr_task {
  const char *name;
  int (*fn)(struct gr_ctx *ctx);
};

/* Run the tasks in order, each as a phase of the run record, with
 * progress between them; stops at the first failure (a task's non-GR_OK
 * status or the context's recorded error) and returns its code.  The
 * second form runs tasks of conditions: the unit of sharding of each is
 * not the task but each of its conditions (gr_ctx_conditions); every
 * shard runs the task, which reports only when no result is missing. */
int gr_ctx_run_tasks(struct gr_ctx *ctx, const struct gr_task *tasks, size_t n);
int gr_ctx_run_condition_tasks(struct gr_ctx *ctx, const struct gr_task *tasks, size_t n);

/* The independent conditions of a task run by gr_ctx_run_condition_tasks
 * (issue 25): n computations, each named (name: "N1000-D0.1/seed3") and
 * deterministic from the seed and its parameters alone, whose results go
 * to memory the caller owns.  run computes the conditions i with mine[i]
 * != 0 (all of them, or one shard's); spans says where condition i's
 * result lies (at most GR_COND_SPANS stretches, exact bytes), so that a
 * shard can hand it to the merge. */
#define GR_COND_SPANS 32
struct gr_conds {
  size_t n;
  void *arg;
  void (*name)(const void *arg, size_t i, char *buf, size_t len);
  int (*run)(void *arg, const unsigned char *mine);
  size_t (*spans)(void *arg, size_t i, struct gr_span sp[GR_COND_SPANS]);
};

/* Run the conditions: all of them (an unsharded run; *partial = 0); those
 * of this shard (run --shard K/N: the i-th condition counted over the run
 * goes to shard i % N + 1; their results journaled; *partial = 1: the
 * task must not report); or none (merge: the results read from the
 * shards' journals; *partial = 0).  Outside a task of conditions they
 * all run, part of the unit that runs them.  The run's status, or the
 * context's error (a journal that does not fit). */
int gr_ctx_conditions(struct gr_ctx *ctx, const struct gr_conds *c, int *partial) GR_MUST_CHECK;

/* Shards (shard.h): the shard run that records its tasks' calls, or the
 * merge that replays them; ctx does not own s.  gr_ctx_data_find: the
 * last data set named name (NULL and the run failed when there is none). */
struct gr_shard;
void gr_ctx_set_shard(struct gr_ctx *ctx, struct gr_shard *s);
struct gr_data *gr_ctx_data_find(struct gr_ctx *ctx, const char *name);

/* Verdict counts after the run, in all and by kind ([kind][verdict]). */
void gr_ctx_counts(const struct gr_ctx *ctx, int counts[4]);
void gr_ctx_kind_counts(const struct gr_ctx *ctx, int counts[GR_NKINDS][4]);

/* Add a row "not computed" (differs) for every published number of every
 * table the run loaded that was never compared nor read as an input; a
 * misprint cell only read as an input fails the run (GR_EFAIL): it must
 * be compared, for its misprint row. */
int gr_ctx_account(struct gr_ctx *ctx);

/* Write summary.tsv, the data sets, figure scripts and notes, and render
 * the figures (*nrendered: count, -1 without gnuplot) and whatever else
 * opt.finish adds (the page), in a fresh folder
 * that then replaces <out>/<key>/: a failure leaves the old report intact. */
int gr_ctx_write(struct gr_ctx *ctx, int *nrendered);

/* The timed phases of the run, for its record: how many there are, and
 * phase i's name "<exp>/<phase>" (in name, size n), wall and CPU seconds. */
/* Make one line of a shard's journal (fields f[0..nf-1]) again as the
 * call the task made on the context arg (a gr_shard_call: the merge sets
 * it as its shards' sink; ctx_replay.c); a status, or -1 when the line is
 * malformed. */
int gr_ctx_replay_line(void *arg, char **f, int nf);

size_t gr_ctx_nphases(const struct gr_ctx *ctx);
void gr_ctx_phase_time(const struct gr_ctx *ctx, size_t i, char *name, size_t n,
                       double *wall, double *cpu);

#endif
