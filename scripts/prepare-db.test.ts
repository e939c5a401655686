// `npm start` with the database down: one line per attempt while it waits, then one clear line
// and exit code 1, never a stack trace or the password (docs/decisions/0015-database-faults-and-operations.md).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../tests/faults';

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('preparing the database when it is down', () => {
  it('waits with backoff, one line per attempt, then gives up with one clear line and exit code 1', { timeout: 60_000 }, async () => {
    const port = await closedPort();
    const { code, output } = await run('scripts/prepare-db.ts', {
      DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${port}/shop`,
      DB_START_WAIT_MS: '2000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as { level: string; message: string });
    const waiting = entries.filter((e) => e.message.startsWith(`waiting for the database at 127.0.0.1:${port}/shop (attempt `));
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting[0]!.message).toBe(`waiting for the database at 127.0.0.1:${port}/shop (attempt 1, next in 0.5 s)`);
    expect(entries.at(-1)).toMatchObject({
      level: 'error',
      message: expect.stringMatching(
        new RegExp(
          `^could not prepare the database: the database at 127.0.0.1:${port}/shop did not answer after \\d+ attempts in \\d+ s \\(network\\): giving up$`,
        ),
      ),
    });
    expect(entries).toHaveLength(waiting.length + 1);
    expect(output).not.toContain('s3cret-pass');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
