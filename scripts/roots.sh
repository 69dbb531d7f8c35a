# Minimal Debian roots for running panrocks on other Linux machines than this
# one: an older glibc, another architecture under emulation. Sourced by
# scripts/check-portable.sh and scripts/test-emulated.sh, not run.
# shellcheck shell=bash
#
# Before use: ROOTS_WORK (the folder the roots go into). Mounts made here are
# undone by roots_cleanup (set it as an EXIT trap).

ROOTS_MOUNTS=()

roots_cleanup() {
    local m
    for m in "${ROOTS_MOUNTS[@]}"; do mountpoint -q "$m" && umount "$m"; done
    ROOTS_MOUNTS=()
}

# make_root NAME SUITE ARCH [PACKAGE...]: a `debootstrap --variant=minbase`
# root in $ROOTS_WORK/NAME from the mirror this machine's apt uses, with /proc
# and /dev mounted; fails with debootstrap's log. A root made here is kept as
# a tarball in ${PANROCKS_ROOTS_CACHE:-~/.cache/panrocks-roots} for a week
# and unpacked instead of made again (an emulated arm64 root with a JDK takes
# minutes: its packages configure under qemu); PANROCKS_ROOTS_FRESH=1 always
# makes a new one.
ROOTS_CACHE="${PANROCKS_ROOTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/panrocks-roots}"
ROOTS_MAX_AGE_DAYS=7
make_root() {
    local name="$1" suite="$2" arch="$3"; shift 3
    local root="$ROOTS_WORK/$name" include=() packages="$*"
    [ $# -gt 0 ] && include=("--include=$(IFS=,; echo "$*")")
    [ "$arch" = amd64 ] || enable_emulation "$arch"
    local mirror; mirror="$(debian_mirror)"
    local key; key="$(printf '%s %s %s %s' "$suite" "$arch" "$packages" "$mirror" | sha256sum | cut -c1-12)"
    local cached="$ROOTS_CACHE/$suite-$arch-$key.tar"
    rm -rf "$root"
    if [ "${PANROCKS_ROOTS_FRESH:-0}" != 1 ] && [ -f "$cached" ] \
        && [ -n "$(find "$cached" -mtime -"$ROOTS_MAX_AGE_DAYS" 2>/dev/null)" ]; then
        say "$name: the $suite $arch root made $(date -r "$cached" -u +%Y-%m-%dT%H:%MZ) (minbase${packages:+ + $packages}), from $cached"
        mkdir -p "$root"
        tar -xf "$cached" -C "$root" || die "$name: cannot unpack $cached (PANROCKS_ROOTS_FRESH=1 makes a new root)"
    else
        say "$name: debootstrap --variant=minbase --arch=$arch ${include[*]} $suite (from the mirror in this machine's apt sources)"
        debootstrap --variant=minbase --arch="$arch" "${include[@]}" "$suite" "$root" "$mirror" \
            >"$ROOTS_WORK/$name-debootstrap.log" 2>&1 \
            || { tail -20 "$ROOTS_WORK/$name-debootstrap.log" >&2; die "$name: debootstrap of $suite ($arch) failed (log above)"; }
        mkdir -p "$ROOTS_CACHE"
        find "$ROOTS_CACHE" -name "$suite-$arch-*.tar" -delete
        tar -cf "$cached.partial" -C "$root" . && mv "$cached.partial" "$cached" \
            || { rm -f "$cached.partial"; say "$name: could not keep the root in $ROOTS_CACHE (carrying on)"; }
    fi
    mount -t proc proc "$root/proc"; ROOTS_MOUNTS+=("$root/proc")
    mount --bind /dev "$root/dev"; ROOTS_MOUNTS+=("$root/dev")
}

# enable_emulation ARCH: binfmt_misc with qemu-user's interpreter for ARCH
# (Debian's name: arm64), so that the root's programs (debootstrap's second
# stage, the JDK, the tests) run here as if on that machine.
enable_emulation() {
    local qemu
    case "$1" in arm64) qemu=qemu-aarch64 ;; *) die "no emulation set up for $1" ;; esac
    ensure_packages qemu-user-static binfmt-support
    [ -f /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc \
        || die "cannot mount binfmt_misc (needed to run $1 programs under qemu)"
    [ -f "/proc/sys/fs/binfmt_misc/$qemu" ] || update-binfmts --enable "$qemu" >/dev/null 2>&1 \
        || update-binfmts --import "$qemu" >/dev/null 2>&1 || true
    grep -q '^enabled' "/proc/sys/fs/binfmt_misc/$qemu" 2>/dev/null \
        || die "$qemu is not registered with binfmt_misc (packages qemu-user-static, binfmt-support)"
}

# in_root NAME COMMAND...: runs COMMAND in the root with a clean environment
in_root() {
    local name="$1"; shift
    chroot "$ROOTS_WORK/$name" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin TMPDIR=/tmp "$@"
}
