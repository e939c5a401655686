// The message catalog's promises (docs/decisions/0009-message-catalog.md): every area module holds only texts, the index carries every
// area, the spec's texts are word for word, browser code imports only the area it needs, and the
// markup of pages, components, layouts and features holds no English of its own.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ADDRESS_TYPES, DELIVERY_STATUSES, EMIRATES } from '@/domain/checkout';
import { PRODUCT_SORTS } from '@/domain/catalog-query';
import { PRICE_BUCKETS } from '@/domain/price-buckets';
import * as catalog from './index';
import { messages } from './index';

const SRC = path.resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;
const areas = Object.entries(import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts', '!./*.test.ts'], { eager: true })).map(
  ([file, exports]) => ({ file, exports }),
);

/** Every leaf of a text tree that is not a string or a function answering a non-empty string. */
function badLeaves(value: unknown, at: string): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [`${at} is empty`] : value !== value.trim() ? [`${at} has outer spaces`] : [];
  if (typeof value === 'function') {
    const call = (arg: unknown) => (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => arg));
    let answer: unknown;
    try {
      answer = call(1);
    } catch {
      answer = call('1');
    }
    return typeof answer === 'string' && answer.trim() !== '' ? [] : [`${at}(…) does not answer a text`];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => badLeaves(v, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => badLeaves(v, `${at}.${k}`));
  return [`${at} is ${value === null ? 'null' : typeof value}, not a text`];
}

describe('the message catalog (docs/decisions/0009-message-catalog.md)', () => {
  it('has one module per area, each exporting only texts', () => {
    expect(areas.length).toBeGreaterThanOrEqual(15);
    for (const { file, exports } of areas) {
      expect(Object.keys(exports).length, file).toBeGreaterThan(0);
      expect(badLeaves(exports, file)).toEqual([]);
    }
  });

  it('re-exports every area from the index, and carries each in the one messages object', () => {
    const inMessages = new Set<unknown>(Object.values(messages));
    for (const { file, exports } of areas) {
      for (const [name, value] of Object.entries(exports)) {
        expect((catalog as Record<string, unknown>)[name], `${file}: ${name} is not exported by index.ts`).toBe(value);
        // The shell's groups sit at the top of messages; every other export is one of its keys.
        const reachable =
          inMessages.has(value) || Object.entries(value as object).every(([k, v]) => (messages as Record<string, unknown>)[k] === v);
        expect(reachable, `${file}: ${name} is not in messages`).toBe(true);
      }
    }
  });

  it('keeps the spec texts word for word, with docs/decisions/0009-message-catalog.md spelling fixes', () => {
    expect(messages.accounts.loginSuccess).toBe('Login successful');
    expect(messages.accounts.resetSuccess).toBe('Reset password successful');
    expect(messages.accounts.registerSuccess).toBe('Thanks for registering with us');
    expect(messages.checkoutMessages.orderPlaced).toBe('Order Placed Successfully');
    expect(messages.checkout.success.title).toBe('Order Placed Successfully');
    expect(messages.cartMessages.added).toBe('Item added to the cart');
    expect(messages.contactMessages.sent).toBe('Message sent successfully!');
    expect(messages.newsletterMessages.alreadySubscribed).toBe('You have already subscribed with us');
    expect(messages.reviews.ratingRequired).toBe('Please add rating');
  });

  it('has a label for every value the pages show from the domain', () => {
    for (const b of PRICE_BUCKETS) expect(messages.store.priceBuckets[b.id], b.id).toBeTruthy();
    for (const s of PRODUCT_SORTS) expect(messages.store.sorts[s], s).toBeTruthy();
    expect(Object.keys(messages.deliveryStatus)).toEqual([...DELIVERY_STATUSES]);
    expect(Object.keys(messages.checkout.values.emirates)).toEqual([...EMIRATES]);
    expect(Object.keys(messages.checkout.values.addressTypes)).toEqual([...ADDRESS_TYPES]);
  });
});

// ---- Where texts may and may not live -------------------------------------------------------

const UI_DIRS = ['pages', 'components', 'layouts', 'features', 'client'];
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
const uiFiles = UI_DIRS.flatMap((d) => filesUnder(path.join(SRC, d))).filter((f) => /\.(astro|tsx?)$/.test(f) && !f.endsWith('.test.ts'));
const rel = (file: string) => path.relative(SRC, file);

