// NSS's initialisation, error text and key import, shared by every context of the backend.
#include <nss.h>
#include <prerror.h>
#include <sys/random.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>

#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {
std::atomic<pid_t> seeded_pid{0};
}  // namespace

bool initialise() {
  if (NSS_IsInitialized()) {  // the host (or another plugin) started NSS: use it as it is
    seeded_pid = ::getpid();
    return true;
  }
  // The harness forks children that use the plugin their parent loaded (verify's isolation, probes). Debian
  // 12's NSS 3.87.1 keeps working in such a child (checked: PK11_Encrypt and PK11_GenerateRandom succeed
  // after fork(), whatever NSS_STRICT_NOFORK says), but the child's random generator is a copy of the
  // parent's: reseed_after_fork.
  if (NSS_NoDB_Init(nullptr) != SECSuccess) return false;
  seeded_pid = ::getpid();
  return true;
}

void reseed_after_fork() {
  const pid_t me = ::getpid();
  if (seeded_pid.load() == me) return;
  unsigned char fresh[32];
  if (::getrandom(fresh, sizeof fresh, 0) != static_cast<ssize_t>(sizeof fresh))
    throw std::runtime_error("getrandom failed: cannot reseed NSS's generator in a forked child");
  if (PK11_RandomUpdate(fresh, sizeof fresh) != SECSuccess) fail("PK11_RandomUpdate");
  seeded_pid = me;
}

std::string last_error_name() {
  const PRErrorCode code = PORT_GetError();
  const char* name = PR_ErrorToName(code);
  return name != nullptr ? name : "NSS error " + std::to_string(code);
}

void fail(const std::string& what) { throw std::runtime_error(what + " failed: " + last_error_name()); }

SlotPtr internal_slot() {
  SlotPtr slot(PK11_GetInternalSlot());
  if (!slot) fail("PK11_GetInternalSlot");
  return slot;
}

SymKeyPtr import_key(CK_MECHANISM_TYPE mechanism, CK_FLAGS flags, std::span<const uint8_t> key) {
  SlotPtr slot = internal_slot();
  SECItem key_item = item(key.data(), key.size());
  SymKeyPtr out(PK11_ImportSymKeyWithFlags(slot.get(), mechanism, PK11_OriginUnwrap, CKA_FLAGS_ONLY,
                                           &key_item, flags, PR_FALSE, nullptr));
  if (!out) fail("PK11_ImportSymKeyWithFlags");
  return out;
}

}  // namespace ca::backend_nss
