/* granrepro driver: command-line parsing, usage and shared helpers of the
 * commands in granrepro.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench/baseline.h"
#include "bench/bench.h"
#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "bench/record.h"
#include "harness/report.h"
#include "site/site.h"
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


/* The commands: name, the options each accepts (as " --opt " words), at
 * most how many operands (-1: any number), and the usage text. */
struct cli_cmd {
  const char *name;
  const char *opts;
  int maxargs;
  const char *usage;
};

#define RUN_OPTS " --quick --seed --threads --out --ref --no-progress --set "
#define ENV_TEXT \
  "  Environment: GRANREPRO_REF=DIR is the default of --ref; GNUPLOT=PROGRAM is the\n" \
  "  gnuplot used to render figures (a name that is not an executable file means\n" \
  "  no rendering: the scripts are written and 'granrepro report' renders later).\n" \
  "  OpenMP threads wait passively (OMP_WAIT_POLICY=passive) unless it is set.\n"

static const struct cli_cmd cli_cmds[] = {
  {"list", " --out ", 0,
   "granrepro list [--out DIR]\n  The experiments, their citations and their timed kernels, and the verdicts\n"
   "  of the last run in DIR (default reports) counted by kind, paper results first.\n"},
  {"run", RUN_OPTS "--shard ", -1,
   "granrepro run [--quick] [--seed N] [--threads N] [--out DIR] [--ref DIR] [--no-progress]\n"
   "              [--set NAME=VALUE]... [--shard K/N] EXP...|all\n"
   "  Run experiments (each once, however often named), compare with the published\n"
   "  numbers in reference/, write DIR/<exp>/ (summary.tsv, .dat, .gp, .svg, .png),\n"
   "  DIR/index.html and a run record in DIR/records/.  Exit 0 whatever the verdicts.\n"
   "  --quick        seconds per experiment (used by make check)\n"
   "  --seed N       seed of the GSL generators (default 1); same seed, same bytes\n"
   "  --threads N    OpenMP threads (default: $OMP_NUM_THREADS, else all cores);\n"
   "                 results do not depend on it\n"
   "  --out DIR      report folder (default reports)\n"
   "  --ref DIR      reference tables (default: $GRANREPRO_REF, else the source tree's\n"
   "                 reference/, else the installed one)\n"
   "  --no-progress  no progress line on stderr (it is shown only when stderr is a\n"
   "                 terminal, so redirected output never has one)\n"
   "  --set NAME=VALUE  an experiment's open parameter (repeatable, at most 16; each\n"
   "                 goes to the selected experiments that have it, every value is\n"
   "                 checked before any runs; the report lists them)\n"
   "  --shard K/N    run only shard K of N of one experiment's independent tasks\n"
   "                 and conditions (units i with i % N = K-1; the notes say how\n"
   "                 many) into DIR/shards/<exp>/K-of-N/;\n"
   "                 'granrepro merge' then writes the report\n"
   ENV_TEXT},
  {"merge", " --out --ref ", 1,
   "granrepro merge [--out DIR] [--ref DIR] EXP\n"
   "  The report DIR/<exp>/ from the shards in DIR/shards/<exp>/ (run --shard K/N),\n"
   "  byte-identical to one unsharded run with their seed and mode.  A missing,\n"
   "  duplicated or foreign shard (other N, seed, mode, revision) is an error, and\n"
   "  nothing is merged.\n"},
  {"check", RUN_OPTS "--strict --update-expected ", -1,
   "granrepro check [run options] [--strict | --update-expected] EXP...|all\n"
   "  As run, then hold each experiment's verdicts to the expected ones,\n"
   "  reference/<paper>/<exp>.expected.tsv (the column of the mode: quick or full).\n"
   "  Exit 0 when every verdict is the expected one (an honest 'differs' included),\n"
   "  1 when any changed: each changed row is printed 'exp: quantity: old -> new',\n"
   "  with rows missing from the file or from the run.\n"
   "  --strict           exit 1 when any verdict is 'differs' (expected or not)\n"
   "  --update-expected  write the mode's column of the expected verdicts from this\n"
   "                     run (atomically) and exit 0; review the change in the diff\n"},
  {"report", " --out ", 0,
   "granrepro report [--out DIR]\n"
   "  Render every figure script in DIR/<exp>/ with gnuplot and rewrite DIR/index.html.\n"
   "  Environment: GNUPLOT=PROGRAM is the gnuplot used (default: configure's, else PATH).\n"},
  {"bench", " --quick --repeat --seed --threads --out --against --ref --kernels ", -1,
   "granrepro bench [--quick] [--repeat N] [--seed N] [--threads N] [--out DIR] [--against NAME] [--ref DIR] [--kernels PATTERNS] EXP...|all\n"
   "  Time each experiment's kernels: a warm-up, then N >= 9 samples (default 9) of\n"
   "  wall and CPU time, each of as many runs as take 20 ms of CPU time; writes\n"
   "  DIR/records/<host>-<date>-<exp>-bench.tsv.  OpenMP threads wait passively\n"
   "  unless OMP_WAIT_POLICY is set.\n"
   "  --quick      the kernels' small sizes (larger ones are skipped)\n"
   "  --repeat N   samples per kernel, 9 to 100000 (default 9)\n"
   "  --seed N     seed of the kernels' generators (default 1)\n"
   "  --threads N  OpenMP threads of the kernels (default 1: the time per core, which\n"
   "               other jobs disturb least); recorded\n"
   "  --out DIR    report folder (default reports); DIR/speed/index.html plots the\n"
   "               kernels' cost against size and threads\n"
   "  --kernels PATTERNS  only the kernels whose names match one of these\n"
   "               comma-separated shell patterns ('dem-step-*,stream-1e6')\n"
   "  --against NAME  then compare the new record with baseline NAME (as compare\n"
   "               --baseline); --ref DIR: where the baselines are (DIR/machines/)\n"},
  {"speed", " --out --ref ", 1,
   "granrepro speed [--out DIR] [--ref DIR] RECORD\n"
   "  The speed page of an existing bench record, as bench writes it beside a new\n"
   "  one (DIR/speed/: figures, index.html), and DIR/speed.md: the findings page,\n"
   "  the template machines/speed.md.in under --ref filled with the record's\n"
   "  numbers (figures linked as speed/*.svg; without gnuplot the page says so).\n"
   "  make docs-speed writes docs/speed.md this way from the shipped record.\n"},
  {"compare", " --out --baseline --ref ", -1,
   "granrepro compare [--out DIR] [--baseline NAME] [--ref DIR] RECORD|FOLDER...\n"
   "  compare RECORD_A RECORD_B; compare R1 R2 R3 ... (or folders of records);\n"
   "  compare --baseline NAME RECORD.\n"
   "  Two records: per kernel, shortest CPU time per run in A and B, ratio B/A,\n"
   "  the ratio of median CPU times, Mann-Whitney U p-value of the CPU times and a\n"
   "  decision (faster / slower when both ratios are beyond 1.1 on the same side\n"
   "  and p < 0.01, else same), the ratio of median wall times; bar chart in\n"
   "  DIR/compare/.  Refuses records of different modes or without a kernel in\n"
   "  common.\n"
   "  Three or more (or folders of records): a kernel x record table of rates\n"
   "  (work per CPU second) and ratios to the first record, one table per mode,\n"
   "  records grouped by revision, threads, compiler and flags; figure\n"
   "  DIR/compare/compare-<mode>.gp.\n"
   "  --baseline NAME: RECORD against the shipped records of a reference machine\n"
   "  (DIR/machines/NAME/ under --ref): ratio of median CPU times with a 95%\n"
   "  bootstrap interval, the decision above, the geometric mean per experiment,\n"
   "  and the papers' own machines as ratios where they printed times.\n"},
};
#define CLI_NCMDS (sizeof cli_cmds / sizeof cli_cmds[0])

