"""granrepro docs: the height fields and S(k) of one bizon-patterns layer, from a shard's journal.

Usage: docs/bizon-shard-fields.py JOURNAL OUT [BOX]

A shard of bizon-patterns (`granrepro run --shard K/N`) keeps each layer's
result in DIR/shards/bizon-patterns/K-of-N/journal.txt as the bytes of its
struct bz_res (experiments/bizon1998/bizon.h: ten ints, ten doubles, two
long longs, a double, then S(k) averaged over the measured cycles and the
last two height fields, nx ny and 2 nx ny doubles; the journal's abi line
says little-endian, 8-byte doubles and long longs).  This writes, for the
journal's first layer, OUT-top.dat and OUT-sk.dat as the report's
fig1X-top.dat and fig1X-sk.dat (experiments/bizon1998/bizon_view.c), so
that the report's figure scripts draw a lone unit of a transient study
(docs/bizon-transients.md) without a merge of all units.  It prints the
layer's type, wavelength and response.  BOX is the box's sides in sigma,
LX or LXxLY (a square box, or option aspect: 100x86.60254), needed when
they are not whole numbers (the layer's nx, ny are their roundings; default
nx and ny).
tests/bizon_shard_fields.sh holds its files to a report's, byte for byte.
"""
import math
import os
import struct
import sys

TYPES = ["flat", "stripes", "squares", "hexagons", "other"]
HEAD = struct.Struct("<10i7d2d2qd")  # struct bz_res up to its arrays: 136 bytes


def die(msg):
    """One line on stderr, exit status 2 (bad input)."""
    sys.stderr.write("bizon-shard-fields.py: %s\n" % msg)
    sys.exit(2)


def layer(journal):
    """The first layer's name and payload in a shard journal."""
    try:
        f = open(journal)
    except OSError as e:
        die("cannot read %s: %s" % (journal, e.strerror))
    with f:
        abi = None
        for line in f:
            part = line.rstrip("\n").split("\t")
            if part[0] == "abi":
                abi = part[1]
            if part[0] == "cond":
                if abi != "le-8-8":
                    die("%s: abi %s, not le-8-8 (decode it on a machine of its layout)" % (journal, abi))
                return part[2], bytes.fromhex(part[4])
    die("no layer (cond line) in %s: give a bizon-patterns shard journal" % journal)


def main():
    if len(sys.argv) not in (3, 4):
        die("usage: bizon-shard-fields.py JOURNAL OUT [BOX]")
    name, b = layer(sys.argv[1])
    h = HEAD.unpack_from(b)
    nx, ny = h[2], h[3]
    nn = nx * ny
    if len(b) != HEAD.size + 24 * nn:
        die("%s: %d bytes, not a layer of %d x %d" % (name, len(b), nx, ny))
    savg = struct.unpack_from("<%dd" % nn, b, HEAD.size)
    h2 = struct.unpack_from("<%dd" % (2 * nn), b, HEAD.size + 8 * nn)
    lx, ly = float(nx), float(ny)
    if len(sys.argv) == 4:
        try:
            side = [float(v) for v in sys.argv[3].split("x")]
        except ValueError:
            side = []
        if len(side) not in (1, 2) or min(side) <= 0:
            die("BOX %s is not LX or LXxLY in sigma (100, or 100x86.60254)" % sys.argv[3])
        lx, ly = side[0], side[-1]
    m1 = m2 = 0.0
    for i in range(nn):  # the means as bizon_view.c sums them
        m1 += h2[i] / nn
        m2 += h2[nn + i] / nn
    top, sk = sys.argv[2] + "-top.dat", sys.argv[2] + "-sk.dat"
    with open(top + ".tmp", "w") as f:
        f.write("# x y h_cycle1_minus_mean h_cycle2_minus_mean\n")
        for j in range(ny):
            for i in range(nx):
                f.write("%.3f %.3f %.4f %.4f\n" % ((i + 0.5) * lx / nx, (j + 0.5) * ly / ny,
                                                   h2[j * nx + i] - m1, h2[nn + j * nx + i] - m2))
            f.write("\n")
    smin = min(savg[1:])
    with open(sk + ".tmp", "w") as f:
        f.write("# kx ky log10_S\n")
        for j in range(-(ny // 2), ny // 2 + 1):
            for i in range(-(nx // 2), nx // 2 + 1):
                ix, iy = (i + nx if i < 0 else i), (j + ny if j < 0 else j)
                if ix >= nx or iy >= ny:
                    continue
                s = smin if ix == 0 and iy == 0 else savg[iy * nx + ix]
                f.write("%.4f %.4f %.4f\n" % (2 * math.pi * i / lx, 2 * math.pi * j / ly, math.log10(s + 1e-6)))
            f.write("\n")
    os.replace(top + ".tmp", top)  # whole files or none
    os.replace(sk + ".tmp", sk)
    print("%s: %d x %d, %s (%d directions), lambda %.1f (resolution %.1f), response %d, "
          "pair collisions a sphere and cycle %.1f, overlaps %d" %
          (name, nx, ny, TYPES[h[4]] if 0 <= h[4] < 5 else h[4], h[5], h[12], h[13], h[8], h[18], h[19]))


main()
