# SPDX-License-Identifier: MIT
"""GDB pretty-printers for bento's containers (docs/debugging.md).

Load them with one line in ~/.gdbinit (or a project's .gdbinit):

    source /path/to/bento/scripts/gdb/bento.py

Every container prints its count and capacity, then its live elements with their handles, keys
or coordinates, read from the buffer as the container's check reads it (core/src/*.c): the
struct's fields point into the buffer, whose header holds the kind, the parameters and a copy
of the counters. A typed container (BENTO_POOL_TYPE and its kind) prints as its generic one,
with its element, key and handle types where the program's debug information has them.

Damage never raises: every read is bounded by the capacity, and a buffer that is not what its
struct says prints one line "damaged: ..." instead of elements. Elements stop at gdb's
`print elements` limit.
"""

import struct

import gdb
import gdb.printing

MAGIC = 0x6F746E62  # "bnto", core/src/internal.h
JOURNALED = 0x0080
NONE = 0xFFFFFFFF
HEAD_WORDS = 4
# kind and parameter record words, core/src/internal.h and each public header
KINDS = {
    "pool": (0x0101, 3),
    "sparse_set": (0x0203, 4),
    "block_pool": (0x0302, 2),
    "paged_set": (0x0402, 5),
    "index": (0x0502, 1),
    "index32": (0x0602, 1),
    "multi_index": (0x0704, 3),
    "spatial_hash": (0x0804, 5),
    "grid": (0x0901, 4),
}
# a capacity beyond this is not one any init accepts on a debugged target: damage
MAX_CAPACITY = 1 << 28
# the most bytes one array read may take (a 4-million-slot index): past it, a container is
# said too large to show rather than read for minutes through a gdbstub
MAX_READ = 1 << 26


class Damaged(Exception):
    """The buffer is not what the struct says: the message says where."""


# ---------------------------------------------------------------- reading memory


_cache = {}


def _forget(*_):
    """A new program: its byte order and types are found again."""
    _cache.clear()


def _endian():
    if "endian" not in _cache:
        text = gdb.execute("show endian", to_string=True)
        _cache["endian"] = ">" if "big" in text else "<"
    return _cache["endian"]


def _read(address, size, what):
    if size == 0:
        return b""
    if address == 0:
        raise Damaged("%s: NULL pointer" % what)
    if size > MAX_READ:
        raise Damaged("%s: %d bytes, more than the printers read (%d)" % (what, size, MAX_READ))
    try:
        return bytes(gdb.selected_inferior().read_memory(address, size))
    except gdb.MemoryError:
        raise Damaged("%s: cannot read %d bytes at 0x%x" % (what, size, address))


def _words(address, count, what):
    """count uint32_t at address, as a tuple of ints."""
    data = _read(address, 4 * count, what)
    return struct.unpack("%s%dI" % (_endian(), count), data)


def _halves(address, count, what):
    data = _read(address, 2 * count, what)
    return struct.unpack("%s%dH" % (_endian(), count), data)


def _u(value):
    return int(value) & 0xFFFFFFFF


def _limit():
    """gdb's `print elements` (None: unlimited)."""
    try:
        limit = gdb.parameter("print elements")
    except RuntimeError:
        return 200
    if limit is None or limit == 0 or limit >= 0xFFFFFFFF:
        return None
    return int(limit)


def _type(name):
    try:
        return gdb.lookup_type(name)
    except gdb.error:
        return None


def _uint_type(size):
    for name in ("uint%d_t" % (8 * size), {1: "unsigned char", 2: "unsigned short",
                                           4: "unsigned int",
                                           8: "unsigned long long"}.get(size)):
        t = _type(name) if name else None
        if t is not None and t.sizeof == size:
            return t
    return None


def _int32():
    return _type("int32_t") or _type("int")


def _value_from(data, type_):
    """A gdb.Value of type_ holding the bytes data (type_.sizeof of them)."""
    return gdb.Value(data, type_)


def _number(n, size, type_=None):
    """A gdb.Value of `size` bytes (4 or 8) holding n, of type_ when given (a handle or an
    integer type of that size)."""
    fmt = "%s%s" % (_endian(), {1: "B", 2: "H", 4: "I", 8: "Q"}[size])
    data = struct.pack(fmt, n & ((1 << (8 * size)) - 1))
    return _value_from(data, type_ if type_ is not None else _uint_type(size))


def _coords(values):
    t = _int32().array(len(values) - 1)
    data = struct.pack("%s%di" % (_endian(), len(values)), *values)
    return _value_from(data, t)