/* The command named name, or NULL. */
static const struct cli_cmd *cli_find_cmd(const char *name)
{
  size_t i;
  for (i = 0; i < CLI_NCMDS; i++)
    if (strcmp(cli_cmds[i].name, name) == 0)
      return &cli_cmds[i];
  return NULL;
}

static const char *default_refdir(void);

/* The baselines found under the default reference folder. */
static void cli_baselines(FILE *fp)
{
  struct gr_buf b = GR_BUF_INIT;
  gr_bench_baseline_list(default_refdir(), &b);
  fprintf(fp, "  Baselines (--against / --baseline NAME, in %s/machines/):\n%s", default_refdir(),
          gr_buf_str(&b));
  gr_buf_free(&b);
}

/* Print usage of one command, or of all. */
void cli_usage(FILE *fp, const char *cmd)
{
  size_t i;
  if (cmd == NULL)
    fprintf(fp, "granrepro %s: reproduce classic particle and granular simulation papers\n\n", PACKAGE_VERSION);
  for (i = 0; i < CLI_NCMDS; i++)
    if (cmd == NULL || strcmp(cmd, cli_cmds[i].name) == 0) {
      fprintf(fp, "%s", cli_cmds[i].usage);
      if (cmd != NULL && (strcmp(cmd, "bench") == 0 || strcmp(cmd, "compare") == 0))
        cli_baselines(fp);
      fprintf(fp, "%s", cmd ? "" : "\n");
    }
  if (cmd == NULL)
    fprintf(fp, "granrepro COMMAND --help (or granrepro help COMMAND) shows one command.\n");
}

