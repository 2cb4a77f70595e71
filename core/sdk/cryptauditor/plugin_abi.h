/* cryptauditor backend plugin ABI.
 *
 * This C header is the whole contract between the core and a backend shared object. A backend exports one
 * symbol, CA_PLUGIN_ENTRY_SYMBOL, returning a pointer to a static ca_backend. The loader refuses a plugin
 * whose abi_version differs from CA_PLUGIN_ABI_VERSION or whose struct_size ends before the last required
 * entry (last_error); optional entries after it are used only when struct_size covers them, so a newer core
 * can still read an older, smaller table (the OBS habit).
 *
 * Rules every backend keeps:
 *  - No C++ exception and no longjmp crosses this boundary; failures are status codes plus a message.
 *  - A backend never times anything. It supplies operations on inputs the core generated beforehand (and,
 *    optionally, the same operation repeated over them: repeat, below).
 *  - Key setup happens in create(); an operation only processes one message (nonce set per message).
 *  - Algorithm names are the core catalog's canonical spelling (docs/CATALOG.md), never aliases.
 *
 * C++ backends should use cryptauditor/backend_sdk.hpp, which implements this table from a list of rows.
 */
#ifndef CRYPTAUDITOR_PLUGIN_ABI_H
#define CRYPTAUDITOR_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CA_PLUGIN_ABI_VERSION 1u
#define CA_PLUGIN_ENTRY_SYMBOL "cryptauditor_backend_entry"

/* Status codes returned by every function below. */
enum ca_status {
  CA_OK = 0,
  CA_UNSUPPORTED = 1,     /* algorithm, key size or parameter not offered by this library */
  CA_FAILED = 2,          /* the library reported an error; ca_backend.last_error says which */
  CA_REJECTED = 3,        /* authentication tag or signature did not verify, padding invalid */
  CA_BUFFER_TOO_SMALL = 4 /* output_cap was too small for the result */
};

/* Operations a context may offer. */
enum ca_operation {
  CA_OP_ENCRYPT = 1, /* ciphers, AEADs (output = ciphertext || tag), RSA encryption (public key) */
  CA_OP_DECRYPT = 2, /* inverse of encrypt; CA_REJECTED on a bad tag or padding */
  CA_OP_HASH = 3,    /* output = digest */
  CA_OP_SIGN = 4,    /* output = signature over input (the message, hashed inside the operation) */
  CA_OP_VERIFY = 5,  /* CA_OK when signature verifies over input, CA_REJECTED when it does not. Optional
                      * on a MAC context: CA_OK when `signature` is the tag of input (and nonce), else
                      * CA_REJECTED, compared as the library compares tags (`cryptauditor leaks` times it). */
  CA_OP_MAC = 6,     /* output = authentication tag over input (keyed at create; nonce for GMAC) */
  /* Ciphers and AEADs, `--cipher-mode stream`: input goes through one long-running cipher state, as
   * `openssl speed -evp` measures; output = input_len bytes, no per-call nonce, padding or tag. The first
   * call on a context starts the state with io->nonce; later calls continue it, so the concatenated outputs
   * equal the per-message ciphertext (without tag and padding) of the concatenated inputs under that nonce.
   * Block modes without a stream form (ECB, CBC) take input_len a multiple of the block size. */
  CA_OP_ENCRYPT_STREAM = 7,
  /* KDFs: output = output_cap bytes derived from input (password / input keying material); salt in nonce,
   * info in aad; cost parameters from ca_key_spec.params. */
  CA_OP_DERIVE = 8,
  /* Key agreement: output = the shared secret of the context's private key and the peer public key in input
   * (its CA_KEY_PUBLIC format). */
  CA_OP_AGREE = 9,
  /* Key generation: a fresh key pair of the context's algorithm and size each call (the context's own key is
   * not changed); output = the new public key in CA_KEY_PUBLIC format. */
  CA_OP_KEYGEN = 10,
  CA_OP_COUNT_ = 11 /* one past the last; a newer core may ask for more: operation() returns NULL */
};

