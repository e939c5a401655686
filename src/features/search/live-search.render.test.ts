import { describe, expect, it } from 'vitest';
import type { LiveResult } from './live-search.logic';
import { renderOption, renderOptions, renderStars } from './live-search.render';

/** Just enough of the DOM for the renderer; innerHTML is a trap so any use of it fails. */
class FakeElement {
  className = '';
  id = '';
  href = '';
  src = '';
  alt = '';
  title = '';
  width = 0;
  height = 0;
  tabIndex = 0;
  decoding = '';
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  private text = '';
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  append(...nodes: FakeElement[]) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes: FakeElement[]) {
    this.children = nodes;
  }
  set textContent(value: string) {
    this.text = value;
    this.children = [];
  }
  get textContent(): string {
    return this.text + this.children.map((c) => c.textContent).join('');
  }
  set innerHTML(_value: string) {
    throw new Error('innerHTML must not be used');
  }
  find(predicate: (e: FakeElement) => boolean): FakeElement | undefined {
    for (const child of this.children) {
      if (predicate(child)) return child;
      const deep = child.find(predicate);
      if (deep) return deep;
    }
    return undefined;
  }
}
const fakeDoc = { createElement: (tag: string) => new FakeElement(tag) } as unknown as Document;
const asFake = (node: unknown) => node as FakeElement;

const fireSafe: LiveResult = {
  id: 16,
  name: 'SteelNest HomeShield Fire Safe HS-28 (Black)',
  thumbnail: '/images/products/fire-safe-color-black.svg',
  price: 1351.5,
  oldPrice: 1590,
  rating: 4.5,
  reviewCount: 6,
  sku: 'SN-HS-28-BLK',
  colorHex: '#23262b',
  colorName: 'Black',
};

describe('renderOption', () => {
  it('is a link to the product page in the option role, not selected', () => {
    const option = asFake(renderOption(fakeDoc, fireSafe, 'header-search-list-0'));
    expect(option.tagName).toBe('a');
    expect(option.href).toBe('/product/16');
    expect(option.id).toBe('header-search-list-0');
    expect(option.getAttribute('role')).toBe('option');
    expect(option.getAttribute('aria-selected')).toBe('false');
    expect(option.tabIndex).toBe(-1);
  });

  it('shows thumbnail, name, the discounted price in AED, the old price, the rating and the review count', () => {
    const option = asFake(renderOption(fakeDoc, fireSafe, 'x-0'));
    const img = option.find((e) => e.tagName === 'img')!;
    expect(img.src).toBe('/images/products/fire-safe-color-black.svg');
    expect(img.alt).toBe('');
    expect(option.find((e) => e.attributes.has('data-live-name'))!.textContent).toBe(fireSafe.name);
    expect(option.find((e) => e.attributes.has('data-live-price'))!.textContent).toBe('AED\u00A01,351.50');
    expect(option.find((e) => e.tagName === 's')!.textContent).toBe('AED\u00A01,590.00');
    expect(option.textContent).toContain('Rated 4.5 out of 5');
    expect(option.textContent).toContain('4.5 (6)');
  });

  it('shows the model and a dot in the product colour, so colour siblings differ', () => {
    const option = asFake(renderOption(fakeDoc, fireSafe, 'x-0'));
    const model = option.find((e) => e.attributes.has('data-live-model'))!;
    expect(model.textContent).toContain('SN-HS-28-BLK');
    expect(model.textContent).toContain('Colour: Black');
    const dot = model.find((e) => e.attributes.has('data-live-colour'))!;
    expect(dot.getAttribute('style')).toBe('background-color:#23262b');
    const plain = asFake(renderOption(fakeDoc, { ...fireSafe, colorHex: null, colorName: null }, 'x-0'));
    expect(plain.find((e) => e.attributes.has('data-live-colour'))).toBeUndefined();
    expect(plain.find((e) => e.attributes.has('data-live-model'))!.textContent).toContain('SN-HS-28-BLK');
  });

  it("shows no stars and no '0.0 (0)' for a product nobody has reviewed", () => {
    const option = asFake(renderOption(fakeDoc, { ...fireSafe, rating: 0, reviewCount: 0 }, 'x-0'));
    expect(option.textContent).not.toContain('(0)');
    expect(option.textContent).not.toContain('Rated');
    expect(option.find((e) => e.className.includes('text-amber-400'))).toBeUndefined();
  });

  it('clamps long names to two lines', () => {
    const option = asFake(renderOption(fakeDoc, fireSafe, 'x-0'));
    expect(option.find((e) => e.attributes.has('data-live-name'))!.className).toContain('line-clamp-2');
  });

  it('keeps markup in a name as text', () => {
    const evil = { ...fireSafe, name: '<img src=x onerror=alert(1)>Safe' };
    const option = asFake(renderOption(fakeDoc, evil, 'x-0'));
    expect(option.find((e) => e.attributes.has('data-live-name'))!.textContent).toBe('<img src=x onerror=alert(1)>Safe');
    expect(option.find((e) => e.tagName === 'img' && e.src === 'x')).toBeUndefined();
  });

  it('hides a zero price and the old price when there is no discount', () => {
    const free = asFake(renderOption(fakeDoc, { ...fireSafe, price: 0, oldPrice: null }, 'x-0'));
    expect(free.find((e) => e.attributes.has('data-live-price'))).toBeUndefined();
    const plain = asFake(renderOption(fakeDoc, { ...fireSafe, price: 1590, oldPrice: null }, 'x-0'));
    expect(plain.find((e) => e.attributes.has('data-live-price'))!.textContent).toBe('AED\u00A01,590.00');
    expect(plain.find((e) => e.tagName === 's')).toBeUndefined();
  });
});

describe('renderStars', () => {
  it('fills the amber stars to the rating, like Stars.astro', () => {
    const stars = asFake(renderStars(fakeDoc, 4.5, 6));
    expect(stars.find((e) => e.className.includes('text-amber-400'))!.getAttribute('style')).toBe('width:90%');
    expect(stars.textContent).toContain('4.5 (6)');
    expect(
      asFake(renderStars(fakeDoc, 0.4, 1))
        .find((e) => e.className.includes('text-amber-400'))!
        .getAttribute('style'),
    ).toBe('width:8%');
  });

  it('is nothing without reviews', () => {
    expect(renderStars(fakeDoc, 0, 0)).toBeNull();
  });
});

describe('renderOptions', () => {
  it('replaces the list with one option per result, ids from the list id', () => {
    const list = new FakeElement('div');
    list.id = 'header-search-list';
    list.append(new FakeElement('a'));
    const options = renderOptions(fakeDoc, list as unknown as HTMLElement, [fireSafe, { ...fireSafe, id: 17 }]);
    expect(options).toHaveLength(2);
    expect(list.children.map((c) => c.id)).toEqual(['header-search-list-0', 'header-search-list-1']);
    expect(list.children.map((c) => c.href)).toEqual(['/product/16', '/product/17']);
    renderOptions(fakeDoc, list as unknown as HTMLElement, []);
    expect(list.children).toHaveLength(0);
  });
});
