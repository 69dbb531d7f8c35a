# Shared helpers for panrocks scripts; sourced, not run.
# shellcheck shell=bash

PANROCKS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PANROCKS_ROOT

say() { printf '[panrocks] %s\n' "$*" >&2; }
die() { printf '[panrocks] error: %s\n' "$*" >&2; exit 1; }

# Debian packages the bundled engine's build needs (scripts/build-engine.sh;
# the compiler itself, zig, comes from PyPI through scripts/toolchain.sh):
# xz and bzip2 unpack source tarballs.
PANROCKS_ENGINE_PACKAGES=(make cmake xz-utils bzip2 patch)
# Debian packages the build and tests need (the README lists the same):
# GoogleTest's sources (libgtest-dev) for the C ABI tests, g++ for its
# AddressSanitizer runtime and for builds against a shared RocksDB.
# objcopy for each Linux target: the libraries in the jar are stripped and
# their debug information split off (scripts/build-native.sh --jar).
PANROCKS_OBJCOPY_PACKAGES=(binutils-x86-64-linux-gnu binutils-aarch64-linux-gnu)
PANROCKS_DEBIAN_PACKAGES=(cmake make g++ libgtest-dev maven "${PANROCKS_ENGINE_PACKAGES[@]}" "${PANROCKS_OBJCOPY_PACKAGES[@]}")

# Installs missing Debian packages when root; otherwise prints the exact
# command and fails.
ensure_packages() {
    local missing=()
    local pkg
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        die "missing packages ${missing[*]} and no apt-get here; install their equivalents"
    fi
    if [ "$(id -u)" -eq 0 ]; then
        say "installing Debian packages: ${missing[*]}"
        if [ -z "${PANROCKS_APT_UPDATED:-}" ]; then
            DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || die "apt-get update failed"
            export PANROCKS_APT_UPDATED=1
        fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
            || die "apt-get install ${missing[*]} failed"
    else
        die "missing Debian packages; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}"
    fi
}

# The Debian mirror this machine's apt already uses (deb822 *.sources or
# one-line *.list; security mirrors skipped), so that no host name is written
# into the repository. PANROCKS_DEBIAN_MIRROR overrides.
debian_mirror() {
    if [ -n "${PANROCKS_DEBIAN_MIRROR:-}" ]; then echo "$PANROCKS_DEBIAN_MIRROR"; return; fi
    local f uri
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        uri="$(awk 'tolower($1)=="uris:" { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' "$f")"
        [ -n "$uri" ] && { echo "$uri"; return; }
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        uri="$(awk '$1=="deb" || $1=="deb-src" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { if ($i !~ /security/) { print $i; exit } else break } }' "$f")"
        [ -n "$uri" ] && { echo "$uri"; return; }
    done
    die "no Debian mirror in /etc/apt/sources.list*; set PANROCKS_DEBIAN_MIRROR=http://your-mirror/debian"
}

# Feature version (22, 25, ...) of the JDK at $1, or nothing.
jdk_feature_version() {
    local home="$1" v=""
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
    if [ -f "$home/release" ]; then
        v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")"
    fi
    if [ -z "$v" ]; then
        v="$("$home/bin/java" -XshowSettings:properties -version 2>&1 \
            | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')"
    fi
    printf '%s' "$v"
}