/* Which key export_key() writes. */
enum ca_key_part {
  CA_KEY_PRIVATE = 1, /* PKCS#8 DER; for EdDSA / X25519 / X448 the raw private key (seed) */
  CA_KEY_PUBLIC = 2   /* SubjectPublicKeyInfo DER; for EdDSA / X25519 / X448 the raw public key */
};

/* What create() is given. Exactly one of these holds:
 *  - symmetric algorithms: secret_key is the raw key (length given in docs/CATALOG.md);
 *  - public-key algorithms: secret_key is a private key (format as in ca_key_part), or
 *    public_key only (a context that can only verify / encrypt), or neither (generate a fresh key pair). */
typedef struct ca_key_spec {
  uint32_t struct_size; /* sizeof(ca_key_spec) of the caller */
  const char* algorithm;
  uint32_t key_bits;
  const uint8_t* secret_key;
  size_t secret_key_len;
  const uint8_t* public_key;
  size_t public_key_len;
  /* Algorithm parameters, "name=value" pairs separated by commas, e.g. the KDF costs "iterations=600000" or
   * "n=16384,r=8,p=1"; NULL or "" means the catalog's defaults (docs/CATALOG.md). Read it only when
   * struct_size covers it: a core older than this field passes a smaller struct.
   * Length parameters (since the parameter ranges of issue #13, same ABI version): "tag=N" is the AEAD or
   * KMAC tag length in bytes, "nonce=N" the nonce length of every message of this context, each within the
   * catalog's declared range and present only when it differs from the catalog's default. A backend that
   * does not take a value answers CA_UNSUPPORTED with its reason (the SDK does so for rows that do not
   * declare it); one that ignored it would compute something else. A symmetric key's length is
   * secret_key_len (HMAC and KMAC: any whole number of bytes in the catalog's range).
   * Flags (same ABI version, `verify` sends them; absent means 0): "empty_ad=1" (AES-SIV): an empty aad is
   * one empty associated-data component given to S2V (RFC 5297 section 3, as Wycheproof's vectors mean it),
   * not none as by default. "p1363=1" (ECDSA): signatures (sign's output, verify's ca_io.signature) are
   * IEEE P1363 r || s, each the curve order's size, instead of DER, handed to the library as they are: a
   * backend sets it only where its library takes that form and checks it, length included. A backend
   * that does not take a flag answers CA_UNSUPPORTED with its reason (the SDK does so for rows that do not
   * declare it: Takes::empty_ad_component, Takes::p1363_signatures). */
  const char* params;
} ca_key_spec;

/* One call of an operation. The core fills every input before timing starts. */
typedef struct ca_io {
  const uint8_t* nonce; /* IV / nonce: the catalog's length, or the context's "nonce=N" (may be 0) */
  size_t nonce_len;
  const uint8_t* aad; /* associated data for AEADs (may be empty); RSA-OAEP: the label L (RFC 8017 7.1.1),
                       * empty by default; a backend that cannot take a label answers CA_UNSUPPORTED */
  size_t aad_len;
  const uint8_t* input; /* plaintext, ciphertext||tag, or message */
  size_t input_len;
  const uint8_t* signature; /* verify only */
  size_t signature_len;
  uint8_t* output; /* caller-owned */
  size_t output_cap;
  size_t output_len; /* written by the backend */
} ca_io;

typedef struct ca_context ca_context; /* defined by each backend */

/* An operation: the function the measurement loop calls. It must be safe to call repeatedly. */
typedef int (*ca_operation_fn)(ca_context* context, ca_io* io);

/* The same operation `count` times in a row, on ios[*cursor], ios[*cursor + 1], ... wrapping around after
 * n_ios; *cursor is left at the next input. Returns CA_OK when every call succeeded, else the status of the
 * first call that did not (not an OR, which would turn CA_UNSUPPORTED | CA_FAILED into CA_REJECTED), and
 * may stop early after a failure. It times nothing: the core reads the clock around the whole
 * call. It exists so that a batch of operations costs one indirect call instead of one per operation, as a
 * hand-written loop would (docs/METHODOLOGY.md). */
