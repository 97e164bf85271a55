#!/usr/bin/env python3
"""Converts Natural Earth's 1:110m land outline, as TopoJSON in the npm package world-atlas, to
the compact text file the map renderer reads (data/world/land-110m.txt). Run once, by hand; the
result is committed and nothing is downloaded at build time (data/world/README.md).

    npm pack world-atlas@2.0.2              # world-atlas-2.0.2.tgz, from the npm registry
    tar xzf world-atlas-2.0.2.tgz           # package/land-110m.json
    python3 scripts/convert_world_atlas.py package/land-110m.json data/world/land-110m.txt

Output: comment lines starting with '#', then one closed ring per line, "lon,lat lon,lat ...",
in decimal degrees with two decimals. A ring that crosses the antimeridian is unwrapped (its
longitudes run on past 180 or below -180) so that it has no jump; the renderer draws it twice,
360 degrees apart, and clips. Rings lying wholly south of 60 degrees S (Antarctica) are left out:
the map shows latitudes 60 S to 84 N. Holes (inner rings) are kept as rings; the renderer fills
with the even-odd rule.
"""
import json
import sys


def decode_arcs(topology):
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for point in arc:
            if transform:
                x += point[0]
                y += point[1]
                sx, sy = transform["scale"]
                tx, ty = transform["translate"]
                points.append((x * sx + tx, y * sy + ty))
            else:
                points.append((point[0], point[1]))
        arcs.append(points)
    return arcs


def ring_points(ring, arcs):
    points = []
    for index in ring:
        arc = arcs[index] if index >= 0 else list(reversed(arcs[~index]))
        points.extend(arc if not points else arc[1:])
    return points


def unwrap(points):
    out = [points[0]]
    for lon, lat in points[1:]:
        previous = out[-1][0]
        while lon - previous > 180:
            lon -= 360
        while lon - previous < -180:
            lon += 360
        out.append((lon, lat))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: convert_world_atlas.py land-110m.json OUT.txt")
    topology = json.load(open(sys.argv[1], encoding="utf-8"))
    arcs = decode_arcs(topology)
    rings = []
    for geometry in topology["objects"]["land"]["geometries"]:
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            for ring in polygon:
                points = unwrap(ring_points(ring, arcs))
                if max(lat for _, lat in points) < -60:
                    continue
                rings.append(points)
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write("# Natural Earth 1:110m land (public domain), from the npm package world-atlas\n")
        out.write("# 2.0.2 (land-110m.json), converted by scripts/convert_world_atlas.py.\n")
        out.write("# One ring per line: lon,lat pairs in decimal degrees; see data/world/README.md.\n")
        for points in rings:
            out.write(" ".join("%.2f,%.2f" % (lon, lat) for lon, lat in points) + "\n")
    print("%d rings, %d points" % (len(rings), sum(len(r) for r in rings)))


if __name__ == "__main__":
    main()
