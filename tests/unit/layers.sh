#!/usr/bin/env bash
# The source tree's stages (CMakeLists.txt, BCR_SOURCES): every file of
# src/ sits in one stage folder; a file uses (includes, or calls a
# function or reads a variable defined in) only files of its own folder or
# of later folders in the order
#     api runtime exec plan layout kernels base
# and no files use each other in a loop, directly or through others.
#
#   bash tests/unit/layers.sh SRC_DIR OBJECT...
#
# The objects are the library's (one per .c file, as CMake names them:
# .../src/<folder>/<name>.c.o); a unit is a .c file and its .h together.
# Uses are read from #include lines and from the objects' symbol tables
# (nm), so calls through headers and through the linker both count.
set -euo pipefail
src=$1
shift
order=(api runtime exec plan layout kernels base)
rank() {
  local i
  for i in "${!order[@]}"; do
    [ "${order[$i]}" = "$1" ] && { echo "$i"; return; }
  done
  echo -1
}

fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every source file in a stage folder.
while IFS= read -r f; do
  rel=${f#"$src"/}
  folder=${rel%%/*}
  if [ "$folder" = "$rel" ] || [ "$(rank "$folder")" -lt 0 ]; then
    echo "layers: $rel is not in a stage folder (${order[*]})"
    fail=1
  fi
done < <(find "$src" -type f \( -name '*.c' -o -name '*.h' \) | sort)

# Include edges: unit -> unit of the header it includes.
find "$src" -type f \( -name '*.c' -o -name '*.h' \) | sort | while IFS= read -r f; do
  rel=${f#"$src"/}
  unit=${rel%.*}
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
    while IFS= read -r h; do
      [ "$h" = bcredist.h ] && continue
      if [ ! -f "$src/$h" ]; then
        echo "MISSING $unit $h"
        continue
      fi
      echo "$unit ${h%.*}"
    done
done > "$work/includes"
if grep -q '^MISSING' "$work/includes"; then
  grep '^MISSING' "$work/includes" | while read -r _ u h; do
    echo "layers: $u includes \"$h\", which is not a path below src/"
  done
  fail=1
  grep -v '^MISSING' "$work/includes" > "$work/i2" || true
  mv "$work/i2" "$work/includes"
fi

# Symbol edges: unit of an object -> unit of the object defining a symbol
# it uses.  Objects come as arguments, or as one ;-separated list.
objects=()
for a in "$@"; do
  IFS=';' read -r -a parts <<< "$a"
  objects+=("${parts[@]}")
done
if [ ${#objects[@]} -eq 0 ]; then
  echo "layers: no object files given"
  exit 1
fi
: > "$work/defs"
: > "$work/uses"
for o in "${objects[@]}"; do
  unit=$(printf '%s\n' "$o" | sed -n 's|.*/src/\(.*\)\.c\.o$|\1|p')
  if [ -z "$unit" ]; then
    echo "layers: cannot tell the source of $o"
    fail=1
    continue
  fi
  nm --defined-only -g "$o" | awk -v u="$unit" 'NF == 3 {print $3, u}' >> "$work/defs"
  nm -u "$o" | awk -v u="$unit" '{print $NF, u}' >> "$work/uses"
done
sort -k1,1 "$work/defs" > "$work/defs.s"
sort -k1,1 "$work/uses" > "$work/uses.s"
join "$work/uses.s" "$work/defs.s" | awk '{print $2, $3}' > "$work/calls"

sort -u "$work/includes" "$work/calls" | awk '$1 != $2' > "$work/edges"
echo "layers: $(wc -l < "$work/edges") uses between $(cut -d' ' -f1 "$work/edges" | sort -u | wc -l) units"

# Stage order.
while read -r from to; do
  rf=$(rank "${from%%/*}")
  rt=$(rank "${to%%/*}")
  if [ "$rf" -gt "$rt" ]; then
    how=include
    grep -qx "$from $to" "$work/calls" && how=call
    grep -qx "$from $to" "$work/includes" && how=include
    echo "layers: $from uses $to ($how): ${to%%/*}/ comes before ${from%%/*}/ in the stage order"
    fail=1
  fi
done < "$work/edges"

# Loops: tsort names the units of one when there is any.
if ! tsort "$work/edges" > /dev/null 2> "$work/loops"; then
  echo "layers: units that use each other in a loop:"
  sed -n 's/^tsort: //p' "$work/loops" | grep -v 'input contains a loop' | sed 's/^/  /'
  fail=1
fi

[ "$fail" -eq 0 ] && echo "layers: every use goes down the stage order, no loops"
exit "$fail"
