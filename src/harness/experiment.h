/* granrepro harness: what an experiment declares.
 *
 * An experiment is a const struct gr_experiment gr_exp_<key> in
 * experiments/<key>.c, listed in experiments/registry.h.  It sets up a
 * scenario, calls src/physics/, and hands verdicts, data and figures to the
 * run context (ctx.h); it never opens files itself.
 */
#ifndef GR_EXPERIMENT_H
#define GR_EXPERIMENT_H

#include <stddef.h>

struct gr_ctx;
struct gr_error;

/* A timed kernel for `granrepro bench`: setup builds the state once, run
 * does one sample of work and returns how many work units it did (events,
 * runs, particle-steps), teardown frees the state.  A setup that returns
 * GR_OK with *state left NULL skips the kernel (bench prints "skipped").
 * arg is handed to setup unchanged, so one setup/run pair serves many
 * kernels (sizes, densities) without wrapper functions. */
struct gr_kernel {
  const char *name;  /* short, no spaces: "sweep"; a size and a thread
                        count as dash-separated tokens ("dem-step-1e5-t2")
                        put it on the speed page's curves (speed.h) */
  const char *unit;  /* what run() counts: "runs", "collisions" */
  /* published numbers a setup needs: gr_benchref_published (benchref.h) */
  int (*setup)(void **state, const void *arg, int quick, unsigned long seed,
               struct gr_error *err);
  double (*run)(void *state);
  void (*teardown)(void *state);
  const void *arg;   /* the kernel's parameters (NULL when none) */
};

struct gr_experiment {
  const char *key;       /* command-line name: "c12" */
  const char *title;
  const char *citation;  /* the paper, with section/table */
  const char *refdir;    /* folder under reference/: "argesim-c12" */
  int (*run)(struct gr_ctx *ctx);
  const struct gr_kernel *kernels;
  size_t nkernels;
  const char *options;   /* names --set NAME=VALUE may give, space-separated;
                            NULL: the experiment takes none */
  int shardable;         /* 1: its tasks are independent (each task's rows,
                            data, figures and values depend only on the seed
                            and its own work), so `run --shard K/N` and
                            `merge` may split them (shard.h) */
  int (*check_options)(struct gr_ctx *ctx);
                         /* reads and checks every --set value it takes,
                            running and writing nothing (NULL: it takes
                            none); the driver calls it for each selected
                            experiment before any of them runs */
};

/* 1 when name (up to its '=' or end) is one of e's options, else 0. */
int gr_experiment_has_option(const struct gr_experiment *e, const char *name);

/* All registered experiments (experiments/registry.c). */
extern const struct gr_experiment *const gr_experiments[];
extern const size_t gr_nexperiments;

/* The experiment with this key, or NULL. */
const struct gr_experiment *gr_experiment_find(const char *key);

#endif
