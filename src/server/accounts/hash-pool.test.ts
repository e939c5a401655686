// Issue 10, point 6: the bounded hash pool runs at most N at once, keeps a slot for sign-ins,
// takes them first, and refuses at once beyond its waiting list.
import { describe, expect, it } from 'vitest';
import { HashPoolBusyError, PASSWORD_HASH_POOL, createHashPool, type HashLane } from './hash-pool';

/** Work that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hash pool', () => {
  it('has the documented size', () => {
    expect(PASSWORD_HASH_POOL).toEqual({ concurrency: 2, normalConcurrency: 1, maxWaiting: { priority: 16, normal: 4 } });
  });

  it('never runs more than its concurrency, and refuses at once beyond the waiting list', async () => {
    const pool = createHashPool({ concurrency: 2, normalConcurrency: 2, maxWaiting: { priority: 3, normal: 3 } });
    let running = 0;
    let most = 0;
    const gates: ReturnType<typeof gate>[] = [];
    const job = () => {
      const g = gate();
      gates.push(g);
      running += 1;
      most = Math.max(most, running);
      return g.opened.then(() => {
        running -= 1;
        return 'hashed';
      });
    };
    const outcomes = Array.from({ length: 8 }, () =>
      pool.run('normal', job).then(
        (v) => v,
        (e: unknown) => e,
      ),
    );
    await tick();
    // 2 run, 3 wait, 3 were refused without running.
    expect(pool.stats()).toMatchObject({ running: 2, waiting: { normal: 3, priority: 0 }, refused: 3 });
    for (const refused of (await Promise.all(outcomes.slice(5))) as unknown[]) {
      expect(refused).toBeInstanceOf(HashPoolBusyError);
      expect(refused).toMatchObject({
        status: 503,
        retryAfterSeconds: 5,
        message: 'We are busy right now. Please try again in a few seconds',
      });
    }
    while (gates.some((g) => g)) {
      gates.shift()!.open();
      await tick();
      if (gates.length === 0 && pool.stats().running === 0) break;
    }
    expect(await Promise.all(outcomes.slice(0, 5))).toEqual(Array(5).fill('hashed'));
    expect(most).toBe(2);
    expect(pool.stats()).toMatchObject({ started: 5, refused: 3, running: 0, maxRunning: 2 });
  });

  it('keeps a slot for sign-ins: a flood of normal hashing never takes both, and sign-ins go first', async () => {
    const pool = createHashPool(PASSWORD_HASH_POOL);
    const order: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const job = (lane: HashLane, name: string) =>
      pool
        .run(lane, () => {
          order.push(name);
          const g = gate();
          gates.set(name, g);
          return g.opened;
        })
        .catch((e: unknown) => e);
    const flood = Array.from({ length: 10 }, (_, i) => job('normal', `n${i}`));
    await tick();
    expect(pool.stats()).toMatchObject({ running: 1, waiting: { normal: 4 }, refused: 5 });
    // A sign-in starts at once, beside the flood.
    const login = job('priority', 'login');
    await tick();
    expect(order).toEqual(['n0', 'login']);
    // Two more sign-ins wait; when the flood's hash ends, a sign-in (not the flood) takes its slot.
    const later = [job('priority', 'login2'), job('priority', 'login3')];
    await tick();
    gates.get('n0')!.open();
    await tick();
    expect(order).toEqual(['n0', 'login', 'login2']);
    gates.get('login')!.open();
    await tick();
    expect(order).toEqual(['n0', 'login', 'login2', 'login3']);
    for (const name of ['login2', 'login3']) gates.get(name)!.open();
    await tick();
    for (let i = 1; i <= 4; i++) {
      gates.get(`n${i}`)!.open();
      await tick();
    }
    await Promise.all([...flood, login, ...later]);
    expect(order).toEqual(['n0', 'login', 'login2', 'login3', 'n1', 'n2', 'n3', 'n4']);
    expect(pool.stats().maxRunning).toBe(2);
  });
});