/* A failed command: "granrepro: " and the message, one line on stderr;
 * returns 2, the exit status, for `return cli_fail(...)` (it does not
 * exit). */
int cli_fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "granrepro: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
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

/* Every operand must be there: a missing record gets the fix; 0 or 2. */
int cli_need_records(const struct cli *c)
{
  struct stat st;
  int i;
  for (i = 0; i < c->nargs; i++)
    if (stat(c->args[i], &st) != 0)
      return cli_fail("record '%s' %s (give a record written by 'granrepro bench', in %s/records/)",
                      c->args[i], errno == ENOENT ? "not found" : strerror(errno), c->opt.out);
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

/* Does the command accept option a ("--seed")? */
static int cli_accepts(const struct cli_cmd *cmd, const char *a)
{
  const char *p = strstr(cmd->opts, a);
  size_t n = strlen(a);
  return p != NULL && p[-1] == ' ' && p[n] == ' ';
}

/* Is a one of the options of any command? */
static int cli_is_option(const char *a)
{
  size_t i;
  for (i = 0; i < CLI_NCMDS; i++)
    if (cli_accepts(&cli_cmds[i], a))
      return 1;
  return 0;
}

/* Add --set NAME=VALUE: well formed, NAME not given before, at most 16;
 * 0 or 2. */
static int cli_set(struct cli *c, const char *val)
{
  size_t n = strcspn(val, "=");
  int i;
  if (val[n] != '=' || n == 0)
    return cli_fail("--set '%s' must read NAME=VALUE (e.g. --set scale=1)%s", val, "");
  for (i = 0; i < c->opt.nsets; i++)
    if (strncmp(c->opt.sets[i], val, n + 1) == 0)
      return cli_fail("--set %s: %.*s is given twice (also --set %s); give each option once", val,
                      (int)n, val, c->opt.sets[i]);
  if (c->opt.nsets == 16)
    return cli_fail("--set %s: at most 16 --set options are allowed%s", val, "");
  c->opt.sets[c->opt.nsets++] = val;
  return 0;
}

/* Store the value of a valued option; 0 or 2. */
static int cli_value(struct cli *c, const char *a, const char *val)
{
  unsigned long v;
  if (strcmp(a, "--seed") == 0) {
    if (parse_ulong(val, 0, 4294967295UL, &v) != 0)
      return cli_fail("--seed '%s' is not a whole number from 0 to 4294967295%s", val, "");
    c->opt.seed = v;
  } else if (strcmp(a, "--threads") == 0) {
    if (parse_ulong(val, 1, 1024, &v) != 0)
      return cli_fail("--threads '%s' is not a whole number from 1 to 1024%s", val, "");
    c->opt.threads = (int)v;
    c->threads_set = 1;
  } else if (strcmp(a, "--repeat") == 0) {
    if (parse_ulong(val, 9, 100000, &v) != 0)
      return cli_fail("--repeat '%s' is not a whole number from 9 to 100000 (at least 9 samples%s)", val, " are needed for the comparison test");
    c->repeat = (int)v;
  } else if (strcmp(a, "--set") == 0) {
    return cli_set(c, val);
  } else if (strcmp(a, "--shard") == 0) {
    int k, n, used = 0;
    if (sscanf(val, "%d/%d%n", &k, &n, &used) != 2 || val[used] != '\0' || n < 1 || n > 256 || k < 1 || k > n)
      return cli_fail("--shard '%s' must read K/N with 1 <= K <= N <= 256 (e.g. --shard 2/3)", val);
    c->shard_k = k;
    c->shard_n = n;
  } else if (strcmp(a, "--out") == 0)
    c->opt.out = val;
  else if (strcmp(a, "--against") == 0 || strcmp(a, "--baseline") == 0)
    c->baseline = val;
  else if (strcmp(a, "--kernels") == 0)
    c->kernels = val;
  else
    c->opt.refdir = val;
  return 0;
}

/* Does option a take a value? */
static int cli_takes(const char *a)
{
  return strcmp(a, "--seed") == 0 || strcmp(a, "--threads") == 0 ||
         strcmp(a, "--out") == 0 || strcmp(a, "--ref") == 0 ||
         strcmp(a, "--repeat") == 0 || strcmp(a, "--against") == 0 ||
         strcmp(a, "--baseline") == 0 || strcmp(a, "--set") == 0 ||
         strcmp(a, "--kernels") == 0 || strcmp(a, "--shard") == 0;
}

/* One option or operand at argv[*i] (advanced past a value; an option
 * that takes one may also be written --name=value); 0, 2 or CLI_DONE
 * after --help. */
static int cli_arg(const struct cli_cmd *cmd, int argc, char **argv, int *i,
                   struct cli *c)
{
  const char *a = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
  const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
  char name[16];
  int takes, joined = 0;
  if (eq != NULL && (size_t)(eq - a) < sizeof name) {
    memcpy(name, a, (size_t)(eq - a));
    name[eq - a] = '\0';
    if (cli_takes(name)) {
      a = name;
      val = eq + 1;
      joined = 1;
    }
  }
  takes = cli_takes(a);
  if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
    cli_usage(stdout, cmd->name);
    return CLI_DONE;
  }
  if (a[0] == '-' && a[1] != '\0' && !cli_is_option(a))
    return cli_fail("unknown option '%s' (see granrepro %s --help)", a, cmd->name);
  if (a[0] == '-' && a[1] != '\0' && !cli_accepts(cmd, a))
    return cli_fail("option %s does not apply to this command (see granrepro %s --help)", a, cmd->name);
  if (takes && val == NULL)
    return cli_fail("option %s needs a value (see granrepro %s --help)", a, cmd->name);
  if (takes) {
    *i += !joined;
    return cli_value(c, a, val);
  }
  if (strcmp(a, "--quick") == 0)
    c->opt.quick = 1;
  else if (strcmp(a, "--strict") == 0)
    c->strict = 1;
  else if (strcmp(a, "--update-expected") == 0)
    c->update_expected = 1;
  else if (strcmp(a, "--no-progress") == 0)
    c->opt.progress = 0;
  else if (cmd->maxargs == 0)
    return cli_fail("%s takes no experiment names or other arguments ('%s' given; see granrepro %s --help)", cmd->name, a, cmd->name);
  else if (c->nargs < CLI_MAXARGS && (cmd->maxargs < 0 || c->nargs < cmd->maxargs))
    c->args[c->nargs++] = a;
  else
    return cli_fail("too many arguments ('%s' is one too many; see granrepro %s --help)", a, cmd->name);
  return 0;
}

