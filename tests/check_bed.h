/* granrepro tests: the shaken-bed model of Wilson (2001) with the
 * listing's constants (fcn.inc, fcn1), shared by check_bed and
 * check_bedint; readings default to no pair damping, flags off. */
#ifndef GR_CHECK_BED_H
#define GR_CHECK_BED_H

#include "physics/bed.h"

static const struct gr_wca W = {1.7, 0.25};

static inline struct gr_bed_model bed_model(size_t n, double box)
{
  struct gr_bed_model m = {0};
  m.n = n;
  m.wca = W;
  m.box = box;
  m.gamma = 100.0;
  m.gamma_wall = 1.0;
  m.g = 2.0;
  m.amp = 0.25;
  m.freq = 5.0;
  m.damp = GR_BED_DAMP_NONE;
  return m;
}

#endif
