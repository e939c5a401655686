// client:interact's replay (src/client/hydrate-on-interact.ts) in a DOM: held clicks and submits,
// typed text put back after hydration so onChange sees it, focus and caret kept. `hydrate` stands in
// for React's: it reads the fields as React's first render would (their value trackers start from
// the value then shown), and it handles events only from then on. The real React in a browser,
// with its chunks delayed: e2e/checkout-interact.spec.ts.
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInteractHydration, type Directive } from './hydrate-on-interact';

interface FakeReact {
  /** Each field's value when hydration read it (React's value tracker starts from it). */
  trackedAtHydration: Record<string, string>;
  changes: Array<[string, string]>;
  submits: number;
  /** The state each onSubmit saw: React applies an event's updates in a microtask after it. */
  submittedState: Array<Record<string, string>>;
  clicks: string[];
  focused: string[];
}

/** A stand-in for React's hydration of `island`: trackers like React's, handlers after it runs. */
function fakeReact(island: HTMLElement): { react: FakeReact; hydrate: () => Promise<void> } {
  const react: FakeReact = { trackedAtHydration: {}, changes: [], submits: 0, submittedState: [], clicks: [], focused: [] };
  const state: Record<string, string> = {};
  const hydrate = async () => {
    // React's root, not committed yet: it hydrates in slices (concurrently) and commits a moment later.
    root = { current: { memoizedState: { isDehydrated: true } } };
    (island as unknown as Record<string, unknown>)['__reactContainer$test'] = { stateNode: root };
    island.removeAttribute('ssr');
    // Astro's hydrate resolves here; React commits later.
    setTimeout(commit, 20);
  };
  const commit = () => {
    const tracked = new Map<HTMLInputElement, string>();
    for (const input of island.querySelectorAll('input')) {
      react.trackedAtHydration[input.name] = input.value;
      tracked.set(input, input.value);
      // React's tracker: an own `value` property that remembers what React set.
      const proto = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')!;
      Object.defineProperty(input, 'value', {
        configurable: true,
        get: () => proto.get!.call(input) as string,
        set: (v: string) => {
          tracked.set(input, v);
          proto.set!.call(input, v);
        },
      });
    }
    island.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      // onChange only when the value differs from the tracker's, as React decides.
      if (tracked.get(input) !== input.value) {
        tracked.set(input, input.value);
        react.changes.push([input.name, input.value]);
        const value = input.value;
        queueMicrotask(() => (state[input.name] = value));
      }
    });
    island.addEventListener('focusin', (event) => react.focused.push((event.target as HTMLElement).localName));
    island.addEventListener('submit', (event) => {
      event.preventDefault();
      react.submits += 1;
      react.submittedState.push({ ...state });
    });
    island.addEventListener('click', (event) => react.clicks.push((event.target as HTMLElement).dataset.name ?? ''));
    root.current.memoizedState.isDehydrated = false;
  };
  let root: { current: { memoizedState: { isDehydrated: boolean } } };
  return { react, hydrate };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Past the fake's commit and the replay's steps (one task apart). */
const flush = () => new Promise((r) => setTimeout(r, 120));

let directive: Directive;
// A page of its own per test (happy-dom's Window): the directive keeps its page's state.
let window: Window;
let document: Document;
let MouseEvent: typeof globalThis.MouseEvent;
let Event: typeof globalThis.Event;

beforeEach(() => {
  window = new Window({ url: 'http://127.0.0.1/cart/checkout-details' });
  document = window.document as unknown as Document;
  MouseEvent = window.MouseEvent as unknown as typeof globalThis.MouseEvent;
  Event = window.Event as unknown as typeof globalThis.Event;
  directive = createInteractHydration(document);
});

afterEach(async () => {
  await window.happyDOM.close();
});

