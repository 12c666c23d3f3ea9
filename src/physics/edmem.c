/* granrepro physics: huge-page friendly allocation for the event-driven
 * engine's arrays (see edmem.h).
 *
 * On the KVM guest of the bench the host backs guest memory with 4 KiB
 * pages, so huge pages only shorten the nested page walk (3-4 % at 1e5
 * disks); the 1e5 kernel's spread from run to run is the host's L3, not
 * the program: docs/speed-history.md#edmem.
 */
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
