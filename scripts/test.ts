// `npm test`: the whole suite. Unit, service and API tests (vitest), then the browser tests
// (Playwright on the system Chromium) against a fresh build. Never skips the browser silently.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale';

const args = new Set(process.argv.slice(2));
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  return result.status ?? 1;
}

function findChromium(): string | undefined {
  return CANDIDATES.find((p) => fs.existsSync(p));
}

function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium package for the browser tests…");
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0) {
      const installed = findChromium();
      if (installed) return installed;
    }
  }
  console.error(
    [
      'The browser tests need Chromium, and none was found (looked at CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser).',
      'Install it, then run npm test again:',
      '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
      '  elsewhere:     install Chromium or Chrome and set CHROMIUM_PATH=/path/to/the/binary',
    ].join('\n'),
  );
  process.exit(1);
}

let failed = false;
if (!args.has('--e2e-only')) {
  failed = run('npx', ['--no-install', 'vitest', 'run']) !== 0 || failed;
}
if (!args.has('--unit-only')) {
  const chromium = ensureChromium();
  buildIfStale();
  failed = run('npx', ['--no-install', 'playwright', 'test'], { ...process.env, CHROMIUM_PATH: chromium }) !== 0 || failed;
}
process.exit(failed ? 1 : 0);
