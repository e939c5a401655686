// Small helpers for the custom elements that fill server-rendered markup with the browser's own
// lists (the cart, the wishlist): a part shown or left out at its place in the markup, and rows
// kept per key, so a re-render moves and updates rows instead of rebuilding them and the focus
// stays on the button the shopper is using (docs/decisions/0025-page-behaviour.md).

/**
 * A fresh copy of a `<template>`'s first element, in this document (custom elements inside are
 * upgraded) and in no parent yet (not even the copy's fragment).
 */
export function fromTemplate<T extends Element = HTMLElement>(template: HTMLTemplateElement): T {
  const element = document.importNode(template.content, true).firstElementChild;
  if (!element) throw new Error('an empty <template>');
  element.remove();
  return element as T;
}

/**
 * A part that is either in the document at its place or not there at all (not merely hidden, so
 * assistive technology and tests see only what is shown). It starts left out; a comment keeps
 * its place: where the part is in the markup (create it before anything removes the part), or
 * at the end of `parent` for a part made from a template.
 */
export class OptionalPart<T extends Element = HTMLElement> {
  private readonly place = document.createComment('');

  constructor(
    readonly element: T,
    parent?: Node,
  ) {
    if (parent) parent.appendChild(this.place);
    else element.replaceWith(this.place);
  }

  show(on: boolean): void {
    if (on && this.place.parentNode) this.place.replaceWith(this.element);
    else if (!on && this.element.parentNode) this.element.replaceWith(this.place);
  }
}

/** The parts of one row the element keeps: at least the row itself. */
export interface Row {
  row: Element;
}

/**
 * Makes `container`'s rows after `start` (or from its first child) match `items` in order: a row
 * per key, created once, updated each time, moved only when out of place, removed when its item goes.
 */
export function syncRows<T, R extends Row>(
  container: Element,
  start: Node | null,
  rows: Map<number, R>,
  items: readonly T[],
  keyOf: (item: T) => number,
  create: (item: T) => R,
  update: (row: R, item: T) => void,
): void {
  const keys = new Set(items.map(keyOf));
  for (const [key, row] of rows) {
    if (keys.has(key)) continue;
    row.row.remove();
    rows.delete(key);
  }
  let previous = start;
  for (const item of items) {
    const key = keyOf(item);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = create(item)));
    update(row, item);
    const next = previous ? previous.nextSibling : container.firstChild;
    if (next !== row.row) container.insertBefore(row.row, next);
    previous = row.row;
  }
}

/** Sets an attribute, or removes it for null. */
export function setAttr(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Sets a text only when it changed (a live region re-reads a rewritten text). */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
