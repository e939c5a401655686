// What the process must stop or close when it shuts down (SIGTERM: the sweeper's timer, the
// database pool or PGlite), in order. The registry lives on globalThis under a registered symbol
// because the built server bundle and scripts/server.ts each load their own copy of this module
// (docs/decisions/0015-database-faults-and-operations.md).
type Hook = { order: number; run: () => Promise<void> | void };

const KEY = Symbol.for('safe-buddy.shutdown-hooks');

function hooks(): Map<string, Hook> {
  const holder = globalThis as { [KEY]?: Map<string, Hook> };
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** Timers stop first (order 0), connections close last (order 10); a name registers once. */
export function onShutdown(name: string, run: Hook['run'], order = 0): void {
  hooks().set(name, { order, run });
}

/** Runs every hook once, lowest order first; a failing hook is reported and the others still run. */
export async function runShutdownHooks(report: (name: string, error?: unknown) => void = () => {}): Promise<void> {
  const all = [...hooks().entries()].sort(([, a], [, b]) => a.order - b.order);
  hooks().clear();
  for (const [name, hook] of all) {
    try {
      await hook.run();
      report(name);
    } catch (error) {
      report(name, error);
    }
  }
}
