/* granrepro bench: run and benchmark records (see record.h). */
#include "bench/record.h"

#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "harness/buf.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/fsio.h"

#ifndef GR_CFLAGS
#define GR_CFLAGS "unknown"
#endif
#ifndef GR_SRCDIR
#define GR_SRCDIR "."
#endif

/* Copy the value of the first line of file starting with key into out,
 * after the separator sep, trimmed; out unchanged when absent. */
static void record_grep(const char *file, const char *key, char sep, char *out,
                        size_t n)
{
  char line[512], *p, *q;
  FILE *fp = fopen(file, "r");
  if (fp == NULL)
    return;
  while (fgets(line, sizeof line, fp)) {
    if (strncmp(line, key, strlen(key)) != 0 || (p = strchr(line, sep)) == NULL)
      continue;
    for (p++; *p == ' ' || *p == '\t' || *p == '"'; p++)
      ;
    q = p + strlen(p);
    while (q > p && (q[-1] == '\n' || q[-1] == ' ' || q[-1] == '"'))
      *--q = '\0';
    snprintf(out, n, "%s", p);
    break;
  }
  fclose(fp);
}

/* First line printed by a shell command, or "" (used for git only). */
static void record_popen(const char *cmd, char *out, size_t n)
{
  FILE *fp = popen(cmd, "r");
  gr_fsio_first_line(fp, out, n);
  if (fp != NULL)
    pclose(fp);
}

/* Replace tabs and newlines so a value stays on its header line. */
static void record_clean(char *s)
{
  for (; *s; s++)
    if (*s == '\t' || *s == '\n' || *s == '\r')
      *s = ' ';
}

void gr_bench_record_loadavg(char *out, size_t n)
{
  double l[3];
  FILE *fp = fopen("/proc/loadavg", "r");
  if (fp != NULL && fscanf(fp, "%lf %lf %lf", &l[0], &l[1], &l[2]) == 3)
    snprintf(out, n, "%.2f %.2f %.2f", l[0], l[1], l[2]);
  else
    snprintf(out, n, "unknown");
  if (fp != NULL)
    fclose(fp);
}

/* The machine's architecture as uname(2) names it. */
static void record_arch(char *out, size_t n)
{
  struct utsname u;
  snprintf(out, n, "unknown");
  if (uname(&u) == 0)
    snprintf(out, n, "%s", u.machine);
}

/* The CPU model: x86's "model name"; on Arm, where /proc/cpuinfo has
 * none, the MIDR fields the kernel gives ("CPU implementer 0x41 part
 * 0xd0c"), named where the implementer is a well-known one. */
static void record_cpu(char *out, size_t n)
{
  static const struct { const char *id, *name; } impl[] = {
    {"0x41", "Arm"}, {"0x42", "Broadcom"}, {"0x43", "Cavium"}, {"0x46", "Fujitsu"},
    {"0x48", "HiSilicon"}, {"0x4e", "NVIDIA"}, {"0x51", "Qualcomm"}, {"0x61", "Apple"},
    {"0xc0", "Ampere"}};
  char im[32] = "", part[32] = "";
  size_t i;
  snprintf(out, n, "unknown");
  record_grep("/proc/cpuinfo", "model name", ':', out, n);
  if (strcmp(out, "unknown") != 0)
    return;
  record_grep("/proc/cpuinfo", "CPU implementer", ':', im, sizeof im);
  record_grep("/proc/cpuinfo", "CPU part", ':', part, sizeof part);
  if (im[0] == '\0' || part[0] == '\0')
    return;
  record_clean(im);
  record_clean(part);
  for (i = 0; i < sizeof impl / sizeof impl[0]; i++)
    if (strcmp(im, impl[i].id) == 0)
      break;
  snprintf(out, n, "%s implementer %s part %s", i < sizeof impl / sizeof impl[0] ? impl[i].name : "CPU", im, part);
}

