// `client:interact` (docs/decisions/0042-page-weight.md#hydrated-on-the-first-interaction): a
// server-rendered island whose component and React load on the shopper's first interaction
// anywhere in the page, so that nothing of React is loaded before it. Nothing the shopper does
// before the island is hydrated is lost:
// - a click or a submit inside it is held (never a native submit: a form without React would GET
//   the page with its fields in the URL) and replayed once it is hydrated;
// - text typed into a field is put back after the hydration commits, through the native value
//   setter and a bubbling `input` (`change` for a select) event, so React's onChange sees it; before
//   hydrating, the field shows the server's value again (React's value tracker must start from it);
// - the focus stays where the shopper put it, with its caret, and React sees it (a `focusin`).
// `client:interact="load"` starts loading at once (the back office's editors, which staff use at
// once): the same holding and replay cover what is done while the chunks arrive.
// Bundled by esbuild into an inline script (src/integrations/interact-directive.ts): relative
// imports only, no React, as small as it can be.

/** Events that mean the shopper has begun: the first of them, anywhere, hydrates every such island. */
export const FIRST_INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The islands this directive hydrates (Astro writes the directive's name in `client`). */
export const INTERACT_ISLAND = 'astro-island[client="interact"]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Held = { kind: 'click'; target: Element } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };
type Typed = { field: Field; value: string };
type Caret = { field: HTMLInputElement | HTMLTextAreaElement; start: number; end: number; direction: 'forward' | 'backward' | 'none' };

/** Astro's directive signature: `load` fetches the component and the renderer and answers `hydrate`. */
export type Directive = (load: () => Promise<() => Promise<void>>, options: unknown, island: HTMLElement) => void;

/** Elements whose click does something by itself: a held click is replayed on the one clicked. */
const CONTROLS = 'button, input, select, textarea, label, summary';

/** How long the replay waits for React to commit the island's hydration before going on regardless. */
const HYDRATION_WAIT_MS = 5000;

function nativeValueSetter(field: Field): ((value: string) => void) | undefined {
  // React's value tracker sits on the element itself; the prototype's setter goes around it.
  let proto: object | null = Object.getPrototypeOf(field) as object | null;
  while (proto) {
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) return (value) => setter.call(field, value);
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return undefined;
}

function setNative(field: Field, value: string): void {
  const set = nativeValueSetter(field);
  if (set) set(value);
  else field.value = value;
}

/** The value the server sent: what React's first render will say, and what its tracker must start from. */
function serverValue(field: Field): string {
  if (field.localName === 'select') {
    const select = field as HTMLSelectElement;
    const chosen = [...select.options].find((o) => o.defaultSelected) ?? select.options[0];
    return chosen?.value ?? '';
  }
  return (field as HTMLInputElement | HTMLTextAreaElement).defaultValue;
}

const TEXT_LIKE = /^(?:text|search|url|tel|email|password|number|date|time|datetime-local|month|week)$/;

function typedFields(island: Element): Typed[] {
  const typed: Typed[] = [];
  for (const field of island.querySelectorAll<Field>('input, textarea, select')) {
    if (field.localName === 'input' && !TEXT_LIKE.test((field as HTMLInputElement).type)) continue;
    const server = serverValue(field);
    if (field.value !== server) typed.push({ field, value: field.value });
  }
  return typed;
}

function caretOf(field: Element | null, island: Element): Caret | null {
  if (!field || !island.contains(field) || (field.localName !== 'input' && field.localName !== 'textarea')) return null;
  const text = field as HTMLInputElement | HTMLTextAreaElement;
  try {
    // null for the input types without a caret (email, number).
    if (text.selectionStart === null || text.selectionEnd === null) return null;
    return { field: text, start: text.selectionStart, end: text.selectionEnd, direction: text.selectionDirection ?? 'none' };
  } catch {
    return null;
  }
}

function isCommitted(island: Element): boolean {
  // React's root on the island (an own `__reactContainer$` key) has committed its hydration when its
  // current state is no longer dehydrated. React's internals, read only to time the replay: until
  // then an event reaches a half-hydrated tree and its state update is lost (a timeout ends the wait).
  const key = Object.keys(island).find((k) => k.startsWith('__reactContainer$'));
  const fiber = key
    ? (island as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key]
    : undefined;
  return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
}

function whenCommitted(island: Element, view: Window): Promise<void> {
  const until = Date.now() + HYDRATION_WAIT_MS;
  return new Promise((resolve) => {
    const check = () => (isCommitted(island) || Date.now() > until ? resolve() : view.setTimeout(check, 5));
    check();
  });
}

/**
 * The directive with its page-wide state: the islands waiting, the held clicks and submits, the
 * first-interaction listeners. One per document (the inline script runs once per page).
 */
export function createInteractHydration(doc: Document): Directive {
  const view = doc.defaultView!;
  const live = new WeakSet<Element>();
  const held = new Map<Element, Held[]>();
  const waiting: (() => void)[] = [];
  let begun = false;
  let replaying = false;

  const waitingIsland = (target: EventTarget | null): Element | null => {
    // A held click or submit replayed now (synchronously dispatched) goes through.
    if (replaying) return null;
    const island = target instanceof view.Element ? target.closest(INTERACT_ISLAND) : null;
    return island && !live.has(island) ? island : null;
  };

  const hold = (island: Element, action: Held) => {
    const list = held.get(island) ?? [];
    const last = list[list.length - 1];
    // A double click before hydration does the button's job once.
    if (!(action.kind === 'click' && last?.kind === 'click' && last.target === action.target)) list.push(action);
    held.set(island, list);
  };

  // Capture on the document: before React's listeners (on the island) and anything else. Armed when
  // the script runs, before the islands are parsed, so no form of a waiting island can submit natively.
  doc.addEventListener(
    'click',
    (event) => {
      const island = waitingIsland(event.target);
      if (!island) return;
      // A link works without React: the shopper goes where it leads.
      if ((event.target as Element).closest('a[href]')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // The control clicked (the button round an icon or a label's text): its click does its job.
      const target = event.target as Element;
      hold(island, { kind: 'click', target: target.closest(CONTROLS) ?? target });
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      const island = waitingIsland(event.target);
      if (!island) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(island, { kind: 'submit', form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter ?? null });
    },
    true,
  );

  const begin = () => {
    if (begun) return;
    begun = true;
    for (const type of FIRST_INTERACTION_EVENTS) doc.removeEventListener(type, begin, true);
    for (const start of waiting.splice(0)) start();
  };
  for (const type of FIRST_INTERACTION_EVENTS) doc.addEventListener(type, begin, { capture: true, passive: true });

  // React applies what an event changed in a microtask after it: the next replayed event must come
  // after that (a task later), or its handler would see the state before (a submit without the typed text).
  const settle = () => new Promise<void>((resolve) => view.setTimeout(resolve, 0));

  const replay = async (island: Element, typed: Typed[], caret: Caret | null) => {
    await whenCommitted(island, view);
    // React's onFocus sees the focus the shopper gave (the forms start loading their rules on it).
    const active = doc.activeElement;
    if (active && active !== island && island.contains(active)) active.dispatchEvent(new view.FocusEvent('focusin', { bubbles: true }));
    for (const { field, value } of typed) {
      if (!field.isConnected) continue;
      setNative(field, value);
      field.dispatchEvent(new view.Event(field.localName === 'select' ? 'change' : 'input', { bubbles: true }));
    }
    const putCaretBack = () => {
      if (!caret?.field.isConnected || doc.activeElement !== caret.field) return;
      try {
        caret.field.setSelectionRange(caret.start, caret.end, caret.direction);
      } catch {
        // An input type without a caret.
      }
    };
    putCaretBack();
    // In order, with what the shopper does meanwhile held behind them; the island is live after the last.
    const list = held.get(island) ?? [];
    for (let action = list.shift(); action; action = list.shift()) {
      await settle();
      replaying = true;
      try {
        if (action.kind === 'click') {
          if (action.target.isConnected) (action.target as HTMLElement).click();
          // A click focuses what it clicked (a label its control), but the shopper went on elsewhere
          // after it: the focus goes back where they left it.
          const now = doc.activeElement;
          const control = action.target.localName === 'label' ? (action.target as HTMLLabelElement).control : null;
          if (active?.isConnected && now !== active && (now === action.target || (control && now === control))) {
            (active as HTMLElement).focus();
            putCaretBack();
          }
        } else if (action.form.isConnected) {
          const submitter = action.submitter?.isConnected && action.submitter.closest('form') === action.form ? action.submitter : null;
          action.form.requestSubmit(submitter);
        }
      } finally {
        replaying = false;
      }
    }
    held.delete(island);
    live.add(island);
  };

  return (load, options, island) => {
    const start = async () => {
      const hydrate = await load();
      // Put the server's values back for React's first render; the shopper's come back once it commits.
      const caret = caretOf(doc.activeElement, island);
      const typed = typedFields(island);
      for (const { field } of typed) setNative(field, serverValue(field));
      await hydrate();
      if (island.hasAttribute('ssr')) {
        // Not hydrated (a chunk did not load; Astro logged it): the shopper's text stays, the clicks
        // held so far are dropped (nothing happened: they click again), new ones are held, and the
        // next interaction tries again.
        for (const { field, value } of typed) setNative(field, value);
        held.delete(island);
        begun = false;
        waiting.push(() => void start());
        for (const type of FIRST_INTERACTION_EVENTS) doc.addEventListener(type, begin, { capture: true, passive: true });
        return;
      }
      await replay(island, typed, caret);
    };
    // `client:interact="load"` (the back office's editors): hydrated at once, like client:load, and
    // still nothing typed or clicked before it is lost.
    if (begun || directiveValue(options) === EAGER) void start();
    else waiting.push(() => void start());
  };
}

/** The directive's value that hydrates an island at once rather than on the first interaction. */
export const EAGER = 'load';

function directiveValue(options: unknown): unknown {
  return typeof options === 'object' && options !== null ? (options as { value?: unknown }).value : undefined;
}
