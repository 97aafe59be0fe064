// SPDX-License-Identifier: MIT
/**
 * @file
 * bento/bento.hpp - the C++17 face of the kit: class templates over the one generic C core.
 *
 * Every class here holds the generic C container (bento_pool, bento_sparse_set, ...) and calls
 * its functions, with the shape of the type (capacity, index bits, value size) passed as
 * constants, as the C typed macros do: no second implementation, one copy of the core in
 * flash however many types use it, and the lookups cost what the C typed wrappers cost
 * (docs/cpp.md, "Zero cost").
 *
 * Freestanding: this header includes only the kit's C headers (so <stddef.h>, <stdint.h>,
 * <stdbool.h>), no C++ standard header, nothing that allocates; it works with
 * -fno-exceptions -fno-rtti and with a toolchain that ships no C++ library (arm-none-eabi).
 *
 * Idioms: statuses are bento::status, an enum class marked [[nodiscard]]; lookups return a
 * pointer or nullptr; handles are bento::handle<Tag, UInt, IndexBits>, one type per pool type
 * (or per Tag given), so a handle of one pool does not convert to another's; range-for walks values, (key, value)
 * pairs and joins, whose elements bind with structured bindings:
 *
 *     for (auto [h, pos, vel] : bento::join(positions, velocities)) { pos.x += vel.x; }
 *
 * Storage: every container holds its buffer (bento::embedded, the default: init() and open())
 * or uses the caller's (bento::caller_memory: init(memory, bytes), open(memory, bytes), with
 * the size as the constant `bytes`). A container points into its buffer: after copying one, or
 * when it lives in retained RAM after a reset, call open(). Conventions are the C side's
 * (bento/common.h): inert after a failed init or open, confinement on damaged buffers, not
 * thread-safe.
 */
#ifndef BENTO_HPP
#define BENTO_HPP

#include <bento/bento.h>

#if !defined(__cplusplus) || __cplusplus < 201703L
#error "bento/bento.hpp needs C++17"
#endif

namespace bento {

/// @cond INTERNAL
namespace detail {

template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };
template <class T> struct dependent_false { static constexpr bool value = false; };
// the tag of a pool's handles: the Tag it was given, or else the pool's own type
template <class Tag, class Pool> struct tag_or { using type = Tag; };
template <class Pool> struct tag_or<void, Pool> { using type = Pool; };
// the type a callable parameter `C &&` names: without reference and const
template <class T> struct plain { using type = T; };
template <class T> struct plain<T &> : plain<T> {};
template <class T> struct plain<T &&> : plain<T> {};
template <class T> struct plain<const T> : plain<T> {};

template <unsigned long long... I> struct seq {};
template <unsigned long long N, unsigned long long... I> struct make_seq : make_seq<N - 1u, N - 1u, I...> {};
template <unsigned long long... I> struct make_seq<0u, I...> { using type = seq<I...>; };

template <unsigned long long I, class... Ts> struct at;
template <class T, class... Ts> struct at<0u, T, Ts...> { using type = T; };
template <unsigned long long I, class T, class... Ts> struct at<I, T, Ts...> : at<I - 1u, Ts...> {};

// ceil(log2(n)), at least 0: the C side's BENTO_IMPL_CEIL_LOG2 as a constexpr function
constexpr unsigned ceil_log2(unsigned long long n)
{
    unsigned bits = 0u;
    while ((1ull << bits) < n) {
        bits++;
    }
    return bits;
}
constexpr unsigned index_bits_for(unsigned long long capacity)
{
    return ceil_log2(capacity) > 0u ? ceil_log2(capacity) : 1u;
}
constexpr size_t align_up(size_t n, size_t a) { return (n + (a - 1u)) & ~(a - 1u); }
constexpr bool power_of_two(unsigned long long n) { return n != 0u && (n & (n - 1u)) == 0u; }

} // namespace detail
/// @endcond

/** A bento_status as a C++ type: discarding one is a warning. */
enum class [[nodiscard]] status : int {
    ok = BENTO_OK,               ///< BENTO_OK
    argument = BENTO_E_ARGUMENT, ///< BENTO_E_ARGUMENT
    align = BENTO_E_ALIGN,       ///< BENTO_E_ALIGN
    size = BENTO_E_SIZE,         ///< BENTO_E_SIZE
    full = BENTO_E_FULL,         ///< BENTO_E_FULL
    stale = BENTO_E_STALE,       ///< BENTO_E_STALE
    not_found = BENTO_E_NOT_FOUND, ///< BENTO_E_NOT_FOUND
    exists = BENTO_E_EXISTS,     ///< BENTO_E_EXISTS
    corrupt = BENTO_E_CORRUPT    ///< BENTO_E_CORRUPT
};

/** The status of a C call. */
constexpr status to_status(bento_status s) { return static_cast<status>(static_cast<int>(s)); }
/** The C status of a status. */
constexpr bento_status to_c(status s) { return static_cast<bento_status>(static_cast<int>(s)); }
/** True for status::ok. */
constexpr bool ok(status s) { return s == status::ok; }
/** The status's name, "BENTO_OK", "BENTO_E_FULL", ... (bento_status_name). */
inline const char *name(status s) { return bento_status_name(to_c(s)); }

/** What a pool slot does at its last generation (bento_pool_policy). */
enum class policy : int {
    retire = BENTO_POOL_RETIRE, ///< the slot retires: stale handles never alias
    wrap = BENTO_POOL_WRAP      ///< the slot starts again at generation 1
};

/** Storage: the container holds its buffer (init(), open()). */
struct embedded {};
/** Storage: the caller gives the buffer (init(memory, bytes), open(memory, bytes)). */
struct caller_memory {};

/// @cond INTERNAL
namespace detail {
// A container's buffer: Bytes of storage aligned as bento_align_unit (or to a cache line), or
// nothing when the caller gives the memory.
template <size_t Bytes, class Storage, size_t Align = alignof(bento_align_unit)> struct buffer {
    static_assert(same<Storage, embedded>::value || same<Storage, caller_memory>::value,
                  "the storage is bento::embedded or bento::caller_memory");
    alignas(Align) bento_align_unit unit_[BENTO_ALIGN_UNITS(Bytes)];
    void *data() { return unit_; }
    const void *data() const { return unit_; }
};
template <size_t Bytes, size_t Align> struct buffer<Bytes, caller_memory, Align> {
    void *data() { return nullptr; }
    const void *data() const { return nullptr; }
};
} // namespace detail
/// @endcond

/**
 * init() and open() of every container, on the buffer it holds (Storage bento::embedded) or on
 * the caller's (bento::caller_memory, `bytes` of it): each forwards to the container's own
 * init_in or open_in. open answers status::corrupt also for a buffer written for another type.
 * The grid has init overloads of its own (a window takes its size); the paged set takes its
 * pages in both.
 */
template <class Container, class Storage> class lifecycle {
  public:
    /** Init on the container's own buffer. */
    template <class S = Storage> status init()
    {
        static_assert(detail::same<S, embedded>::value, "init() without memory needs bento::embedded storage");
        return self().init_in(self().buf_.data(), Container::bytes);
    }
    /** Init on caller memory. */
    template <class S = Storage> status init(void *memory, size_t size)
    {
        static_assert(detail::same<S, caller_memory>::value, "init(memory, bytes) needs bento::caller_memory");
        return self().init_in(memory, size);
    }
    /** Open (reattach) on the container's own buffer. */
    template <class S = Storage> status open()
    {
        static_assert(detail::same<S, embedded>::value, "open() without memory needs bento::embedded storage");
        return self().open_in(self().buf_.data(), Container::bytes);
    }
    /** Open (reattach) on caller memory. */
    template <class S = Storage> status open(void *memory, size_t size)
    {
        static_assert(detail::same<S, caller_memory>::value, "open(memory, bytes) needs bento::caller_memory");
        return self().open_in(memory, size);
    }

  private:
    Container &self() { return static_cast<Container &>(*this); }
};

/**
 * A generational handle: `raw = generation << IndexBits | index`, 0 the null handle. Tag makes
 * it one pool's own type (bento::pool: its Tag, or else the pool's type): handles of different
 * tags do not convert.
 */
template <class Tag, class UInt, unsigned IndexBits> struct handle {
    static_assert(detail::same<UInt, uint8_t>::value || detail::same<UInt, uint16_t>::value ||
                      detail::same<UInt, uint32_t>::value,
                  "a handle is uint8_t, uint16_t or uint32_t");
    static_assert(IndexBits >= 1u && IndexBits < 8u * sizeof(UInt),
                  "a handle's index bits must leave at least one generation bit");
    /** the unsigned integer type of a raw handle */
    using raw_type = UInt;
    /** bits of the index field */
    static constexpr unsigned index_bits = IndexBits;
    /** bits of the generation field */
    static constexpr unsigned generation_bits = 8u * sizeof(UInt) - IndexBits;
    UInt raw; ///< the handle's bits

    /** The handle of raw value `r`. */
    static constexpr handle from_raw(uint32_t r) { return handle{static_cast<UInt>(r)}; }
    /** The null handle. */
    static constexpr handle null() { return handle{0u}; }
    /** True for the null handle. */
    constexpr bool is_null() const { return raw == 0u; }
    /** The index field. */
    constexpr uint32_t index() const { return bento_handle_index(raw, IndexBits); }
    /** The generation field. */
    constexpr uint32_t generation() const { return bento_handle_generation(raw, IndexBits); }
    /** True when not null. */
    explicit constexpr operator bool() const { return raw != 0u; }
    /** True when two handles are the same. */
    friend constexpr bool operator==(handle a, handle b) { return a.raw == b.raw; }
    /** True when two handles differ. */
    friend constexpr bool operator!=(handle a, handle b) { return a.raw != b.raw; }
};

