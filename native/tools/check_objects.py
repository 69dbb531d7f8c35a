#!/usr/bin/env python3
"""One name per native object (issue 38): checks the layout of native/.

The rule: every panrocks_* function declared in include/panrocks_<object>.h
is defined in src/<object>.cc; panrocks.h is the umbrella that includes the
object headers and declares no function of its own; every panrocks_*
function a source defines is declared by its object's header; and the C tests
of an object are test/abi_<object>_test.cc, so each test file names an object
(a header, or a source without one such as threads.cc).

  tools/check_objects.py [NATIVE_DIR]     (default: the folder above tools/)

Exits 1, naming every violation, when the tree breaks the rule; the build
runs it (CMakeLists.txt, target panrocks_objects_check) and so does CTest
(NativeObjects.OneNamePerObject).
"""
import os
import re
import sys

RULE = ("the rule (issue 38): a panrocks_* function declared in include/panrocks_<object>.h "
        "is defined in src/<object>.cc, and the header of an object declares what that "
        "object's source defines; panrocks.h only includes the object headers; the tests of "
        "an object are test/abi_<object>_test.cc")

COMMENTS = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
# a declaration: a statement at file level whose name is panrocks_x, followed by
# its parameter list (function pointer typedefs, "(*panrocks_x_fn)", do not match)
DECLARATION = re.compile(r'(?:^|[;}])\s*(?!typedef\b)(?:[A-Za-z_][\w \t\*]*?[\s\*])(panrocks_[a-z0-9_]+)\s*\(', re.S)
# a definition: a name followed by its parameters and a body
DEFINITION = re.compile(r'^[A-Za-z][^;{}()#\n]*?\b(panrocks_[a-z0-9_]+)\s*\([^;{]*?\)\s*(?:noexcept\s*)?\{',
                        re.M | re.S)
STRINGS = re.compile(r'"(?:\\.|[^"\\\n])*"')


def declared(path):
    text = COMMENTS.sub(' ', open(path, encoding='utf-8').read())
    text = '\n'.join(l for l in text.split('\n') if not l.lstrip().startswith('#'))
    return {m.group(1) for m in DECLARATION.finditer(text)}


def defined(path):
    text = STRINGS.sub('""', COMMENTS.sub(' ', open(path, encoding='utf-8').read()))
    return {m.group(1) for m in DEFINITION.finditer(text)}


def main(native):
    include, src, test = (os.path.join(native, d) for d in ('include', 'src', 'test'))
    headers = sorted(f for f in os.listdir(include) if f.endswith('.h'))
    sources = sorted(f for f in os.listdir(src) if f.endswith('.cc'))
    problems = []

    definitions = {}  # function -> [sources]
    for s in sources:
        for name in defined(os.path.join(src, s)):
            definitions.setdefault(name, []).append(s)
    declarations = {}  # function -> [headers]
    for h in headers:
        for name in declared(os.path.join(include, h)):
            declarations.setdefault(name, []).append(h)

    for name, hs in sorted(declarations.items()):
        if len(hs) > 1:
            problems.append('%s is declared in %s' % (name, ' and '.join('include/' + h for h in hs)))
        for h in hs:
            if h == 'panrocks.h':
                problems.append('include/panrocks.h declares %s: panrocks.h is the umbrella, the call belongs '
                                'in the header of the object it serves' % name)
                continue
            obj = h[len('panrocks_'):-len('.h')]
            where = definitions.get(name, [])
            if not where:
                problems.append('%s, declared in include/%s, is defined in no source (expected src/%s.cc)'
                                % (name, h, obj))
            elif where != [obj + '.cc']:
                problems.append('%s is declared in include/%s but defined in %s (expected src/%s.cc)'
                                % (name, h, ', '.join('src/' + w for w in where), obj))
    for name, where in sorted(definitions.items()):
        if name not in declarations:
            problems.append('%s is defined in %s but declared in no header (expected include/panrocks_%s.h)'
                            % (name, ', '.join('src/' + w for w in where), where[0][:-3]))

    objects = {h[len('panrocks_'):-len('.h')] for h in headers if h != 'panrocks.h'}
    objects |= {s[:-len('.cc')] for s in sources}
    if os.path.isdir(test):
        for t in sorted(os.listdir(test)):
            m = re.fullmatch(r'abi_([a-z0-9_]+)_test\.cc', t)
            if t.endswith('_test.cc') and (m is None or m.group(1) not in objects):
                problems.append('test/%s names no object (no include/panrocks_<object>.h nor src/<object>.cc)' % t)

    umbrella_text = COMMENTS.sub(' ', open(os.path.join(include, 'panrocks.h'), encoding='utf-8').read())
    included = set(re.findall(r'#include\s+"(panrocks_[a-z0-9_]+\.h)"', umbrella_text))
    for h in headers:
        if h != 'panrocks.h' and h not in included:
            problems.append('include/%s is not included by include/panrocks.h (the umbrella the bindings '
                            'are generated from)' % h)

    if problems:
        sys.stderr.write('check_objects: the native tree breaks %s:\n' % RULE)
        for p in problems:
            sys.stderr.write('  - %s\n' % p)
        return 1
    print('check_objects: %d functions in %d object headers, each defined in its object\'s source'
          % (len(declarations), len(headers) - 1))
    return 0


if __name__ == '__main__':
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else here))
