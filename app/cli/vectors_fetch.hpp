// `cryptauditor verify --fetch`: C2SP/wycheproof at the pinned commit (verify/vector_search.hpp), cloned
// with git into the user cache that verify's search path reads (docs/VERIFY.md).
#pragma once

#include <ostream>

namespace ca {

/// Fetches the vectors into the user cache: $CRYPTAUDITOR_WYCHEPROOF_URL (a mirror; default the GitHub
/// repository) at $CRYPTAUDITOR_WYCHEPROOF_COMMIT (default the pinned commit), into a temporary folder
/// beside the cache that replaces it only once the checkout is complete. Says what it wrote on `err` unless
/// `quiet`. kExitOk, or kExitFailure when git is missing or fails (one line saying why); a UsageError when
/// there is no cache folder (neither $XDG_CACHE_HOME nor $HOME).
int fetch_vectors(bool quiet, std::ostream& err);

}  // namespace ca
