// The repository explains itself: no comment, test title or doc cites a document outside it, and
// every docs/ file and #anchor that something cites exists. `npx tsx scripts/rewrite-doc-citations.ts`
// rewrites old citations; `-- --check` lists what this test would fail on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ROOT,
  brokenReferences,
  docReferences,
  findCitations,
  headingSlug,
  markdownAnchors,
  rewriteText,
  scannedFiles,
} from './rewrite-doc-citations';

/**
 * Citations left inside text the program throws at run time: changing them would change what an
 * operator reads, so they stay until someone rewords those messages on purpose.
 */
const RUNTIME_TEXT_CITATIONS: { path: string; text: string }[] = [];

const files = scannedFiles();
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('rewriteText', () => {
  it('points decisions at their records, one or many, ranges included', () => {
    expect(rewriteText('// Money is integer fils (D4).', 'src/a.ts')).toBe(
      '// Money is integer fils (docs/decisions/0002-money-in-fils-api-in-aed.md).',
    );
    expect(rewriteText('// (spec section 9, decisions D4-D5).', 'src/a.ts')).toBe(
      '// (docs/product.md#prices-totals-and-limits, docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0019-catalog.md).',
    );
    expect(rewriteText("/** D7's outbox */", 'src/a.ts')).toBe("/** docs/decisions/0021-email.md's outbox */");
  });

  it('points spec sections at docs/product.md, by name, by number, or at the screen the file is about', () => {
    expect(rewriteText('// The cart (spec section 2, Cart).', 'src/x.ts')).toBe('// The cart (docs/product.md#cart).');
    expect(rewriteText('// Texts (sections 5 and 8), shared.', 'src/x.ts')).toBe(
      '// Texts (docs/product.md#validation, #messages), shared.',
    );
    expect(rewriteText('// The dialog (spec sections 2, 4 and 8; D3).', 'src/features/auth/X.tsx')).toBe(
      '// The dialog (docs/product.md#account-dialogs, #behaviour, #messages; docs/decisions/0008-sessions.md).',
    );
    expect(rewriteText('// the toggle (spec\n// section 2, Product page), rendered', 'src/x.astro')).toBe(
      '// the toggle (docs/product.md#product-page), rendered',
    );
  });

  it('replaces the outside files by name', () => {
    expect(rewriteText('// Code flows one way (design.md).', 'eslint.config.js')).toBe(
      '// Code flows one way (docs/architecture.md#layers-and-imports).',
    );
    expect(rewriteText("Every endpoint of `../shared/spec/decisions.md`'s API map lives", 'README.md')).toBe(
      'Every endpoint of the API map (`docs/product.md#api-map`) lives',
    );
  });

  it('leaves run-time text, code and look-alikes alone, and is idempotent', () => {
    const code = [
      "throw new Error('SMTP_URL is required in production (D7)');",
      "const colour = '#D4AF37'; // gold, not a decision",
      "const grid = 'grid-cols-3D';",
      "it('accepts the spec payload', () => {});",
    ].join('\n');
    expect(rewriteText(code, 'src/a.ts')).toBe(code);
    const once = rewriteText('// (spec sections 3, 5; D4, D6) and D8 (design.md)', 'src/a.ts');
    expect(rewriteText(once, 'src/a.ts')).toBe(once);
  });
});

describe('markdownAnchors', () => {
  it("makes GitHub's slugs, numbering repeated headings", () => {
    expect(headingSlug('Add / edit address')).toBe('add--edit-address');
    expect(headingSlug('The API contract')).toBe('the-api-contract');
    expect([...markdownAnchors('# A `b`, c!\n## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual(['a-b-c', 'notes', 'notes-1']);
  });
});

describe('the tree', () => {
  it('scans the source, tests, scripts, content, docs, README and configs', () => {
    for (const path of ['README.md', 'src/middleware.ts', 'docs/product.md', 'eslint.config.js', 'playwright.config.ts']) {
      expect(files).toContain(path);
    }
  });

  it('cites no document outside the repository in comments, test titles or docs', () => {
    const left = files.flatMap((path) => findCitations(read(path), path).docs);
    expect(left.map((c) => `${c.path}:${c.line}: ${c.text}`)).toEqual([]);
  });

  it('leaves outside citations only in the known run-time texts', () => {
    const runtime = files.flatMap((path) => findCitations(read(path), path).runtime);
    for (const citation of runtime) {
      const known = RUNTIME_TEXT_CITATIONS.some((c) => c.path === citation.path && citation.text.includes(c.text));
      expect(known, `${citation.path}:${citation.line}: ${citation.text}`).toBe(true);
    }
  });

  it('cites only docs files and anchors that exist', () => {
    const broken = brokenReferences(files.flatMap((path) => docReferences(read(path), path)));
    expect(broken.map((r) => `${r.path}:${r.line}: ${r.target}${r.anchor ? `#${r.anchor}` : ''}`)).toEqual([]);
  });

  it('is left unchanged by the rewrite (it has run)', () => {
    const stale = files.filter((path) => rewriteText(read(path), path) !== read(path));
    expect(stale).toEqual([]);
  });
});
