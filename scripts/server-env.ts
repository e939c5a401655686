// The environment the shop's server process starts with, besides its configuration (src/server/config.ts):
// what must be set before the process starts, so `npm start` sets it in package.json's start script
// and the benchmarks, which start the server as `npm start` does (scripts/bench/shop.ts), take it
// from here; scripts/server-env.test.ts holds the two equal.
//
// MALLOC_ARENA_MAX: glibc gives each thread that allocates (libuv's pool compressing answers, V8's
// workers) a malloc arena of its own, up to eight per core, and keeps what they once held. Two
// arenas took the server's resident memory after the mixed load from 609 to 389 MiB on PGlite at
// the same throughput (docs/decisions/0043-memory-bounds.md#malloc-arenas).
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;