/// @cond INTERNAL
namespace detail {
template <class T> struct is_handle { static constexpr bool value = false; };
template <class Tag, class U, unsigned B> struct is_handle<handle<Tag, U, B>> {
    static constexpr bool value = true;
};
template <class T> struct is_unsigned { static constexpr bool value = false; };
template <> struct is_unsigned<uint8_t> { static constexpr bool value = true; };
template <> struct is_unsigned<uint16_t> { static constexpr bool value = true; };
template <> struct is_unsigned<uint32_t> { static constexpr bool value = true; };
template <> struct is_unsigned<uint64_t> { static constexpr bool value = true; };

// The bits of a key or value: an unsigned integer itself, a handle its raw value.
template <class T, class Bits> constexpr Bits bits_of(T x)
{
    if constexpr (is_handle<T>::value) {
        return static_cast<Bits>(x.raw);
    } else {
        return static_cast<Bits>(x);
    }
}
template <class T, class Bits> constexpr T from_bits(Bits b)
{
    if constexpr (is_handle<T>::value) {
        return T::from_raw(static_cast<uint32_t>(b));
    } else {
        return static_cast<T>(b);
    }
}
// Bits of a value's id: a handle's index bits, 32 for integers (the id_bits of a multi-value
// index or spatial hash, which keeps the stamps of handle values in its buffer)
template <class V> struct id_bits { static constexpr unsigned value = 32u; };
template <class Tag, class U, unsigned B> struct id_bits<handle<Tag, U, B>> {
    static constexpr unsigned value = B;
};
} // namespace detail
/// @endcond

/** A pointer range: what range-for walks, with size and indexing. */
template <class T> class span {
  public:
    /** What begin() or the container builds. */
    constexpr span(T *first, uint32_t count) : first_(first), count_(count) {}
    /** The first element. */
    constexpr T *begin() const { return first_; }
    /** One past the last. */
    constexpr T *end() const { return first_ + count_; }
    /** The first element (begin()). */
    constexpr T *data() const { return first_; }
    /** The elements. */
    constexpr uint32_t size() const { return count_; }
    /** True when empty. */
    constexpr bool empty() const { return count_ == 0u; }
    /** Element i (no check). */
    constexpr T &operator[](uint32_t i) const { return first_[i]; }

  private:
    T *first_;
    uint32_t count_;
};

/**
 * An element of a walk: a key and references to its values, bound by structured bindings
 * (`auto [key, a, b] = element;` names the key and references to the values). Up to 8 values.
 */
template <class K, class... Ts> struct row;
/// @cond INTERNAL
template <class K> struct row<K> { K key; };
template <class K, class A> struct row<K, A> { K key; A &a; };
template <class K, class A, class B> struct row<K, A, B> { K key; A &a; B &b; };
template <class K, class A, class B, class C> struct row<K, A, B, C> { K key; A &a; B &b; C &c; };
template <class K, class A, class B, class C, class D> struct row<K, A, B, C, D> {
    K key; A &a; B &b; C &c; D &d;
};
template <class K, class A, class B, class C, class D, class E> struct row<K, A, B, C, D, E> {
    K key; A &a; B &b; C &c; D &d; E &e;
};
template <class K, class A, class B, class C, class D, class E, class F>
struct row<K, A, B, C, D, E, F> {
    K key; A &a; B &b; C &c; D &d; E &e; F &f;
};
template <class K, class A, class B, class C, class D, class E, class F, class G>
struct row<K, A, B, C, D, E, F, G> {
    K key; A &a; B &b; C &c; D &d; E &e; F &f; G &g;
};
template <class K, class A, class B, class C, class D, class E, class F, class G, class H>
struct row<K, A, B, C, D, E, F, G, H> {
    K key; A &a; B &b; C &c; D &d; E &e; F &f; G &g; H &h;
};
/// @endcond

/** The end of a walk (what end() returns). */
struct sentinel {};

// ------------------------------------------------------------------------------------- pool

/**
 * A handle pool of T (bento/pool.h): Capacity slots, handles of the unsigned type UInt
 * (uint16_t or uint32_t) with the fewest index bits that name Capacity slots, the rest
 * generation bits, and Policy at a slot's last generation. Its handle type is its own: by
 * default its Tag is the pool's type itself, so handles are shared only by pools of the very
 * same type (the same T, Capacity, UInt, Policy and Storage); give two such pools a Tag each
 * (any type, declared or not) to keep their handles apart, or the same Tag to share them.
 */
template <class T, uint32_t Capacity, class UInt = uint32_t, policy Policy = policy::retire,
          class Storage = embedded, class Tag = void>
class pool : public lifecycle<pool<T, Capacity, UInt, Policy, Storage, Tag>, Storage> {
    friend class lifecycle<pool, Storage>;
    static_assert(Capacity >= 1u, "a pool's capacity must be at least 1");
    static_assert(Policy == policy::retire || Policy == policy::wrap,
                  "the policy is bento::policy::retire or bento::policy::wrap");
    static_assert(sizeof(T) >= 1u && __is_trivially_copyable(T),
                  "pool values move with swap-and-pop: T must be trivially copyable");
    static_assert(alignof(T) <= BENTO_MAX_ALIGN, "T's alignment is above BENTO_MAX_ALIGN");

  public:
    /** bits of a handle that are its index */
    static constexpr unsigned index_bits = detail::index_bits_for(Capacity);
    static_assert((1ull << index_bits) >= Capacity, "the capacity does not fit the index bits");
    /** the pool's handle type */
    using handle_type = handle<typename detail::tag_or<Tag, pool>::type, UInt, index_bits>;
    /** the value type */
    using value_type = T;
    /** bytes of the pool's buffer (BENTO_POOL_BYTES) */
    static constexpr size_t bytes = BENTO_POOL_BYTES(Capacity, sizeof(T));
    /** the capacity */
    static constexpr uint32_t capacity() { return Capacity; }

    /** bento_pool_create: *h names the new object; *value (optional) is its storage. */
    status create(handle_type &h, T **value = nullptr)
    {
        uint32_t raw;
        void *v;
        const bento_status s = bento_pool_create(&g_, &raw, &v);
        h = handle_type::from_raw(raw);
        if (value != nullptr) {
            *value = static_cast<T *>(v);
        }
        return to_status(s);
    }
    /** bento_pool_create_from: the new object holds a copy of `value`. */
    status create(handle_type &h, const T &value)
    {
        uint32_t raw;
        const bento_status s = bento_pool_create_from(&g_, &raw, &value);
        h = handle_type::from_raw(raw);
        return to_status(s);
    }
    /** bento_pool_destroy. */
    status destroy(handle_type h) { return to_status(bento_pool_destroy(&g_, h.raw)); }
    /** The object h names, or nullptr (stale, forged, null). O(1). */
    T *get(handle_type h) const
    {
        return static_cast<T *>(bento_impl_pool_get(&g_, h.raw, (1u << index_bits) - 1u, g_.capacity,
                                                    BENTO_POOL_STRIDE(sizeof(T))));
    }
    /** True when h names a live object. */
    bool contains(handle_type h) const { return get(h) != nullptr; }
    /** Live objects. */
    uint32_t count() const { return bento_pool_count(&g_); }
    /** True when no object is live. */
    bool empty() const { return count() == 0u; }
    /** bento_pool_check. */
    status check() const { return to_status(bento_pool_check(&g_)); }
    /** bento_pool_clear. */
    void clear() { bento_pool_clear(&g_); }
    /** bento_pool_retired. */
    uint32_t retired() const { return bento_pool_retired(&g_); }
    /** bento_pool_lifetime. */
    uint32_t lifetime() const { return bento_pool_lifetime(&g_); }
    /** bento_pool_alias_horizon. */
    uint32_t alias_horizon() const { return bento_pool_alias_horizon(&g_); }
    /** The handle at dense position `position` (null past the count). */
    handle_type handle_at(uint32_t position) const
    {
        return handle_type::from_raw(bento_pool_handle_at(&g_, position));
    }
    /** The live handle of slot `index` (null when free, retired or out of range). */
    handle_type handle_of_index(uint32_t index) const
    {
        return handle_type::from_raw(bento_pool_handle_of_index(&g_, index));
    }
    /** bytes from one value to the next: sizeof(T) rounded up to 4 */
    static constexpr size_t stride = BENTO_POOL_STRIDE(sizeof(T));
    /** The live values, dense, in no particular order: a T array when sizeof(T) is a multiple
     * of 4 (stride == sizeof(T)); otherwise walk the pool itself (`for (auto [h, v] : pool)`). */
    template <class U = T> span<U> values() const
    {
        static_assert(BENTO_POOL_STRIDE(sizeof(U)) == sizeof(U),
                      "values() is a T array only when sizeof(T) is a multiple of 4; walk the pool instead");
        return span<U>(static_cast<U *>(bento_pool_values(&g_)), count());
    }
    /** The generic pool underneath. */
    const bento_pool *generic() const { return &g_; }

