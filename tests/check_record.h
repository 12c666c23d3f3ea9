/* granrepro tests: a bench record with every header field set, shared by
 * check_record.c and check_compare.c. */
#ifndef GR_CHECK_RECORD_H
#define GR_CHECK_RECORD_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "bench/record.h"

/* A bench record with every header field set. */
static inline void sample_record(struct gr_bench_record *r)
{
  memset(r, 0, sizeof *r);
  snprintf(r->machine.host, sizeof r->machine.host, "test host/1");
  snprintf(r->machine.cpu, sizeof r->machine.cpu, "Test CPU @ 1.00GHz");
  r->machine.cores = 8;
  r->machine.memory_kib = 16384000;
  snprintf(r->machine.os, sizeof r->machine.os, "TestOS 1.0 (x)");
  snprintf(r->machine.compiler, sizeof r->machine.compiler, "gcc 99.1");
  snprintf(r->machine.cflags, sizeof r->machine.cflags, "-O2 -g -fopenmp");
  snprintf(r->machine.gsl, sizeof r->machine.gsl, "2.7.1");
  snprintf(r->machine.revision, sizeof r->machine.revision, "0123456789ab-dirty");
  snprintf(r->kind, sizeof r->kind, "bench");
  snprintf(r->experiment, sizeof r->experiment, "c12");
  snprintf(r->date, sizeof r->date, "2026-01-02T03:04:05Z");
  snprintf(r->mode, sizeof r->mode, "quick");
  r->seed = 4294967295UL;
  r->threads = 3;
  ck_assert_int_eq(gr_bench_record_add(r, "c12/sweep", 1, 0.125, 0.25, 10001, "collisions"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add(r, "c12/sweep", 2, 0.0015, 2.5e-3, 0.1, "collisions"), GR_OK);
  ck_assert_int_eq(gr_bench_record_add(r, "c12/phase x", 0, 3.0, 2.0, 0.0, ""), GR_OK);
}

#endif
