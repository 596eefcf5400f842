#ifndef AGTRACE_SHA256_H
#define AGTRACE_SHA256_H
#include <stddef.h>
#include <stdint.h>

/// Streaming SHA-256. agtrace identifies imports by the hash of their bytes; hashing runs on
/// the parsing thread, so it uses the CPU's SHA instructions where there are some.
typedef struct {
    uint32_t state[8];
    uint8_t block[64];
    size_t block_count;
    uint64_t length;
} agtrace_sha256;

void agtrace_sha256_init(agtrace_sha256 *ctx);
void agtrace_sha256_update(agtrace_sha256 *ctx, const void *data, size_t count);
/// Writes the 32-byte digest; the context must be initialised again before reuse.
void agtrace_sha256_final(agtrace_sha256 *ctx, uint8_t digest[32]);
/// 1 when the SHA extensions are used on this machine (for the benchmark report).
int agtrace_sha256_accelerated(void);
/// Tests: 1 forces the portable code path, 0 goes back to the best one for this machine.
void agtrace_sha256_force_portable(int force);

#endif
