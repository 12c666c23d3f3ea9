/* granrepro physics: memory for the large arrays of the event-driven engine
 * (edmd.h, edtree.h).  At 1e5-1e6 disks the engine's arrays span tens to
 * hundreds of MB and every event touches a few random lines of each: with
 * 4 KiB pages nearly every such access also misses the TLB.  Arrays of 2 MiB
 * or more are therefore 2 MiB aligned and marked for transparent huge pages
 * (madvise MADV_HUGEPAGE, where the system has it; a hint, without effect
 * on results). */
#ifndef GR_EDMEM_H
#define GR_EDMEM_H

#include <stddef.h>

/* bytes of 64-byte aligned memory (free with free()); NULL when out of memory. */
void *gr_edmem_alloc(size_t bytes);

#endif
