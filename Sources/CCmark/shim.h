#include <cmark-gfm.h>
#include <cmark-gfm/cmark-gfm-extension_api.h>
// Debian's libcmark-gfm-dev ships the extensions library without its header.
void cmark_gfm_core_extensions_ensure_registered(void);
