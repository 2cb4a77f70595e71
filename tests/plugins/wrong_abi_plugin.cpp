// A plugin built against a future ABI: the loader must refuse it with a clear message.
#include "cryptauditor/plugin_abi.h"

extern "C" __attribute__((visibility("default"))) const ca_backend* cryptauditor_backend_entry(void) {
  static const ca_backend backend = {999u,        sizeof(ca_backend),
                                     "wrong_abi", "Nothing",
                                     nullptr,     nullptr,
                                     nullptr,     nullptr,
                                     nullptr,     nullptr,
                                     nullptr,     nullptr,
                                     nullptr,     nullptr,
                                     nullptr};
  return &backend;
}