/* "granrepro help [COMMAND]", "--help", "--version"; CLI_DONE or 2. */
static int cli_help(int argc, char **argv)
{
  const char *a = argv[1];
  if (strcmp(a, "--version") == 0) {
    if (argc > 2)
      return cli_fail("--version takes no arguments ('%s' given)%s", argv[2], "");
    printf("granrepro %s\n", PACKAGE_VERSION);
    return CLI_DONE;
  }
  if (argc > 3)
    return cli_fail("%s takes at most one command name ('%s' is one too many)", a, argv[3]);
  if (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
    argc = 2; /* help --help: help is its own usage */
  if (argc == 3 && cli_find_cmd(argv[2]) == NULL)
    return cli_fail("unknown command '%s' (commands: list, run, check, report, bench, speed, compare, merge; see granrepro --help)%s", argv[2], "");
  cli_usage(stdout, argc == 3 ? argv[2] : NULL);
  return CLI_DONE;
}

/* Parse the whole command line; 0 to go on, 2 on bad input (message
 * printed), CLI_DONE when help or the version was printed. */
int cli_parse(int argc, char **argv, struct cli *c)
{
  const struct cli_cmd *cmd;
  int i, rc;
  memset(c, 0, sizeof *c);
  if (argc < 2)
    return cli_fail("no command given; 'granrepro --help' lists them%s", "");
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
      strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--version") == 0)
    return cli_help(argc, argv);
  if ((cmd = cli_find_cmd(argv[1])) == NULL)
    return cli_fail("unknown command '%s' (commands: list, run, check, report, bench, speed, compare, merge; see granrepro --help)%s", argv[1], "");
  c->cmd = cmd->name;
  c->opt.seed = 1;
  c->opt.out = "reports";
  c->opt.refdir = default_refdir();
  c->opt.progress = 1;
  c->opt.finish = gr_site_finish; /* every run writes its page */
  c->repeat = 9;
  for (i = 2; i < argc; i++)
    if ((rc = cli_arg(cmd, argc, argv, &i, c)) != 0)
      return rc;
  if (*c->opt.out == '\0')
    return cli_fail("--out needs a folder name%s%s", "", "");
  return 0;
}

/* Add e to sel unless it is there already; 0, or 2 when sel is full. */
static int cli_add(const struct gr_experiment *e, const struct gr_experiment **sel,
                   size_t cap, size_t *n)
{
  size_t k;
  for (k = 0; k < *n; k++)
    if (sel[k] == e)
      return 0;
  if (*n == cap)
    return cli_fail("too many experiments named%s%s", "", "");
  sel[(*n)++] = e;
  return 0;
}

/* Resolve EXP...|all into a list of distinct experiments in the order
 * first named; 2 on an unknown key. */
int cli_kernel_wanted(const struct cli *c, const char *name)
{
  const char *p = c->kernels;
  char pat[256];
  if (p == NULL)
    return 1;
  while (*p != '\0') {
    size_t n = strcspn(p, ",");
    if (n > 0 && n < sizeof pat) {
      memcpy(pat, p, n);
      pat[n] = '\0';
      if (fnmatch(pat, name, 0) == 0)
        return 1;
    }
    p += n + (p[n] == ',');
  }
  return 0;
}

int cli_select(const struct cli *c, const struct gr_experiment **sel,
               size_t cap, size_t *n)
{
  int i, rc = 0;
  size_t k;
  const struct gr_experiment *e;
  *n = 0;
  if (c->nargs == 0)
    return cli_fail("name the experiments to %s, or 'all' (granrepro list shows them)%s", c->cmd, "");
  for (i = 0; i < c->nargs && rc == 0; i++) {
    if (strcmp(c->args[i], "all") == 0) {
      for (k = 0; k < gr_nexperiments && rc == 0; k++)
        rc = cli_add(gr_experiments[k], sel, cap, n);
      continue;
    }
    if ((e = gr_experiment_find(c->args[i])) == NULL)
      return cli_fail("unknown experiment '%s' (granrepro list shows the experiments)%s", c->args[i], "");
    rc = cli_add(e, sel, cap, n);
  }
  return rc;
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
void cli_record_start(struct gr_bench_record *rec, const struct cli *c,
                         const char *kind, const char *exp)
{
  memset(rec, 0, sizeof *rec);
  gr_bench_record_machine(&rec->machine);
  snprintf(rec->kind, sizeof rec->kind, "%s", kind);
  snprintf(rec->experiment, sizeof rec->experiment, "%s", exp);
  cli_utc_now(rec->date, sizeof rec->date);
  snprintf(rec->mode, sizeof rec->mode, "%s", c->opt.quick ? "quick" : "full");
  rec->seed = c->opt.seed;
#ifdef _OPENMP
  rec->threads = omp_get_max_threads();
  snprintf(rec->wait_policy, sizeof rec->wait_policy, "%s",
           getenv("OMP_WAIT_POLICY") ? getenv("OMP_WAIT_POLICY") : "default");
#else
  rec->threads = 1;
  snprintf(rec->wait_policy, sizeof rec->wait_policy, "-");
#endif
  gr_bench_record_loadavg(rec->load_start, sizeof rec->load_start);
}

/* OpenMP workers left spinning after a parallel region (libgomp's default
 * wait policy) compete with the next kernel and with other jobs for the
 * cores, and their spinning counts as process CPU time (issue 13: a
 * kernel 56x "slower" one second later).  libgomp reads OMP_WAIT_POLICY
 * when it is loaded, before main, so when neither it nor GOMP_SPINCOUNT is
 * set, set it to passive and execute the program again, once. */
void cli_passive_wait(char **argv)
{
#ifdef _OPENMP
  if (getenv("OMP_WAIT_POLICY") != NULL || getenv("GOMP_SPINCOUNT") != NULL)
    return;
  if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0)
    return;
  fflush(NULL);
  execv("/proc/self/exe", argv);
  /* Never execvp: on ENOEXEC it hands the file to /bin/sh. */
  if (strchr(argv[0], '/') != NULL)
    execv(argv[0], argv);
  unsetenv("OMP_WAIT_POLICY"); /* not re-executed: the record says "default" */
#else
  (void)argv;
#endif
}

/* The output folder must exist (or be creatable) and be writable. */
int cli_prepare_out(const char *out)
{
  struct gr_error err = {0, ""};
  if (gr_fsio_mkdirs(out, &err) != GR_OK || gr_fsio_check_writable(out, &err) != GR_OK)
    return cli_fail("%s%s", err.msg, "");
  return 0;
}

