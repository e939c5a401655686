// Builds of one checkout never overlap (scripts/build-if-stale.ts): vitest's workers may all find
// dist/ stale at once, and two `astro build`s into one dist/ break each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** A process that takes the build lock, writes start, waits, writes end. */
function holder(log: string, name: string): Promise<number> {
  const script = `
    import fs from 'node:fs';
    import { withBuildLock } from './scripts/build-if-stale.ts';
    withBuildLock(() => {
      fs.appendFileSync(${JSON.stringify(log)}, '${name} start\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
      fs.appendFileSync(${JSON.stringify(log)}, '${name} end\\n');
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

describe('the build lock', () => {
  it('lets one process build at a time; the others wait for it', async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'build-lock-')), 'log');
    expect(await Promise.all(['a', 'b', 'c'].map((name) => holder(log, name)))).toEqual([0, 0, 0]);
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(6);
    // Each start is followed by its own end: no two holders inside at once.
    for (let i = 0; i < lines.length; i += 2) expect(lines[i + 1]).toBe(lines[i]!.replace('start', 'end'));
  }, 60_000);
});
