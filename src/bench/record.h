/* granrepro bench: run and benchmark records.
 *
 * A record is a TSV file reports/records/<host>-<date>-<exp>.tsv:
 *   # granrepro record
 *   # kind: run | bench
 *   # experiment: c12
 *   # date: 2026-11-21T23:50:00Z
 *   # host: ...   # cpu: ...   # cores: 2   # memory_kib: ...   # os: ...
 *   # governor: performance|unknown   # mhz: 2445
 *   # compiler: ...   # cflags: ...   # gsl: 2.7.1   # revision: ...
 *   # seed: 1   # mode: quick|full   # threads: 1
 *   # wait_policy: passive   # load_start: 0.50 0.42 0.30   # load_end: ...
 *   # bytes_per_unit: c12/sweep 312.5   (one line per kernel that counts them)
 *   name<TAB>sample<TAB>wall_s<TAB>cpu_s<TAB>work<TAB>unit<TAB>iterations
 *   c12/sweep<TAB>1<TAB>0.1234<TAB>0.1230<TAB>10001<TAB>runs<TAB>1
 * Run records hold one row per phase (sample 0); bench records hold one
 * row per timed sample of each kernel: the kernel run `iterations` times
 * (so that a sample lasts long enough to time), wall_s, cpu_s and work
 * being the totals of those runs.  Records written before the iterations
 * column existed are read with 1 iteration per sample.  A bytes_per_unit
 * line gives what a kernel says it touches per work unit (its last
 * sample's count, gr_kernel_bytes), so that bytes_per_unit * work / wall_s
 * is the bandwidth it used; every row of that kernel gets it on reading
 * (0 without the line).
 * A bench record also holds the cache probe's rows (probe.h), one sample
 * a round, as a pseudo-experiment no experiment of the registry is:
 *   machine/l3-chase-12MiB<TAB>1<TAB>0.0084<TAB>0.0084<TAB>393216<TAB>accesses<TAB>2
 * (2 passes over a 12 MiB random cycle, 393216 accesses: 21 ns each);
 * records from before the probe lack them.  Comparisons judge kernels
 * only and note the probe apart (gr_bench_probe_note).
 */
#ifndef GR_BENCH_RECORD_H
#define GR_BENCH_RECORD_H

#include <stddef.h>

struct gr_ctx;
struct gr_error;

struct gr_bench_machine {
  char host[128];
  char arch[72];      /* uname machine: x86_64, aarch64 */
  char cpu[256];
  int cores;
  long memory_kib;
  char os[256];
  char compiler[128];
  char cflags[512];
  char gsl[32];
  char revision[96];
  char governor[32];  /* cpufreq scaling governor of cpu0, "unknown" when
                         not readable (virtual machines) */
  char mhz[16];       /* "cpu MHz" of /proc/cpuinfo at the start, "unknown" */
};

struct gr_bench_sample {
  char name[128];  /* phase or "<exp>/<kernel>" */
  int sample;      /* 0 for a phase, 1.. for bench samples */
  double wall;     /* seconds */
  double cpu;      /* seconds of process CPU time */
  double work;     /* work units done in the sample (0 when not counted) */
  char unit[32];   /* what work counts, "-" when none */
  long iterations; /* runs of the kernel in the sample (>= 1); wall, cpu
                      and work are their totals */
  double bytes;    /* bytes touched per work unit (gr_kernel_bytes), 0
                      when not counted */
};

struct gr_bench_record {
  struct gr_bench_machine machine;
  char kind[16];        /* "run" or "bench" */
  char experiment[64];  /* key, or "all" */
  char date[32];        /* UTC, ISO 8601 */
  char mode[16];        /* "quick" or "full" */
  unsigned long seed;
  int threads;              /* OpenMP threads of the kernels */
  char wait_policy[16];     /* OMP_WAIT_POLICY in force ("passive"), "-" */
  char load_start[48];      /* 1, 5, 15 minute load averages at the start */
  char load_end[48];        /* ... and at the end ("" when not measured) */
  struct gr_bench_sample *rows;
  size_t nrows, caprows;
};

/* Describe this machine and build (CPU model, cores, frequency governor
 * and clock, memory, OS, compiler, flags, GSL version, git revision of the
 * source tree). */
void gr_bench_record_machine(struct gr_bench_machine *m);

#define GR_BENCH_RECORD_MAX_SAMPLE 100000 /* highest sample number (bench --repeat) */
#define GR_BENCH_RECORD_MAX_ITER 1000000000L /* most kernel runs in one sample */
#define GR_BENCH_RECORD_COLUMNS "name\tsample\twall_s\tcpu_s\twork\tunit\titerations"

/* Append a row of one iteration; GR_ENOMEM on failure, GR_EINPUT when
 * name or unit does not fit its field (nothing is cut). */
int gr_bench_record_add(struct gr_bench_record *r, const char *name, int sample,
                        double wall, double cpu, double work, const char *unit);

/* Append the phase timings of a run (sample 0 rows "<exp>/<phase>");
 * GR_ENOMEM on failure. */
int gr_bench_record_phases(struct gr_bench_record *r, const struct gr_ctx *ctx);

/* Append a sample of iterations (>= 1) runs, with their total times and
 * work; as gr_bench_record_add otherwise. */
int gr_bench_record_add_sample(struct gr_bench_record *r, const char *name, int sample,
                               long iterations, double wall, double cpu, double work,
                               const char *unit);

/* Write the record to <dir>/<host>-<date>-<exp>.tsv (atomically); the path
 * written is copied to path (size n) when path is not NULL. */
int gr_bench_record_write(const char *dir, const struct gr_bench_record *r, char *path,
                          size_t n, struct gr_error *err);

/* Read a record file; GR_EINPUT with "path:line: ..." when malformed:
 * NUL or control bytes, fields that do not fit, a sample number outside
 * 0..GR_BENCH_RECORD_MAX_SAMPLE, a time or work that is not a finite number
 * >= 0, a bench sample (sample >= 1) taking zero time. */
int gr_bench_record_load(const char *path, struct gr_bench_record *r, struct gr_error *err);

/* As gr_bench_record_load, from len bytes of text; name is used in messages. */
int gr_bench_record_parse(const char *name, const char *text, size_t len,
                          struct gr_bench_record *r, struct gr_error *err);

void gr_bench_record_free(struct gr_bench_record *r);

/* The 1, 5 and 15 minute load averages ("0.52 0.61 0.70"), or "unknown". */
void gr_bench_record_loadavg(char *out, size_t n);

#endif