# Sets JAVA_HOME to the newest JDK >= 22 on this machine: PANROCKS_JAVA_HOME
# when given, else JAVA_HOME, the java on PATH and the usual JVM folders.
find_jdk() {
    if [ -n "${PANROCKS_JAVA_HOME:-}" ]; then
        local v
        v="$(jdk_feature_version "$PANROCKS_JAVA_HOME")"
        [ -n "$v" ] && [ "$v" -ge 22 ] || die "PANROCKS_JAVA_HOME=$PANROCKS_JAVA_HOME is not a JDK >= 22"
        export JAVA_HOME="$PANROCKS_JAVA_HOME"
        return 0
    fi
    local candidates=() best="" best_v=0 c v
    [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
    if command -v java >/dev/null 2>&1; then
        candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
    fi
    for c in /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/jdk* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
        [ -d "$c" ] && candidates+=("$c")
    done
    for c in "${candidates[@]}"; do
        v="$(jdk_feature_version "$c")"
        if [ -n "$v" ] && [ "$v" -ge 22 ] && [ "$v" -gt "$best_v" ]; then
            best="$c"; best_v="$v"
        fi
    done
    [ -n "$best" ] || die "no JDK >= 22 found (looked at JAVA_HOME, PATH and /usr/lib/jvm). Install one, e.g. Temurin 25 from https://adoptium.net, or set PANROCKS_JAVA_HOME."
    export JAVA_HOME="$(readlink -f "$best")"
    export PATH="$JAVA_HOME/bin:$PATH"
}

# Everything a build needs: packages and a JDK.
setup_environment() {
    ensure_packages "${PANROCKS_DEBIAN_PACKAGES[@]}"
    find_jdk
    say "JDK: $JAVA_HOME ($(jdk_feature_version "$JAVA_HOME"))"
}

# A property of the root pom (e.g. rocksdbjni.version).
pom_property() { sed -n "s:.*<$1>\\(.*\\)</$1>.*:\\1:p" "$PANROCKS_ROOT/pom.xml" | head -1; }

mvn_cmd() {
    # Maven 3.8's bundled Guava calls sun.misc.Unsafe, which JDK 24+ warns
    # about on every run; that noise is Maven's, not ours.
    local opts="${MAVEN_OPTS:-}"
    if [ "$(jdk_feature_version "$JAVA_HOME")" -ge 24 ]; then
        opts="$opts --sun-misc-unsafe-memory-access=allow"
    fi
    MAVEN_OPTS="$opts" mvn -B -ntp "$@"
}

# The tools module (tools/: the Java programs of the scripts) and what it is built on, built with
# `mvn package` (tests skipped; nothing installed) when its jar is missing or older than a source of
# panrocks or of the tools. Sets PANROCKS_JAR (java-api/target's panrocks jar) and TOOLS_JAR.
build_tools() {
    local version
    version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$PANROCKS_ROOT/java-api/pom.xml" | head -1)"
    PANROCKS_JAR="$PANROCKS_ROOT/java-api/target/panrocks-$version.jar"
    TOOLS_JAR="$PANROCKS_ROOT/tools/target/panrocks-tools-$version.jar"
    if [ ! -f "$PANROCKS_JAR" ] || [ ! -f "$TOOLS_JAR" ] || [ -n "$(cd "$PANROCKS_ROOT" && find native/src native/include \
            java-api/src jextract-bindings/src tools/src tools/pom.xml -newer "$TOOLS_JAR" -type f 2>/dev/null | head -1)" ]; then
        say "building the io.panrocks module and the tools (mvn package -pl tools -am, tests skipped)"
        (cd "$PANROCKS_ROOT" && mvn_cmd -q package -DskipTests -pl tools -am) >&2
    fi
}

# The file whose header comment is the --help: the script run, or the mode file it runs (run_mode).
PANROCKS_SCRIPT="$0"

# The header comment of $PANROCKS_SCRIPT (from its first line, #! and shellcheck directives left out,
# to the first line that is not a comment), without the comment marks: its --help.
script_help() {
    awk 'NR == 1 && /^#!/ { next } /^# shellcheck / { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' \
        "$PANROCKS_SCRIPT"
}

# run_mode PREFIX "MODE..." ARGS...: the modes of an entry script (scripts/bench.sh revisions BEFORE).
# When ARGS starts with one of the MODEs, runs the file PREFIX<mode>.sh in this shell with the
# arguments after the mode word, then exits (its header is its --help); otherwise returns, and the
# entry script does its own run. The file is sourced inside this function, which therefore has no
# local variables of its own: a mode sees and sets the script's globals only (its `declare -A` needs -g).
run_mode() {
    [ $# -ge 3 ] && [[ " $2 " == *" $3 "* ]] || return 0
    PANROCKS_SCRIPT="$1$3.sh"
    shift 3
    # shellcheck disable=SC1090
    source "$PANROCKS_SCRIPT" "$@"
    exit 0
}

# parse_options ARGS...: the options of every script, parsed here once. What a script takes is what
# it has set before the call:
#   --quick | --standard | --full    mode=<that>, when the script has a variable mode and lists it in
#                                    $modes (unset: "quick standard")
#   --no-build                       build=0, when the script has a variable build
#   --no-docs                        docs=0, when the script has a variable docs
#   -h | --help                      the script's header (script_help), then exit
#   a word that is no option         appended to the array arguments, when the script has one
#                                    (arguments=()); after `--` every word is one
# Any other option goes to the script's own `own_option OPTION [NEXT]` if it defines one: it sets
# what it knows and returns 0 when it took OPTION alone, 10 when it took NEXT as OPTION's value,
# anything else when it does not know OPTION (then this dies naming it).
parse_options() {
    local rc words=0
    while [ $# -gt 0 ]; do
        if [ "$words" = 0 ]; then
            case "$1" in
                --) words=1; shift; continue ;;
                --quick | --standard | --full)
                    if [ -n "${mode+set}" ] && [[ " ${modes-quick standard} " == *" ${1#--} "* ]]; then
                        mode="${1#--}"; shift; continue
                    fi ;;
                --no-build) [ -n "${build+set}" ] && { build=0; shift; continue; } ;;
                --no-docs) [ -n "${docs+set}" ] && { docs=0; shift; continue; } ;;
                -h | --help) script_help; exit 0 ;;
            esac
        fi
        if [ "$words" = 1 ] || [[ "$1" != -* ]]; then
            declare -p arguments >/dev/null 2>&1 || die "unexpected argument $1 (see --help)"
            arguments+=("$1")
            shift
            continue
        fi
        rc=1
        if declare -F own_option >/dev/null; then
            if own_option "$@"; then rc=0; else rc=$?; fi
        fi
        case "$rc" in
            0) ;;
            10) shift ;;
            *) die "unknown option $1 (see --help)" ;;
        esac
        shift
    done
}