void gr_bench_record_machine(struct gr_bench_machine *m)
{
  char kib[64] = "0", dirty[8];
  FILE *gov;
  memset(m, 0, sizeof *m);
  if (gethostname(m->host, sizeof m->host - 1) != 0)
    snprintf(m->host, sizeof m->host, "unknown");
  record_arch(m->arch, sizeof m->arch);
  record_cpu(m->cpu, sizeof m->cpu);
  m->cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
  gov = fopen("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "r");
  gr_fsio_first_line(gov, m->governor, sizeof m->governor);
  if (gov != NULL)
    fclose(gov);
  if (m->governor[0] == '\0')
    snprintf(m->governor, sizeof m->governor, "unknown");
  snprintf(m->mhz, sizeof m->mhz, "unknown");
  record_grep("/proc/cpuinfo", "cpu MHz", ':', m->mhz, sizeof m->mhz);
  record_grep("/proc/meminfo", "MemTotal", ':', kib, sizeof kib);
  m->memory_kib = atol(kib);
  snprintf(m->os, sizeof m->os, "unknown");
  record_grep("/etc/os-release", "PRETTY_NAME", '=', m->os, sizeof m->os);
#ifdef __VERSION__
  snprintf(m->compiler, sizeof m->compiler, "%s%s", 
#ifdef __clang__
           "clang ",
#elif defined(__GNUC__)
           "gcc ",
#else
           "",
#endif
           __VERSION__);
#endif
  snprintf(m->cflags, sizeof m->cflags, "%s", GR_CFLAGS);
  snprintf(m->gsl, sizeof m->gsl, "%s", GSL_VERSION);
  record_popen("git -C '" GR_SRCDIR "' rev-parse --short=12 HEAD 2>/dev/null", m->revision, sizeof m->revision - 8);
  if (m->revision[0] == '\0')
    snprintf(m->revision, sizeof m->revision, "unknown (not a git checkout)");
  else {
    record_popen("git -C '" GR_SRCDIR "' status --porcelain --untracked-files=no 2>/dev/null | head -c 1", dirty, sizeof dirty);
    if (dirty[0] != '\0')
      strcat(m->revision, "-dirty");
  }
  record_clean(m->cpu);
  record_clean(m->os);
  record_clean(m->compiler);
  record_clean(m->cflags);
  record_clean(m->governor);
  record_clean(m->mhz);
}

int gr_bench_record_add(struct gr_bench_record *r, const char *name, int sample,
                        double wall, double cpu, double work, const char *unit)
{
  return gr_bench_record_add_sample(r, name, sample, 1, wall, cpu, work, unit);
}

int gr_bench_record_phases(struct gr_bench_record *r, const struct gr_ctx *ctx)
{
  size_t i;
  char name[160];
  double wall;
  double cpu;
  for (i = 0; i < gr_ctx_nphases(ctx); i++) {
    gr_ctx_phase_time(ctx, i, name, sizeof name, &wall, &cpu);
    if (gr_bench_record_add(r, name, 0, wall, cpu, 0.0, "-") != GR_OK)
      return GR_ENOMEM;
  }
  return GR_OK;
}

int gr_bench_record_add_sample(struct gr_bench_record *r, const char *name, int sample,
                               long iterations, double wall, double cpu, double work,
                               const char *unit)
{
  struct gr_bench_sample *s;
  if (strlen(name) >= sizeof s->name || (unit != NULL && strlen(unit) >= sizeof s->unit) || iterations < 1)
    return GR_EINPUT;
  if (r->nrows == r->caprows) {
    size_t cap = r->caprows ? 2 * r->caprows : 16;
    s = realloc(r->rows, cap * sizeof *s);
    if (s == NULL)
      return GR_ENOMEM;
    r->rows = s;
    r->caprows = cap;
  }
  s = &r->rows[r->nrows++];
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", name);
  snprintf(s->unit, sizeof s->unit, "%s", unit && *unit ? unit : "-");
  s->sample = sample;
  s->iterations = iterations;
  s->wall = wall;
  s->cpu = cpu;
  s->work = work;
  return GR_OK;
}

/* 1 when no row after row i has its name. */
static int record_last_of(const struct gr_bench_record *r, size_t i)
{
  size_t k;
  for (k = i + 1; k < r->nrows; k++)
    if (strcmp(r->rows[k].name, r->rows[i].name) == 0)
      return 0;
  return 1;
}

/* The header block and rows as text. */
static void record_format(const struct gr_bench_record *r, struct gr_buf *b)
{
  const struct gr_bench_machine *m = &r->machine;
  size_t i;
  gr_buf_printf(b, "# granrepro record\n# kind: %s\n# experiment: %s\n# date: %s\n",
                r->kind, r->experiment, r->date);
  gr_buf_printf(b, "# host: %s\n# cpu: %s\n# cores: %d\n# memory_kib: %ld\n# os: %s\n",
                m->host, m->cpu, m->cores, m->memory_kib, m->os);
  if (m->arch[0] != '\0')
    gr_buf_printf(b, "# arch: %s\n", m->arch);
  if (m->governor[0] != '\0')
    gr_buf_printf(b, "# governor: %s\n", m->governor);
  if (m->mhz[0] != '\0')
    gr_buf_printf(b, "# mhz: %s\n", m->mhz);
  gr_buf_printf(b, "# compiler: %s\n# cflags: %s\n# gsl: %s\n# revision: %s\n",
                m->compiler, m->cflags, m->gsl, m->revision);
  gr_buf_printf(b, "# seed: %lu\n# mode: %s\n# threads: %d\n", r->seed, r->mode, r->threads);
  if (r->wait_policy[0] != '\0')
    gr_buf_printf(b, "# wait_policy: %s\n", r->wait_policy);
  if (r->load_start[0] != '\0')
    gr_buf_printf(b, "# load_start: %s\n", r->load_start);
  if (r->load_end[0] != '\0')
    gr_buf_printf(b, "# load_end: %s\n", r->load_end);
  for (i = 0; i < r->nrows; i++)
    if (r->rows[i].bytes > 0.0 && record_last_of(r, i))
      gr_buf_printf(b, "# bytes_per_unit: %s %.6g\n", r->rows[i].name, r->rows[i].bytes);
  gr_buf_printf(b, "%s\n", GR_BENCH_RECORD_COLUMNS);
  for (i = 0; i < r->nrows; i++)
    gr_buf_printf(b, "%s\t%d\t%.9g\t%.9g\t%.17g\t%s\t%ld\n", r->rows[i].name,
                  r->rows[i].sample, r->rows[i].wall, r->rows[i].cpu,
                  r->rows[i].work, r->rows[i].unit, r->rows[i].iterations);
}

int gr_bench_record_write(const char *dir, const struct gr_bench_record *r, char *path,
                          size_t n, struct gr_error *err)
{
  char file[4096], stamp[32], host[128];
  struct gr_buf b = GR_BUF_INIT;
  size_t i;
  int rc, k;
  /* 2026-11-21T23:50:00Z -> 20261121T235000Z */
  for (i = 0, k = 0; r->date[i] && k < (int)sizeof stamp - 1; i++)
    if (r->date[i] != '-' && r->date[i] != ':')
      stamp[k++] = r->date[i];
  stamp[k] = '\0';
  snprintf(host, sizeof host, "%s", r->machine.host);
  for (i = 0; host[i]; i++)
    if (host[i] == '/' || host[i] == ' ')
      host[i] = '_';
  if ((rc = gr_fsio_mkdirs(dir, err)) != GR_OK)
    return rc;
  for (i = 1; i < 1000; i++) {
    char seq[16] = "";
    if (i > 1)
      snprintf(seq, sizeof seq, "-%zu", i);
    k = snprintf(file, sizeof file, "%s/%s-%s-%s%s%s.tsv", dir, host, stamp,
                 r->experiment, strcmp(r->kind, "bench") == 0 ? "-bench" : "", seq);
    if (k < 0 || (size_t)k >= sizeof file)
      return gr_error_set(err, GR_EINPUT, "record path too long under '%s'", dir);
    if (!gr_fsio_exists(file))
      break; /* two records in the same second get -2, -3, ... */
  }
  record_format(r, &b);
  rc = b.failed ? gr_error_set(err, GR_ENOMEM, "out of memory")
                : gr_fsio_write(file, gr_buf_str(&b), b.len, err);
  gr_buf_free(&b);
  if (rc == GR_OK && path != NULL)
    snprintf(path, n, "%s", file);
  return rc;
}

/* Store one "# key: value" header line of a record; GR_EINPUT when the
 * value does not fit its field. */
static int record_header(struct gr_bench_record *r, const char *key, const char *v,
                         const char *path, int lineno, struct gr_error *err)
{
  struct gr_bench_machine *m = &r->machine;
  struct { const char *k; char *dst; size_t n; } s[] = {
    {"kind", r->kind, sizeof r->kind}, {"experiment", r->experiment, sizeof r->experiment},
    {"date", r->date, sizeof r->date}, {"mode", r->mode, sizeof r->mode},
    {"host", m->host, sizeof m->host}, {"cpu", m->cpu, sizeof m->cpu},
    {"arch", m->arch, sizeof m->arch},
    {"os", m->os, sizeof m->os}, {"compiler", m->compiler, sizeof m->compiler},
    {"cflags", m->cflags, sizeof m->cflags}, {"gsl", m->gsl, sizeof m->gsl},
    {"revision", m->revision, sizeof m->revision},
    {"governor", m->governor, sizeof m->governor}, {"mhz", m->mhz, sizeof m->mhz},
    {"wait_policy", r->wait_policy, sizeof r->wait_policy},
    {"load_start", r->load_start, sizeof r->load_start},
    {"load_end", r->load_end, sizeof r->load_end}};
  size_t i;
  for (i = 0; i < sizeof s / sizeof s[0]; i++)
    if (strcmp(key, s[i].k) == 0) {
      if (strlen(v) >= s[i].n)
        return gr_error_set(err, GR_EINPUT, "%s:%d: '%s' is longer than %zu characters (is this a granrepro record?)", path, lineno, key, s[i].n - 1);
      snprintf(s[i].dst, s[i].n, "%s", v);
    }
  if (strcmp(key, "cores") == 0)
    m->cores = atoi(v);
  else if (strcmp(key, "memory_kib") == 0)
    m->memory_kib = atol(v);
  else if (strcmp(key, "seed") == 0)
    r->seed = strtoul(v, NULL, 10);
  else if (strcmp(key, "threads") == 0)
    r->threads = atoi(v);
  return GR_OK;
}

/* Split a row at tabs into f[0..7); the number of fields found (8 for
 * more than 7). */
static int record_fields(char *line, char *f[7])
{
  int nf = 0;
  for (f[nf++] = line; nf < 8 && (line = strchr(line, '\t')) != NULL;) {
    *line++ = '\0';
    if (nf < 7)
      f[nf] = line;
    nf++;
  }
  return nf;
}

/* Parse a time or work field: a finite number >= 0, and > 0 for the
 * times of a bench sample; GR_EINPUT naming the column otherwise. */
static int record_number(const char *f, int col, long sample, double *x,
                         const char *path, int lineno, struct gr_error *err)
{
  static const char *const what[] = {"wall time", "CPU time", "work"};
  char *end;
  *x = strtod(f, &end);
  if (*end != '\0' || end == f)
    return gr_error_set(err, GR_EINPUT, "%s:%d: '%s' is not a number", path, lineno, f);
  if (!isfinite(*x) || *x < 0)
    return gr_error_set(err, GR_EINPUT, "%s:%d: %s '%s' is not a finite number >= 0 (is the record corrupt?)", path, lineno, what[col], f);
  if (col < 2 && sample >= 1 && *x == 0)
    return gr_error_set(err, GR_EINPUT, "%s:%d: %s 0 in a bench sample (a timed sample takes time: is the record corrupt?)", path, lineno, what[col]);
  return GR_OK;
}

/* Parse the iteration count of a row (1 in a record without the column). */
static int record_iterations(const char *f, long *it, const char *path,
                             int lineno, struct gr_error *err)
{
  char *end;
  *it = 1;
  if (f == NULL)
    return GR_OK;
  *it = strtol(f, &end, 10);
  if (*end != '\0' || end == f || *it < 1 || *it > GR_BENCH_RECORD_MAX_ITER)
    return gr_error_set(err, GR_EINPUT, "%s:%d: iterations '%s' is not a whole number from 1 to %ld", path, lineno, f, GR_BENCH_RECORD_MAX_ITER);
  return GR_OK;
}

/* Parse one data row "name sample wall cpu work unit [iterations]" of a
 * record with ncols columns. */
static int record_row(struct gr_bench_record *r, char *line, int ncols,
                      const char *path, int lineno, struct gr_error *err)
{
  struct gr_bench_sample *s = NULL;
  char *f[7] = {NULL}, *end; /* record_fields sets the first nf (initialised for gcc -O3) */
  double x[3];
  long sample, it;
  int i, rc, nf = record_fields(line, f);
  if (nf != ncols)
    return gr_error_set(err, GR_EINPUT, "%s:%d: expected %d tab-separated fields, found %d (is this a granrepro record?)", path, lineno, ncols, nf);
  if (f[0][0] == '\0' || strlen(f[0]) >= sizeof s->name || strlen(f[5]) >= sizeof s->unit)
    return gr_error_set(err, GR_EINPUT, "%s:%d: the name must have 1 to %zu characters and the unit at most %zu (is this a granrepro record?)", path, lineno, sizeof s->name - 1, sizeof s->unit - 1);
  sample = strtol(f[1], &end, 10);
  if (*end != '\0' || end == f[1])
    return gr_error_set(err, GR_EINPUT, "%s:%d: sample '%s' is not a whole number", path, lineno, f[1]);
  if (sample < 0 || sample > GR_BENCH_RECORD_MAX_SAMPLE)
    return gr_error_set(err, GR_EINPUT, "%s:%d: sample %s is out of range (0 for a phase, 1 to %d for a bench sample)", path, lineno, f[1], GR_BENCH_RECORD_MAX_SAMPLE);
  for (i = 0; i < 3; i++)
    if ((rc = record_number(f[2 + i], i, sample, &x[i], path, lineno, err)) != GR_OK)
      return rc;
  if ((rc = record_iterations(ncols == 7 ? f[6] : NULL, &it, path, lineno, err)) != GR_OK)
    return rc;
  if (gr_bench_record_add_sample(r, f[0], (int)sample, it, x[0], x[1], x[2], f[5]) != GR_OK)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  return GR_OK;
}

/* One line of a record: header, column header or row; *ncols is 0 before
 * the column header, then 6 (records before iterations were counted) or 7. */
static int record_line(struct gr_bench_record *r, char *line, const char *name,
                       int lineno, int *ncols, struct gr_error *err)
{
  char *colon;
  if (line[0] == '#') {
    if ((colon = strchr(line, ':')) == NULL || line[1] != ' ')
      return GR_OK;
    *colon = '\0';
    return record_header(r, line + 2, colon[1] == ' ' ? colon + 2 : colon + 1, name, lineno, err);
  }
  if (*ncols == 0) {
    if (strcmp(line, GR_BENCH_RECORD_COLUMNS) == 0)
      *ncols = 7;
    else if (strcmp(line, "name\tsample\twall_s\tcpu_s\twork\tunit") == 0)
      *ncols = 6;
    else
      return gr_error_set(err, GR_EINPUT, "%s:%d: expected the column header 'name sample wall_s cpu_s work unit iterations'", name, lineno);
    return GR_OK;
  }
  return line[0] != '\0' ? record_row(r, line, *ncols, name, lineno, err) : GR_OK;
}

/* The bytes_per_unit line "<kernel> <bytes>" at lineno: every row of that
 * kernel gets the count (a finite number >= 0). */
static int record_bytes(struct gr_bench_record *r, const char *v, const char *path, int lineno,
                        struct gr_error *err)
{
  const char *sp = strrchr(v, ' ');
  char *end;
  double x;
  size_t k, n = sp ? (size_t)(sp - v) : 0;
  x = sp ? strtod(sp + 1, &end) : -1.0;
  if (sp == NULL || n == 0 || *end != '\0' || end == sp + 1 || !isfinite(x) || x < 0)
    return gr_error_set(err, GR_EINPUT, "%s:%d: bytes_per_unit must be '<kernel> <bytes>', bytes a finite number >= 0", path, lineno);
  for (k = 0; k < r->nrows; k++)
    if (strncmp(r->rows[k].name, v, n) == 0 && r->rows[k].name[n] == '\0')
      r->rows[k].bytes = x;
  return GR_OK;
}

/* Second pass over the header: the bytes_per_unit lines, once the rows
 * they name are read. */
static int record_bytes_lines(struct gr_bench_record *r, char *buf, const char *path,
                              struct gr_error *err)
{
  static const char key[] = "# bytes_per_unit: ";
  char *line, *next;
  int lineno = 0, rc = GR_OK;
  for (line = buf; rc == GR_OK && line && *line; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    lineno++;
    line[strcspn(line, "\r")] = '\0';
    if (strncmp(line, key, sizeof key - 1) == 0)
      rc = record_bytes(r, line + sizeof key - 1, path, lineno, err);
  }
  return rc;
}

int gr_bench_record_parse(const char *name, const char *text, size_t len,
                          struct gr_bench_record *r, struct gr_error *err)
{
  char *buf, *line, *next;
  int lineno = 0, rc, ncols = 0;
  memset(r, 0, sizeof *r);
  if ((rc = gr_fsio_check_text(name, text, len, 1, err)) != GR_OK)
    return rc;
  if (len < 18 || strncmp(text, "# granrepro record", 18) != 0)
    return gr_error_set(err, GR_EINPUT, "%s:1: not a granrepro record (write one with 'granrepro bench')", name);
  if ((buf = malloc(len + 1)) == NULL)
    return gr_error_set(err, GR_ENOMEM, "out of memory reading '%s'", name);
  memcpy(buf, text, len);
  buf[len] = '\0';
  for (line = buf; rc == GR_OK && line && *line; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    lineno++;
    line[strcspn(line, "\r")] = '\0';
    rc = record_line(r, line, name, lineno, &ncols, err);
  }
  if (rc != GR_OK)
    goto fail;
  memcpy(buf, text, len);
  rc = record_bytes_lines(r, buf, name, err);
fail:
  free(buf);
  if (rc != GR_OK)
    gr_bench_record_free(r);
  return rc;
}

int gr_bench_record_load(const char *path, struct gr_bench_record *r, struct gr_error *err)
{
  char *text;
  size_t len;
  int rc;
  memset(r, 0, sizeof *r);
  if ((rc = gr_fsio_read(path, &text, &len, err)) != GR_OK)
    return rc;
  rc = gr_bench_record_parse(path, text, len, r, err);
  free(text);
  return rc;
}

void gr_bench_record_free(struct gr_bench_record *r)
{
  free(r->rows);
  r->rows = NULL;
  r->nrows = r->caprows = 0;
}