    /** Walks (handle, value) pairs: `for (auto [h, v] : pool)`. */
    class iterator {
      public:
        /** The current element. */
        row<handle_type, T> operator*() const
        {
            return row<handle_type, T>{pool_->handle_at(at_),
                                       *reinterpret_cast<T *>(values_ + size_t{at_} * stride)};
        }
        /** Step to the next element. */
        iterator &operator++()
        {
            at_++;
            return *this;
        }
        /** True before the end. */
        bool operator!=(sentinel) const { return at_ < pool_->count(); }
        /** True at the end. */
        bool operator==(sentinel s) const { return !(*this != s); }
        /** What begin() or the container builds. */
        iterator(const pool *p, unsigned char *values) : pool_(p), values_(values), at_(0u) {}

      private:
        const pool *pool_;
        unsigned char *values_;
        uint32_t at_;
    };
    /** The first (handle, value) pair. */
    iterator begin() const { return iterator(this, static_cast<unsigned char *>(bento_pool_values(&g_))); }
    /** The end of the walk. */
    sentinel end() const { return sentinel{}; }

  private:
    status init_in(void *memory, size_t size)
    {
        return to_status(bento_pool_init(&g_, memory, size, sizeof(T), Capacity, index_bits,
                                         handle_type::generation_bits,
                                         static_cast<bento_pool_policy>(Policy)));
    }
    status open_in(void *memory, size_t size)
    {
        return to_status(bento_impl_pool_open_as(&g_, memory, size, sizeof(T), Capacity, index_bits,
                                                 handle_type::generation_bits,
                                                 static_cast<bento_pool_policy>(Policy)));
    }
    bento_pool g_;
    detail::buffer<bytes, Storage> buf_;
};

// ------------------------------------------------------------------------------- sparse sets

/** Keys of a sparse set: plain uint32_t ids below Universe (no generation). */
template <uint32_t Universe> struct ids {};

/// @cond INTERNAL
namespace detail {
// A set's key: a handle type (universe 2^index_bits) or ids<Universe>.
template <class K> struct key_traits {
    static_assert(is_handle<K>::value, "a set's key is a pool's handle type or bento::ids<universe>");
    using type = K;
    static constexpr unsigned index_bits = K::index_bits;
    static constexpr unsigned generation_bits = K::generation_bits;
    static constexpr uint32_t universe = 1u << K::index_bits;
    static constexpr uint32_t none = 0u;
};
template <uint32_t Universe> struct key_traits<ids<Universe>> {
    using type = uint32_t;
    static constexpr unsigned index_bits = 32u;
    static constexpr unsigned generation_bits = 0u;
    static constexpr uint32_t universe = Universe;
    static constexpr uint32_t none = BENTO_NONE;
};
template <class... Ts> constexpr size_t column_region(size_t capacity)
{
    return (size_t{0} + ... + align_up(capacity * sizeof(Ts), 8u));
}
// Offset of column I: the columns before it, each rounded to 8 bytes.
template <size_t I, class... Ts> constexpr size_t column_offset(size_t capacity)
{
    size_t sizes[] = {sizeof(Ts)..., 0u};
    size_t off = 0u;
    for (size_t i = 0u; i < I; i++) {
        off += align_up(capacity * sizes[i], 8u);
    }
    return off;
}
} // namespace detail
/// @endcond

/**
 * A sparse set (bento/sparse_set.h) keyed by Key (a pool's handle type, or bento::ids<U> for
 * plain ids below U), Capacity keys, with one column per type in Columns (none: a set of keys,
 * a tag), its buffer its own (Storage bento::embedded: bento::sparse_set<Key, Capacity,
 * Columns...>) or the caller's (bento::caller_memory: keys and columns, `bytes` of them).
 * Columns are trivially copyable (they move by swap-and-pop).
 */
