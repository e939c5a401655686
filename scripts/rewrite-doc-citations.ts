// Rewrites citations of documents that live outside the repository into the repository's own docs
// (docs/product.md, docs/decisions/). Earlier work cited an outside specification by section
// ("spec section 2, Cart", "(sections 5 and 8)"), an outside decisions page by number ("(D4)",
// "D3:", "decisions D2, D3") and an outside design note ("design.md"). Each now has a home in
// docs/: this file is the one mapping from the old citations to it, so it can be re-run at any
// time (it is idempotent: a rewritten citation no longer matches); it formats what it changed
// with Prettier. Only comments, test titles and Markdown are rewritten; text the program shows or
// throws at run time is never touched, and `findCitations` reports it separately.
// scripts/doc-citations.test.ts fails on any citation left.
//
//   npx tsx scripts/rewrite-doc-citations.ts          rewrite the tree, list the files changed
//   npx tsx scripts/rewrite-doc-citations.ts --check  list what is left, exit 1 if anything is
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders and files whose comments and docs are kept free of outside citations. */
const SCANNED_FOLDERS = ['src', 'scripts', 'tests', 'e2e', 'content', 'docs'];
const SCANNED_FILES = ['README.md', 'astro.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'eslint.config.js', 'drizzle.config.ts'];
const SCANNED_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|astro|md|mdx|css)$/;
/** This script and its test hold the old citations on purpose: they are the mapping. */
const SELF = ['scripts/rewrite-doc-citations.ts', 'scripts/doc-citations.test.ts'];

/** The outside decisions page's nine sections and the decision record that now holds each. */
export const DECISION_RECORDS: Record<string, string> = {
  D1: 'docs/decisions/0017-stack.md',
  D2: 'docs/decisions/0018-one-http-api.md',
  D3: 'docs/decisions/0008-sessions.md',
  D4: 'docs/decisions/0002-money-in-fils-api-in-aed.md',
  D5: 'docs/decisions/0019-catalog.md',
  D6: 'docs/decisions/0020-orders-stock-and-payment.md',
  D7: 'docs/decisions/0021-email.md',
  D8: 'docs/decisions/0009-message-catalog.md',
  D9: 'docs/decisions/0022-one-instance-or-many.md',
};

/**
 * Where one file means a narrower part of a decision than its main record: Markdown content is
 * 0006's, and the shop's identity from configuration is part of the stack's configuration (0017).
 */
const DECISION_OVERRIDES: { path: RegExp; decision: string; record: string }[] = [
  {
    path: /^(content\/|src\/server\/content\/|docs\/decisions\/0006-)/,
    decision: 'D8',
    record: 'docs/decisions/0006-content-read-at-request-time.md',
  },
  { path: /^src\/server\/shop\.ts$/, decision: 'D8', record: 'docs/decisions/0017-stack.md' },
  { path: /^src\/server\/payments\/stripe-webhook\.api\.test\.ts$/, decision: 'D8', record: 'docs/decisions/0017-stack.md' },
];

/** The outside specification's nine numbered sections and the part of docs/product.md that now holds each. */
export const PRODUCT_SECTIONS: Record<string, string> = {
  '1': 'the-shop',
  '2': 'screens',
  '3': 'data',
  '4': 'behaviour',
  '5': 'validation',
  '6': 'who-may-do-what',
  '7': 'api-map',
  '8': 'messages',
  '9': 'prices-totals-and-limits',
};

/** Named parts of the specification's sections ("spec section 2, Cart") and their docs/product.md anchors. */
export const PRODUCT_PARTS: Record<string, string[]> = {
  cart: ['cart'],
  'home page': ['home-page'],
  'product page': ['product-page'],
  'after login': ['after-sign-in'],
  'after login and logout': ['after-sign-in', 'sign-out'],
  'otp input': ['code-boxes'],
  header: ['header'],
  wishlist: ['wishlist'],
  orders: ['orders'],
  'order detail': ['order-detail'],
  payment: ['payment'],
  'add / edit address': ['add-or-edit-address'],
  profile: ['profile'],
  'store and product lists': ['store-and-product-lists'],
};

/**
 * The screen a file is about: there, the specification's screens section (2) means that screen's
 * part of docs/product.md, which also holds the screen's rules and texts.
 */
