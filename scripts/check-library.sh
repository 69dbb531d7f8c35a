#!/usr/bin/env bash
# Checks a built library without loading it, so that libraries for machines
# this one cannot run (macOS, Windows) are checked as far as a file can be:
#
#   scripts/check-library.sh TARGET FILE [REFERENCE]
#
#  - it is a library of TARGET's format and machine (ELF, Mach-O, PE/COFF);
#  - it exports the C ABI and nothing else: panrocks_* functions only, and the
#    same set as REFERENCE (another target's library, e.g. this machine's);
#  - it carries the C ABI version of the header it was built from and the
#    engine version the build pins (the build tag in native/src/db.cc);
#  - what it imports is the operating system's own: glibc only (no symbol
#    version above 2.17) on Linux, musl's libc.so alone for the -musl
#    targets, libSystem on macOS, Windows' own DLLs on
#    Windows; never a C++ runtime, a compression library or RocksDB.
#
# Prints one line: "library: TARGET FILE: ... ok". Uses llvm-nm, llvm-readobj
# and llvm-objdump (Debian's llvm), which read all three formats.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
[ $# -ge 2 ] || die "usage: check-library.sh TARGET FILE [REFERENCE]"
target="$1" file="$2" reference="${3:-}"
check_target "$target"
[ -f "$file" ] || die "$file does not exist"

llvm_tool() { # the tool, versioned or not, installing Debian's llvm when missing
    local t
    for t in "$1" "$1"-{19,18,17,16,15,14}; do command -v "$t" >/dev/null && { echo "$t"; return; }; done
    ensure_packages llvm
    command -v "$1" || command -v "$1-14" || die "no $1 after installing llvm"
}
NM="$(llvm_tool llvm-nm)"
READOBJ="$(llvm_tool llvm-readobj)"
OBJDUMP="$(llvm_tool llvm-objdump)"

# exported NAME list of a library, without the leading _ Mach-O adds
exports_of() {
    case "$(file_format "$1")" in
        elf) "$NM" -D --defined-only --extern-only --format=just-symbols "$1" ;;
        macho) "$NM" --defined-only --extern-only --format=just-symbols "$1" | sed 's/^_//' ;;
        coff) "$READOBJ" --coff-exports "$1" | sed -n 's/^ *Name: //p' ;;
    esac | sort -u
}
file_format() {
    local magic; magic="$(head -c 4 "$1" | od -An -tx1 | tr -d ' \n')"
    case "$magic" in
        7f454c46) echo elf ;;
        cffaedfe|cefaedfe) echo macho ;;
        4d5a*) echo coff ;;
        *) echo unknown ;;
    esac
}

format="$(file_format "$file")"
case "$target" in
    linux-*) want=elf ;;
    osx-*) want=macho ;;
    windows-*) want=coff ;;
esac
[ "$format" = "$want" ] || die "$file is $format, not the $want library $target needs"

machine="$("$READOBJ" --file-headers "$file" | sed -n 's/^ *\(Arch\|Machine\): *//p' | head -1)"
case "${target%-musl}:$machine" in
    *-x86_64:*x86-64*|*-x86_64:*x86_64*|*-x86_64:*AMD64*|*-aarch64:*aarch64*|*-aarch64:*AArch64*|*-aarch64:*ARM64*|*-aarch64:*arm64*) ;;
    *) die "$file is for machine '$machine', not $target" ;;
esac

exported="$(exports_of "$file")"
if [ "$format" = macho ]; then
    # Exported on Mach-O whatever the visibility, and harmless there (its
    # two-level namespace binds every import to the image it names): the
    # replaceable operator new/delete of the C++ runtime, the toku_* allocator
    # of RocksDB's range-lock code (declared visible in its header), zstd
    # 1.5.4's two x86-64 assembly loops (hidden on ELF only; upstream hides
    # them on Mach-O from 1.5.5), and what the linker itself defines.
    exported="$(grep -v -E '^(_Zn[wa]m|_Zd[la]Pv|toku_|_Z[0-9]+toku_|HUF_decompress4X[12]_usingDTable_internal_fast_asm_loop$|_mh_dylib_header$|__dso_handle$)' <<<"$exported" || true)"