template <class Key, uint32_t Capacity, class Storage, class... Columns> class sparse_set_in : public lifecycle<sparse_set_in<Key, Capacity, Storage, Columns...>, Storage> {
    friend class lifecycle<sparse_set_in, Storage>;
    using traits = detail::key_traits<Key>;
    static constexpr unsigned IB = traits::index_bits;
    static constexpr unsigned GB = traits::generation_bits;
    static constexpr uint32_t U = traits::universe;
    static constexpr uint32_t N = sizeof...(Columns);
    static_assert(Capacity >= 1u && Capacity <= U && Capacity < 0x80000000u,
                  "a set's capacity must be from 1 to its universe, and below 2^31");
    static_assert((true && ... && __is_trivially_copyable(Columns)),
                  "set columns move with swap-and-pop: each column type must be trivially copyable");
    static_assert((true && ... && (alignof(Columns) <= 8u)), "a column's alignment is at most 8");

  public:
    /** the key type: the handle type, or uint32_t for ids */
    using key_type = typename traits::type;
    /** bytes of the set's buffer: keys, sparse entries and the columns */
    static constexpr size_t keys_bytes = detail::align_up(BENTO_SPARSE_SET_BYTES(U, Capacity, IB, GB, N), 8u);
    /** bytes of the buffer (keys and columns) */
    static constexpr size_t bytes = keys_bytes + detail::column_region<Columns...>(Capacity);
    /** the capacity */
    static constexpr uint32_t capacity() { return Capacity; }
    /** the universe: keys' indices are below it */
    static constexpr uint32_t universe() { return U; }
    /** the columns */
    static constexpr uint32_t column_count() { return N; }
    /** the type of column I */
    template <size_t I> using column_type = typename detail::at<I, Columns...>::type;

    /** The key's position, or BENTO_NONE. The set's shape folded in (as the C typed set). */
    uint32_t index_of(key_type key) const
    {
        return bento_impl_sparse_set_find(&g_, detail::bits_of<key_type, uint32_t>(key), mask(), tag_shift(),
                                          lost(), wide(), Capacity);
    }
    /** True when key is present (a stale generation of it is not). */
    bool contains(key_type key) const { return index_of(key) != BENTO_NONE; }
    /** bento_sparse_set_remove. */
    status remove(key_type key)
    {
        return to_status(bento_sparse_set_remove(&g_, detail::bits_of<key_type, uint32_t>(key)));
    }
    /** Keys present. */
    uint32_t count() const { return g_.state.count; }
    /** True when empty. */
    bool empty() const { return count() == 0u; }
    /** bento_sparse_set_check. */
    status check() const { return to_status(bento_sparse_set_check(&g_)); }
    /** bento_sparse_set_clear. */
    void clear() { bento_sparse_set_clear(&g_); }
    /** The key at `position` (null / BENTO_NONE past the count). */
    key_type key_at(uint32_t position) const
    {
        return detail::from_bits<key_type, uint32_t>(position < g_.state.count ? g_.dense[position]
                                                                               : traits::none);
    }
    /** The keys' raw values, count() of them, in iteration order. */
    span<const uint32_t> keys() const { return span<const uint32_t>(g_.dense, count()); }
    /** Column I's element of `key`, or nullptr when it is absent. */
    template <size_t I> column_type<I> *get(key_type key) const
    {
        const uint32_t p = index_of(key);
        return p != BENTO_NONE ? column<I>() + p : nullptr;
    }
    /** Column I, count() elements, parallel to keys(). */
    template <size_t I> column_type<I> *column() const
    {
        static_assert(I < N, "the set has no such column");
        return reinterpret_cast<column_type<I> *>(base() + detail::column_offset<I, Columns...>(Capacity));
    }
    /** Column I as a range of count() elements. */
    template <size_t I> span<column_type<I>> values() const
    {
        return span<column_type<I>>(column<I>(), count());
    }
    /** bento_sparse_set_sort_as: this set in the order of `other`'s keys. */
    template <class Other> status sort_as(const Other &other)
    {
        return to_status(bento_sparse_set_sort_as(&g_, other.generic()));
    }
    /** bento_sparse_set_sort_radix (scratch: see the C contract). */
    status sort_radix(uint32_t n, void *scratch, size_t scratch_bytes)
    {
        return to_status(bento_sparse_set_sort_radix(&g_, n, scratch, scratch_bytes));
    }
    /// @cond INTERNAL
    // the comparator of a sort by column I (or by key: I == BENTO_NONE, a uint32_t) with less:
    // the sorts ask only whether a goes before b (bento_sparse_set_compare), one call of less
    template <class V, class Less> static int compare_with(const void *a, const void *b, void *context)
    {
        Less &l = *static_cast<Less *>(context);
        const V &x = *static_cast<const V *>(a);
        const V &y = *static_cast<const V *>(b);
        return l(x, y) ? -1 : 0;
    }
    /// @endcond
    /**
     * Sort the first n positions by column I with `less(a, b)` (any callable taking two
     * `const column_type<I> &`), in place (bento_sparse_set_sort, mode `mode`).
     */
    template <size_t I, class Less>
    status sort(uint32_t n, Less &&less, bento_sparse_set_sort_mode mode = BENTO_SPARSE_SET_SORT_INSERTION)
    {
        using L = typename detail::plain<Less>::type;
        return to_status(bento_sparse_set_sort(&g_, n, static_cast<uint32_t>(I), &compare_with<column_type<I>, L>,
                                               const_cast<void *>(static_cast<const void *>(&less)), mode));
    }
    /** Sort the first n keys (raw values, uint32_t) with `less`, in place (bento_sparse_set_sort). */
    template <class Less>
    status sort_keys(uint32_t n, Less &&less, bento_sparse_set_sort_mode mode = BENTO_SPARSE_SET_SORT_INSERTION)
    {
        using L = typename detail::plain<Less>::type;
        return to_status(bento_sparse_set_sort(&g_, n, BENTO_SPARSE_SET_BY_KEY, &compare_with<uint32_t, L>,
                                               const_cast<void *>(static_cast<const void *>(&less)), mode));
    }
    /** Sort the first n positions by column I with `less`, stable, with scratch memory
     * (bento_sparse_set_sort_merge: BENTO_SPARSE_SET_MERGE_BYTES(n) bytes). */
    template <size_t I, class Less> status sort_merge(uint32_t n, Less &&less, void *scratch, size_t scratch_bytes)
    {
        using L = typename detail::plain<Less>::type;
        return to_status(bento_sparse_set_sort_merge(&g_, n, static_cast<uint32_t>(I),
                                                     &compare_with<column_type<I>, L>,
                                                     const_cast<void *>(static_cast<const void *>(&less)),
                                                     scratch, scratch_bytes));
    }
    /** bento_sparse_set_insert; the new key's elements are uninitialised (write them through
     * get<I>(key) or column<I>()[index_of(key)]). */
    status insert(key_type key)
    {
        return to_status(bento_sparse_set_insert(&this->g_, detail::bits_of<key_type, uint32_t>(key), nullptr));
    }
    /**
     * Insert `key` with its row copied from `elements`, one per column; the statuses of
     * bento_sparse_set_insert_from, the set unchanged on failure. Under BENTO_POWER_SAFE it is
     * bento_sparse_set_insert_from: atomic, the row included (after a reset the key is absent,
     * or present with its whole row). Without it, as the C typed insert and its assignments
     * cost: bento_sparse_set_insert, then each element assigned through its column (a column
     * whose type is not trivially assignable still goes through insert_from).
     */
    template <class... Es> status insert(key_type key, const Es &...elements)
    {
        static_assert(sizeof...(Es) == sizeof...(Columns), "insert takes one element per column");
        static_assert((true && ... && detail::same<Es, Columns>::value),
                      "insert's elements are the columns' types, in order");
        if constexpr (BENTO_POWER_SAFE == 0 &&
                      (true && ... && __is_trivially_assignable(Columns &, const Columns &))) {
            uint32_t position;
            const bento_status s =
                bento_sparse_set_insert(&this->g_, detail::bits_of<key_type, uint32_t>(key), &position);
            if (s == BENTO_OK) {
                assign_row(position, typename detail::make_seq<N>::type{}, elements...);
            }
            return to_status(s);
        } else {
            const void *row[] = {static_cast<const void *>(&elements)...};
            return to_status(bento_sparse_set_insert_from(&this->g_, detail::bits_of<key_type, uint32_t>(key), row,
                                                          nullptr));
        }
    }

    /** The generic set underneath (joins of any sets, sort_as). */
    const bento_sparse_set *generic() const { return &g_; }

    /** an element: the key and a reference to each of its elements */
    using row_type = row<key_type, Columns...>;
    /** The row at `position`, which must be below count(): `auto [key, a] = set.row_at(i);`. */
    row_type row_at(uint32_t position) const
    {
        return row_from(position, typename detail::make_seq<N>::type{});
    }

    /** Walks (key, elements...): `for (auto [key, a, b] : set)`. */
    class iterator {
      public:
        /** The current element. */
        row_type operator*() const { return set_->row_at(at_); }
        /** Step to the next element. */
        iterator &operator++()
        {
            at_++;
            return *this;
        }
        /** True before the end. */
        bool operator!=(sentinel) const { return at_ < set_->count(); }
        /** True at the end. */
        bool operator==(sentinel s) const { return !(*this != s); }
        /** What begin() or the container builds. */
        explicit iterator(const sparse_set_in *s) : set_(s), at_(0u) {}

      private:
        const sparse_set_in *set_;
        uint32_t at_;
    };
    /** The first element. */
    iterator begin() const { return iterator(this); }
    /** The end of the walk. */
    sentinel end() const { return sentinel{}; }

  private:
    template <unsigned long long... I> row_type row_from(uint32_t p, detail::seq<I...>) const
    {
        return row_type{detail::from_bits<key_type, uint32_t>(g_.dense[p]), column<I>()[p]...};
    }
    template <unsigned long long... I, class... Es> void assign_row(uint32_t p, detail::seq<I...>, const Es &...e)
    {
        ((column<I>()[p] = e), ...);
    }
    static constexpr uint32_t mask() { return static_cast<uint32_t>((1ull << IB) - 1u); }
    static constexpr unsigned tag_shift() { return BENTO_SPARSE_SET_POS_BITS(Capacity) > IB ? 1u : 0u; }
    static constexpr uint32_t lost() { return tag_shift() != 0u && IB + GB < 32u ? 0x80000000u : 0u; }
    static constexpr bool wide() { return BENTO_SPARSE_SET_WIDTH(Capacity, IB, GB) == 4u; }
    // where the columns start: in the set's own storage (an address the compiler knows), or
    // in the caller's memory
    unsigned char *base() const
    {
        if constexpr (detail::same<Storage, embedded>::value) {
            return static_cast<unsigned char *>(const_cast<void *>(buf_.data())) + keys_bytes;
        } else {
            return static_cast<unsigned char *>(memory_) + keys_bytes;
        }
    }
    void describe(void *memory)
    {
        memory_ = memory;
        describe_columns(typename detail::make_seq<N>::type{});
    }
    template <unsigned long long... I> void describe_columns(detail::seq<I...>)
    {
        ((desc_[I].data = column<I>(), desc_[I].bytes = Capacity * sizeof(column_type<I>),
          desc_[I].size = static_cast<uint32_t>(sizeof(column_type<I>))),
         ...);
    }
    status init_in(void *memory, size_t size)
    {
        if (memory == nullptr || size < bytes) {
            return to_status(bento_sparse_set_init(&g_, nullptr, 0u, U, Capacity, IB, GB, nullptr, 0u));
        }
        describe(memory);
        return to_status(bento_sparse_set_init(&g_, memory, BENTO_SPARSE_SET_BYTES(U, Capacity, IB, GB, N), U,
                                               Capacity, IB, GB, N != 0u ? desc_ : nullptr, N));
    }
    status open_in(void *memory, size_t size)
    {
        if (memory == nullptr || size < bytes) {
            return to_status(bento_sparse_set_open(&g_, nullptr, 0u, nullptr, 0u)) == status::ok
                       ? status::size
                       : status::argument;
        }
        describe(memory);
        return to_status(bento_impl_sparse_set_open_as(&g_, memory, BENTO_SPARSE_SET_BYTES(U, Capacity, IB, GB, N),
                                                       U, Capacity, IB, GB, N != 0u ? desc_ : nullptr, N));
    }
    bento_sparse_set g_;
    bento_sparse_set_column desc_[N != 0u ? N : 1u];
    void *memory_;
    detail::buffer<bytes, Storage> buf_;
};

/** A sparse set with its own buffer: the usual one. */
template <class Key, uint32_t Capacity, class... Columns>
using sparse_set = sparse_set_in<Key, Capacity, embedded, Columns...>;

/// @cond INTERNAL
namespace detail {
template <class S> struct set_columns;
template <class K, uint32_t C, class St, class... Cs> struct set_columns<sparse_set_in<K, C, St, Cs...>> {
    using seq_type = typename make_seq<sizeof...(Cs)>::type;
};
// the row type of a join: the key, then every set's columns in order
template <class K, class... Lists> struct join_row;
template <class... Ts> struct types {};
template <class K, class... Acc> struct join_row<K, types<Acc...>> { using type = row<K, Acc...>; };
template <class K, class... Acc, class K2, uint32_t C, class St, class... Cs, class... Rest>
struct join_row<K, types<Acc...>, sparse_set_in<K2, C, St, Cs...>, Rest...>
    : join_row<K, types<Acc..., Cs...>, Rest...> {};
} // namespace detail
/// @endcond

/**
 * A join of 2 to 16 sets of one key type: a range of the keys present in every set, driven by
 * the set with the fewest keys at its start, each element the key and a reference to every
 * column of every set, in order (a row: bind it with `auto [key, ...]`). No key may be inserted
 * or removed while it runs (elements may change). The walk is the C typed join's.
 */