export const FILE_SCREENS: [RegExp, string][] = [
  [/^(src\/features\/auth\/|src\/client\/session\.ts$|e2e\/auth\.)/, 'account-dialogs'],
  [/^(src\/features\/(cart|coupon)\/|src\/client\/(cart|coupon)\.store\.ts$|src\/pages\/cart\.astro$|e2e\/(cart|coupon)\.)/, 'cart'],
  [/^src\/features\/checkout\/AddressForm\.tsx$|^src\/pages\/cart\/save-address\//, 'add-or-edit-address'],
  [
    /^src\/features\/checkout\/(AddressList|CheckoutDetails)\.tsx$|^src\/pages\/cart\/(checkout-details|choose-address)\.astro$|^e2e\/checkout\./,
    'address-selection',
  ],
  [/^src\/features\/checkout\/DeliveryLocationForm\.tsx$/, 'delivery-location-form'],
  [/^src\/features\/checkout\/(PaymentPage|StripePayment)\.tsx$|^src\/pages\/checkout\/index\.astro$/, 'payment'],
  [/^src\/features\/checkout\/order-complete\.ts$|^src\/pages\/checkout\/payment\//, 'order-placed'],
  [/^(src\/features\/profile\/|src\/pages\/profile\.astro$|e2e\/profile\.)/, 'profile'],
  [/^(src\/features\/(reviews|product)\/|src\/server\/reviews\/|e2e\/(reviews|product)\.)/, 'product-page'],
  [/^(src\/features\/search\/|src\/components\/(Header|UserMenu)\.astro$|e2e\/live-search\.)/, 'header'],
  [/^(src\/components\/HomeContent\.astro$|src\/server\/seed\/catalog-data\.ts$|e2e\/home\.)/, 'home-page'],
  [/^(src\/features\/wishlist\/|src\/client\/wishlist\.store\.ts$|src\/pages\/wishlist\.astro$|e2e\/wishlist\.)/, 'wishlist'],
  [/^(src\/features\/orders\/|src\/pages\/orders\.astro$|e2e\/orders\.)/, 'orders'],
  [/^src\/pages\/order\//, 'order-detail'],
  [/^(src\/layouts\/|e2e\/content\.|docs\/decisions\/0006-)/, 'page-shell'],
];

/** Whitespace between two words of a citation, possibly across a line break and a comment leader. */
const GAP = String.raw`(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\/\/|\*|#)?[ \t]*)`;
const NUMBERS = String.raw`[1-9](?:[ \t]*,${GAP}?[1-9]|,?${GAP}and${GAP}[1-9])*`;
const DECISION_LIST = String.raw`\bD[1-9](?:[ \t]*(?:,${GAP}?|${GAP}and${GAP}|-|–)[ \t]*D[1-9])*\b`;

/** "spec section 2", "spec's sections 3 and 4", "spec\n// section 2, Product page", "spec §5". */
const SPEC_SECTIONS = new RegExp(
  String.raw`\bspec(?:'s)?${GAP}(?:sections?${GAP}|§[ \t]*)(${NUMBERS})(?:,${GAP}((?!D[1-9]\b)[A-Z][A-Za-z /]*?))?(?=[);:.]|,${GAP}(?:[a-z]|D[1-9]\b)|$)`,
  'gm',
);
/** "(sections 5 and 8)", "(section 5)": a bare section list opening a parenthesis. */
const BARE_SECTIONS = new RegExp(String.raw`(?<=\()sections?${GAP}(${NUMBERS})(?=[);,])`, 'gm');
/** "decisions D2, D3, D4", "D4-D5", "(D3)", "D8's". */
const DECISIONS = new RegExp(String.raw`(?:\bdecisions${GAP})?(${DECISION_LIST})`, 'gm');

const OUTSIDE_FILES: [RegExp, string][] = [
  // The README's sentence about the API map names the outside file in backquotes.
  [/`(?:\.\.\/)+shared\/spec\/decisions\.md`'s API map/g, 'the API map (`docs/product.md#api-map`)'],
  [/`?(?:\.\.\/)+shared\/spec\/decisions\.md`?/g, 'docs/decisions/README.md'],
  [/`?(?:\.\.\/)+shared\/spec\/storefront-spec(?:\.md)?`?/g, 'docs/product.md'],
  [/`?(?:\.\.\/)+shared\/design\.md`?/g, 'docs/architecture.md'],
  [/\(design\.md boundaries\)/g, '(docs/architecture.md#layers-and-imports)'],
  [/\(design\.md\)/g, '(docs/architecture.md#layers-and-imports)'],
  [/(?<![\w/.-])design\.md/g, 'docs/architecture.md'],
  [/(?<![\w/.-])decisions\.md/g, 'docs/decisions/README.md'],
  [/(?<![\w/.-])storefront-spec(?:\.md)?/g, 'docs/product.md'],
];

/** What a remaining outside citation looks like (for the check). */
const OUTSIDE_PATTERNS: RegExp[] = [
  /\bD[1-9]\b/,
  /\bspec(?:'s)?\s+(?:sections?\s+[1-9]|§)/i,
  /§\s*[1-9]/,
  /\(sections?\s+[1-9]/,
  /(?<![\w/.-])decisions\.md/,
  /storefront-spec/,
  /\.\.\/shared\b/,
  /(?<![\w/.-])design\.md/,
];

function productCitation(numbers: string, part: string | undefined, path: string): string {
  let anchors: string[];
  if (part !== undefined) {
    const named = PRODUCT_PARTS[part.trim().toLowerCase()];
    if (!named) throw new Error(`No docs/product.md anchor for the spec's part "${part}"; add it to PRODUCT_PARTS`);
    anchors = named;
  } else {
    const screen = FILE_SCREENS.find(([pattern]) => pattern.test(path))?.[1];
    const sections = [...numbers.matchAll(/[1-9]/g)].map(([n]) => (n === '2' && screen ? screen : PRODUCT_SECTIONS[n]!));
    anchors = [...new Set(sections)];
  }
  return `docs/product.md#${anchors.join(', #')}`;
}

function decisionRecord(decision: string, path: string): string {
  const override = DECISION_OVERRIDES.find((o) => o.decision === decision && o.path.test(path));
  return override?.record ?? DECISION_RECORDS[decision]!;
}

function decisionCitation(list: string, path: string): string {
  const decisions: string[] = [];
  for (const part of list.split(/,|\band\b/)) {
    const range = /D([1-9])\s*[-–]\s*D([1-9])/.exec(part);
    if (range) for (let n = Number(range[1]); n <= Number(range[2]); n++) decisions.push(`D${n}`);
    else for (const [d] of part.matchAll(/D[1-9]/g)) decisions.push(d);
  }
  return [...new Set(decisions.map((d) => decisionRecord(d, path)))].join(', ');
}

/** Whether the text at `offset` is documentation: Markdown, a comment, or a test's title. */
export function isDocumentation(text: string, offset: number, path: string): boolean {
  if (/\.mdx?$/.test(path)) return true;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const trimmed = before.trimStart();
  if (/^(\/\/|\/\*|\*|\{\/\*|<!--)/.test(trimmed)) return true;
  if (/^(describe|it|test)(\.\w+)*\(/.test(trimmed)) return true;
  // A comment after code on the same line; a quote before the comment mark means a string.
  const comment = before.search(/\/\/|\/\*|<!--/);
  return comment >= 0 && !/['"`]/.test(before.slice(0, comment).replace(/(['"`]).*?\1/g, ''));
}

/** The text with every outside citation in its documentation pointing at the repository's docs. */
export function rewriteText(text: string, path: string): string {
  const replaceInDocs = (source: string, pattern: RegExp, replacement: (match: string, ...groups: string[]) => string) =>
    source.replace(pattern, (match: string, ...rest: unknown[]) => {
      const offset = rest.find((value) => typeof value === 'number') as number;
      if (!isDocumentation(source, offset, path)) return match;
      return replacement(match, ...(rest.filter((value) => typeof value === 'string' || value === undefined) as string[]));
    });

  let result = text;
  for (const [pattern, replacement] of OUTSIDE_FILES) result = replaceInDocs(result, pattern, () => replacement);
  result = replaceInDocs(result, SPEC_SECTIONS, (_match, numbers, part) => productCitation(numbers!, part, path));
  result = replaceInDocs(result, BARE_SECTIONS, (_match, numbers) => productCitation(numbers!, undefined, path));
  result = replaceInDocs(result, DECISIONS, (_match, list) => decisionCitation(list!, path));
  return result;
}

/** Every scanned file, as a path relative to the repository with forward slashes. */
export function scannedFiles(root = ROOT): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = posix.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      } else if (SCANNED_EXTENSIONS.test(entry.name) && !SELF.includes(path)) files.push(path);
    }
  };
  for (const folder of SCANNED_FOLDERS) if (existsSync(join(root, folder))) walk(folder);
  for (const file of SCANNED_FILES) if (existsSync(join(root, file))) files.push(file);
  return files;
}

export interface Citation {
  path: string;
  line: number;
  text: string;
}

/** Outside citations left in a file: in its documentation (`docs`) and in run-time text (`runtime`). */
export function findCitations(text: string, path: string): { docs: Citation[]; runtime: Citation[] } {
  const docs: Citation[] = [];
  const runtime: Citation[] = [];
  const lines = text.split('\n');
  let offset = 0;
  lines.forEach((line, index) => {
    for (const pattern of OUTSIDE_PATTERNS) {
      const match = pattern.exec(line);
      if (!match) continue;
      const citation = { path, line: index + 1, text: line.trim() };
      (isDocumentation(text, offset + match.index, path) ? docs : runtime).push(citation);
      break;
    }
    offset += line.length + 1;
  });
  return { docs, runtime };
}

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (repeated headings get -1, -2, as on GitHub). */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

export interface DocReference {
  path: string;
  line: number;
  target: string;
  anchor?: string;
}

/**
 * Every docs/ Markdown file a scanned file cites, with its anchor: `docs/x.md#a, #b` in any file,
 * and in Markdown also relative links (`[0008](0008-sessions.md#status)`).
 */
export function docReferences(text: string, path: string): DocReference[] {
  const references: DocReference[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/(?<![\w/])docs\/[\w/.-]*?\.md((?:#[\w-]+)(?:(?:,\s*|\s+and\s+)#[\w-]+)*)?/g)) {
      const target = match[0].replace(/#.*$/s, '');
      const anchors = match[1] ? [...match[1].matchAll(/#([\w-]+)/g)].map((m) => m[1]!) : [undefined];
      for (const anchor of anchors) references.push({ path, line: index + 1, target, anchor });
    }
    if (!/\.mdx?$/.test(path)) return;
    for (const match of line.matchAll(/\]\(([^)\s#]*)(?:#([\w-]+))?\)/g)) {
      const link = match[1]!;
      if (/^[a-z]+:/.test(link) || (link !== '' && !link.endsWith('.md'))) continue;
      const target = link === '' ? path : posix.normalize(posix.join(posix.dirname(path), link));
      if (link.startsWith('/') || (!target.startsWith('docs/') && target !== 'README.md')) continue;
      references.push({ path, line: index + 1, target, anchor: match[2] });
    }
  });
  return references;
}

/** The references whose file or anchor does not exist. */
export function brokenReferences(references: DocReference[], root = ROOT): DocReference[] {
  const anchorsOf = new Map<string, Set<string> | null>();
  const anchors = (target: string) => {
    if (!anchorsOf.has(target)) {
      const file = join(root, target);
      anchorsOf.set(target, existsSync(file) && statSync(file).isFile() ? markdownAnchors(readFileSync(file, 'utf8')) : null);
    }
    return anchorsOf.get(target)!;
  };
  return references.filter((reference) => {
    const known = anchors(reference.target);
    return known === null || (reference.anchor !== undefined && !known.has(reference.anchor));
  });
}

/**
 * The rewritten text as the repository formats it (a longer citation may move a test's title to
 * its own line), when the file was formatted before: a file Prettier would change anyway is left
 * to its owner, so the rewrite touches nothing but citations there.
 */
async function formatted(file: string, before: string, after: string): Promise<string> {
  const info = await prettier.getFileInfo(file, { ignorePath: join(ROOT, '.prettierignore') });
  if (info.ignored || info.inferredParser === null) return after;
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  return (await prettier.check(before, options)) ? prettier.format(after, options) : after;
}

async function main() {
  const check = process.argv.includes('--check');
  let problems = 0;
  for (const path of scannedFiles()) {
    const file = join(ROOT, path);
    const text = readFileSync(file, 'utf8');
    if (check) {
      const { docs, runtime } = findCitations(text, path);
      for (const c of docs) console.log(`${c.path}:${c.line}: ${c.text}`);
      for (const c of runtime) console.log(`${c.path}:${c.line}: (run-time text, left as is) ${c.text}`);
      for (const r of brokenReferences(docReferences(text, path))) {
        console.log(`${r.path}:${r.line}: broken reference ${r.target}${r.anchor ? `#${r.anchor}` : ''}`);
        problems++;
      }
      problems += docs.length;
      continue;
    }
    const rewritten = rewriteText(text, path);
    if (rewritten !== text) {
      writeFileSync(file, await formatted(file, text, rewritten));
      console.log(`rewrote ${relative(ROOT, file)}`);
    }
  }
  if (check && problems > 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
