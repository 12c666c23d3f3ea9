/* granrepro physics: huge-page friendly allocation for the event-driven
 * engine's arrays (see edmem.h).
 *
 * On the 2-core KVM guest the bench runs on, the host backs guest memory
 * with 4 KiB pages: a guest huge page still takes 4 KiB TLB entries (a
 * chase over one line per page of a THP chunk slows from 1.25 to 3.44 ns
 * past 64 pages, the L1 TLB, with or without THP), so huge pages only
 * shorten the nested page walk: 3-4 % at 1e5 disks; THP also for the
 * 0.5-2 MiB arrays (heads, tree leaves) gave 0.98-1.00 (paired copies in
 * one process).  The 1e5 kernel's spread (850-1440 ns per collision with
 * the guest idle) is not in the program: the melted state is the same
 * bytes in every process, copies of it on other pages run within 2 % of
 * each other in one process, and its samples vary inside one process with
 * a 10-16 MiB pointer chase timed between them: its 13 MB of hot data sit
 * at the edge of the share of the L3 that the host's other tenants leave
 * (edmd-variance, 2026-11-24). */
#define _DEFAULT_SOURCE /* madvise */
#include "physics/edmem.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define EDMEM_HUGE ((size_t)2 << 20)

void *gr_edmem_alloc(size_t bytes)
{
  size_t align = bytes >= EDMEM_HUGE ? EDMEM_HUGE : 64;
  void *p;
  bytes = (bytes + align - 1) / align * align; /* aligned_alloc: a multiple of the alignment */
  if (bytes == 0)
    bytes = align;
  p = aligned_alloc(align, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (p != NULL && align == EDMEM_HUGE)
    (void)madvise(p, bytes, MADV_HUGEPAGE); /* a hint: failure changes nothing */
#endif
  return p;
}
