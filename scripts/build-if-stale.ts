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

export function buildIfStale(log: (line: string) => void = console.log): void {
  if (!buildIsStale()) return;
  log('Building the shop (first start or sources changed)…');
  const result = spawnSync('npx', ['--no-install', 'astro', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('astro build failed');
}