template <class... Sets> class join_view {
    static constexpr uint32_t N = sizeof...(Sets);
    static_assert(N >= 2u && N <= 16u, "a join takes 2 to 16 sets");
    using first = typename detail::at<0u, Sets...>::type;

  public:
    /** the sets' key type */
    using key_type = typename first::key_type;
    static_assert((true && ... && detail::same<typename Sets::key_type, key_type>::value),
                  "a join takes sets of one key type");
    /** an element: the key and every column of every set */
    using row_type = typename detail::join_row<key_type, detail::types<>, Sets...>::type;

    /** What begin() or the container builds. */
    explicit join_view(const Sets &...sets) : sets_{&sets...} {}

    /**
     * The walk: an input iterator for range-for, which compares it with end() once before
     * each element; that comparison walks to the next key present in every set (so the loop
     * is the walk's own, as the C typed join's `while (name_next(&j))`), and ++ does nothing.
     */
    class iterator {
      public:
        /** The current element (after a comparison with end() that answered true). */
        row_type operator*() const { return build<0u>(); }
        /** Nothing: the next comparison with end() steps. */
        iterator &operator++() { return *this; }
        /** Walk to the next key present in every set: true, or false at the end. */
        bool operator!=(sentinel) { return advance(); }
        /** Walk to the next key present in every set: false, or true at the end. */
        bool operator==(sentinel s) { return !(*this != s); }
        /** What begin() builds. */
        explicit iterator(const void *const *sets)
        {
            for (uint32_t i = 0u; i < N; i++) {
                sets_[i] = sets[i];
            }
            driver_ = 0u;
            for (uint32_t i = 1u; i < N; i++) {
                if (generic(i)->state.count < generic(driver_)->state.count) {
                    driver_ = i;
                }
            }
            keys_ = generic(driver_)->dense;
            end_ = generic(driver_)->state.count;
            next_ = 0u;
            key_ = 0u;
        }

      private:
        const bento_sparse_set *generic(uint32_t i) const
        {
            return static_cast<const first *>(sets_[i])->generic();
        }
        template <unsigned long long I> const typename detail::at<I, Sets...>::type *set() const
        {
            return static_cast<const typename detail::at<I, Sets...>::type *>(sets_[I]);
        }
        template <unsigned long long I> bool find(uint32_t at, uint32_t k)
        {
            if (driver_ == I) {
                p_[I] = at;
                return true;
            }
            p_[I] = set<I>()->index_of(detail::from_bits<key_type, uint32_t>(k));
            return p_[I] != BENTO_NONE;
        }
        template <unsigned long long... I> bool find_all(uint32_t at, uint32_t k, detail::seq<I...>)
        {
            return (true && ... && find<I>(at, k));
        }
        bool advance()
        {
            uint32_t at;
            uint32_t k;
            do {
                if (next_ >= end_) {
                    return false;
                }
                at = next_++;
                k = keys_[at];
            } while (!find_all(at, k, typename detail::make_seq<N>::type{}));
            key_ = k;
            return true;
        }
        template <unsigned long long I, class... Refs> row_type build(Refs &...refs) const
        {
            if constexpr (I == N) {
                return row_type{detail::from_bits<key_type, uint32_t>(key_), refs...};
            } else {
                using S = typename detail::at<I, Sets...>::type;
                return expand<I>(typename detail::set_columns<S>::seq_type{}, refs...);
            }
        }
        template <unsigned long long I, unsigned long long... J, class... Refs>
        row_type expand(detail::seq<J...>, Refs &...refs) const
        {
            return build<I + 1u>(refs..., set<I>()->template column<J>()[p_[I]]...);
        }
        const void *sets_[N];
        const uint32_t *keys_;
        uint32_t next_, end_, driver_, key_;
        uint32_t p_[N];
    };
    /** The first key present in every set. */
    iterator begin() const { return iterator(sets_); }
    /** The end of the walk. */
    sentinel end() const { return sentinel{}; }

  private:
    const void *sets_[N];
};

/** The join of `sets` (2 to 16 sets of one key type): see join_view. */
template <class... Sets> join_view<Sets...> join(const Sets &...sets)
{
    return join_view<Sets...>(sets...);
}

// ------------------------------------------------------------------------------ block pool

/** A block pool of T (bento/block_pool.h): Capacity fixed-size blocks, allocated and freed in
 * O(1). */
template <class T, uint32_t Capacity, class Storage = embedded>
class block_pool : public lifecycle<block_pool<T, Capacity, Storage>, Storage> {
    friend class lifecycle<block_pool, Storage>;
    static_assert(Capacity >= 1u, "a block pool's capacity must be at least 1");
    static_assert(alignof(T) <= BENTO_MAX_ALIGN, "T's alignment is above BENTO_MAX_ALIGN");
    static constexpr uint32_t stride_ = static_cast<uint32_t>(BENTO_BLOCK_POOL_STRIDE(sizeof(T)));

  public:
    /** bytes of the pool's buffer (BENTO_BLOCK_POOL_BYTES) */
    static constexpr size_t bytes = BENTO_BLOCK_POOL_BYTES(Capacity, sizeof(T));
    static_assert(bytes <= 0xffffffffu, "a block pool is under 4 GiB");
    /** the capacity */
    static constexpr uint32_t capacity() { return Capacity; }

    /** bento_block_pool_alloc: *block is the new block (uninitialised), nullptr on failure. */
    status alloc(T *&block)
    {
        void *b;
        const bento_status s = bento_block_pool_alloc(&g_, &b);
        block = static_cast<T *>(b);
        return to_status(s);
    }
    /** bento_block_pool_free. */
    status free(T *block) { return to_status(bento_block_pool_free(&g_, block)); }
    /** True when block is an allocated block of this pool. */
    bool contains(const T *block) const
    {
        return bento_impl_block_pool_contains(&g_, block, BENTO_IMPL_BLOCK_POOL_RECIPROCAL(stride_), stride_);
    }
    /** The block's index, or BENTO_NONE. */
    uint32_t index_of(const T *block) const
    {
        return bento_impl_block_pool_index_of(&g_, block, BENTO_IMPL_BLOCK_POOL_RECIPROCAL(stride_), stride_);
    }
    /** The allocated block at `index`, or nullptr. */
    T *block_at(uint32_t index) const
    {
        return static_cast<T *>(bento_impl_block_pool_block_at(&g_, index, stride_));
    }
    /** Blocks allocated. */
    uint32_t count() const { return bento_block_pool_count(&g_); }
    /** bento_block_pool_high_water. */
    uint32_t high_water() const { return bento_block_pool_high_water(&g_); }
    /** bento_block_pool_check. */
    status check() const { return to_status(bento_block_pool_check(&g_)); }
    /** bento_block_pool_clear. */
    void clear() { bento_block_pool_clear(&g_); }
    /** The generic pool (a paged set's pages). */
    bento_block_pool *generic() { return &g_; }

  private:
    status init_in(void *memory, size_t size)
    {
        return to_status(bento_block_pool_init(&g_, memory, size, sizeof(T), Capacity));
    }
    status open_in(void *memory, size_t size)
    {
        return to_status(bento_impl_block_pool_open_as(&g_, memory, size, sizeof(T), Capacity));
    }
    bento_block_pool g_;
    detail::buffer<bytes, Storage> buf_;
};

// ------------------------------------------------------------------------------ paged set

/**
 * A paged set of T (bento/paged_set.h): Capacity keys of type Key (a pool's handle type, or
 * bento::ids<U>), values in pages of PageSize taken from a block pool of `page`s:
 *
 *     bento::block_pool<my_set::page, 8> pages;   // then my_set::init(pages)
 */
template <class T, uint32_t Capacity, class Key, uint32_t PageSize, class Storage = embedded>
class paged_set {
    using traits = detail::key_traits<Key>;
    static constexpr unsigned IB = traits::index_bits;
    static constexpr unsigned GB = traits::generation_bits;
    static constexpr uint32_t U = traits::universe;
    static_assert(detail::power_of_two(PageSize) && PageSize >= 2u && PageSize <= 16777216u,
                  "the page size must be a power of two from 2 to 2^24");
    static_assert(Capacity >= 1u && Capacity <= U, "a paged set's capacity is from 1 to its universe");
    static_assert(sizeof(T) <= 16777216u, "values are at most 2^24 bytes");

  public:
    /** the key type */
    using key_type = typename traits::type;
    /** one page: what the block pool holds */
    struct page {
        uint32_t positions[PageSize]; ///< the page's dense positions
        T values[PageSize];           ///< its values
    };
    /** bytes of the set's own buffer (pages not included) */
    static constexpr size_t bytes = BENTO_PAGED_SET_BYTES(Capacity, U, PageSize);
    /** the capacity */
    static constexpr uint32_t capacity() { return Capacity; }

    /** bento_paged_set_init on the set's own storage, its pages from `pages`. */
    template <class Pages, class S = Storage> status init(Pages &pages)
    {
        static_assert(detail::same<S, embedded>::value, "init(pages) needs bento::embedded storage");
        return to_status(bento_paged_set_init(&g_, buf_.data(), bytes, pages.generic(), sizeof(T), Capacity, U,
                                              PageSize, IB, GB));
    }
    /** bento_paged_set_init on caller memory. */
    template <class Pages, class S = Storage> status init(void *memory, size_t size, Pages &pages)
    {
        static_assert(detail::same<S, caller_memory>::value, "init(memory, bytes, pages) needs bento::caller_memory");
        return to_status(bento_paged_set_init(&g_, memory, size, pages.generic(), sizeof(T), Capacity, U,
                                              PageSize, IB, GB));
    }
    /** bento_paged_set_open on the set's own storage (open the pages first). */
    template <class Pages, class S = Storage> status open(Pages &pages)
    {
        static_assert(detail::same<S, embedded>::value, "open(pages) needs bento::embedded storage");
        return open_in(buf_.data(), bytes, pages.generic());
    }
    /** bento_paged_set_open on caller memory. */
    template <class Pages, class S = Storage> status open(void *memory, size_t size, Pages &pages)
    {
        static_assert(detail::same<S, caller_memory>::value, "open(memory, bytes, pages) needs bento::caller_memory");
        return open_in(memory, size, pages.generic());
    }
    /** bento_paged_set_insert: *value (optional) is the new key's storage. */
    status insert(key_type key, T **value = nullptr)
    {
        void *v;
        const bento_status s = bento_paged_set_insert(&g_, detail::bits_of<key_type, uint32_t>(key), &v);
        if (value != nullptr) {
            *value = static_cast<T *>(v);
        }
        return to_status(s);
    }
    /** bento_paged_set_insert_from. */
    status insert(key_type key, const T &value)
    {
        return to_status(bento_paged_set_insert_from(&g_, detail::bits_of<key_type, uint32_t>(key), &value));
    }
    /** bento_paged_set_remove. */
    status remove(key_type key) { return to_status(bento_paged_set_remove(&g_, detail::bits_of<key_type, uint32_t>(key))); }
    /** The key's value, or nullptr. */
    T *get(key_type key) const
    {
        return static_cast<T *>(bento_impl_paged_set_get(&g_, detail::bits_of<key_type, uint32_t>(key),
                                                         static_cast<uint32_t>((1ull << IB) - 1u),
                                                         detail::ceil_log2(PageSize), sizeof(T)));
    }
    /** True when the key is present. */
    bool contains(key_type key) const { return get(key) != nullptr; }
    /** The key at `position` (null / BENTO_NONE past the count). */
    key_type key_at(uint32_t position) const
    {
        return detail::from_bits<key_type, uint32_t>(position < g_.state.count ? g_.dense[position] : traits::none);
    }
    /** Keys present. */
    uint32_t count() const { return bento_paged_set_count(&g_); }
    /** Pages held. */
    uint32_t pages_held() const { return bento_paged_set_pages_held(&g_); }
    /** bento_paged_set_check. */
    status check() const { return to_status(bento_paged_set_check(&g_)); }
    /** bento_paged_set_clear. */
    void clear() { bento_paged_set_clear(&g_); }

