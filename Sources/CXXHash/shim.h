// xxHash (BSD 2-clause, Debian's libxxhash-dev), compiled inline: nothing to link.
#define XXH_INLINE_ALL
#include <xxhash.h>

/// XXH3-64 of `length` bytes (the inline build renames xxHash's functions; this is the one we call).
static inline unsigned long long rf_xxh3_64(const void *bytes, size_t length) { return XXH3_64bits(bytes, length); }
