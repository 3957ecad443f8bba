#include <hb.h>
#include <hb-ot.h>

// Macros Swift cannot import.
static inline hb_tag_t rf_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
static inline unsigned int rf_hb_flags(void) {
    return HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES;
}
