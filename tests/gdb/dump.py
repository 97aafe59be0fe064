# SPDX-License-Identifier: MIT
# tests/gdb/dump.py - sourced by gdb at bento_gdb_here() in tests/gdb/main.c: every container
# the program says it filled, printed through the pretty-printers (scripts/gdb/bento.py) in
# the canonical form the program printed (tests/gdb/main.c says what it is), into
# $BENTO_GDB_DUMP; what `print` shows of each into $BENTO_GDB_TRANSCRIPT. The program's output
# so far ($BENTO_GDB_PROGRAM) names the containers; tests/gdb/compare compares the two.
import os
import re

import gdb


def canon(v):
    if isinstance(v, str):
        # a row the printer could only describe: gdb's own form, spaces taken out
        return re.sub(r",\s*", ",", re.sub(r"\s*=\s*", "=", v))
    t = v.type.strip_typedefs()
    if t.code == gdb.TYPE_CODE_STRUCT:
        return "{%s}" % ",".join("%s=%s" % (f.name, canon(v[f.name])) for f in t.fields())
    if t.code == gdb.TYPE_CODE_ARRAY:
        lo, hi = t.range()
        return "[%s]" % ",".join(canon(v[i]) for i in range(lo, hi + 1))
    return str(int(v))


def container(name, out):
    vis = gdb.default_visualizer(gdb.parse_and_eval(name))
    if vis is None:
        out.append("%s has no printer" % name)
        return
    text = vis.to_string()
    if "damaged:" in text:
        out.append("%s damaged" % name)
        return
    if name == "first_monster":
        m = re.search(r"index (\d+), generation (\d+)", text)
        out.append("%s handle index %s generation %s" % ((name,) + m.groups() if m else
                                                         (name, "?", "?")))
        return
    m = re.search(r"count (\d+), capacity (\d+)", text) or re.search(r"join (of \d+ sets)", text)
    if m is None:
        out.append("%s unreadable summary: %s" % (name, text))
        return
    if len(m.groups()) == 2:
        out.append("%s count %s capacity %s" % (name, m.group(1), m.group(2)))
    else:
        out.append("%s join %s" % (name, m.group(1)))
    children = list(vis.children())
    hint = vis.display_hint()
    if hint == "map":
        for i in range(0, len(children), 2):
            out.append("%s %s = %s" % (name, canon(children[i][1]), canon(children[i + 1][1])))
    elif hint == "array":
        for _, v in children:
            out.append("%s %s" % (name, canon(v)))
    else:
        for child, v in children:
            out.append("%s %s = %s" % (name, child, canon(v)))


CALLS = []


def shake(name, rounds, rng, out):
    """Random bytes over a container, a few at a time, `rounds` times: over its struct and
    buffer (a typed container holds both) the printer must answer every time, never raise;
    over the buffer alone, wherever the kit's own check (called in the program) passes, the
    printer must not call it damaged. Restored at the end. Answers how many copies the
    printer called damaged."""
    value = gdb.parse_and_eval(name)
    address, size = int(value.address), value.type.sizeof
    fields = [f.name for f in value.type.strip_typedefs().fields()]
    buffer_at, buffer_size = address, size
    if "storage_" in fields:
        buffer_at = int(value["storage_"].address)
        buffer_size = value["storage_"].type.sizeof
    inferior = gdb.selected_inferior()
    original = bytes(inferior.read_memory(address, size))
    damaged = 0
    check = None
    if "storage_" in fields:
        vis = gdb.default_visualizer(value)
        function = "bento_%s_check" % vis.kind
        check = "((int (*)(void *))%s)(&%s.generic_)" % (function, name)
        try:
            if " 0x" not in gdb.execute("info address " + function, to_string=True):
                raise gdb.error("%s is not in the program" % function)
            status = int(gdb.parse_and_eval(check))
        except gdb.error as e:
            # gdb cannot call into every inferior (some hosts' ptrace): said, not hidden
            CALLS.append("%s: %s" % (check, e))
            check = None
        else:
            if (status == 0) != ("damaged:" not in vis.to_string()):
                out.append("error: %s: check answers %d, the printer %s"
                           % (name, status, vis.to_string()))
    try:
        for round_ in range(rounds):
            whole = round_ % 2 == 0 or "storage_" not in fields
            at, n = (address, size) if whole else (buffer_at, buffer_size)
            data = bytearray(original[at - address:at - address + n])
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(n)] = rng.randrange(256)
            inferior.write_memory(at, bytes(data))
            try:
                vis = gdb.default_visualizer(gdb.parse_and_eval(name))
                text = vis.to_string()
                vis.display_hint()
                list(vis.children())
                if "printer error" in text:
                    raise RuntimeError(text)
                said = "damaged:" in text
            except Exception as e:  # what the printers must never let out
                out.append("error: %s with bytes changed: %s: %s" % (name, type(e).__name__, e))
                break
            damaged += said
            if not whole and said and check is not None:
                if int(gdb.parse_and_eval(check)) == 0:
                    out.append("error: %s: check passes a copy the printer calls %s"
                               % (name, vis.to_string()))
                    break
            inferior.write_memory(address, original)
    finally:
        inferior.write_memory(address, original)
    return damaged


def main():
    names = []
    with open(os.environ["BENTO_GDB_PROGRAM"]) as f:
        for line in f:
            m = re.match(r"(\w+) (count \d+ capacity \d+|damaged|join of|handle)", line)
            if m and m.group(1) not in names:
                names.append(m.group(1))
    gdb.execute("set print elements unlimited")
    out, shown = [], []
    for name in names:
        container(name, out)
        shown.append(gdb.execute("print %s" % name, to_string=True))
    # pages holds the paged set's pages: printed, not compared (tests/gdb/cxx.cpp has none)
    try:
        shown.append(gdb.execute("print pages", to_string=True))
    except gdb.error:
        pass
    for text in shown:
        if "Python Exception" in text or "<error" in text or "printer error" in text:
            out.append("error: print failed: %s" % text.strip())
    # `print elements` cuts the elements (gdb counts a key and its value as two): 4 shows 2 of
    # the pool's, then "..."
    gdb.execute("set print elements 4")
    limited = gdb.execute("print monster_pool", to_string=True)
    shown.append(limited)
    if limited.count("] = ") != 2 or "..." not in limited:
        out.append("error: print elements 2 showed: %s" % limited.strip())
    gdb.execute("set print elements unlimited")
    rounds = int(os.environ.get("BENTO_GDB_SHAKES", "0"))
    if rounds:
        import random
        rng = random.Random(1)
        for name in names:
            if name not in ("walk", "first_monster"):
                shown.append("%s: %d of %d shaken copies damaged\n"
                             % (name, shake(name, rounds, rng, out), rounds))
    if CALLS:
        shown.append("the kit's check could not be called here, so shaken buffers were not "
                     "compared with it: %s\n" % CALLS[0])
    with open(os.environ["BENTO_GDB_DUMP"], "w") as f:
        f.write("".join(line + "\n" for line in out))
    with open(os.environ["BENTO_GDB_TRANSCRIPT"], "w") as f:
        f.write("".join(shown))


main()
