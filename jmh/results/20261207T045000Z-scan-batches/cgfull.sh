#!/usr/bin/env bash
# usage: EXTRA="..." cgfull.sh OUT JAR SHAPE N  -> instructions per op of InstructionCount panrocks SHAPE
set -eu
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
out=$1 jar=$2 shape=$3 n=$4
cp="$jar:$HOME/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar"
dir="$(mktemp -d)"; mkfifo "$dir/in"
valgrind --tool=callgrind --smc-check=all-non-file --instr-atstart=no --callgrind-out-file="$out" \
  "$JAVA_HOME/bin/java" -XX:-UsePerfData -Xbatch -Xms1g -Xmx1g --enable-native-access=ALL-UNNAMED ${EXTRA:-} \
  -Dpanrocks.library.path=${LIB:-/work/main/native/build/libpanrocks.so} -cp "$cp" io.panrocks.jmh.InstructionCount ${BINDING:-panrocks} "$shape" ${SIZE:-16} "$n" \
  <"$dir/in" >"$dir/out" 2>"$dir/err" &
vg=$!
exec 3>"$dir/in"
until grep -q READY "$dir/out" 2>/dev/null; do kill -0 $vg 2>/dev/null || { tail "$dir/err"; exit 1; }; sleep 0.5; done
pid="$(grep -o '^==[0-9]*==' "$dir/err" | head -1 | tr -d =)"
callgrind_control -z "$pid" >/dev/null 2>&1; callgrind_control -i on "$pid" >/dev/null 2>&1; echo >&3
until grep -q DONE "$dir/out" 2>/dev/null; do sleep 0.2; done
callgrind_control -d "$pid" >/dev/null 2>&1; callgrind_control -i off "$pid" >/dev/null 2>&1; echo >&3
exec 3>&-; wait $vg || true
t=$(awk '/^totals:/ {print $2}' "$out.1"); python3 -c "print('%s per op: %.0f' % ('$shape', $t/$n))"