def _element(address, size, type_, what):
    """The element of `size` bytes at address: of type_ when known, otherwise its words (or
    bytes when the size is not a multiple of 4)."""
    _read(address, size, what)  # readable, or damaged
    if type_ is not None and type_.sizeof == size:
        return gdb.Value(address).cast(type_.pointer()).dereference()
    if size % 4 == 0:
        t = _uint_type(4).array(size // 4 - 1)
    else:
        t = _uint_type(1).array(size - 1)
    return gdb.Value(address).cast(t.pointer()).dereference()


class Buffer(object):
    """A container's buffer, found from its counters' copy `saved` as check finds it: the
    header (the magic word, the kind, the bytes used, a zero word), the parameter record (the
    word `at` of it is the capacity, which must be the struct's), the copy equal to the
    counters in the struct. Every array read from it must lie inside the bytes it says it
    uses."""

    def __init__(self, saved, kind, state, what, capacity=None, at=0):
        code, params = KINDS[kind]
        self.what = what
        self.address = int(saved) - 4 * (HEAD_WORDS + params)
        head = _words(self.address, HEAD_WORDS + params + len(state), what + " header")
        if head[0] != MAGIC:
            raise Damaged("%s header: magic 0x%08x, not 0x%08x" % (what, head[0], MAGIC))
        if head[1] & ~JOURNALED != code:
            raise Damaged("%s header: kind 0x%04x, not 0x%04x" % (what, head[1], code))
        if head[3] != 0:
            raise Damaged("%s header: word 3 is 0x%x, not 0" % (what, head[3]))
        self.bytes = head[2]
        self.params = head[HEAD_WORDS:HEAD_WORDS + params]
        if capacity is not None and self.params[at] != capacity:
            raise Damaged("%s header: capacity %d, the struct says %d"
                          % (what, self.params[at], capacity))
        copy = head[HEAD_WORDS + params:]
        if tuple(copy) != tuple(state):
            raise Damaged("%s header: counters' copy %s differs from the counters %s"
                          % (what, list(copy), list(state)))

    def inside(self, pointer, size, what):
        """The address of `pointer`, once [it, it + size) is inside the buffer."""
        address = int(pointer)
        if address < self.address or address + size > self.address + self.bytes:
            raise Damaged("%s (%d bytes at 0x%x) outside the %s buffer (%d bytes at 0x%x)"
                          % (what, size, address, self.what, self.bytes, self.address))
        return address


def _state(value, names):
    return [_u(value["state"][n]) for n in names]


# ---------------------------------------------------------------- typed containers


def _function_type(name):
    for lookup in (gdb.lookup_static_symbol, gdb.lookup_global_symbol):
        try:
            symbol = lookup(name)
        except (gdb.error, AttributeError):
            symbol = None
        if symbol is not None and symbol.type is not None and \
                symbol.type.code == gdb.TYPE_CODE_FUNC:
            return symbol.type
    return None


def _bare(t):
    """A type without typedef-transparent qualifiers and pointers: T from const T **."""
    while t.code == gdb.TYPE_CODE_PTR:
        t = t.target()
    return t.unqualified()


def _from_functions(prefix, candidates):
    """The first type found through a typed container's functions: candidates is a list of
    (suffix, where), where is 'return' (the pointed-to return type, or the return type) or a
    parameter number."""
    for suffix, where in candidates:
        ft = _function_type(prefix + suffix)
        if ft is None:
            continue
        if where == "return":
            if ft.target() is None or ft.target().code == gdb.TYPE_CODE_VOID:
                continue
            return _bare(ft.target())
        fields = ft.fields()
        if where < len(fields) and fields[where].type is not None:
            return _bare(fields[where].type)
    return None


class Typed(object):
    """What a typed container's name tells: its element, key and value types, as far as the
    debug information has them."""

    def __init__(self, name, kind):
        self.name = name
        self.element = None
        self.key = None
        self.value = None
        self.handle = None
        self.elements = None  # a sparse set's name_elements struct
        self.kind = kind
        if kind == "pool":
            self.element = _from_functions(name, [("_get", "return"), ("_values", "return"),
                                                  ("_create", 2), ("_create_from", 2)])
            self.handle = _type(name + "_handle")
        elif kind == "block_pool":
            self.element = _from_functions(name, [("_alloc", 1), ("_free", 1),
                                                  ("_block_at", "return"), ("_contains", 1),
                                                  ("_index_of", 1)])
        elif kind == "paged_set":
            self.element = _from_functions(name, [("_get", "return"), ("_insert", 2),
                                                  ("_insert_from", 2)])
            self.key = Typed.named(_type(name + "_key"))
        elif kind in ("index", "index32"):
            self.key = _from_functions(name, [("_insert", 1), ("_upsert", 1), ("_contains", 1),
                                              ("_value", 1), ("_find", 1), ("_remove", 1)])
            self.value = _from_functions(name, [("_insert", 2), ("_upsert", 2), ("_value", 2),
                                                ("_value", "return"), ("_find", 2)])
        elif kind == "multi_index":
            self.key = _from_functions(name, [("_insert", 1), ("_contains", 1),
                                              ("_length", 1), ("_remove", 1), ("_move", 1)])
            self.value = _from_functions(name, [("_insert", 2), ("_remove_value", 1),
                                                ("_remove", 2), ("_move", 2)])
        elif kind == "spatial_hash":
            self.value = _from_functions(name, [("_insert", 1), ("_insert_at", 1),
                                                ("_contains", 1), ("_get", 1), ("_remove", 1),
                                                ("_move", 1), ("_move_at", 1)])
        elif kind == "grid":
            self.element = _from_functions(name, [("_get", "return"), ("_get_at", "return"),
                                                  ("_insert", 2), ("_insert_at", 2),
                                                  ("_insert_from", 2)])
        elif kind == "sparse_set":
            self.key = Typed.named(_type(name + "_key"))
            self.elements = _type(name + "_elements")
            if self.elements is None:
                row = _type(name + "_row")
                if row is not None and row.fields() and row.fields()[0].name != "none_":
                    self.elements = [(f.name, f.type.target()) for f in row.fields()]

    @staticmethod
    def named(t):
        """A name_key typedef as the handle type it stands for (which prints as a handle)."""
        if t is None:
            return None
        bare = t.strip_typedefs()
        if bare.code == gdb.TYPE_CODE_STRUCT and bare.tag:
            return _type(bare.tag) or t
        return t

    def describe(self, kind):
        of = self.element or self.elements
        if isinstance(of, list):
            of = "{%s}" % ", ".join("%s %s" % (str(t), n) for n, t in of)
        parts = ["bento_%s" % kind]
        if of is not None:
            parts.append("of %s" % of)
        if self.key is not None:
            parts.append("key %s" % self.key)
        if self.value is not None:
            parts.append("value %s" % self.value)
        return "%s (%s)" % (self.name, " ".join(parts))


class CxxTyped(Typed):
    """What a class of bento.hpp tells through its template arguments: the same as Typed."""

    # class template: {what: template argument} (a sparse set's columns: from that one on)
    ROLES = {
        "bento::pool": {"element": 0},
        "bento::block_pool": {"element": 0},
        "bento::paged_set": {"element": 0, "key": 2},
        "bento::index": {"key": 0, "value": 1},
        "bento::multi_index": {"key": 0, "value": 1},
        "bento::spatial_hash": {"value": 0},
        "bento::grid": {"element": 0},
        "bento::sparse_set_in": {"key": 0, "columns": 3},
    }

    def __init__(self, t, template, kind):  # pylint: disable=super-init-not-called
        self.name = str(t)
        self.kind = kind
        self.element = self.key = self.value = self.handle = self.elements = None
        roles = CxxTyped.ROLES[template]
        for what in ("element", "key", "value"):
            if what in roles:
                setattr(self, what, _argument(t, roles[what]))
        if "columns" in roles:
            columns = []
            while True:
                c = _argument(t, roles["columns"] + len(columns))
                if c is None:
                    break
                columns.append(("%d" % len(columns), c))
            self.elements = columns or None
        if kind == "pool":
            self.handle = _type(str(t) + "::handle_type")

    def describe(self, kind):
        of = self.element
        if self.elements:
            of = "{%s}" % ", ".join("%s %s" % (_short(t), n) for n, t in self.elements)
        parts = ["bento_%s" % kind]
        if of is not None:
            parts.append("of %s" % _short(of))
        if self.key is not None:
            parts.append("key %s" % _short(self.key))
        if self.value is not None:
            parts.append("value %s" % _short(self.value))
        # bento::sparse_set<...> is an alias of sparse_set_in<..., embedded, ...>
        name = self.name.split("<", 1)[0].replace("bento::sparse_set_in", "bento::sparse_set")
        return "%s (%s)" % (name, " ".join(parts))


def _argument(t, n):
    """Template argument n of t, a type, or None. gdb does not give the arguments of a
    parameter pack (a sparse set's columns): those are read from the type's name."""
    try:
        a = t.template_argument(n)
        return a if isinstance(a, gdb.Type) else None
    except (gdb.error, RuntimeError, TypeError):
        pass
    name = t.strip_typedefs().tag or t.strip_typedefs().name or ""
    args, depth, start = [], 0, name.find("<") + 1
    if start == 0:
        return None
    for i in range(start, len(name)):
        c = name[i]
        if c == "<":
            depth += 1
        elif c == ">" and depth > 0:
            depth -= 1
        elif c in ",>" and depth == 0:
            args.append(name[start:i].strip())
            start = i + 1
            if c == ">":
                break
    return _type(args[n]) if n < len(args) else None


def _short(t):
    """A type's name, a handle's as bento::handle (its tag is a long pool type)."""
    if not isinstance(t, gdb.Type):
        return str(t)
    return "bento::handle" if _template(t) == "bento::handle" else str(t)


def _template(t):
    """The name of the class template t is made from, without its arguments, or None."""
    if t is None:
        return None
    name = t.strip_typedefs().tag or t.strip_typedefs().name or ""
    return name.split("<", 1)[0] if "<" in name else None


def _keyed(n, size, type_):
    """A key or value of a typed container: a handle or an integer type of that size, or an
    unsigned integer of `size` bytes."""
    if type_ is not None and type_.sizeof in (1, 2, 4, 8):
        if type_.sizeof < size:
            n &= (1 << (8 * type_.sizeof)) - 1
        return _number(n, type_.sizeof, type_)
    return _number(n, size)


# ---------------------------------------------------------------- printers


class Printer(object):
    """A container: to_string says what it is, its count and capacity (or that it is inert or
    damaged); children are its elements as key/value pairs."""

    kind = None

    def __init__(self, value, typed=None):
        self.value = value
        self.typed = typed
        self._scanned = None

    def display_hint(self):
        return "map"

    def label(self):
        if self.typed is not None:
            return self.typed.describe(self.kind)
        return "bento_%s" % self.kind

    def scan(self):
        """(summary, damage, list of (key, value)), the list cut at `print elements`."""
        if self._scanned is None:
            limit = _limit()
            items = []
            try:
                summary = self.summary()
                if summary is not None:
                    for item in self.elements():
                        if limit is not None and len(items) > limit:
                            break
                        items.append(item)
                self._scanned = (summary, None, items)
            except Damaged as damage:
                self._scanned = (getattr(self, "partial", None), str(damage), [])
            except (gdb.error, gdb.MemoryError, ValueError, OverflowError) as e:
                self._scanned = (None, "%s" % e, [])
            except Exception as e:  # a fault of the printer itself: said, never raised
                self._scanned = (None, None, [])
                self.fault = "%s: %s" % (type(e).__name__, e)
        return self._scanned

    def to_string(self):
        summary, damage, _ = self.scan()
        if getattr(self, "fault", None) is not None:
            return "%s printer error (please report): %s" % (self.label(), self.fault)
        if damage is not None:
            return "%s damaged: %s" % (self.label(), damage)
        if summary is None:
            return "%s inert (capacity 0)" % self.label()
        return "%s %s" % (self.label(), summary)

    def children(self):
        _, damage, items = self.scan()
        if damage is not None or getattr(self, "fault", None) is not None:
            return
        for i, (key, value) in enumerate(items):
            yield ("[%d]" % i, key)
            yield ("=%d" % i, value)

    def counted(self, count, capacity, extra=""):
        if count > capacity:
            raise Damaged("count %d above the capacity %d" % (count, capacity))
        if capacity > MAX_CAPACITY:
            raise Damaged("capacity %d" % capacity)
        self.partial = "count %d, capacity %d%s" % (count, capacity, extra)
        return self.partial


class PoolPrinter(Printer):
    kind = "pool"

    def summary(self):
        p = self.value
        self.capacity = _u(p["capacity"])
        if self.capacity == 0:
            return None
        self.s = _state(p, ["count", "free_head", "free_tail", "free_count", "retired"])
        count, _, _, free_count, retired = self.s
        summary = self.counted(count, self.capacity)
        buf = Buffer(p["saved"], "pool", self.s, "pool", self.capacity)
        if count + free_count + retired != self.capacity:
            raise Damaged("count %d + free %d + retired %d is not the capacity %d"
                          % (count, free_count, retired, self.capacity))
        self.index_bits = _u(p["index_bits"])
        self.mask = _u(p["index_mask"])
        if self.index_bits == 0 or self.index_bits > 31 or self.mask != (1 << self.index_bits) - 1:
            raise Damaged("index bits %d, mask 0x%x" % (self.index_bits, self.mask))
        self.handle_bits = self.index_bits + _u(p["generation_bits"])
        self.slots = _words(buf.inside(p["slots"], 4 * self.capacity, "slots"), self.capacity,
                            "slots")
        self.dense = _words(buf.inside(p["dense_slot"], 4 * count, "dense_slot"), count,
                            "dense_slot")
        stride = _u(p["stride"])
        buf.inside(p["values"], stride * self.capacity, "values")
        if stride < _u(p["value_size"]):
            raise Damaged("stride %d below the value size %d" % (stride, _u(p["value_size"])))
        return summary

    def elements(self):
        p = self.value
        odd = self.mask + 1
        stride = _u(p["stride"])
        size = _u(p["value_size"])
        values = int(p["values"])
        element = self.typed.element if self.typed else None
        handle = self.typed.handle if self.typed else None
        handle_size = handle.sizeof if handle is not None else 4
        # every dense position owned by a live slot that points back at it (check's walk)
        for position in range(self.s[0]):
            index = self.dense[position]
            if index >= self.capacity:
                raise Damaged("dense position %d names slot %d (capacity %d)"
                              % (position, index, self.capacity))
            slot = self.slots[index]
            if slot & odd == 0 or slot & self.mask != position:
                raise Damaged("slot %d (0x%08x) does not hold dense position %d"
                              % (index, slot, position))
        for position in range(self.s[0]):
            index = self.dense[position]
            raw = (self.slots[index] & ~self.mask) | index
            yield (_keyed(raw, handle_size, handle),
                   _element(values + position * stride, size, element, "value %d" % position))


class BlockPoolPrinter(Printer):
    kind = "block_pool"

    def summary(self):
        p = self.value
        self.capacity = _u(p["capacity"])
        if self.capacity == 0:
            return None
        self.s = _state(p, ["count", "fresh", "free_head"])
        count, fresh, _ = self.s
        summary = self.counted(count, self.capacity, ", high water %d" % fresh)
        buf = Buffer(p["saved"], "block_pool", self.s, "block pool", self.capacity)
        if fresh > self.capacity or count > fresh:
            raise Damaged("high water %d, count %d, capacity %d" % (fresh, count, self.capacity))
        self.live = _read(buf.inside(p["live"], self.capacity, "live bytes"), self.capacity,
                          "live bytes")
        if _u(p["stride"]) < _u(p["block_size"]):
            raise Damaged("stride %d below the block size %d" % (_u(p["stride"]),
                                                                  _u(p["block_size"])))
        buf.inside(p["blocks"], _u(p["stride"]) * self.capacity, "blocks")
        if any(b > 1 for b in self.live):
            raise Damaged("a live byte is neither 0 nor 1")
        if sum(self.live[:fresh]) != count or any(self.live[fresh:]):
            raise Damaged("%d live blocks, count %d" % (sum(self.live), count))
        return summary

    def elements(self):
        p = self.value
        stride = _u(p["stride"])
        size = _u(p["block_size"])
        blocks = int(p["blocks"])
        element = self.typed.element if self.typed else None
        for index in range(self.s[1]):
            if self.live[index]:
                yield (_number(index, 4),
                       _element(blocks + index * stride, size, element, "block %d" % index))


class SparseSetPrinter(Printer):
    kind = "sparse_set"

    def summary(self):
        p = self.value
        self.capacity = _u(p["capacity"])
        if self.capacity == 0:
            return None
        count = _u(p["state"]["count"])
        self.columns = _u(p["column_count"])
        summary = self.counted(count, self.capacity, ", %d column%s"
                               % (self.columns, "" if self.columns == 1 else "s"))
        buf = Buffer(p["saved"], "sparse_set", [count], "sparse set", self.capacity, 1)
        self.universe = _u(p["universe"])
        if self.universe != buf.params[0]:
            raise Damaged("universe %d, the header says %d" % (self.universe, buf.params[0]))
        self.mask = _u(p["index_mask"])
        self.stray = _u(p["stray"])
        self.shift = _u(p["tag_shift"])
        wide = _u(p["wide"]) != 0
        self.dense = _words(buf.inside(p["dense"], 4 * count, "dense keys"), count, "dense keys")
        read = _words if wide else _halves
        width = 4 if wide else 2
        self.entries = read(buf.inside(p["sparse"], width * self.universe, "sparse entries"),
                            self.universe, "sparse entries")
        self.absent = 0xFFFFFFFF if wide else 0xFFFF
        self.width = 0xFFFFFFFF if wide else 0xFFFF
        # every present key: no stray bits, inside the universe, its entry pointing back
        for position, key in enumerate(self.dense):
            index = key & self.mask
            tag = ((key & ~self.mask & 0xFFFFFFFF) << self.shift) & self.width
            if key & self.stray or index >= self.universe:
                raise Damaged("key 0x%x at position %d is outside the universe" % (key, position))
            if self.entries[index] != tag | position:
                raise Damaged("key 0x%x at position %d: entry 0x%x does not point back"
                              % (key, position, self.entries[index]))
        taken = sum(1 for e in self.entries if e != self.absent)
        if taken != count:
            raise Damaged("%d entries in use, count %d" % (taken, count))
        if self.columns > 64:
            raise Damaged("%d columns" % self.columns)
        self.described = []
        if self.columns:
            descriptors = p["columns"]
            if int(descriptors) == 0:
                raise Damaged("columns: NULL")
            for c in range(self.columns):
                d = descriptors[c]
                size = _u(d["size"])
                if int(d["bytes"]) < size * self.capacity:
                    raise Damaged("column %d: %d bytes for %d elements of %d"
                                  % (c, int(d["bytes"]), self.capacity, size))
                self.described.append((int(d["data"]), size))
        return summary

    def row(self, position):
        """The elements of the key at `position`. The columns are the caller's memory, which
        check does not look at: one that cannot be read shows as such, the set is not
        damaged for it."""
        try:
            return self.read_row(position)
        except Damaged as e:
            return "<%s>" % e

    def read_row(self, position):
        elements = self.typed.elements if self.typed else None
        if elements is not None and not isinstance(elements, list) and \
                len(elements.fields()) == len(self.described):
            data = bytearray(elements.sizeof)
            for f, (base, size) in zip(elements.fields(), self.described):
                at = f.bitpos // 8
                data[at:at + size] = _read(base + position * size, size, "column " + f.name)
            return _value_from(bytes(data), elements)
        if len(self.described) == 1:
            base, size = self.described[0]
            t = elements[0][1] if isinstance(elements, list) else None
            return _element(base + position * size, size, t, "column 0")
        parts = []
        for c, (base, size) in enumerate(self.described):
            t = elements[c][1] if isinstance(elements, list) and c < len(elements) else None
            name = elements[c][0] if isinstance(elements, list) and c < len(elements) else c
            parts.append("%s = %s" % (name, _element(base + position * size, size, t,
                                                     "column %s" % name)))
        return "{%s}" % ", ".join(parts)

    def display_hint(self):
        self.scan()
        return "map" if getattr(self, "columns", 0) else "array"

    def elements(self):
        key = self.typed.key if self.typed else None
        for position, raw in enumerate(self.dense):
            k = _keyed(raw, 4, key)
            yield (k, self.row(position) if self.columns else None)

    def children(self):
        if getattr(self, "columns", 0):
            for child in Printer.children(self):
                yield child
            return
        _, damage, items = self.scan()
        if damage is None:
            for i, (key, _) in enumerate(items):
                yield ("[%d]" % i, key)


class JoinPrinter(Printer):
    """A join in progress: the sets, the current key and its position in each."""

    kind = "sparse_set_join"

    def display_hint(self):
        return None

    def summary(self):
        j = self.value
        count = _u(j["count_"])
        size = j["set_"].type.range()[1] + 1
        if count == 0 or count > size:
            raise Damaged("%d sets joined" % count)
        self.count = count
        return "of %d sets, driver %s, at %d of %d" % (count, j["set_"][0], _u(j["next_"]),
                                                       _u(j["end_"]))

    def elements(self):
        j = self.value
        yield ("key", _number(_u(j["key"]), 4))
        for i in range(self.count):
            yield ("position[%d]" % i, _number(_u(j["position"][i]), 4))

    def children(self):
        _, damage, items = self.scan()
        if damage is None:
            for name, v in items:
                yield (name, v)


class IndexPrinter(Printer):
    """Both key widths: bento_index (64-bit keys, buckets of 16 words) and bento_index32 (32-bit
    keys, 10 words)."""

    def __init__(self, value, typed=None, kind="index"):
        Printer.__init__(self, value, typed)
        self.kind = kind
        self.wide = kind == "index"

    def summary(self):
        ix = self.value
        self.capacity = _u(ix["capacity"])
        if self.capacity == 0:
            return None
        count = _u(ix["state"]["count"])
        max_count = _u(ix["max_count"])
        summary = self.counted(count, self.capacity, ", at most %d" % max_count)
        buf = Buffer(ix["saved"], self.kind, [count], self.kind, self.capacity)
        if self.capacity & (self.capacity - 1) or self.capacity < 8:
            raise Damaged("capacity %d is not a power of two of at least 8" % self.capacity)
        if count > max_count:
            raise Damaged("count %d above the most %d" % (count, max_count))
        self.shift = _u(ix["shift"])
        buckets = self.capacity >> 2
        if self.shift > 32 or buckets != 1 << (32 - self.shift):
            raise Damaged("shift %d for %d buckets" % (self.shift, buckets))
        bw = 16 if self.wide else 10
        self.bw = bw
        self.words = _words(buf.inside(ix["buckets"], 4 * buckets * bw, "buckets"), buckets * bw,
                            "buckets")
        self.found = []
        for b in range(buckets):
            bk = self.words[b * bw:(b + 1) * bw]
            for j in range(4):
                fp = bk[0] >> (8 * j) & 0xFF
                if fp == 0:
                    continue
                key = (bk[7 + 2 * j] << 32 | bk[6 + 2 * j]) if self.wide else bk[6 + j]
                h = _hash(key)
                other = b ^ ((((fp * 0x5BD1E995) & 0xFFFFFFFF) >> self.shift) | 1)
                if fp != _fingerprint(h) or (h >> self.shift != b and h >> self.shift != other):
                    raise Damaged("bucket %d slot %d: key 0x%x does not belong there"
                                  % (b, j, key))
                self.found.append((key, bk[2 + j]))
        if len(self.found) != count:
            raise Damaged("%d entries, count %d" % (len(self.found), count))
        return summary

    def elements(self):
        key = self.typed.key if self.typed else None
        value = self.typed.value if self.typed else None
        for k, v in self.found:
            yield (_keyed(k, 8 if self.wide else 4, key), _keyed(v, 4, value))


def _hash(key):
    """bento_index_hash (bento/index.h); a 32-bit key hashes as the same 64-bit key."""
    h = (key & 0xFFFFFFFF) ^ (((key >> 32) * 0x85EBCA6B) & 0xFFFFFFFF)
    h ^= h >> 16
    return (h * 0x9E3779B1) & 0xFFFFFFFF


def _fingerprint(h):
    return ((h ^ h >> 16) & 0x7F) | 0x80


class MultiIndexPrinter(Printer):
    kind = "multi_index"

    def summary(self):
        mi = self.value
        self.capacity = _u(mi["value_capacity"])
        if self.capacity == 0:
            return None
        count = _u(mi["state"]["count"])
        keys = IndexPrinter(mi["keys"], None, "index")
        ksummary, damage, _ = keys.scan()
        if damage is not None:
            raise Damaged("its key index: " + damage)
        if ksummary is None:
            raise Damaged("its key index is inert")
        summary = self.counted(count, self.capacity, ", %d keys" % len(keys.found))
        buf = Buffer(mi["saved"], "multi_index", [count], "multi-value index", self.capacity, 1)
        self.buf = buf
        self.keys = keys.found
        c = self.capacity
        nxt = _words(buf.inside(mi["next"], 4 * c, "next"), c, "next")
        prev = _words(buf.inside(mi["prev"], 4 * c, "prev"), c, "prev")
        key_of = _words(buf.inside(mi["key_of"], 8 * c, "key_of"), 2 * c, "key_of")
        # the whole value (a handle) of each listed id, with id bits below 32
        self.stamps = list(range(c))
        if int(mi["stamps"]) != 0:
            mask = _u(mi["id_mask"])
            self.stamps = _words(buf.inside(mi["stamps"], 4 * c, "stamps"), c, "stamps")
            for v in range(c):
                if prev[v] != NONE and (self.stamps[v] & mask != v or self.stamps[v] == v):
                    raise Damaged("value %d: its stamp 0x%x names another" % (v, self.stamps[v]))
        listed = sum(1 for v in prev if v != NONE)
        self.lists = []
        walked = 0
        # each key's list, bounded by the capacity (lists_sound's walk)
        for key, first in self.keys:
            if first >= self.capacity:
                raise Damaged("key 0x%x: first value %d out of range" % (key, first))
            values = []
            at, before = first, prev[first]
            while at != NONE:
                if at >= self.capacity or len(values) == self.capacity:
                    raise Damaged("key 0x%x: list %s" % (key, "does not end" if at < self.capacity
                                                         else "links to %d" % at))
                if key_of[2 * at + 1] << 32 | key_of[2 * at] != key or \
                        (at != first and prev[at] != before):
                    raise Damaged("key 0x%x: value %d is not listed under it" % (key, at))
                values.append(at)
                before, at = at, nxt[at]
            if prev[first] != before:
                raise Damaged("key 0x%x: its first value does not name the last" % key)
            walked += len(values)
            self.lists.append((key, values))
        if walked != listed or listed != count:
            raise Damaged("%d values in lists, %d listed, count %d" % (walked, listed, count))
        return summary

    def elements(self):
        key = self.typed.key if self.typed else None
        value = self.typed.value if self.typed else None
        for k, values in self.lists:
            for v in values:
                yield (_keyed(k, 8, key), _keyed(self.stamps[v], 4, value))


class SpatialHashPrinter(Printer):
    kind = "spatial_hash"

    def summary(self):
        sh = self.value
        cells = MultiIndexPrinter(sh["cells"])
        csummary, damage, _ = cells.scan()
        if damage is not None:
            raise Damaged("its cells: " + damage)
        if csummary is None:
            return None
        self.capacity = cells.capacity
        self.dims = _u(sh["dims"])
        self.shift = _u(sh["cell_shift"])
        if self.dims not in (2, 3) or self.shift > 31:
            raise Damaged("dims %d, cell shift %d" % (self.dims, self.shift))
        count = sum(len(v) for _, v in cells.lists)
        summary = self.counted(count, self.capacity, ", %d cells, %dD, cells of %d"
                               % (len(cells.lists), self.dims, 1 << self.shift))
        # the positions follow the cells' buffer (the spatial hash's own header before it
        # holds only parameters)
        at = int(sh["position"])
        if at != cells.buf.address + cells.buf.bytes:
            raise Damaged("positions at 0x%x, not after the cells (0x%x)"
                          % (at, cells.buf.address + cells.buf.bytes))
        positions = _words(at, self.dims * self.capacity, "positions")
        self.items = []
        for key, items in cells.lists:
            for item in items:
                p = [x - (1 << 32) if x & 0x80000000 else x
                     for x in positions[self.dims * item:self.dims * (item + 1)]]
                if self.cell_key(p) != key:
                    raise Damaged("item %d at %s is not in the cell its position names"
                                  % (item, tuple(p)))
                self.items.append((cells.stamps[item], p))
        self.items.sort()
        return summary

    def cell_key(self, p):
        cell = [((x & 0xFFFFFFFF) ^ 0x80000000) >> self.shift for x in p]
        if self.dims == 2:
            return cell[1] << 32 | cell[0]
        m = (1 << 21) - 1
        return (cell[0] & m) | (cell[1] & m) << 21 | (cell[2] & m) << 42

    def elements(self):
        value = self.typed.value if self.typed else None
        for item, p in self.items:
            yield (_keyed(item, 4, value), _coords(p))


class PagedSetPrinter(Printer):
    kind = "paged_set"

    def summary(self):
        s = self.value
        self.capacity = _u(s["capacity"])
        if self.capacity == 0:
            return None
        self.s = _state(s, ["count", "pages_held"])
        count, held = self.s
        self.page_count = _u(s["page_count"])
        summary = self.counted(count, self.capacity, ", %d pages held" % held)
        buf = Buffer(s["saved"], "paged_set", self.s, "paged set", self.capacity)
        if held > self.page_count or self.page_count > MAX_CAPACITY:
            raise Damaged("%d pages held of %d" % (held, self.page_count))
        self.shift = _u(s["page_shift"])
        if self.shift > 24:
            raise Damaged("page shift %d" % self.shift)
        self.mask = _u(s["index_mask"])
        self.limit = _u(s["page_limit"])
        self.size = _u(s["value_size"])
        self.base = int(s["page_base"])
        self.dense = _words(buf.inside(s["dense"], 4 * count, "dense keys"), count, "dense keys")
        self.table = _words(buf.inside(s["page_table"], 4 * self.page_count, "page table"),
                            self.page_count, "page table")
        # pages are blocks of the set's pool: inside its blocks
        pages = BlockPoolPrinter(s["pages"].dereference())
        psummary, damage, _ = pages.scan()
        if damage is not None or psummary is None:
            raise Damaged("its pool of pages: %s" % (damage or "inert"))
        pool = s["pages"].dereference()
        self.pool_start = int(pool["blocks"])
        self.pool_end = self.pool_start + _u(pool["stride"]) * _u(pool["capacity"])
        if self.base != self.pool_start:
            raise Damaged("pages at 0x%x, the pool's blocks at 0x%x" % (self.base, self.pool_start))
        self.found = []
        page_size = 1 << self.shift
        for position, key in enumerate(self.dense):
            index = key & self.mask
            page = index >> self.shift
            if page >= self.page_count:
                raise Damaged("key 0x%x at position %d: page %d of %d"
                              % (key, position, page, self.page_count))
            offset = self.table[page]
            if offset == NONE or offset >= self.limit:
                raise Damaged("key 0x%x: page %d has no block (0x%x)" % (key, page, offset))
            page_at = self.base + 4 * offset
            if page_at + 4 * page_size + page_size * self.size > self.pool_end:
                raise Damaged("key 0x%x: page %d runs past the pool's blocks" % (key, page))
            slot = index & (page_size - 1)
            if _words(page_at + 4 * slot, 1, "page %d" % page)[0] != position:
                raise Damaged("key 0x%x: its page does not point back at position %d"
                              % (key, position))
            self.found.append((key, page_at + 4 * page_size + slot * self.size))
        return summary

    def elements(self):
        key = self.typed.key if self.typed else None
        element = self.typed.element if self.typed else None
        for k, address in self.found:
            yield (_keyed(k, 4, key), _element(address, self.size, element, "value"))


class GridPrinter(Printer):
    kind = "grid"

    def summary(self):
        g = self.value
        self.capacity = _u(g["capacity"])
        if self.capacity == 0:
            return None
        self.dims = _u(g["dims"])
        window = _u(g["window"]) != 0
        count = _u(g["state"]["count"])
        if self.dims < 1 or self.dims > 4:
            raise Damaged("%d dims" % self.dims)
        self.axes = []
        state = []
        for d in range(4):
            a = g["state"]["axis"][d]
            state += [_u(a["origin"]), _u(a["size"]), _u(a["stride"])]
            if d < self.dims:
                origin = int(a["origin"])
                self.axes.append((origin, _u(a["size"]), _u(a["stride"])))
        state += [count, _u(g["state"]["moved"])]
        box = " x ".join("%d" % size for _, size, _ in self.axes)
        summary = self.counted(count, self.capacity, ", %s %s box %s at %s"
                               % ("window" if window else "growing", "%dD" % self.dims, box,
                                  tuple(o for o, _, _ in self.axes)))
        buf = Buffer(g["saved"], "grid", state, "grid", self.capacity, 2)
        cells = 1
        for origin, size, stride in self.axes:
            if size & (size - 1) or stride > 31:
                raise Damaged("axis size %d, stride %d" % (size, stride))
            cells *= size
        if cells > self.capacity:
            raise Damaged("box of %d cells, capacity %d" % (cells, self.capacity))
        words = (self.capacity + 31) >> 5
        bitmap = _words(buf.inside(g["occupied"], 4 * words, "occupied"), words, "occupied")
        buf.inside(g["cells"], _u(g["cell_size"]) * self.capacity, "cells")
        self.occupied = []
        for w, bits in enumerate(bitmap):
            while bits:
                low = bits & -bits
                i = (w << 5) + low.bit_length() - 1
                if i >= cells:
                    raise Damaged("cell %d is occupied outside the box of %d cells" % (i, cells))
                self.occupied.append(i)
                bits ^= low
        if len(self.occupied) != count:
            raise Damaged("%d cells occupied, count %d" % (len(self.occupied), count))
        self.window = window
        return summary

    def coords(self, i):
        out = []
        for origin, size, stride in self.axes:
            slot = (i >> stride) & (size - 1)
            if self.window:
                c = origin + ((slot - origin) & (size - 1))
            else:
                c = origin + slot
            out.append(((c + (1 << 31)) & 0xFFFFFFFF) - (1 << 31))
        return out

    def elements(self):
        g = self.value
        size = _u(g["cell_size"])
        cells = int(g["cells"])
        element = self.typed.element if self.typed else None
        for i in self.occupied:
            yield (_coords(self.coords(i)), _element(cells + i * size, size, element,
                                                     "cell %d" % i))


class HandlePrinter(object):
    """A typed handle (BENTO_HANDLE_TYPE): its raw value, and its index and generation when the
    index bits are known (the name_INDEX_BITS enumerator, or a pool of this handle type printed
    before)."""

    bits = {}

    def __init__(self, value, name):
        self.value = value
        self.name = name

    def to_string(self):
        try:
            raw = _u(self.value["raw"])
        except gdb.error as e:
            return "<%s>" % e
        name = "bento::handle" if self.name.startswith("bento::handle<") else self.name
        if raw == 0:
            return "%s null" % name
        bits = HandlePrinter.bits.get(self.name)
        if bits is None and self.name.startswith("bento::handle<"):
            try:  # bento.hpp's handle<Tag, UInt, IndexBits>
                bits = int(self.value.type.strip_typedefs().template_argument(2))
            except (gdb.error, RuntimeError, TypeError):
                bits = None
        if bits is None:
            try:
                bits = int(gdb.parse_and_eval(self.name + "_INDEX_BITS"))
            except gdb.error:
                bits = None
        if bits is None:
            return "%s 0x%x" % (name, raw)
        return "%s 0x%x (index %d, generation %d)" % (name, raw, raw & ((1 << bits) - 1),
                                                     raw >> bits)


# ---------------------------------------------------------------- lookup

GENERIC = {
    "bento_pool": ("pool", PoolPrinter),
    "bento_block_pool": ("block_pool", BlockPoolPrinter),
    "bento_sparse_set": ("sparse_set", SparseSetPrinter),
    "bento_paged_set": ("paged_set", PagedSetPrinter),
    "bento_index": ("index", None),
    "bento_index32": ("index32", None),
    "bento_multi_index": ("multi_index", MultiIndexPrinter),
    "bento_spatial_hash": ("spatial_hash", SpatialHashPrinter),
    "bento_grid": ("grid", GridPrinter),
}


def _struct_name(t):
    t = t.strip_typedefs()
    if t.code != gdb.TYPE_CODE_STRUCT:
        return None, t
    return t.tag or t.name, t


def _make(kind, cls, value, typed):
    if cls is None:
        # a bento_index32 is a bento_index underneath, its keys one word
        return IndexPrinter(value["generic_"] if kind == "index32" else value, typed, kind)
    return cls(value, typed)




def lookup(value):
    """The printer of a bento container, typed container, join or handle, or None."""
    try:
        name, t = _struct_name(value.type)
    except gdb.error:
        return None
    if name is None:
        return None
    if name in GENERIC:
        kind, cls = GENERIC[name]
        return _make(kind, cls, value, None)
    if name == "bento_sparse_set_join":
        return JoinPrinter(value)
    fields = t.fields()
    names = [f.name for f in fields]
    if len(fields) == 2 and names == ["generic_", "storage_"]:
        generic, _ = _struct_name(fields[0].type)
        if generic in GENERIC:
            kind, cls = GENERIC[generic]
            key = (name, kind)
            if key not in _cache:
                _cache[key] = Typed(name, kind)
            typed = _cache[key]
            printer = _make(kind, cls, value["generic_"], typed)
            if kind == "pool" and typed.handle is not None:
                try:
                    HandlePrinter.bits[str(typed.handle.strip_typedefs().tag or typed.handle)] = \
                        _u(value["generic_"]["index_bits"])
                except gdb.error:
                    pass
            return printer
    template = name.split("<", 1)[0] if "<" in name else None
    if template in CxxTyped.ROLES and "g_" in names:
        generic, _ = _struct_name(value["g_"].type)
        if generic in GENERIC:
            kind, cls = GENERIC[generic]
            key = (name, kind)
            if key not in _cache:
                _cache[key] = CxxTyped(t, template, kind)
            return _make(kind, cls, value["g_"], _cache[key])
    if names == ["raw"] and (template == "bento::handle" or name.endswith("_handle") or
                             _has_handle_functions(name)):
        return HandlePrinter(value, name)
    return None


def _has_handle_functions(name):
    return _function_type(name + "_index") is not None or \
        _function_type(name + "_from_raw") is not None


def register(objfile=None):
    """Add the printers to objfile (or to every program gdb loads)."""
    gdb.printing.register_pretty_printer(objfile, lookup, replace=True)


lookup.name = "bento"
lookup.enabled = True
register()
gdb.events.new_objfile.connect(_forget)
