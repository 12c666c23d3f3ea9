#!/bin/sh
# granrepro tests: the splits of work over an OpenMP team hold when the team
# is smaller than asked for.  cellsort.c's half-shell walk and demstep.c's
# step share their slabs among the threads OpenMP gives (omp_get_num_threads
# inside the region), not among those asked for (p.threads, OMP_NUM_THREADS).
# Under OMP_THREAD_LIMIT the suites that ask for 2, 3 or 7 threads get fewer:
# their neighbour lists must equal the N-squared list and their DEM states
# the one-thread states bit for bit.  A split by the number asked for leaves
# slabs unwalked, which only this test sees (seen to fail: check_nbr's
# test_cellsort_threads and check_dem's test_threads_bitwise, with m set to
# the threads asked for).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

for s in nbr dem; do
  prog=$top_builddir/tests/check_$s
  [ -x "$prog" ] || skip "tests/check_$s is not built (configure found no Check)"
  # without OpenMP (configure --disable-openmp, or a compiler without it)
  # there is no team to split, and a pass would test nothing
  nm "$prog" 2>/dev/null | grep -q 'omp_get_num_threads' ||
    skip "tests/check_$s is built without OpenMP: no team to split"
  for limit in 1 2; do
    OMP_THREAD_LIMIT=$limit CK_VERBOSITY=minimal "$prog" >"$scratch/$s.$limit" 2>&1 ||
      fail "check_$s under OMP_THREAD_LIMIT=$limit: $(grep -m 3 ':[EF]:' "$scratch/$s.$limit")"
  done
done
pass
