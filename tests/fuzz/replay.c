/* granrepro fuzz replay: feeds files to a fuzz target's entry point
 * (fuzz.h) without libFuzzer, so `make check` replays the corpus with the
 * normal compiler.  With no arguments it replays every file of
 * GR_SRCDIR/tests/fuzz/corpus/GR_FUZZ_TARGET/ (or of $top_srcdir's when
 * set); arguments name files or folders to replay instead. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/fuzz/fuzz.h"

#ifndef GR_FUZZ_TARGET
#error "define GR_FUZZ_TARGET, the corpus folder's name"
#endif
#ifndef GR_SRCDIR
#define GR_SRCDIR "."
#endif

/* Feed one file to the target; 0, or 1 when it cannot be read. */
static int replay_file(const char *path)
{
  FILE *fp = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t n = 0, cap = 0, k;
  if (fp == NULL) {
    perror(path);
    return 1;
  }
  do {
    if (cap - n < 4096) {
      unsigned char *t = realloc(buf, cap = cap ? 2 * cap : 65536);
      if (t == NULL) {
        free(buf);
        fclose(fp);
        return 1;
      }
      buf = t;
    }
    n += k = fread(buf + n, 1, cap - n, fp);
  } while (k > 0);
  fclose(fp);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  return 0;
}

/* Replay path: a file, or every regular file of a folder; *count grows
 * by the inputs replayed.  0, or 1 on a read error. */
static int replay(const char *path, int *count)
{
  struct stat st;
  struct dirent *e;
  char sub[4096];
  DIR *d;
  int bad = 0;
  if (stat(path, &st) != 0) {
    perror(path);
    return 1;
  }
  if (!S_ISDIR(st.st_mode)) {
    ++*count;
    return replay_file(path);
  }
  if ((d = opendir(path)) == NULL) {
    perror(path);
    return 1;
  }
  while ((e = readdir(d)) != NULL) {
    snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
    if (e->d_name[0] != '.' && stat(sub, &st) == 0 && S_ISREG(st.st_mode)) {
      ++*count;
      bad |= replay_file(sub);
    }
  }
  closedir(d);
  return bad;
}

int main(int argc, char **argv)
{
  char dir[4096];
  const char *src = getenv("top_srcdir");
  int i, bad = 0, count = 0;
  if (argc < 2) {
    snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s", src && *src ? src : GR_SRCDIR, GR_FUZZ_TARGET);
    bad = replay(dir, &count);
    if (count == 0) {
      fprintf(stderr, "replay: no inputs in %s\n", dir);
      return 1;
    }
  }
  for (i = 1; i < argc; i++)
    bad |= replay(argv[i], &count);
  printf("replayed %d inputs of fuzz target %s\n", count, GR_FUZZ_TARGET);
  return bad;
}
