/* granrepro harness: shards of an experiment's independent tasks (issue 25).
 *
 * An experiment whose tasks are independent (each task's rows, data sets,
 * figures and notes values depend only on the seed and its own work; it
 * says so with .shardable = 1) can run as N shards: shard K of N runs the
 * tasks i (0-based, counted over every gr_ctx_run_tasks call of the run)
 * with i % N == K - 1, round-robin so that a series of growing sizes
 * spreads over the shards.  While one of its tasks runs, the context logs
 * every call that changes the report (gr_ctx_compare, _verdict, _value,
 * _data, gr_data_printf, ...) with its arguments to a journal, numbers as
 * %a (exact).  `granrepro merge` runs the experiment again with every task
 * replaced by the replay of its journal, in task order, so that the work
 * outside the tasks is redone and the report (summary.tsv, .dat, notes.md)
 * is byte-identical to that of one unsharded run with the same seed.
 *
 * A task of conditions (gr_ctx_run_condition_tasks) is no unit itself: each of its
 * conditions (gr_ctx_conditions) is one, counted with the tasks in run
 * order; every shard runs such a task, computing only its own conditions
 * and journaling their results (exact bytes), and the merge runs it again
 * with the results read back, so that its report is made from all of them
 * as in one run.
 *
 * Journal (journal.txt in <out>/shards/<exp>/K-of-N/): header lines
 * "name<TAB>value", then "tasks<TAB>count" (the units), then per unit of
 * the shard either "task<TAB>index<TAB>name" followed by its calls
 * "op<TAB>field...", or "cond<TAB>index<TAB>name<TAB>bytes<TAB>hex"; then
 * "end".  Fields escape backslash, tab, newline and CR (\\ \t \n \r); \N
 * is a NULL string.  The bytes are the host's own (the header's "abi"
 * line: the merge refuses another byte order or word size).
 */
#ifndef GR_SHARD_H
#define GR_SHARD_H

#include <stddef.h>

#include "status.h"

struct gr_buf;
struct gr_ctx;
struct gr_error;
struct gr_shard;

enum gr_shard_act { GR_SHARD_RUN, GR_SHARD_SKIP, GR_SHARD_REPLAY };

/* Record shard k (1..n) of n; NULL when out of memory. */
struct gr_shard *gr_shard_new_record(int k, int n);

/* Replay: every task's journal from the shards (gr_shard_gather). */
struct gr_shard *gr_shard_new_replay(void);
void gr_shard_free(struct gr_shard *s);

/* A task starts: run it (recording its calls), skip it (another shard's),
 * or replay its journal; a task of conditions (conditions != 0) is run,
 * unrecorded, in every shard and in the merge.  gr_shard_task_end after
 * it. */
enum gr_shard_act gr_shard_task_begin(struct gr_shard *s, const char *name, int conditions);
void gr_shard_task_end(struct gr_shard *s);

/* n conditions of a task follow: mine[i] = 1 for those of this shard
 * (none in the merge); returns the unit index of the first; *record is 1
 * in a shard run (journal them with gr_shard_cond_put). */
size_t gr_shard_conds(struct gr_shard *s, size_t n, unsigned char *mine, int *record);

/* Journal the result of condition unit idx (its spans, exact bytes);
 * read it back in the merge (GR_EINPUT naming the journal when the unit
 * is not that condition or its size differs). */
struct gr_span {
  void *p;
  size_t size;
};
void gr_shard_cond_put(struct gr_shard *s, size_t idx, const char *name,
                       const struct gr_span *sp, size_t nsp);
int gr_shard_cond_get(struct gr_shard *s, size_t idx, const char *name,
                      const struct gr_span *sp, size_t nsp, struct gr_error *err) GR_MUST_CHECK;

/* "le-8-8": byte order, sizeof(long), sizeof(void *) of this build. */
const char *gr_shard_abi(void);

/* Log a call made inside a recorded task: op, then one field per
 * character of types (s: const char *, may be NULL; d: double; i: int). */
void gr_shard_log(struct gr_shard *s, const char *op, const char *types, ...);

/* Replay one journal line into the run: its fields f[0..nf-1], f[0] the
 * op (gr_shard_log's), a field NULL where NULL was logged; a status, or
 * -1 when the line is malformed.  The run context's gr_ctx_replay_line
 * (ctx_replay.c), handed over by the driver: the shard knows nothing of
 * the context. */
#define GR_SHARD_MAX_FIELDS 16 /* fields of a journal line, the op included */
typedef int (*gr_shard_call)(void *arg, char **f, int nf);

/* Where the replay sends each journal line: call(arg), set once by the
 * merge's driver (the context's gr_ctx_replay_line and the context). */
void gr_shard_set_sink(struct gr_shard *s, gr_shard_call call, void *arg);

/* Replay the journal of the current task, each line through the sink;
 * GR_EINPUT in err naming the journal line when it is malformed (or when
 * no sink is set), or the status a call returned. */
int gr_shard_replay(struct gr_shard *s, struct gr_error *err) GR_MUST_CHECK;

/* Append the journal body ("tasks", the tasks run, "end") to out; the
 * names of the tasks run, comma-separated, to names (size n). */
int gr_shard_journal(const struct gr_shard *s, struct gr_buf *out, char *names,
                     size_t n) GR_MUST_CHECK;

/* Hand the replay the journal text of a shard (kept until freed: the
 * text is owned by s from now on); file names it in messages.  GR_EINPUT
 * when a task is out of place, seen twice, or the text malformed. */
int gr_shard_add(struct gr_shard *s, char *text, const char *file, int k, int n,
                 size_t ntasks, struct gr_error *err) GR_MUST_CHECK;

/* After the merge's run: every task of the shards was replayed (the
 * experiment's task list is the one the shards ran). */
int gr_shard_done(const struct gr_shard *s, size_t ntasks, struct gr_error *err) GR_MUST_CHECK;

#endif
