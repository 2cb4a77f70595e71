/* Test-only backends that misbehave the way foreign native code can, written in C against the public
 * header plugin_abi.h alone, as a third party would. Each offers a correct ChaCha20 (RFC 8439, counter
 * from 0), so it passes the self-test and is timed next to a real backend, and then misbehaves where the
 * isolation tests expect it to. Built three times, with one of:
 * The faults that strike "on messages of 16KB and more" strike after the plugin's first 8 calls at that size,
 * so the agreement check before timing (a few calls) passes and the fault comes while the comparison is
 * timed. FAULT_segfault: encrypt dereferences a null pointer on messages of 16KB and more (SIGSEGV);
 *   FAULT_abort:    every operation calls abort(), so it dies in the self-test (SIGABRT);
 *   FAULT_hang:     decrypt sleeps forever on messages of 16KB and more;
 *   FAULT_exit:     encrypt calls exit(0) on messages of 16KB and more (a process that ends "cleanly"
 *                   in the middle of a job);
 *   FAULT_wrong_repeat: right in every single call (so it passes the self-test), but its repeat form of
 *                   encrypt — the timed path — stops computing after its first 64 operations and leaves
 *                   the output as it was, the way a "fast" broken implementation would;
 *   FAULT_short_table: a backend table smaller than the one this core knows (an older struct_size);
 *   FAULT_null_entry:  a table whose supports() is NULL;
 *   FAULT_print:    prints to standard output (stdio and write(1)) when loaded, asked its version, and in
 *                   create and encrypt, as a chatty library would;
 *   FAULT_oom:      encrypt, on messages of 16KB and more, takes every byte of memory the process may
 *                   still allocate (it lowers RLIMIT_AS to just above what is mapped, then allocates until
 *                   malloc fails) and keeps it until its context is destroyed: the core's next allocation
 *                   fails (std::bad_alloc), as when a machine runs out of memory;
 *   FAULT_ctor_crash:    segfaults in a constructor, that is while dlopen loads it;
 *   FAULT_version_crash: segfaults in library_version();
 *   FAULT_dup_openssl:   a correct plugin that calls itself "openssl", the name of a real backend;
 *   FAULT_verify_crash:  also offers CHACHA20-POLY1305, and segfaults in every operation of it (only
 *                        `verify` reaches it: the benchmark tests time its correct CHACHA20).
 *   FAULT_wrong_large:   a ChaCha20 that is wrong only on messages over 4 KiB (byte 4096 of the output is
 *                        flipped), the same in every call, so the self-test (at most 1000 bytes), the round
 *                        trip and the timed-output check all pass: only comparing libraries at the measured
 *                        size finds it. Built once more as wrong_large2 (the same bug in "another
 *                        library", for the test where no majority agrees).
 *   FAULT_helper:   leaves a helper behind, as a library starting a daemon would: its first create() forks,
 *                   the child calls setsid() (a session and process group of its own, out of reach of the
 *                   job's group), forks the helper, appends the helper's pid to the file named by
 *                   $CA_TEST_HELPER_PIDS and exits; the helper sleeps forever holding every descriptor it
 *                   inherited except 0-2 (in an isolated job, the pipe to the parent). encrypt calls exit(0)
 * on messages of 16KB and more, so the job's process ends while the helper still holds its pipe.
 *   FAULT_overrun:  the repeat form of encrypt (the timed path; single calls are right) writes past the end
 *                   of the output buffer (output_cap) on messages of 16KB and more: 8192 bytes on 16KB
 *                   messages (beyond the page the buffer ends in, into what follows it), 16 bytes on
 *                   larger ones (within that page).
 * short_table and null_entry must never load.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(FAULT_helper)
#include <fcntl.h>
#endif

#include "cryptauditor/plugin_abi.h"

#if defined(FAULT_segfault)
#define BACKEND_NAME "segfault"
#elif defined(FAULT_abort)
#define BACKEND_NAME "abort"
#elif defined(FAULT_hang)
#define BACKEND_NAME "hang"
#elif defined(FAULT_exit)
#define BACKEND_NAME "exit"
#elif defined(FAULT_wrong_repeat)
#define BACKEND_NAME "wrong_repeat"
#elif defined(FAULT_short_table)
#define BACKEND_NAME "short_table"
#elif defined(FAULT_null_entry)
#define BACKEND_NAME "null_entry"
#elif defined(FAULT_print)
#define BACKEND_NAME "print"
#elif defined(FAULT_oom)
#define BACKEND_NAME "oom"
#elif defined(FAULT_ctor_crash)
#define BACKEND_NAME "ctor_crash"
#elif defined(FAULT_version_crash)
#define BACKEND_NAME "version_crash"
#elif defined(FAULT_dup_openssl)
#define BACKEND_NAME "openssl"
#elif defined(FAULT_verify_crash)
#define BACKEND_NAME "verify_crash"
#elif defined(FAULT_helper)
#define BACKEND_NAME "helper"
#elif defined(FAULT_overrun)
#define BACKEND_NAME "overrun"
#elif defined(FAULT_wrong_large)
#define BACKEND_NAME "wrong_large"
#elif defined(FAULT_wrong_large2)
#define BACKEND_NAME "wrong_large2"
#define FAULT_wrong_large
#else
#error "define one FAULT_ variant (see the comment at the top)"
#endif

enum { kFaultFrom = 16384 }; /* the self-test uses messages of at most 1000 bytes */

