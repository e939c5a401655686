// ScopedElement's lifecycle without a browser: vitest runs in node, so a stand-in HTMLElement
// (an EventTarget with querySelector) takes the real one's place before the module loads.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScopedElement as ScopedElementType, defineElement as defineElementType } from './scoped-element';

class FakeElement extends EventTarget {
  localName = 'fake-element';
  children: Record<string, unknown> = {};
  querySelector(selector: string): unknown {
    return this.children[selector] ?? null;
  }
  querySelectorAll(selector: string): unknown[] {
    const found = this.children[selector];
    return found ? [found] : [];
  }
}

let ScopedElement: typeof ScopedElementType;
let defineElement: typeof defineElementType;

beforeAll(async () => {
  vi.stubGlobal('HTMLElement', FakeElement);
  vi.stubGlobal('window', globalThis);
  ({ ScopedElement, defineElement } = await import('./scoped-element'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ScopedElement', () => {
  it('undoes listeners, timers and cleanups when it leaves the page, and sets them up again when it comes back', () => {
    vi.useFakeTimers();
    const outside = new EventTarget();
    const log: string[] = [];
    class Counter extends ScopedElement {
      protected connect(): void {
        this.listen(outside, 'click', () => log.push('click'));
        this.every(100, () => log.push('tick'));
        this.onCleanup(() => log.push('first cleanup'));
        this.onCleanup(() => log.push('second cleanup'));
      }
    }
    const element = new Counter();
    element.connectedCallback();
    outside.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(100);
    expect(log).toEqual(['click', 'tick']);

    element.disconnectedCallback();
    expect(log.slice(2)).toEqual(['second cleanup', 'first cleanup']);
    outside.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(300);
    expect(log).toHaveLength(4);

    element.connectedCallback();
    outside.dispatchEvent(new Event('click'));
    expect(log.at(-1)).toBe('click');
    element.disconnectedCallback();
  });

  it('finds its parts inside itself, and says which part the markup lacks', () => {
    const button = { name: 'button' };
    const parts: { one?: unknown; find?: unknown; all?: unknown[] } = {};
    class Box extends ScopedElement {
      protected connect(): void {
        parts.one = this.one('[data-button]');
        parts.find = this.find('[data-missing]');
        parts.all = this.all('[data-button]');
      }
      missing(): unknown {
        return this.one('[data-missing]');
      }
    }
    const box = new Box();
    (box as unknown as FakeElement).children['[data-button]'] = button;
    box.connectedCallback();
    expect(parts).toEqual({ one: button, find: null, all: [button] });
    expect(() => box.missing()).toThrow('fake-element: no [data-missing] inside');
  });

  it('passes over a listener on a part the markup leaves out', () => {
    class Lenient extends ScopedElement {
      protected connect(): void {
        this.listen(this.find('[data-missing]'), 'click', () => {});
      }
    }
    expect(() => new Lenient().connectedCallback()).not.toThrow();
  });
});

describe('defineElement', () => {
  it('defines a name once, so a module loaded twice does not throw', () => {
    const defined = new Map<string, CustomElementConstructor>();
    const registry = {
      get: (name: string) => defined.get(name),
      define: (name: string, element: CustomElementConstructor) => {
        if (defined.has(name)) throw new Error(`${name} is already defined`);
        defined.set(name, element);
      },
    } as unknown as CustomElementRegistry;
    class First extends ScopedElement {
      protected connect(): void {}
    }
    class Second extends ScopedElement {
      protected connect(): void {}
    }
    defineElement('x-box', First, registry);
    defineElement('x-box', Second, registry);
    expect(defined.get('x-box')).toBe(First);
  });
});
