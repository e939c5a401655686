// A built shop as a child process on a free port (tests/built-server.ts), for tests that need the
// real server: the route cache (scripts/route-cache.test.ts) runs one or two at once.
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningShop {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: (p: string) => string;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built shop with `env` on a free port and resolves once it listens. */
export async function startBuiltShop(env: Record<string, string>): Promise<RunningShop> {
  return startScript('tests/built-server.ts', await freePort(), { LOG_LEVEL: 'warn', ...env }, /listening/);
}

/** Starts `script` (run with tsx) on `port` and resolves once its output matches `ready`. */
export async function startScript(script: string, port: number, env: Record<string, string>, ready: RegExp): Promise<RunningShop> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve();
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    void exited.then((code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output, exited, url: (p) => `http://127.0.0.1:${port}${p}` };
}

export async function stopBuiltShop(shop: RunningShop | undefined): Promise<void> {
  if (!shop || shop.child.exitCode !== null) return;
  shop.child.kill('SIGKILL');
  await shop.exited;
}
