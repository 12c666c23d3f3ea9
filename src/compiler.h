/* granrepro: the few compiler-specific hints of the hot loops, guarded so
 * that gcc and clang on x86-64 and aarch64 all build them warning-free.
 *
 * gcc alone has the optimize attribute and `#pragma GCC ivdep`; clang's
 * loop pragma says the same as ivdep.  target_clones makes an AVX2 copy
 * beside the default one, chosen at load time through an ifunc: x86-64
 * with gcc only (other targets have no "avx2", clang 14's clones were not
 * measured).  On every other compiler or target the hints vanish and the
 * code is the plain C it always was. */
#ifndef GR_COMPILER_H
#define GR_COMPILER_H

#if defined(__GNUC__) && !defined(__clang__)
#define GR_GCC_OPTIMIZE(...) optimize(__VA_ARGS__)
#define GR_IVDEP _Pragma("GCC ivdep")
#elif defined(__clang__)
#define GR_GCC_OPTIMIZE(...)
#define GR_IVDEP _Pragma("clang loop vectorize(assume_safety)")
#else
#define GR_GCC_OPTIMIZE(...)
#define GR_IVDEP
#endif

/* GR_OPAQUE(v): the compiler may no longer reason about v's value (an
 * empty asm that "changes" it), so a condition computed into v stays one
 * branch; gcc and clang (both define __GNUC__), nothing elsewhere. */
#if defined(__GNUC__)
#define GR_OPAQUE(v) __asm__("" : "+r"(v))
#else
#define GR_OPAQUE(v) ((void)0)
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define GR_CLONES_AVX2 target_clones("avx2", "default")
#else
#define GR_CLONES_AVX2
#endif

#endif
