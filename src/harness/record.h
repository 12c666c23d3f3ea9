/* granrepro harness: run and benchmark records.
 *
 * A record is a TSV file reports/records/<host>-<date>-<exp>.tsv:
 *   # granrepro record
 *   # kind: run | bench
 *   # experiment: c12
 *   # date: 2026-11-21T23:50:00Z
 *   # host: ...   # cpu: ...   # cores: 2   # memory_kib: ...   # os: ...
 *   # compiler: ...   # cflags: ...   # gsl: 2.7.1   # revision: ...
 *   # seed: 1   # mode: quick|full   # threads: 1
 *   name<TAB>sample<TAB>wall_s<TAB>cpu_s<TAB>work<TAB>unit
 *   c12/sweep<TAB>1<TAB>0.1234<TAB>0.1230<TAB>10001<TAB>runs
 * Run records hold one row per phase (sample 0); bench records hold one
 * row per timed sample of each kernel.
 */
#ifndef GR_RECORD_H
#define GR_RECORD_H

#include <stddef.h>

struct gr_error;

struct gr_machine {
  char host[128];
  char cpu[256];
  int cores;
  long memory_kib;
  char os[256];
  char compiler[128];
  char cflags[512];
  char gsl[32];
  char revision[96];
};

struct gr_sample {
  char name[128];  /* phase or "<exp>/<kernel>" */
  int sample;      /* 0 for a phase, 1.. for bench samples */
  double wall;     /* seconds */
  double cpu;      /* seconds of process CPU time */
  double work;     /* work units done in the sample (0 when not counted) */
  char unit[32];   /* what work counts, "-" when none */
};

struct gr_record {
  struct gr_machine machine;
  char kind[16];        /* "run" or "bench" */
  char experiment[64];  /* key, or "all" */
  char date[32];        /* UTC, ISO 8601 */
  char mode[16];        /* "quick" or "full" */
  unsigned long seed;
  int threads;
  struct gr_sample *rows;
  size_t nrows, caprows;
};

/* Describe this machine and build (CPU model, cores, memory, OS, compiler,
 * flags, GSL version, git revision of the source tree). */
void gr_record_machine(struct gr_machine *m);

/* Append a row; GR_ENOMEM on failure. */
int gr_record_add(struct gr_record *r, const char *name, int sample,
                  double wall, double cpu, double work, const char *unit);

/* Write the record to <dir>/<host>-<date>-<exp>.tsv (atomically); the path
 * written is copied to path (size n) when path is not NULL. */
int gr_record_write(const char *dir, const struct gr_record *r, char *path,
                    size_t n, struct gr_error *err);

/* Read a record file; GR_EINPUT with "path:line: ..." when malformed. */
int gr_record_load(const char *path, struct gr_record *r, struct gr_error *err);

void gr_record_free(struct gr_record *r);

#endif
