// The cart's and wishlist's row keeping and optional parts without a browser: vitest runs in
// node, so a small stand-in for DOM nodes (children, siblings, replaceWith, remove) and for
// document.createComment takes the real ones' place.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OptionalPart as OptionalPartType, syncRows as syncRowsType } from './dom-parts';

class FakeNode {
  parentNode: FakeNode | null = null;
  childNodes: FakeNode[] = [];
  constructor(readonly name: string) {}
  get firstChild(): FakeNode | null {
    return this.childNodes[0] ?? null;
  }
  get nextSibling(): FakeNode | null {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  appendChild(node: FakeNode): FakeNode {
    return this.insertBefore(node, null);
  }
  insertBefore(node: FakeNode, before: FakeNode | null): FakeNode {
    node.remove();
    const at = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(at, 0, node);
    node.parentNode = this;
    return node;
  }
  remove(): void {
    if (!this.parentNode) return;
    this.parentNode.childNodes.splice(this.parentNode.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }
  replaceWith(node: FakeNode): void {
    const parent = this.parentNode;
    if (!parent) return;
    parent.insertBefore(node, this);
    this.remove();
  }
}

const names = (node: FakeNode) => node.childNodes.map((n) => n.name);

let OptionalPart: typeof OptionalPartType;
let syncRows: typeof syncRowsType;

beforeAll(async () => {
  Object.assign(globalThis, { document: { createComment: () => new FakeNode('#comment') } });
  ({ OptionalPart, syncRows } = await import('./dom-parts'));
});

describe('OptionalPart', () => {
  it('takes the part out at its place and puts it back there', () => {
    const parent = new FakeNode('p');
    const [before, part, after] = ['a', 'part', 'b'].map((n) => parent.appendChild(new FakeNode(n)));
    const optional = new OptionalPart(part as unknown as Element);
    expect(names(parent)).toEqual(['a', '#comment', 'b']);
    optional.show(true);
    expect(names(parent)).toEqual(['a', 'part', 'b']);
    optional.show(true);
    optional.show(false);
    optional.show(false);
    expect(names(parent)).toEqual(['a', '#comment', 'b']);
    expect(before!.nextSibling?.name).toBe('#comment');
    expect(after!.parentNode).toBe(parent);
  });

  it('keeps the place of a part made apart at the end of the given parent', () => {
    const parent = new FakeNode('p');
    parent.appendChild(new FakeNode('loading'));
    const part = new FakeNode('frame');
    const optional = new OptionalPart(part as unknown as Element, parent as unknown as Node);
    expect(names(parent)).toEqual(['loading', '#comment']);
    optional.show(true);
    expect(names(parent)).toEqual(['loading', 'frame']);
  });
});

describe('syncRows', () => {
  interface Row {
    row: Element;
    text: string;
  }
  const setUp = () => {
    const table = new FakeNode('table');
    const header = table.appendChild(new FakeNode('header'));
    const rows = new Map<number, Row>();
    let created = 0;
    const sync = (items: Array<{ id: number; text: string }>) =>
      syncRows(
        table as unknown as Element,
        header as unknown as Node,
        rows,
        items,
        (item) => item.id,
        (item) => {
          created++;
          return { row: new FakeNode(`row${item.id}`) as unknown as Element, text: '' };
        },
        (row, item) => (row.text = item.text),
      );
    return { table, rows, sync, created: () => created };
  };

  it('creates a row per key after the start, updates it, and removes the rows whose items went', () => {
    const { table, rows, sync, created } = setUp();
    sync([
      { id: 1, text: 'one' },
      { id: 2, text: 'two' },
    ]);
    expect(names(table)).toEqual(['header', 'row1', 'row2']);
    const first = rows.get(1)!.row;
    sync([{ id: 1, text: 'one, 2 units' }]);
    expect(names(table)).toEqual(['header', 'row1']);
    expect(rows.get(1)!.row).toBe(first);
    expect(rows.get(1)!.text).toBe('one, 2 units');
    expect(rows.has(2)).toBe(false);
    expect(created()).toBe(2);
  });

  it('moves rows into the items order, keeping the same row objects', () => {
    const { table, rows, sync } = setUp();
    sync([1, 2, 3].map((id) => ({ id, text: '' })));
    const row3 = rows.get(3)!.row;
    sync([3, 1, 2].map((id) => ({ id, text: '' })));
    expect(names(table)).toEqual(['header', 'row3', 'row1', 'row2']);
    expect(rows.get(3)!.row).toBe(row3);
  });
});
