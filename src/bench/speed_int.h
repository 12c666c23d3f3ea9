/* granrepro bench: what speed.c (data, scripts) hands to speed_page.c
 * (HTML); private to the two. */
#ifndef GR_BENCH_SPEED_INT_H
#define GR_BENCH_SPEED_INT_H

#include <stddef.h>

struct gr_buf;
struct gr_error;
struct gr_bench_record;

/* One kernel of one experiment, its samples reduced. */
struct gr_bench_speed_kern {
  char name[128];   /* kernel name without "<exp>/" */
  char series[128]; /* gr_bench_speed_name's series */
  char unit[32];
  double n;         /* size (0 without a size token) */
  int threads, sized;
  double ns, lo, hi; /* wall ns per unit of work: median, min, max */
  double cpu_ns;     /* CPU ns per unit (all threads' CPU time), median */
  double bytes;      /* bytes touched per unit (gr_kernel_bytes), 0: not counted */
  size_t nsamp;
};

/* A series at one thread count: kernels k[0..n) in ascending size. */
struct gr_bench_speed_group {
  size_t k[64], n;
  double slope, slope_se; /* of ln ns against ln N (n >= 2), else 0 */
};

struct gr_bench_speed_exp {
  char key[64];
  struct gr_bench_speed_kern *kern;
  size_t nkern;
  struct gr_bench_speed_group grp[32];
  size_t ngrp;
  int has_threads; /* some group has threads > 1 */
  double stream;   /* GB/s of the streaming kernels ("bw-*", best at their
                      largest size), 0: none */
};

/* The experiments of rec's bench samples, reduced and grouped:
 * (*e)[0..*n) in order of first appearance; free with gr_bench_speed_free. */
int gr_bench_speed_build(const struct gr_bench_record *rec, struct gr_bench_speed_exp **e, size_t *n,
                         struct gr_error *err);
void gr_bench_speed_free(struct gr_bench_speed_exp *e);

/* The one-thread partner of kernel k (for its speed-up): its name with
 * "-t<k>" made "-t1" when e has that kernel, else the first one-thread
 * kernel of its series and size; NULL without. */
const struct gr_bench_speed_kern *gr_bench_speed_partner(const struct gr_bench_speed_exp *e,
                                                         const struct gr_bench_speed_kern *k);

/* Write <dir>/<exp>.frag.html, the section of e (figures that exist in
 * dir are shown, the others named by their scripts). */
int gr_bench_speed_fragment(const char *dir, const struct gr_bench_speed_exp *e,
                            const struct gr_bench_record *rec, struct gr_error *err);

#endif
