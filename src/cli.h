/* granrepro driver: command-line parsing and helpers shared by the
 * commands (cli.c). */
#ifndef GR_CLI_H
#define GR_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "harness/ctx.h"

struct gr_experiment;
struct gr_bench_record;

#define CLI_MAXARGS 64 /* operands kept; more is an error */
#define CLI_DONE 3     /* cli_parse: help or version printed, exit 0 */

struct cli {
  const char *cmd;
  struct gr_options opt;
  int repeat;
  int threads_set;
  int strict;           /* check --strict: fail on any differs */
  int update_expected;  /* check --update-expected */
  const char *baseline; /* bench --against NAME, compare --baseline NAME */
  const char *kernels;  /* bench --kernels PATTERNS, or NULL for all */
  int shard_k, shard_n;  /* run --shard K/N (0: not a shard) */
  const char *args[CLI_MAXARGS];
  int nargs;
};

/* Usage of one command (or all when cmd is NULL). */
void cli_usage(FILE *fp, const char *cmd);

/* A failed command: print "granrepro: <message>" on stderr and return 2,
 * the exit status (it does not exit: `return cli_fail(...)`). */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Every operand of c that is not there (neither file nor folder) fails
 * with one line saying to give a record 'granrepro bench' wrote; 0 or 2. */
int cli_need_records(const struct cli *c);

/* Parse the command line (argv[1] is the command); 0 ok, 2 bad input
 * (message printed), CLI_DONE when help or the version was printed. */
int cli_parse(int argc, char **argv, struct cli *c);

/* Resolve EXP...|all into at most cap distinct experiments, in the order
 * first named; 0 ok, 2 on an unknown key (message printed). */
int cli_select(const struct cli *c, const struct gr_experiment **sel,
               size_t cap, size_t *n);

/* 1 when kernel name matches one of bench --kernels' comma-separated
 * shell patterns (fnmatch), or no --kernels was given. */
int cli_kernel_wanted(const struct cli *c, const char *name);

/* A record with machine, options and date filled in. */
void cli_record_start(struct gr_bench_record *rec, const struct cli *c,
                      const char *kind, const char *exp);

/* Make OpenMP threads wait passively (sleep) between parallel regions:
 * unless OMP_WAIT_POLICY or GOMP_SPINCOUNT is set, set OMP_WAIT_POLICY to
 * passive and re-execute the program (argv) once; returns when it did not
 * (policy already set, no OpenMP, or exec failed). */
void cli_passive_wait(char **argv);

/* granrepro compare (cli_compare.c): two records A/B, many records or
 * folders as a table, or one record against --baseline NAME; 0 or 2. */
int cli_compare(const struct cli *c);

/* Record rec (written to path) against the baseline c->baseline, and the
 * papers' machines; 0 or 2. */
int cli_against(const struct cli *c, const char *path, const struct gr_bench_record *rec);

/* granrepro check (cli_check.c): after experiment e ran into c->opt.out,
 * compare its verdicts with the expected ones (printing each changed row,
 * adding them to *nchanged) or, with --update-expected, rewrite them; 0 or 2. */
int cli_check_expected(const struct cli *c, const struct gr_experiment *e, int *nchanged);

/* The verdict counts by kind of DIR/<key>/summary.tsv as one line
 * ("quick run, seed 1: paper results: ..."), "" when there is none. */
void cli_kind_summary(const char *out, const char *key, char *line, size_t n);

/* run --shard K/N EXP: run shard K's tasks and write its journal to
 * DIR/shards/<exp>/K-of-N/; merge EXP: the report from all shards
 * (cli_shard.c).  0 or 2. */
int cli_shard_run(struct cli *c, const struct gr_experiment *e);
int cli_merge(struct cli *c);

/* Create the output folder and check it is writable; 2 on failure. */
int cli_prepare_out(const char *out);

#endif
