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
 * Journal (journal.txt in <out>/shards/<exp>/K-of-N/): header lines
 * "name<TAB>value", then "tasks<TAB>count", then per task of the shard
 * "task<TAB>index<TAB>name" followed by its calls "op<TAB>field...", then
 * "end".  Fields escape backslash, tab, newline and CR (\\ \t \n \r); \N
 * is a NULL string.
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
 * or replay its journal.  gr_shard_task_end after it. */
enum gr_shard_act gr_shard_task_begin(struct gr_shard *s, const char *name);
void gr_shard_task_end(struct gr_shard *s);

/* Log a call made inside a recorded task: op, then one field per
 * character of types (s: const char *, may be NULL; d: double; i: int). */
void gr_shard_log(struct gr_shard *s, const char *op, const char *types, ...);

/* Replay the journal of the current task into ctx; GR_EINPUT naming the
 * journal line when it is malformed. */
int gr_shard_replay(struct gr_shard *s, struct gr_ctx *ctx) GR_MUST_CHECK;

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