/* Whether a fault "on messages of 16KB and more" strikes on this call: from the 9th such call of one
 * operation on (`calls` counts them). */
__attribute__((unused)) static int strikes(const ca_io* io, int* calls) {
  return io->input_len >= kFaultFrom && ++*calls > 8;
}

struct ca_context {
  uint32_t key[8];
  void* hoard; /* FAULT_oom: a list of blocks (each starts with the pointer to the next) */
  struct rlimit saved_limit;
  int limited;
  int aead; /* FAULT_verify_crash: a CHACHA20-POLY1305 context */
};

static uint32_t rotl(uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }

static uint32_t load32(const uint8_t* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define QUARTER(a, b, c, d)                                   \
  do {                                                        \
    a += b, d = rotl(d ^ a, 16), c += d, b = rotl(b ^ c, 12); \
    a += b, d = rotl(d ^ a, 8), c += d, b = rotl(b ^ c, 7);   \
  } while (0)

static void chacha20_block(const uint32_t key[8], uint32_t counter, const uint8_t nonce[12],
                           uint8_t out[64]) {
  uint32_t s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  memcpy(s + 4, key, 32);
  s[12] = counter;
  s[13] = load32(nonce), s[14] = load32(nonce + 4), s[15] = load32(nonce + 8);
  uint32_t x[16];
  memcpy(x, s, sizeof x);
  for (int i = 0; i < 10; ++i) {
    QUARTER(x[0], x[4], x[8], x[12]);
    QUARTER(x[1], x[5], x[9], x[13]);
    QUARTER(x[2], x[6], x[10], x[14]);
    QUARTER(x[3], x[7], x[11], x[15]);
    QUARTER(x[0], x[5], x[10], x[15]);
    QUARTER(x[1], x[6], x[11], x[12]);
    QUARTER(x[2], x[7], x[8], x[13]);
    QUARTER(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) {
    const uint32_t v = x[i] + s[i];
    out[4 * i] = (uint8_t)v, out[4 * i + 1] = (uint8_t)(v >> 8);
    out[4 * i + 2] = (uint8_t)(v >> 16), out[4 * i + 3] = (uint8_t)(v >> 24);
  }
}

static int chacha20_xor(ca_context* ctx, ca_io* io) {
  if (io->nonce_len != 12) return CA_UNSUPPORTED;
  if (io->output_cap < io->input_len) return CA_BUFFER_TOO_SMALL;
  uint8_t block[64];
  for (size_t done = 0; done < io->input_len; done += 64) {
    chacha20_block(ctx->key, (uint32_t)(done / 64), io->nonce, block);
    const size_t n = io->input_len - done < 64 ? io->input_len - done : 64;
    for (size_t i = 0; i < n; ++i) io->output[done + i] = io->input[done + i] ^ block[i];
  }
  io->output_len = io->input_len;
#if defined(FAULT_wrong_large)
  if (io->input_len > 4096) io->output[4096] ^= 1;
#endif
  return CA_OK;
}

/* An unmapped address that is not null (UBSan would stop at a null store first), read from a volatile so
 * the compiler cannot turn the store into a trap instruction: the process gets a genuine SIGSEGV, as from
 * a real memory bug. */
static volatile uintptr_t g_bad_address = 16;

#if defined(FAULT_print)
static void chatter(const char* where) {
  printf("PLUGIN-NOISE from %s (stdio)\n", where);
  fflush(stdout);
  static const char raw[] = "PLUGIN-NOISE (write to descriptor 1)\n";
  ssize_t n = write(1, raw, sizeof raw - 1);
  (void)n;
}
__attribute__((constructor)) static void on_load(void) { chatter("the constructor"); }
#endif

#if defined(FAULT_ctor_crash)
__attribute__((constructor)) static void on_load(void) { *(volatile uint8_t*)g_bad_address = 1; }
#endif

#if defined(FAULT_oom)
/* Pages mapped now, from /proc/self/statm: the address space RLIMIT_AS is measured against. */
static size_t mapped_bytes(void) {
  FILE* f = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (f == NULL) return 0;
  if (fscanf(f, "%lu", &pages) != 1) pages = 0;
  fclose(f);
  return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

static void take_all_memory(ca_context* ctx) {
  if (ctx->limited) return;
  const size_t mapped = mapped_bytes();
  if (mapped == 0 || getrlimit(RLIMIT_AS, &ctx->saved_limit) != 0) return;
  struct rlimit lower = ctx->saved_limit;
  lower.rlim_cur = mapped + ((rlim_t)32 << 20);
  if (setrlimit(RLIMIT_AS, &lower) != 0) return;
  ctx->limited = 1;
  /* Ever smaller blocks until not even 16 bytes are left. */
  for (size_t block = (size_t)1 << 24; block >= 16; block /= 4)
    for (;;) {
      void* p = malloc(block);
      if (p == NULL) break;
      memset(p, 0, sizeof(void*));
      *(void**)p = ctx->hoard;
      ctx->hoard = p;
    }
}

static void give_back_memory(ca_context* ctx) {
  while (ctx->hoard != NULL) {
    void* next = *(void**)ctx->hoard;
    free(ctx->hoard);
    ctx->hoard = next;
  }
  if (ctx->limited) setrlimit(RLIMIT_AS, &ctx->saved_limit);
  ctx->limited = 0;
}
#endif

#if defined(FAULT_helper)
/* Appends `pid` to the file $CA_TEST_HELPER_PIDS names, if any. */
static void note_helper(pid_t pid) {
  const char* pids = getenv("CA_TEST_HELPER_PIDS");
  if (pids == NULL) return;
  const int fd = open(pids, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0) return;
  char line[32];
  const int n = snprintf(line, sizeof line, "%ld\n", (long)pid);
  ssize_t w = write(fd, line, (size_t)n);
  (void)w;
  close(fd);
}

static void leave_a_helper(void) {
  static int started;
  if (started) return;
  started = 1;
  const pid_t middle = fork();
  if (middle != 0) {
    if (middle > 0) waitpid(middle, NULL, 0); /* the helper's pid is noted when this returns */
    return;
  }
  setsid();
  const pid_t helper = fork();
  if (helper != 0) { /* the helper is orphaned: re-parented to the nearest subreaper, or init */
    if (helper > 0) note_helper(helper);
    _exit(0);
  }
  const int null_fd = open("/dev/null", O_RDWR);
  if (null_fd >= 0) {
    dup2(null_fd, 0), dup2(null_fd, 1), dup2(null_fd, 2);
    if (null_fd > 2) close(null_fd);
  }
  for (;;) pause();
}
#endif

static int encrypt(ca_context* ctx, ca_io* io) {
  static int large_calls;
  (void)large_calls;
#if defined(FAULT_verify_crash)
  if (ctx->aead) *(volatile uint8_t*)g_bad_address = 1;
#endif
#if defined(FAULT_segfault)
  if (strikes(io, &large_calls)) *(volatile uint8_t*)g_bad_address = io->input[0];
#elif defined(FAULT_abort)
  abort();
#elif defined(FAULT_exit) || defined(FAULT_helper)
  if (strikes(io, &large_calls)) exit(0);
#elif defined(FAULT_print)
  static int printed = 0;
  if (!printed) chatter("encrypt");
  printed = 1;
#elif defined(FAULT_oom)
  if (strikes(io, &large_calls)) take_all_memory(ctx);
#endif
  return chacha20_xor(ctx, io);
}

static int decrypt(ca_context* ctx, ca_io* io) {
  static int large_calls;
  (void)large_calls;
#if defined(FAULT_verify_crash)
  if (ctx->aead) *(volatile uint8_t*)g_bad_address = 1;
#endif
#if defined(FAULT_hang)
  if (strikes(io, &large_calls))
    for (;;) pause();
#elif defined(FAULT_abort)
  abort();
#endif
  return chacha20_xor(ctx, io);
}

#if defined(FAULT_overrun)
static int repeat_encrypt(ca_context* ctx, ca_io* ios, size_t n_ios, size_t* cursor, uint64_t count) {
  int status = CA_OK;
  for (uint64_t i = 0; i < count; ++i) {
    ca_io* io = &ios[*cursor];
    status |= chacha20_xor(ctx, io);
    if (io->input_len >= kFaultFrom) {
      const size_t past = io->input_len == kFaultFrom ? 8192 : 16;
      for (size_t k = 0; k < past; ++k) io->output[io->output_cap + k] = (uint8_t)k;
    }
    if (++*cursor == n_ios) *cursor = 0;
  }
  return status;
}
static ca_repeat_fn repeat(ca_context* ctx, int op) {
  (void)ctx;
  return op == CA_OP_ENCRYPT ? repeat_encrypt : NULL;
}
#endif

#if defined(FAULT_wrong_repeat)
static uint64_t g_repeated;
static int repeat_encrypt(ca_context* ctx, ca_io* ios, size_t n_ios, size_t* cursor, uint64_t count) {
  int status = CA_OK;
  for (uint64_t i = 0; i < count; ++i) {
    ca_io* io = &ios[*cursor];
    if (++g_repeated <= 64)
      status |= chacha20_xor(ctx, io);
    else
      io->output_len = io->input_len; /* claims the work, does none of it */
    if (++*cursor == n_ios) *cursor = 0;
  }
  return status;
}
static ca_repeat_fn repeat(ca_context* ctx, int op) {
  (void)ctx;
  return op == CA_OP_ENCRYPT ? repeat_encrypt : NULL;
}
#endif

static const char* library_version(void) {
#if defined(FAULT_print)
  chatter("library_version");
#elif defined(FAULT_version_crash)
  *(volatile uint8_t*)g_bad_address = 1;
#endif
  return "0.0-test";
}
static const char* acceleration(void) { return ""; }

/* unused: FAULT_null_entry leaves it out of the table */
__attribute__((unused)) static int supports(const char* algorithm, uint32_t key_bits, char* reason,
                                            size_t reason_cap) {
  if (strcmp(algorithm, "CHACHA20") == 0 && key_bits == 256) return CA_OK;
#if defined(FAULT_verify_crash)
  if (strcmp(algorithm, "CHACHA20-POLY1305") == 0 && key_bits == 256) return CA_OK;
#endif
  if (reason_cap > 0) {
    strncpy(reason, "only CHACHA20 with a 256-bit key is offered", reason_cap - 1);
    reason[reason_cap - 1] = '\0';
  }
  return CA_UNSUPPORTED;
}

static int create(const ca_key_spec* spec, ca_context** out, char* error, size_t error_cap) {
  int aead = 0;
#if defined(FAULT_verify_crash)
  aead = strcmp(spec->algorithm, "CHACHA20-POLY1305") == 0;
#endif
  if ((strcmp(spec->algorithm, "CHACHA20") != 0 && !aead) || spec->secret_key_len != 32) {
    if (error_cap > 0) {
      strncpy(error, "only CHACHA20 with a 32-byte key", error_cap - 1);
      error[error_cap - 1] = '\0';
    }
    return CA_UNSUPPORTED;
  }
#if defined(FAULT_print)
  chatter("create");
#elif defined(FAULT_helper)
  leave_a_helper();
#endif
  ca_context* ctx = calloc(1, sizeof *ctx);
  if (ctx == NULL) return CA_FAILED;
  for (int i = 0; i < 8; ++i) ctx->key[i] = load32(spec->secret_key + 4 * i);
  ctx->aead = aead;
  *out = ctx;
  return CA_OK;
}

static void destroy(ca_context* ctx) {
#if defined(FAULT_oom)
  give_back_memory(ctx);
#endif
  free(ctx);
}

static ca_operation_fn operation(ca_context* ctx, int op) {
  (void)ctx;
  return op == CA_OP_ENCRYPT ? encrypt : op == CA_OP_DECRYPT ? decrypt : NULL;
}

static int export_key(ca_context* ctx, int part, uint8_t* out, size_t out_cap, size_t* out_len) {
  (void)ctx, (void)part, (void)out, (void)out_cap, (void)out_len;
  return CA_UNSUPPORTED; /* a symmetric key: nothing to exchange */
}

static const char* last_error(ca_context* ctx) {
  (void)ctx;
  return "";
}

__attribute__((visibility("default"))) const ca_backend* cryptauditor_backend_entry(void) {
  static const ca_backend backend = {
    .abi_version = CA_PLUGIN_ABI_VERSION,
#if defined(FAULT_short_table)
    .struct_size = offsetof(ca_backend, last_error), /* as if built before last_error existed */
#elif defined(FAULT_wrong_repeat) || defined(FAULT_overrun)
    .struct_size = sizeof(ca_backend),
#else
    /* as if built before the optional repeat entry existed: it must still load, and be timed one call per
     * operation */
    .struct_size = offsetof(ca_backend, repeat),
#endif
    .name = BACKEND_NAME,
    .library = "Fault injection (tests only)",
    .library_version = library_version,
    .acceleration = acceleration,
#if defined(FAULT_null_entry)
    .supports = NULL,
#else
    .supports = supports,
#endif
    .create = create,
    .destroy = destroy,
    .operation = operation,
    .export_key = export_key,
    .last_error = last_error,
#if defined(FAULT_wrong_repeat) || defined(FAULT_overrun)
    .repeat = repeat,
#endif
  };
  return &backend;
}
