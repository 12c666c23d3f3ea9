/* granrepro driver: command-line parsing, usage and shared helpers of the
 * commands in granrepro.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "harness/bench.h"
#include "harness/buf.h"
#include "harness/compare.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "harness/record.h"
#include "harness/report.h"
#include "cli.h"

#ifndef GR_REFDIR_SRC
#define GR_REFDIR_SRC "reference"
#endif
#ifndef GR_REFDIR_DATA
#define GR_REFDIR_DATA "reference"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif


static const char *const usage_text[] = {
  "list", "granrepro list\n  The experiments, their citations and their timed kernels.\n",
  "run", "granrepro run [--quick] [--seed N] [--threads N] [--out DIR] [--ref DIR] EXP...|all\n"
         "  Run experiments, compare with the published numbers in reference/, write\n"
         "  DIR/<exp>/ (summary.tsv, .dat, .gp, .svg, .png), DIR/index.html and a run\n"
         "  record in DIR/records/.  Exit 0 whatever the verdicts.\n"
         "  --quick      seconds per experiment (used by make check)\n"
         "  --seed N     seed of the GSL generators (default 1); same seed, same bytes\n"
         "  --threads N  OpenMP threads (default: all cores); results do not depend on it\n"
         "  --out DIR    report folder (default reports)\n"
         "  --ref DIR    reference tables (default: the source tree's reference/)\n"
         "  --no-progress  no progress line on stderr (shown only on a terminal anyway)\n"
         "  --set NAME=VALUE  an experiment's open parameter (repeatable; the report lists them)\n",
  "check", "granrepro check [run options] EXP...|all\n"
           "  As run, but exit 1 when any verdict is 'differs'.\n",
  "report", "granrepro report [--out DIR]\n"
            "  Render every figure script in DIR/<exp>/ with gnuplot and rewrite DIR/index.html.\n",
  "bench", "granrepro bench [--quick] [--repeat N] [--seed N] [--out DIR] EXP...|all\n"
           "  Time each experiment's kernels: a warm-up, then N >= 9 samples (default 9) of\n"
           "  wall and CPU time; writes DIR/records/<host>-<date>-<exp>-bench.tsv.\n",
  "compare", "granrepro compare [--out DIR] RECORD_A RECORD_B\n"
             "  Per kernel: median times, ratio B/A, Mann-Whitney U p-value and a decision\n"
             "  (faster / slower / same: ratio beyond 1.1 and p < 0.01); bar chart in DIR/compare/.\n",
  NULL, NULL
};

/* Print usage of one command, or of all. */
void cli_usage(FILE *fp, const char *cmd)
{
  int i;
  if (cmd == NULL)
    fprintf(fp, "granrepro %s: reproduce classic particle and granular simulation papers\n\n", PACKAGE_VERSION);
  for (i = 0; usage_text[i]; i += 2)
    if (cmd == NULL || strcmp(cmd, usage_text[i]) == 0)
      fprintf(fp, "%s%s", usage_text[i + 1], cmd ? "" : "\n");
  if (cmd == NULL)
    fprintf(fp, "granrepro COMMAND --help shows one command.\n");
}

