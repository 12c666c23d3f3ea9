/* granrepro experiments: the table of registered experiments, built from
 * GR_EXPERIMENT_LIST in registry.h. */
#include "experiments/registry.h"

#include <string.h>

#include "harness/experiment.h"

#define GR_DECLARE(key) extern const struct gr_experiment gr_exp_##key;
GR_EXPERIMENT_LIST(GR_DECLARE)
#undef GR_DECLARE

#define GR_ENTRY(key) &gr_exp_##key,
const struct gr_experiment *const gr_experiments[] = {GR_EXPERIMENT_LIST(GR_ENTRY)};
#undef GR_ENTRY

const size_t gr_nexperiments = sizeof gr_experiments / sizeof gr_experiments[0];

/* Look an experiment up by its command-line key. */
const struct gr_experiment *gr_experiment_find(const char *key)
{
  size_t i;
  for (i = 0; i < gr_nexperiments; i++)
    if (strcmp(gr_experiments[i]->key, key) == 0)
      return gr_experiments[i];
  return NULL;
}