    /** Walks (key, value) in index order: `for (auto [key, v] : set)`. */
    class iterator {
      public:
        /** The current element. */
        row<key_type, T> operator*() const
        {
            return row<key_type, T>{detail::from_bits<key_type, uint32_t>(it_.set_->dense[it_.position]),
                                    *static_cast<T *>(it_.value)};
        }
        /** Step to the next element. */
        iterator &operator++()
        {
            more_ = bento_impl_paged_set_iter_next(&it_, detail::ceil_log2(PageSize), sizeof(T));
            return *this;
        }
        /** True before the end. */
        bool operator!=(sentinel) const { return more_; }
        /** True at the end. */
        bool operator==(sentinel s) const { return !(*this != s); }
        /** What begin() or the container builds. */
        explicit iterator(const bento_paged_set *s) : it_(), more_(false)
        {
            bento_paged_set_iter_init(&it_, s);
            ++*this;
        }

      private:
        bento_paged_set_iter it_;
        bool more_;
    };
    /** The first (key, value). */
    iterator begin() const { return iterator(&g_); }
    /** The end of the walk. */
    sentinel end() const { return sentinel{}; }

  private:
    status open_in(void *memory, size_t size, bento_block_pool *pages)
    {
        return to_status(
            bento_impl_paged_set_open_as(&g_, memory, size, pages, sizeof(T), Capacity, U, PageSize, IB, GB));
    }
    bento_paged_set g_;
    detail::buffer<bytes, Storage> buf_;
};

// ----------------------------------------------------------------------------------- index

/** A found value, or none: `if (auto v = index.find(key)) use(*v);`. */
template <class V> struct found {
    V value;  ///< the value (zero bits when not found)
    bool hit; ///< true when found
    /** True when found. */
    explicit constexpr operator bool() const { return hit; }
    /** The value. */
    constexpr const V &operator*() const { return value; }
};

/// @cond INTERNAL
namespace detail {
// the index of the key width: bento_index (64-bit keys) or bento_index32
template <bool Wide> struct index_of_width;
template <> struct index_of_width<true> {
    using generic = bento_index;
    using iter = bento_index_iter;
    using key_bits = uint64_t;
    static constexpr size_t bytes(uint32_t c) { return BENTO_INDEX_BYTES(c); }
    static constexpr size_t align = BENTO_CACHE_LINE > alignof(bento_align_unit) ? BENTO_CACHE_LINE
                                                                                 : alignof(bento_align_unit);
    static bento_status init(generic *g, void *m, size_t b, uint32_t c) { return bento_index_init(g, m, b, c); }
    static bento_status open_as(generic *g, void *m, size_t b, uint32_t c) { return bento_impl_index_open_as(g, m, b, c); }
    BENTO_IMPL_FAST_INLINE static uint32_t *get(const generic *g, key_bits k, uint32_t shift)
    {
        return bento_impl_index_get(g, k, shift);
    }
    static bento_status insert(generic *g, key_bits k, uint32_t v) { return bento_index_insert(g, k, v); }
    static bento_status upsert(generic *g, key_bits k, uint32_t v) { return bento_index_upsert(g, k, v); }
    static bento_status remove(generic *g, key_bits k, uint32_t *v) { return bento_index_remove(g, k, v); }
    static void clear(generic *g) { bento_index_clear(g); }
    static bento_status check(const generic *g) { return bento_index_check(g); }
    static uint32_t count(const generic *g) { return bento_index_count(g); }
    static uint32_t max_count(const generic *g) { return bento_index_max_count(g); }
    static void iter_init(iter *it, const generic *g) { bento_index_iter_init(it, g); }
    static bool iter_next(iter *it) { return bento_index_iter_next(it); }
};
template <> struct index_of_width<false> {
    using generic = bento_index32;
    using iter = bento_index32_iter;
    using key_bits = uint32_t;
    static constexpr size_t bytes(uint32_t c) { return BENTO_INDEX32_BYTES(c); }
    static constexpr size_t align = alignof(bento_align_unit);
    static bento_status init(generic *g, void *m, size_t b, uint32_t c) { return bento_index32_init(g, m, b, c); }
    static bento_status open_as(generic *g, void *m, size_t b, uint32_t c)
    {
        return bento_impl_index32_open_as(g, m, b, c);
    }
    BENTO_IMPL_FAST_INLINE static uint32_t *get(const generic *g, key_bits k, uint32_t shift)
    {
        return bento_impl_index32_get(g, k, shift);
    }
    static bento_status insert(generic *g, key_bits k, uint32_t v) { return bento_index32_insert(g, k, v); }
    static bento_status upsert(generic *g, key_bits k, uint32_t v) { return bento_index32_upsert(g, k, v); }
    static bento_status remove(generic *g, key_bits k, uint32_t *v) { return bento_index32_remove(g, k, v); }
    static void clear(generic *g) { bento_index32_clear(g); }
    static bento_status check(const generic *g) { return bento_index32_check(g); }
    static uint32_t count(const generic *g) { return bento_index32_count(g); }
    static uint32_t max_count(const generic *g) { return bento_index32_max_count(g); }
    static void iter_init(iter *it, const generic *g) { bento_index32_iter_init(it, g); }
    static bool iter_next(iter *it) { return bento_index32_iter_next(it); }
};
} // namespace detail
/// @endcond

/**
 * A hash index from K to V (bento/index.h), Capacity slots (a power of two from 8 to 2^24).
 * K and V are unsigned integers or handle types; a K of at most 32 bits uses the 32-bit-key
 * index (bento_index32), a 64-bit K the 64-bit one. V is at most 32 bits.
 */
template <class K, class V, uint32_t Capacity, class Storage = embedded>
class index : public lifecycle<index<K, V, Capacity, Storage>, Storage> {
    friend class lifecycle<index, Storage>;
    static_assert(detail::power_of_two(Capacity) && Capacity >= BENTO_INDEX_MIN_CAPACITY &&
                      Capacity <= BENTO_INDEX_MAX_CAPACITY,
                  "an index's capacity must be a power of two from 8 to 2^24");
    static_assert((detail::is_unsigned<K>::value || detail::is_handle<K>::value),
                  "an index's key is an unsigned integer or a handle type");
    static_assert((detail::is_unsigned<V>::value || detail::is_handle<V>::value) && sizeof(V) <= 4u,
                  "an index's value is an unsigned integer of at most 32 bits or a handle type");
    using width = detail::index_of_width<(sizeof(K) > 4u)>;
    using key_bits = typename width::key_bits;

  public:
    /** bytes of the index's buffer (BENTO_INDEX_BYTES or BENTO_INDEX32_BYTES) */
    static constexpr size_t bytes = width::bytes(Capacity);
    /** the capacity */
    static constexpr uint32_t capacity() { return Capacity; }

    /** The key's value, if any: `if (auto v = ix.find(k)) use(*v);`. */
    BENTO_IMPL_FAST_INLINE found<V> find(K key) const
    {
        const uint32_t *v = lookup(key);
        return found<V>{detail::from_bits<V, uint32_t>(v != nullptr ? *v : 0u), v != nullptr};
    }
    /** The key's value, or `absent`. */
    BENTO_IMPL_FAST_INLINE V value(K key, V absent) const
    {
        const uint32_t *v = lookup(key);
        return v != nullptr ? detail::from_bits<V, uint32_t>(*v) : absent;
    }
    /** True when the key is present. */
    BENTO_IMPL_FAST_INLINE bool contains(K key) const { return lookup(key) != nullptr; }
    /** Insert (status::exists when present). */
    status insert(K key, V value)
    {
        return to_status(width::insert(&g_, detail::bits_of<K, key_bits>(key), detail::bits_of<V, uint32_t>(value)));
    }
    /** Insert, or replace the value. */
    status upsert(K key, V value)
    {
        return to_status(width::upsert(&g_, detail::bits_of<K, key_bits>(key), detail::bits_of<V, uint32_t>(value)));
    }
    /** Remove; *value (optional) gets the removed value. */
    status remove(K key, V *value = nullptr)
    {
        uint32_t v = 0u;
        const bento_status s = width::remove(&g_, detail::bits_of<K, key_bits>(key), &v);
        if (value != nullptr) {
            *value = detail::from_bits<V, uint32_t>(s == BENTO_OK ? v : 0u);
        }
        return to_status(s);
    }
    /** Entries. */
    uint32_t count() const { return width::count(&g_); }
    /** The most entries it takes. */
    uint32_t max_count() const { return width::max_count(&g_); }
    /** Check. */
    status check() const { return to_status(width::check(&g_)); }
    /** Clear. */
    void clear() { width::clear(&g_); }