function islandWithForm(client = 'interact') {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<astro-island client="${client}" ssr>
      <form>
        <input name="first" value="">
        <input name="city" value="Dubai">
        <button type="submit" data-name="continue"><span data-name="label">Continue</span></button>
        <button type="button" data-name="cash">Cash</button>
        <a href="#elsewhere" data-name="link">Edit</a>
      </form>
    </astro-island>`,
  );
  const island = document.body.lastElementChild as HTMLElement;
  const field = (name: string) => island.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  return {
    island,
    field,
    form: island.querySelector('form')!,
    button: (name: string) => island.querySelector<HTMLElement>(`[data-name="${name}"]`)!,
  };
}

/** Registers the island with the directive (`value`: the directive's, e.g. "load"); `arrive` delivers its chunks. */
function register(island: HTMLElement, value?: string) {
  const chunks = deferred<void>();
  const { react, hydrate } = fakeReact(island);
  let loads = 0;
  directive(
    async () => {
      loads += 1;
      await chunks.promise;
      return hydrate;
    },
    value === undefined ? {} : { name: 'interact', value },
    island,
  );
  return { react, arrive: () => chunks.resolve(), loads: () => loads };
}

describe('client:interact', () => {
  it('loads nothing until the first interaction, then hydrates every island of the page once', async () => {
    const a = islandWithForm();
    const b = islandWithForm();
    const first = register(a.island);
    const second = register(b.island);
    await flush();
    expect([first.loads(), second.loads()]).toEqual([0, 0]);
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await flush();
    expect([first.loads(), second.loads()]).toEqual([1, 1]);
  });

  it('with "load", loads at once without an interaction, and the text typed and the submit made meanwhile reach React', async () => {
    const { island, field, form } = islandWithForm();
    const staff = register(island, 'load');
    await flush();
    expect(staff.loads()).toBe(1);
    // Typed and submitted while the chunks are on their way (a staff member quicker than the network).
    field('first').value = 'Archiva renamed';
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    staff.arrive();
    await flush();
    expect(staff.react.trackedAtHydration.first).toBe('');
    expect(staff.react.submits).toBe(1);
    expect(staff.react.submittedState[0]).toMatchObject({ first: 'Archiva renamed' });
  });

  it('holds a submit before hydration (no native submit, no other listener) and replays it once after', async () => {
    const { island, form } = islandWithForm();
    const { react, arrive } = register(island);
    const seenByPage: boolean[] = [];
    document.addEventListener('submit', (event) => seenByPage.push(event.defaultPrevented));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(seenByPage).toEqual([]);
    arrive();
    await flush();
    expect(react.submits).toBe(1);
  });

  it("replays a click made before hydration once, a double click too, on the element clicked; links are the browser's", async () => {
    const { island, button } = islandWithForm();
    const { react, arrive } = register(island);
    document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('label').dispatchEvent(click);
    button('label').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    button('cash').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('link').dispatchEvent(link);
    expect(click.defaultPrevented).toBe(true);
    expect(link.defaultPrevented).toBe(false);
    expect(react.clicks).toEqual([]);
    arrive();
    await flush();
    // The click on the button's text is the button's: React's onSubmit runs once.
    expect(react.clicks).toEqual(['continue', 'cash']);
    expect(react.submits).toBe(1);
  });

  it('puts typed text back after hydration through an input event, with the server value shown while React hydrates', async () => {
    const { island, field } = islandWithForm();
    const { react, arrive } = register(island);
    field('first').focus();
    field('first').value = 'Mariam';
    field('city').value = 'Abu Dhabi';
    field('first').setSelectionRange(2, 4);
    arrive();
    await flush();
    // React's first render read the server's values: its trackers start there, as its state does.
    expect(react.trackedAtHydration).toEqual({ first: '', city: 'Dubai' });
    expect(react.changes).toEqual([
      ['first', 'Mariam'],
      ['city', 'Abu Dhabi'],
    ]);
    expect([field('first').value, field('city').value]).toEqual(['Mariam', 'Abu Dhabi']);
    // The focus stays, with its caret, and React is told of it.
    expect(document.activeElement).toBe(field('first'));
    expect([field('first').selectionStart, field('first').selectionEnd]).toEqual([2, 4]);
    expect(react.focused).toEqual(['input']);
  });

  it('replays typed text before the held click, so the submit sends what was typed', async () => {
    const { island, field, button } = islandWithForm();
    const { react, arrive } = register(island);
    field('first').focus();
    field('first').value = 'Mariam';
    button('continue').focus();
    button('continue').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    arrive();
    await flush();
    expect(react.changes).toEqual([['first', 'Mariam']]);
    // onSubmit ran once, with the typed text in its state.
    expect(react.submittedState).toEqual([{ first: 'Mariam' }]);
  });

  it('leaves islands of other directives alone', async () => {
    const { form } = islandWithForm('load');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('keeps holding when hydration failed, keeps the typed text, and tries again on the next interaction', async () => {
    const { island, form, field } = islandWithForm();
    const { react, hydrate } = fakeReact(island);
    let attempt = 0;
    directive(
      async () => {
        attempt += 1;
        // Astro answers a no-op hydrate when a chunk fails to load.
        return attempt === 1 ? async () => {} : hydrate;
      },
      {},
      island,
    );
    field('first').value = 'Mariam';
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await flush();
    expect(attempt).toBe(1);
    expect(field('first').value).toBe('Mariam');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await flush();
    expect(attempt).toBe(2);
    expect(react.changes).toEqual([['first', 'Mariam']]);
  });
});