/** An .astro file's parts: frontmatter and browser scripts as TypeScript, markup as TSX. */
function astroParts(text: string): { frontmatter: string; markup: string; scripts: string[] } {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  const fm = /^---\n([\s\S]*?)\n---/.exec(text);
  const scripts: string[] = [];
  const markup = text
    .replace(/^---\n[\s\S]*?\n---/, blank)
    .replace(/<!doctype[^>]*>/i, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    // Scripts and styles become an empty element, so the markup around them still parses.
    .replace(/<(script|style)\b[^>]*\/>/g, '<x-code />')
    .replace(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g, (_all, tag: string, attrs: string, code: string) => {
      if (tag === 'script' && !/is:inline|application\//.test(attrs)) scripts.push(code);
      return '<x-code />';
    });
  return { frontmatter: fm?.[1] ?? '', markup: `<>${markup}</>`, scripts };
}

const WORDS = /[A-Za-z]{2,}/;
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'description',
]);
const TEXT_PROPERTIES = /^(label|title|text|placeholder|alt|heading|description|message|intro|hint)$/;
/** Names, not words: payment networks' own names in the footer. */
const ALLOWED = new Set(['Apple Pay', 'Google Pay', 'Mastercard', 'PayPal', 'Visa']);

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return null;
}

/** Inline English in one source: JSX/Astro text, text attributes, text-ish properties, toasts and DOM text. */
function inlineTexts(code: string, kind: ts.ScriptKind): string[] {
  const sf = ts.createSourceFile(`x.${kind === ts.ScriptKind.TSX ? 'tsx' : 'ts'}`, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const flag = (what: string, text: string | null) => {
    if (text !== null && WORDS.test(text) && !ALLOWED.has(text.trim())) found.push(`${what} "${text.trim().slice(0, 60)}"`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) flag('text', node.text);
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(sf)))
      flag(node.name.getText(sf), literalText(node.initializer));
    else if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.test(node.name.getText(sf)))
      flag(node.name.getText(sf), literalText(node.initializer));
    else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      if (/(^|\.)(showToast|alert|confirm)$/.test(callee)) flag(callee, literalText(node.arguments[0]));
      if (/\.setAttribute$/.test(callee) && TEXT_ATTRIBUTES.has(literalText(node.arguments[0]) ?? ''))
        flag('setAttribute', literalText(node.arguments[1]));
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      /^(textContent|innerText|title|placeholder|alt)$/.test(node.left.name.text)
    )
      flag(node.left.name.text, literalText(node.right));
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      // A literal shown as a JSX child, also through `cond ? 'a' : 'b'` or `cond && 'a'`.
      let parent = node.parent;
      while (
        ts.isParenthesizedExpression(parent) ||
        (ts.isConditionalExpression(parent) && parent.condition !== node) ||
        (ts.isBinaryExpression(parent) &&
          [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
            parent.operatorToken.kind,
          ))
      )
        parent = parent.parent;
      if (ts.isJsxExpression(parent) && (ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent)))
        flag('child', literalText(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('texts live only in the catalog', () => {
  it('leaves no inline English UI text in pages, components, layouts and features', () => {
    const found: string[] = [];
    for (const file of uiFiles) {
      const text = fs.readFileSync(file, 'utf8');
      const hits = file.endsWith('.astro')
        ? (() => {
            const parts = astroParts(text);
            return [parts.frontmatter, ...parts.scripts]
              .flatMap((code) => inlineTexts(code, ts.ScriptKind.TS))
              .concat(inlineTexts(parts.markup, ts.ScriptKind.TSX));
          })()
        : inlineTexts(text, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      found.push(...hits.map((hit) => `${rel(file)}: ${hit}`));
    }
    expect(found).toEqual([]);
  });

  it('parses every .astro markup it checks (a parse error would hide texts)', () => {
    for (const file of uiFiles.filter((f) => f.endsWith('.astro'))) {
      const sf = ts.createSourceFile(
        'x.tsx',
        astroParts(fs.readFileSync(file, 'utf8')).markup,
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      expect((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics, rel(file)).toEqual([]);
    }
  });

  it('has no texts files or text objects outside the catalog', () => {
    const all = filesUnder(SRC).filter(
      (f) => /\.(astro|tsx?)$/.test(f) && !f.startsWith(here) && !f.startsWith(path.join(SRC, 'server', 'db')),
    );
    expect(all.filter((f) => /\.texts\.ts$|messages\.ts$/.test(f)).map(rel)).toEqual([]);
    expect(all.filter((f) => /export const \w+(Texts|Messages|Labels)\s*=/.test(fs.readFileSync(f, 'utf8'))).map(rel)).toEqual([]);
  });

  it('lets browser code import only the area modules it needs, never the whole catalog', () => {
    const whole = /from\s+['"]@\/domain\/messages(?:\/index)?['"]/;
    const offenders: string[] = [];
    for (const file of uiFiles) {
      const text = fs.readFileSync(file, 'utf8');
      const browserCode = file.endsWith('.astro') ? astroParts(text).scripts.join('\n') : text;
      if (whole.test(browserCode)) offenders.push(rel(file));
    }
    expect(offenders).toEqual([]);
  });
});