    /** Walks (key, value) in slot order: `for (auto [k, v] : ix)` (v a copy: upsert to change). */
    class iterator {
      public:
        /** An entry: its key and a copy of its value. */
        struct entry {
            K key;   ///< the entry's key
            V value; ///< its value
        };
        /** The current element. */
        entry operator*() const
        {
            return entry{detail::from_bits<K, key_bits>(it_.key), detail::from_bits<V, uint32_t>(*it_.value)};
        }
        /** Step to the next element. */
        iterator &operator++()
        {
            more_ = width::iter_next(&it_);
            return *this;
        }
        /** True before the end. */
        bool operator!=(sentinel) const { return more_; }
        /** True at the end. */
        bool operator==(sentinel s) const { return !(*this != s); }
        /** What begin() or the container builds. */
        explicit iterator(const typename width::generic *g) : it_(), more_(false)
        {
            width::iter_init(&it_, g);
            ++*this;
        }

      private:
        typename width::iter it_;
        bool more_;
    };
    /** The first entry. */
    iterator begin() const { return iterator(&g_); }
    /** The end of the walk. */
    sentinel end() const { return sentinel{}; }

  private:
    BENTO_IMPL_FAST_INLINE const uint32_t *lookup(K key) const
    {
        return width::get(&g_, detail::bits_of<K, key_bits>(key), 34u - detail::ceil_log2(Capacity));
    }
    status init_in(void *memory, size_t size) { return to_status(width::init(&g_, memory, size, Capacity)); }
    status open_in(void *memory, size_t size) { return to_status(width::open_as(&g_, memory, size, Capacity)); }
    typename width::generic g_;
    detail::buffer<bytes, Storage, width::align> buf_;
};

// ------------------------------------------------------------------------ multi-value index

/**
 * A multi-value index (bento/multi_index.h): keys K (unsigned integer or handle, at most 64
 * bits) in a hash index of KeyCapacity, each listing values V, ValueCapacity of them in all.
 * V is uint32_t (values 0 .. ValueCapacity - 1) or a handle type (its index is the value's id;
 * the handle is kept, so a stale one is refused), as BENTO_MULTI_INDEX_TYPE_OF.
 */
template <class K, class V, uint32_t KeyCapacity, uint32_t ValueCapacity, class Storage = embedded>
class multi_index : public lifecycle<multi_index<K, V, KeyCapacity, ValueCapacity, Storage>, Storage> {
    friend class lifecycle<multi_index, Storage>;
    static_assert(detail::power_of_two(KeyCapacity) && KeyCapacity >= BENTO_INDEX_MIN_CAPACITY &&
                      KeyCapacity <= BENTO_INDEX_MAX_CAPACITY,
                  "the key capacity must be a power of two from 8 to 2^24");
    static_assert(ValueCapacity >= 1u && ValueCapacity < BENTO_MULTI_INDEX_MAX_VALUES,
                  "the value capacity must be 1 to 2^28 - 1");
    static_assert(detail::is_unsigned<K>::value || detail::is_handle<K>::value,
                  "the key is an unsigned integer or a handle type");
    static_assert(detail::same<V, uint32_t>::value || detail::is_handle<V>::value,
                  "the value is uint32_t or a handle type");
    static_assert(detail::id_bits<V>::value >= 32u || ValueCapacity <= (1ull << detail::id_bits<V>::value),
                  "the value capacity must not exceed the handles' indices");
    static constexpr uint32_t id_bits = detail::id_bits<V>::value;

  public:
    /** bytes of the buffer (BENTO_MULTI_INDEX_BYTES) */
    static constexpr size_t bytes = BENTO_MULTI_INDEX_BYTES(KeyCapacity, ValueCapacity, id_bits);

    /** List value under key. */
    status insert(K key, V value) { return to_status(bento_multi_index_insert(&g_, kbits(key), vbits(value))); }
    /** Unlist value from key. */
    status remove(K key, V value) { return to_status(bento_multi_index_remove(&g_, kbits(key), vbits(value))); }
    /** Unlist value from whatever key lists it. */
    status remove_value(V value) { return to_status(bento_multi_index_remove_value(&g_, vbits(value))); }
    /** Unlist every value of key; *removed (optional) counts them. */
    status remove_key(K key, uint32_t *removed = nullptr)
    {
        return to_status(bento_multi_index_remove_key(&g_, kbits(key), removed));
    }
    /** Move value to key. */
    status move(K key, V value) { return to_status(bento_multi_index_move(&g_, kbits(key), vbits(value))); }
    /** The key listing value, if any. */
    found<K> key_of(V value) const
    {
        uint64_t k = 0u;
        const bool hit = bento_multi_index_key_of(&g_, vbits(value), &k);
        return found<K>{detail::from_bits<K, uint64_t>(k), hit};
    }
    /** True when key lists a value. */
    bool contains(K key) const { return first(key) != nullptr; }
    /** Values key lists. */
    uint32_t length(K key) const { return bento_multi_index_length(&g_, kbits(key)); }
    /** Values listed. */
    uint32_t count() const { return bento_multi_index_count(&g_); }
    /** Keys listing values. */
    uint32_t key_count() const { return bento_multi_index_key_count(&g_); }
    /** Check. */
    status check() const { return to_status(bento_multi_index_check(&g_)); }
    /** Clear. */
    void clear() { bento_multi_index_clear(&g_); }

    /** The values of one key, in insertion order: `for (V v : mi.values(key))`. */
    class values_view {
      public:
        /** The walk over one key's values. */
        class iterator {
          public:
            /** The current element. */
            V operator*() const { return detail::from_bits<V, uint32_t>(it_.value); }
            /** Step to the next element. */
            iterator &operator++()
            {
                more_ = bento_multi_index_iter_next(&it_);
                return *this;
            }
            /** True before the end. */
            bool operator!=(sentinel) const { return more_; }
            /** True at the end. */
            bool operator==(sentinel s) const { return !(*this != s); }
            /** What begin() or the container builds. */
            iterator(const multi_index *mi, K key) : it_(), more_(false)
            {
                bento_impl_multi_index_iter_start(&it_, &mi->g_, mi->first(key));
                ++*this;
            }

          private:
            bento_multi_index_iter it_;
            bool more_;
        };
        /** What begin() or the container builds. */
        values_view(const multi_index *mi, K key) : mi_(mi), key_(key) {}
        /** The first value. */
        iterator begin() const { return iterator(mi_, key_); }
        /** The end. */
        sentinel end() const { return sentinel{}; }

      private:
        const multi_index *mi_;
        K key_;
    };
    /** The values key lists. */
    values_view values(K key) const { return values_view(this, key); }

  private:
    static uint64_t kbits(K key) { return detail::bits_of<K, uint64_t>(key); }
    static uint32_t vbits(V value) { return detail::bits_of<V, uint32_t>(value); }
    const uint32_t *first(K key) const
    {
        return bento_impl_index_get(&g_.keys, kbits(key), 34u - detail::ceil_log2(KeyCapacity));
    }
    status init_in(void *memory, size_t size)
    {
        return to_status(bento_multi_index_init(&g_, memory, size, KeyCapacity, ValueCapacity, id_bits));
    }
    status open_in(void *memory, size_t size)
    {
        return to_status(bento_impl_multi_index_open_as(&g_, memory, size, KeyCapacity, ValueCapacity, id_bits));
    }
    bento_multi_index g_;
    detail::buffer<bytes, Storage> buf_;
};

// ---------------------------------------------------------------------------- spatial hash

/**
 * A spatial hash (bento/spatial_hash.h) of Dims (2 or 3) dimensions, cells 2^CellShift units
 * wide, CellCapacity cells (a power of two from 8 to 2^24) and ItemCapacity items of type V
 * (uint32_t ids, or a handle type, kept per id as in multi_index). Queries take any callable
 * `bool(V item, const int32_t *position)` (return false to stop), templated: no
 * std::function, no allocation.
 */
template <class V, uint32_t Dims, uint32_t CellShift, uint32_t CellCapacity, uint32_t ItemCapacity,
          class Storage = embedded>
