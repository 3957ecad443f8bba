#include <fribidi.h>

// FriBidi's paragraph directions are macros over masks, which Swift cannot import.
static inline FriBidiParType rf_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline int rf_fribidi_par_is_rtl(FriBidiParType t) { return FRIBIDI_IS_RTL(t) ? 1 : 0; }
