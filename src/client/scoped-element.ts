// The base of the custom elements that make server-rendered markup interactive without React
// (docs/decisions/0025-page-behaviour.md): an element wraps its component's markup, finds its parts
// inside itself only, and everything it sets up while on the page (listeners, timers, store
// subscriptions) is undone when it leaves, so two copies never see each other's parts.

/** Something to undo when the element leaves the page. */
export type Cleanup = () => void;

/** The events an element listens to, on its parts, the document or the window. */
export type ScopedEvents = HTMLElementEventMap & DocumentEventMap & WindowEventMap;

export abstract class ScopedElement extends HTMLElement {
  #cleanups: Cleanup[] = [];
  #listening: AbortController | null = null;

  connectedCallback(): void {
    this.#listening = new AbortController();
    this.connect();
  }

  disconnectedCallback(): void {
    this.#listening?.abort();
    this.#listening = null;
    for (const cleanup of this.#cleanups.splice(0).reverse()) cleanup();
  }

  /** Wires the element up; called each time it is put on the page. */
  protected abstract connect(): void;

  /** The signal that ends with the element's stay on the page. */
  protected get signal(): AbortSignal {
    if (!this.#listening) throw new Error(`${this.localName} is not on the page`);
    return this.#listening.signal;
  }

  /** The first element inside this one that matches, or null. */
  protected find<T extends Element = HTMLElement>(selector: string): T | null {
    return this.querySelector<T>(selector);
  }

  /** The element inside this one that the markup always has; its absence is a bug in the markup. */
  protected one<T extends Element = HTMLElement>(selector: string): T {
    const found = this.querySelector<T>(selector);
    if (!found) throw new Error(`${this.localName}: no ${selector} inside`);
    return found;
  }

  /** Every element inside this one that matches. */
  protected all<T extends Element = HTMLElement>(selector: string): T[] {
    return [...this.querySelectorAll<T>(selector)];
  }

  /**
   * Listens until the element leaves the page. The target may be outside it (window, document);
   * a part the markup leaves out (null) is passed over.
   */
  protected listen<K extends keyof ScopedEvents>(
    target: EventTarget | null,
    type: K,
    handler: (event: ScopedEvents[K]) => void,
    options: AddEventListenerOptions = {},
  ): void {
    target?.addEventListener(type, handler as EventListener, { ...options, signal: this.signal });
  }

  /** Runs `cleanup` when the element leaves the page (a store's unsubscribe, a timer's clear). */
  protected onCleanup(cleanup: Cleanup): void {
    this.#cleanups.push(cleanup);
  }

  /** Repeats `tick` every `ms` milliseconds while the element is on the page. */
  protected every(ms: number, tick: () => void): void {
    const timer = window.setInterval(tick, ms);
    this.onCleanup(() => window.clearInterval(timer));
  }
}

/** Defines a custom element once: a module loaded twice (two bundles, hot reload) must not throw. */
export function defineElement(name: string, element: CustomElementConstructor, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(name)) registry.define(name, element);
}
