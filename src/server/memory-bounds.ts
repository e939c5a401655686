// Every bound on what the server keeps in memory, in one place (docs/decisions/0043-memory-bounds.md):
// issue 14 wants the server under 400 MB RSS on PostgreSQL and 600 MB on PGlite after a mixed load,
// with no growth from load to load. No imports: astro.config.ts loads this file (relative imports
// only there).

/**
 * Answers the route cache (Astro's memory provider) holds at most, least recently used out first.
 * One URL takes up to three (br, gzip, identity); Astro's provider counts entries, not bytes.
 */
export const ROUTE_CACHE_MAX_ENTRIES = 3000;

/**
 * Bytes of bodies (and headers) the route cache's front door holds at most, oldest out first, on top
 * of ROUTE_CACHE_MAX_ENTRIES: its copies are already encoded, a page about 20-50 KB.
 */
export const FRONT_DOOR_MAX_BYTES = 64 * 2 ** 20;

/**
 * Brotli quality of the route cache's stored copies. From quality 7 up brotli allocates a hash table
 * of 8 to 32 MB per compression (32 MB at 9, whatever the body's size), and libuv compresses four at
 * once: at 9 that was 128 MB of the peak after each invalidation. Quality 6 needs about 3 MB and makes
 * a 150 KB page about 1% larger than 9, in an eighth of the time.
 */
export const ROUTE_CACHE_BROTLI_QUALITY = 6;

/**
 * sharp's (libvips') operation cache: off. Its default keeps up to 50 MB of decoded images for reuse;
 * an uploaded avatar is decoded once and never again.
 */
export const SHARP_CACHE_ENABLED = false;

/**
 * PGlite's shared_buffers (PostgreSQL's own buffer cache, inside its WebAssembly memory). Its default,
 * 128MB, is allocated and zeroed when PGlite opens, so all of it is resident at once, and WebAssembly
 * memory never shrinks. The default catalog's whole database is about 26 MB; pages beyond the cache are
 * read from the kernel's page cache. PostgreSQL proper keeps its own settings.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Product photo uploads processed at once per process (docs/decisions/0046-product-photos.md): each
 * decodes a photo of up to 50 megapixels and encodes twelve files, about 2 s of CPU for a
 * 12-megapixel photo; more at once would only share the cores and add their memory.
 */
export const PHOTO_UPLOADS_AT_ONCE = 1;