class spatial_hash
    : public lifecycle<spatial_hash<V, Dims, CellShift, CellCapacity, ItemCapacity, Storage>, Storage> {
    friend class lifecycle<spatial_hash, Storage>;
    static_assert(Dims == 2u || Dims == 3u, "a spatial hash has 2 or 3 dimensions");
    static_assert(CellShift <= 31u, "the cell shift is 0 to 31");
    static_assert(detail::power_of_two(CellCapacity) && CellCapacity >= BENTO_INDEX_MIN_CAPACITY &&
                      CellCapacity <= BENTO_INDEX_MAX_CAPACITY,
                  "the cell capacity must be a power of two from 8 to 2^24");
    static_assert(ItemCapacity >= 1u && ItemCapacity < BENTO_MULTI_INDEX_MAX_VALUES,
                  "the item capacity must be 1 to 2^28 - 1");
    static_assert(detail::same<V, uint32_t>::value || detail::is_handle<V>::value,
                  "items are uint32_t or a handle type");
    static_assert(detail::id_bits<V>::value >= 32u || ItemCapacity <= (1ull << detail::id_bits<V>::value),
                  "the item capacity must not exceed the handles' indices");
    static constexpr uint32_t id_bits = detail::id_bits<V>::value;

  public:
    /** bytes of the buffer (BENTO_SPATIAL_HASH_BYTES) */
    static constexpr size_t bytes = BENTO_SPATIAL_HASH_BYTES(CellCapacity, ItemCapacity, Dims, id_bits);

    /** Put item at p. */
    status insert(V item, bento_point p) { return to_status(bento_spatial_hash_insert(&g_, bits(item), p.c)); }
    /** Move item to p. */
    status move(V item, bento_point p) { return to_status(bento_spatial_hash_move(&g_, bits(item), p.c)); }
    /** Take item out. */
    status remove(V item) { return to_status(bento_spatial_hash_remove(&g_, bits(item))); }
    /** The item's position (Dims coordinates), or nullptr. */
    const int32_t *get(V item) const { return bento_spatial_hash_get(&g_, bits(item)); }
    /** True when item is in. */
    bool contains(V item) const { return bento_spatial_hash_contains(&g_, bits(item)); }
    /** Items. */
    uint32_t count() const { return bento_spatial_hash_count(&g_); }
    /** Check. */
    status check() const { return to_status(bento_spatial_hash_check(&g_)); }
    /** Clear. */
    void clear() { bento_spatial_hash_clear(&g_); }
    /** Call visit(item, position) for each item in the box [lo, hi] until it returns false. */
    template <class Visit>
    status query_box(bento_point lo, bento_point hi, Visit &&visit, bento_spatial_hash_stats *stats = nullptr) const
    {
        visitor<Visit> v{const_cast<typename detail::plain<Visit>::type *>(&visit)};
        return to_status(bento_spatial_hash_query_box(&g_, lo.c, hi.c, &visitor<Visit>::call, &v, stats));
    }
    /** Call visit(item, position) for each item within radius of center until it returns false. */
    template <class Visit>
    status query_radius(bento_point center, int32_t radius, Visit &&visit,
                        bento_spatial_hash_stats *stats = nullptr) const
    {
        visitor<Visit> v{const_cast<typename detail::plain<Visit>::type *>(&visit)};
        return to_status(bento_spatial_hash_query_radius(&g_, center.c, radius, &visitor<Visit>::call, &v, stats));
    }

  private:
    /** The generic query's context: the caller's callable. */
    template <class Visit> struct visitor {
        typename detail::plain<Visit>::type *visit;
        static bool call(void *context, uint32_t item, const int32_t *position)
        {
            visitor *v = static_cast<visitor *>(context);
            return static_cast<bool>((*v->visit)(detail::from_bits<V, uint32_t>(item), position));
        }
    };
    static uint32_t bits(V item) { return detail::bits_of<V, uint32_t>(item); }
    status init_in(void *memory, size_t size)
    {
        return to_status(
            bento_spatial_hash_init(&g_, memory, size, CellCapacity, ItemCapacity, Dims, CellShift, id_bits));
    }
    status open_in(void *memory, size_t size)
    {
        return to_status(bento_impl_spatial_hash_open_as(&g_, memory, size, CellCapacity, ItemCapacity, Dims,
                                                         CellShift, id_bits));
    }
    bento_spatial_hash g_;
    detail::buffer<bytes, Storage> buf_;
};

// ------------------------------------------------------------------------------------ grid

/**
 * A grid of T cells (bento/grid.h), Dims (1 to 4) dimensions, Capacity cells in a box that
 * grows as cells are inserted; Window = true makes it a sliding window (init(window), focus).
 */
template <class T, uint32_t Dims, uint32_t Capacity, bool Window = false, class Storage = embedded>
class grid : public lifecycle<grid<T, Dims, Capacity, Window, Storage>, Storage> {
    friend class lifecycle<grid, Storage>;
    static_assert(Dims >= 1u && Dims <= 4u, "a grid has 1 to 4 dimensions");
    static_assert(Capacity >= 1u && Capacity <= BENTO_GRID_MAX_CELLS, "the grid's capacity is out of range");
    static_assert(alignof(T) <= BENTO_MAX_ALIGN, "T's alignment is above BENTO_MAX_ALIGN");

  public:
    /** bytes of the buffer (BENTO_GRID_BYTES) */
    static constexpr size_t bytes = BENTO_GRID_BYTES(Capacity, sizeof(T));
    /** the capacity */
    static constexpr uint32_t capacity() { return Capacity; }

    /** Init on its own storage (a growing grid). */
    template <class S = Storage> status init()
    {
        static_assert(detail::same<S, embedded>::value && !Window,
                      "init() is a growing grid's with bento::embedded storage; a window takes init(window)");
        return to_status(bento_grid_init(&g_, buf_.data(), bytes, Dims, sizeof(T), Capacity));
    }
    /** Init a sliding window of window[d] cells along axis d, on its own storage. */
    template <class S = Storage> status init(const uint32_t (&window)[Dims])
    {
        static_assert(detail::same<S, embedded>::value && Window,
                      "init(window) is a window grid's (Window = true) with bento::embedded storage");
        return to_status(bento_grid_init_window(&g_, buf_.data(), bytes, Dims, sizeof(T), window));
    }
    /** Init on caller memory (a growing grid). */
    template <class S = Storage> status init(void *memory, size_t size)
    {
        static_assert(detail::same<S, caller_memory>::value && !Window,
                      "init(memory, bytes) is a growing grid's with bento::caller_memory");
        return to_status(bento_grid_init(&g_, memory, size, Dims, sizeof(T), Capacity));
    }
    /** The cell at p, or nullptr. */
    T *get(bento_point p) const
    {
        return static_cast<T *>(bento_impl_grid_get(&g_, p.c, Dims, sizeof(T), Window));
    }
    /** True when the cell at p is stored. */
    bool contains(bento_point p) const { return get(p) != nullptr; }
    /** Insert the cell at p; *cell (optional) is its storage. */
    status insert(bento_point p, T **cell = nullptr)
    {
        void *c;
        const bento_status s = bento_grid_insert(&g_, p.c, &c);
        if (cell != nullptr) {
            *cell = static_cast<T *>(c);
        }
        return to_status(s);
    }
    /** Insert the cell at p holding a copy of value. */
    status insert(bento_point p, const T &value) { return to_status(bento_grid_insert_from(&g_, p.c, &value)); }
    /** Make the box cover p without storing a cell. */
    status ensure(bento_point p) { return to_status(bento_grid_ensure(&g_, p.c)); }
    /** Remove the cell at p. */
    status remove(bento_point p) { return to_status(bento_grid_remove(&g_, p.c)); }
    /** Recentre a window on p; evict(coords, cell) is called for each cell that falls out. */
    template <class Evict> status focus(bento_point p, Evict &&evict)
    {
        static_assert(Window, "focus is a window grid's");
        auto call = [](void *context, const int32_t *coords, void *cell) {
            (*static_cast<typename detail::plain<Evict>::type *>(context))(coords, *static_cast<T *>(cell));
        };
        return to_status(bento_grid_focus(&g_, p.c, call,
                                          const_cast<typename detail::plain<Evict>::type *>(&evict)));
    }
    /** Cells stored. */
    uint32_t count() const { return bento_grid_count(&g_); }
    /** The box's origin on axis. */
    int32_t origin(unsigned axis) const { return bento_grid_origin(&g_, axis); }
    /** The box's extent on axis. */
    uint32_t extent(unsigned axis) const { return bento_grid_extent(&g_, axis); }
    /** Cells moved by relayouts. */
    uint32_t moved() const { return bento_grid_moved(&g_); }
    /** Check. */
    status check() const { return to_status(bento_grid_check(&g_)); }
    /** Clear. */
    void clear() { bento_grid_clear(&g_); }

    /** An element of a walk: coordinates and the cell. */
    struct cell_ref {
        const int32_t *coords; ///< Dims coordinates
        T &cell;               ///< the cell
    };
    /** The stored cells in [lo, hi] (inclusive): `for (auto [coords, cell] : g.cells(lo, hi))`. */
    class cells_view {
      public:
        /** The walk over the stored cells. */
        class iterator {
          public:
            /** The current element. */
            cell_ref operator*() const { return cell_ref{it_.coords, *static_cast<T *>(it_.cell)}; }
            /** Step to the next element. */
            iterator &operator++()
            {
                more_ = bento_grid_iter_next(&it_);
                return *this;
            }
            /** True before the end. */
            bool operator!=(sentinel) const { return more_; }
            /** True at the end. */
            bool operator==(sentinel s) const { return !(*this != s); }
            /** What begin() or the container builds. */
            iterator(const bento_grid *g, const bento_point &lo, const bento_point &hi) : it_(), more_(false)
            {
                bento_grid_iter_init(&it_, g, lo.c, hi.c);
                ++*this;
            }

          private:
            bento_grid_iter it_;
            bool more_;
        };
        /** What begin() or the container builds. */
        cells_view(const bento_grid *g, bento_point lo, bento_point hi) : g_(g), lo_(lo), hi_(hi) {}
        /** The first cell. */
        iterator begin() const { return iterator(g_, lo_, hi_); }
        /** The end. */
        sentinel end() const { return sentinel{}; }

      private:
        const bento_grid *g_;
        bento_point lo_, hi_;
    };
    /** The stored cells in [lo, hi]. */
    cells_view cells(bento_point lo, bento_point hi) const { return cells_view(&g_, lo, hi); }

  private:
    status open_in(void *memory, size_t size)
    {
        return to_status(bento_impl_grid_open_as(&g_, memory, size, Dims, sizeof(T), Capacity, Window));
    }
    bento_grid g_;
    detail::buffer<bytes, Storage> buf_;
};

} // namespace bento

#endif // BENTO_HPP
