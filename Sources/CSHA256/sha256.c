#include "agtrace_sha256.h"
#include <string.h>

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void compress_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    while (blocks--) {
        uint32_t w[64];
        for (int i = 0; i < 16; i++) {
            w[i] = (uint32_t)data[4 * i] << 24 | (uint32_t)data[4 * i + 1] << 16 |
                   (uint32_t)data[4 * i + 2] << 8 | (uint32_t)data[4 * i + 3];
        }
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i++) {
            uint32_t t1 = h + (ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
            uint32_t t2 = (ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        data += 64;
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_SHA_NI 1

/* The x86 SHA extensions: four rounds per instruction pair. */
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_sha_ni(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);          /* CDAB */
    state1 = _mm_shuffle_epi32(state1, 0x1B);    /* EFGH */
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);    /* ABEF */
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);         /* CDGH */

    while (blocks--) {
        __m128i abef = state0, cdgh = state1;
        __m128i m[4];
        /* Unrolled whole, `m` lives in registers: 1.58 -> 2.03 GB/s on the machine of
           docs/performance.md (rolled, the compiler kept it in memory). */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 16
#endif
        for (int g = 0; g < 16; g++) {
            if (g < 4) {
                m[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), mask);
            }
            __m128i cur = m[g & 3];
            __m128i msg = _mm_add_epi32(cur, _mm_loadu_si128((const __m128i *)&K[4 * g]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
            if (g >= 3 && g <= 14) {
                __m128i next = _mm_add_epi32(m[(g + 1) & 3], _mm_alignr_epi8(cur, m[(g + 3) & 3], 4));
                m[(g + 1) & 3] = _mm_sha256msg2_epu32(next, cur);
            }
            msg = _mm_shuffle_epi32(msg, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
            if (g >= 1 && g <= 12) {
                m[(g + 3) & 3] = _mm_sha256msg1_epu32(m[(g + 3) & 3], cur);
            }
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
        data += 64;
    }

    tmp = _mm_shuffle_epi32(state0, 0x1B);        /* FEBA */
    state1 = _mm_shuffle_epi32(state1, 0xB1);     /* DCHG */
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);  /* DCBA */
    state1 = _mm_alignr_epi8(state1, tmp, 8);     /* HGFE */
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}
#endif

typedef void (*compress_fn)(uint32_t *, const uint8_t *, size_t);

static compress_fn pick(void) {
#ifdef HAVE_SHA_NI
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("ssse3")) {
        return compress_sha_ni;
    }
#endif
    return compress_portable;
}

static int forced_portable = 0;

static compress_fn compress_impl(void) {
    static compress_fn chosen = 0;
    if (forced_portable) return compress_portable;
    if (!chosen) chosen = pick();  /* idempotent: a race only picks the same function twice */
    return chosen;
}

void agtrace_sha256_force_portable(int force) { forced_portable = force; }

int agtrace_sha256_accelerated(void) {
#ifdef HAVE_SHA_NI
    return compress_impl() == compress_sha_ni;
#else
    return 0;
#endif
}

void agtrace_sha256_init(agtrace_sha256 *ctx) {
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(ctx->state, iv, sizeof iv);
    ctx->block_count = 0;
    ctx->length = 0;
}

void agtrace_sha256_update(agtrace_sha256 *ctx, const void *data, size_t count) {
    const uint8_t *p = (const uint8_t *)data;
    compress_fn compress = compress_impl();
    ctx->length += count;
    if (ctx->block_count) {
        size_t take = 64 - ctx->block_count;
        if (take > count) take = count;
        memcpy(ctx->block + ctx->block_count, p, take);
        ctx->block_count += take;
        p += take;
        count -= take;
        if (ctx->block_count < 64) return;
        compress(ctx->state, ctx->block, 1);
        ctx->block_count = 0;
    }
    if (count >= 64) {
        compress(ctx->state, p, count / 64);
        p += count & ~(size_t)63;
        count &= 63;
    }
    memcpy(ctx->block, p, count);
    ctx->block_count = count;
}

void agtrace_sha256_final(agtrace_sha256 *ctx, uint8_t digest[32]) {
    uint64_t bits = ctx->length * 8;
    uint8_t pad[72] = {0x80};
    size_t padding = (ctx->block_count < 56) ? 56 - ctx->block_count : 120 - ctx->block_count;
    uint8_t length_bytes[8];
    for (int i = 0; i < 8; i++) length_bytes[i] = (uint8_t)(bits >> (56 - 8 * i));
    agtrace_sha256_update(ctx, pad, padding);
    agtrace_sha256_update(ctx, length_bytes, 8);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)ctx->state[i];
    }
}