/* Bad input: one line, exit status 2. */
int cli_die(const char *fmt, const char *a, const char *b)
{
  fprintf(stderr, "granrepro: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  return 2;
}

/* Parse a whole decimal number in [lo, hi]; 0 on success. */
static int parse_ulong(const char *s, unsigned long lo, unsigned long hi,
                       unsigned long *out)
{
  char *end;
  unsigned long v;
  if (s == NULL || *s < '0' || *s > '9')
    return -1;
  errno = 0;
  v = strtoul(s, &end, 10);
  if (errno != 0 || *end != '\0' || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

/* Default reference folder: the source tree's, else the installed one. */
static const char *default_refdir(void)
{
  const char *env = getenv("GRANREPRO_REF");
  if (env && *env)
    return env;
  if (access(GR_REFDIR_SRC, R_OK | X_OK) == 0)
    return GR_REFDIR_SRC;
  return GR_REFDIR_DATA;
}

/* Parse options and operands; returns 0, 2 on bad input, 3 for --help. */
int cli_parse(int argc, char **argv, struct cli *c)
{
  int i;
  unsigned long v;
  memset(c, 0, sizeof *c);
  c->cmd = argv[1];
  c->opt.seed = 1;
  c->opt.out = "reports";
  c->opt.refdir = default_refdir();
  c->opt.progress = 1;
  c->repeat = 9;
  for (i = 2; i < argc; i++) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    int takes = strcmp(a, "--seed") == 0 || strcmp(a, "--threads") == 0 ||
                strcmp(a, "--out") == 0 || strcmp(a, "--ref") == 0 ||
                strcmp(a, "--repeat") == 0 || strcmp(a, "--set") == 0;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
      return 3;
    if (takes && val == NULL)
      return cli_die("option %s needs a value (see granrepro %s --help)", a, c->cmd);
    if (strcmp(a, "--quick") == 0)
      c->opt.quick = 1;
    else if (strcmp(a, "--no-progress") == 0)
      c->opt.progress = 0;
    else if (strcmp(a, "--seed") == 0) {
      if (parse_ulong(val, 0, 4294967295UL, &v) != 0)
        return cli_die("--seed '%s' is not a whole number from 0 to 4294967295%s", val, "");
      c->opt.seed = v;
    } else if (strcmp(a, "--threads") == 0) {
      if (parse_ulong(val, 1, 1024, &v) != 0)
        return cli_die("--threads '%s' is not a whole number from 1 to 1024%s", val, "");
      c->opt.threads = (int)v;
      c->threads_set = 1;
    } else if (strcmp(a, "--repeat") == 0) {
      if (parse_ulong(val, 9, 100000, &v) != 0)
        return cli_die("--repeat '%s' is not a whole number from 9 to 100000 (at least 9 samples%s)", val, " are needed for the comparison test");
      c->repeat = (int)v;
    } else if (strcmp(a, "--set") == 0) {
      if (strchr(val, '=') == NULL || val[0] == '=' || c->opt.nsets == 16)
        return cli_die("--set '%s' must read NAME=VALUE (at most 16 of them)%s", val, "");
      c->opt.sets[c->opt.nsets++] = val;
    } else if (strcmp(a, "--out") == 0)
      c->opt.out = val;
    else if (strcmp(a, "--ref") == 0)
      c->opt.refdir = val;
    else if (a[0] == '-' && a[1] != '\0')
      return cli_die("unknown option '%s' (see granrepro %s --help)", a, c->cmd);
    else if (c->nargs < 64)
      c->args[c->nargs++] = a;
    else
      return cli_die("too many arguments%s%s", "", "");
    if (takes)
      i++;
  }
  if (*c->opt.out == '\0')
    return cli_die("--out needs a folder name%s%s", "", "");
  return 0;
}

/* Resolve EXP...|all into a list; 2 on an unknown key. */
int cli_select(const struct cli *c, const struct gr_experiment **sel,
                              size_t *n)
{
  int i;
  size_t k;
  *n = 0;
  if (c->nargs == 0)
    return cli_die("name the experiments to %s, or 'all' (granrepro list shows them)%s", c->cmd, "");
  for (i = 0; i < c->nargs; i++) {
    if (strcmp(c->args[i], "all") == 0) {
      for (k = 0; k < gr_nexperiments; k++)
        sel[(*n)++] = gr_experiments[k];
      continue;
    }
    if (*n + gr_nexperiments > 256)
      return cli_die("too many experiments named%s%s", "", "");
    if ((sel[*n] = gr_experiment_find(c->args[i])) == NULL)
      return cli_die("unknown experiment '%s' (granrepro list shows the experiments)%s", c->args[i], "");
    (*n)++;
  }
  return 0;
}

/* UTC time as 2026-11-21T23:50:00Z. */
static void cli_utc_now(char *out, size_t n)
{
  time_t t = time(NULL);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* A record with this machine, options and date filled in. */
void cli_record_start(struct gr_record *rec, const struct cli *c,
                         const char *kind, const char *exp)
{
  memset(rec, 0, sizeof *rec);
  gr_record_machine(&rec->machine);
  snprintf(rec->kind, sizeof rec->kind, "%s", kind);
  snprintf(rec->experiment, sizeof rec->experiment, "%s", exp);
  cli_utc_now(rec->date, sizeof rec->date);
  snprintf(rec->mode, sizeof rec->mode, "%s", c->opt.quick ? "quick" : "full");
  rec->seed = c->opt.seed;
#ifdef _OPENMP
  rec->threads = omp_get_max_threads();
#else
  rec->threads = 1;
#endif
}

/* The output folder must exist (or be creatable) and be writable. */
int cli_prepare_out(const char *out)
{
  struct gr_error err = {0, ""};
  if (gr_fsio_mkdirs(out, &err) != GR_OK || gr_fsio_check_writable(out, &err) != GR_OK)
    return cli_die("%s%s", err.msg, "");
  return 0;
}

