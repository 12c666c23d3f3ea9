/* granrepro experiments: the registry.  One X(key) per experiment; each
 * key names a `const struct gr_experiment gr_exp_<key>` defined in
 * experiments/<key>.c.  To add an experiment, add a line here (see
 * README.md "Adding an experiment"). */
#ifndef GR_REGISTRY_H
#define GR_REGISTRY_H

#define GR_EXPERIMENT_LIST(X) \
  X(c12) \
  X(greenspan) \
  X(vdw) \
  X(wilson_clumping) \
  X(wilson_bed) \
  X(sweetman_neighbors) \
  X(buchholtz_poeschel) \
  X(bizon_patterns)

#endif