fi
count="$(grep -c . <<<"$exported" || true)"
others="$(grep -v '^panrocks_' <<<"$exported" || true)"
[ -z "$others" ] || die "$file exports symbols outside the C ABI: $(head -5 <<<"$others" | tr '\n' ' ')"
[ "$count" -gt 50 ] || die "$file exports only $count panrocks_ functions"
same=""
if [ -n "$reference" ]; then
    diff <(echo "$exported") <(exports_of "$reference") >/dev/null \
        || die "$file and $reference export different functions: $(diff <(echo "$exported") <(exports_of "$reference") | head -5 | tr '\n' ' ')"
    same=" (the same as $(basename "$(dirname "$reference")")/$(basename "$reference"))"
fi

tag="$(grep -a -o 'panrocks C ABI version [0-9]*, engine RocksDB [0-9.]*' "$file" | head -1)"
[ -n "$tag" ] || die "$file carries no build tag (native/src/db.cc)"
abi_header="$(sed -n 's/^#define PANROCKS_ABI_VERSION \([0-9]*\).*/\1/p' "$PANROCKS_ROOT/native/include/panrocks.h")"
[[ "$tag" == "panrocks C ABI version $abi_header,"* ]] || die "$file was built for another C ABI: '$tag' (the header says $abi_header)"

forbidden='c\+\+|stdc|unwind|gcc|winpthread|rocksdb|snappy|lz4|zstd|libz|bz2'
case "$format" in
    elf)
        imports="$("$READOBJ" --needed-libs "$file" | sed -n 's/^ *\(lib[^ ]*\|ld-[^ ]*\)$/\1/p' | tr '\n' ' ')"
        if [[ "$target" == *-musl ]]; then
            # musl is one file, libc.so, answering for libm, libpthread and the rest too; no symbol versions
            [ "${imports% }" = libc.so ] || die "$file needs '${imports% }'; a library for musl needs libc.so alone"
            if "$OBJDUMP" -T "$file" | grep -q 'GLIBC_'; then die "$file asks for glibc symbol versions: not a musl library"; fi
            detail="imports libc.so (musl's), no symbol versions"
        else
            for lib in $imports; do
                case "$lib" in libc.so.6|libm.so.6|libpthread.so.0|libdl.so.2|librt.so.1|ld-linux-x86-64.so.2|ld-linux-aarch64.so.1) ;;
                    *) die "$file needs $lib, which is not part of glibc" ;; esac
            done
            newest="$("$OBJDUMP" -T "$file" | grep -o 'GLIBC_[0-9.]*' | sort -Vu | tail -1)"
            newest="${newest#GLIBC_}"
            [ "$(printf '%s\n%s\n' "$newest" "$PANROCKS_LINUX_GLIBC_FLOOR" | sort -V | tail -1)" = "$PANROCKS_LINUX_GLIBC_FLOOR" ] \
                || die "$file asks for GLIBC_$newest, above the floor $PANROCKS_LINUX_GLIBC_FLOOR"
            detail="imports ${imports% }, newest glibc symbol version $newest"
        fi
        ;;
    macho)
        imports="$("$OBJDUMP" --macho --private-headers "$file" | awk '$1=="cmd" {c=$2} c=="LC_LOAD_DYLIB" && $1=="name" {print $2}' | tr '\n' ' ')"
        for lib in $imports; do
            case "$lib" in /usr/lib/libSystem.B.dylib) ;; *) die "$file links $lib, not only macOS' libSystem" ;; esac
        done
        minos="$("$OBJDUMP" --macho --private-headers "$file" | awk '/LC_BUILD_VERSION/ {b=1} b && $1=="minos" {print $2; exit}')"
        [ -n "$minos" ] || minos="$("$OBJDUMP" --macho --private-headers "$file" | awk '/LC_VERSION_MIN_MACOSX/ {b=1} b && $1=="version" {print $2; exit}')"
        detail="imports ${imports% }, macOS $minos or later"
        ;;
    coff)
        imports="$("$READOBJ" --coff-imports "$file" | sed -n 's/^ *Name: //p' | sort -u | tr '\n' ' ')"
        for lib in $imports; do
            if grep -qiE "$forbidden" <<<"$lib"; then die "$file imports $lib, which is not Windows' own"; fi
            case "${lib,,}" in
                kernel32.dll|advapi32.dll|shlwapi.dll|rpcrt4.dll|user32.dll|ws2_32.dll|bcrypt.dll|ntdll.dll|msvcrt.dll|ucrtbase.dll|api-ms-win-*.dll|dbghelp.dll|ole32.dll|shell32.dll|psapi.dll|synchronization.dll) ;;
                *) die "$file imports $lib, which Windows does not carry" ;;
            esac
        done
        detail="imports ${imports% }"
        ;;
esac
echo "library: $target $(basename "$file"): $count panrocks_ functions exported$same; $detail; $tag; ok"
