// Builds the shop when dist/ is missing or older than any source it is built from.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = ['src', 'public', 'astro.config.ts', 'package.json', 'tsconfig.json'];
const OUTPUT = 'dist/server/entry.mjs';

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!fs.existsSync(OUTPUT)) return true;
  const built = fs.statSync(OUTPUT).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

/** Held while one process builds: vitest's workers (and npm test after them) may all find dist/ stale at once. */
const LOCK = path.join('node_modules', '.cache', 'shop-build.lock');
/** A lock older than this was left by a process that died mid-build. */
const STALE_LOCK_MS = 15 * 60_000;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` while no other process of this checkout holds the build lock (a directory: mkdir is atomic). */
export function withBuildLock(work: () => void): void {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else pause(250);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

export function buildIfStale(log: (line: string) => void = console.log): void {
  if (!buildIsStale()) return;
  // Two builds into one dist/ at once break each other: the second waits, then finds it fresh.
  withBuildLock(() => {
    if (!buildIsStale()) return;
    log('Building the shop (first start or sources changed)…');
    const result = spawnSync('npx', ['--no-install', 'astro', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error('astro build failed');
  });
}