typedef int (*ca_repeat_fn)(ca_context* context, ca_io* ios, size_t n_ios, size_t* cursor, uint64_t count);

/* Versions of a library, inclusive at both ends, as library_version() reports them; compared number by
 * number over the bound's own numbers ("2.19" as `last` covers 2.19.3; 2.19 < 2.20 < 2.190 < 3.0). A NULL
 * bound leaves that side open; a range with neither bound covers no version. */
typedef struct ca_version_range {
  const char* first; /* the earliest version covered: "2.19" */
  const char* last;  /* the latest: "2.19" (only what was seen: a later version may have fixed it) */
} ca_version_range;

/* A known deviation of the library: one Wycheproof test (file name and tcId) that the library itself
 * decides differently from the vector, a leniency or limit of the library rather than of the plugin.
 * `cryptauditor verify` reports a failure of that test as "deviation (documented)" with the reason instead
 * of a failure, and only while library_version() lies in `versions`; for any other version it stays a
 * failure whose detail says the declared entry was not applied (docs/VERIFY.md). The layout is fixed: a
 * newer field would come with a new entry in ca_backend, never by growing this struct. */
typedef struct ca_deviation {
  const char* file;          /* "ed25519_test.json" */
  int64_t tc_id;             /* the test's tcId in that file */
  ca_version_range versions; /* the library versions it was seen in */
  const char* reason;        /* what the library does, and why that is the library's behaviour */
} ca_deviation;

typedef struct ca_backend {
  uint32_t abi_version; /* CA_PLUGIN_ABI_VERSION the plugin was built against */
  uint32_t struct_size; /* sizeof(ca_backend) of the plugin */
  const char* name;     /* short, lower-case identifier used on the command line: "openssl" */
  const char* library;  /* human name of the library: "OpenSSL" */
  const char* (*library_version)(void);
  /* Comma-separated acceleration the library reports using ("AES-NI, PCLMUL, SHA-NI"), "" when unknown. */
  const char* (*acceleration)(void);
  /* CA_OK when (algorithm, key_bits) can be created; otherwise CA_UNSUPPORTED and a reason in reason. */
  int (*supports)(const char* algorithm, uint32_t key_bits, char* reason, size_t reason_cap);
  int (*create)(const ca_key_spec* spec, ca_context** out, char* error, size_t error_cap);
  void (*destroy)(ca_context* context);
  /* The function for one ca_operation, or NULL when this context does not offer it. */
  ca_operation_fn (*operation)(ca_context* context, int op);
  int (*export_key)(ca_context* context, int part, uint8_t* out, size_t out_cap, size_t* out_len);
  /* Message for the last CA_FAILED / CA_REJECTED of this context; valid until the next call. */
  const char* (*last_error)(ca_context* context);
  /* Optional, NULL allowed, and absent from tables whose struct_size ends before it (plugins built before
   * it existed still load): the repeat function of one ca_operation, NULL when not offered. When there is
   * none, the core calls operation()'s function once per input. */
  ca_repeat_fn (*repeat)(ca_context* context, int op);
  /* Optional, NULL allowed, and absent from tables whose struct_size ends before it: the algorithm name of
   * row `index` (0, 1, ...), NULL past the last row. The core only reads it to warn about a row whose name
   * is not a catalog name (an alias such as "SHA-256"), which it would never ask for. */
  const char* (*algorithm_at)(size_t index);
  /* Optional, NULL allowed, and absent from tables whose struct_size ends before it (added without a new
   * abi_version: older plugins lack it and still load, and an older core never reads it): the library's
   * known deviation `index` (0, 1, ...), NULL past the last one. The entry and its strings live as long as
   * the plugin. */
  const ca_deviation* (*deviation_at)(size_t index);
} ca_backend;

typedef const ca_backend* (*ca_backend_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* CRYPTAUDITOR_PLUGIN_ABI_H */
