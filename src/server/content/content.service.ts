// Policy pages, FAQ and About are Markdown files in content/ (docs/decisions/0006-content-read-at-request-time.md), read at request time so
// an editor's change shows without a rebuild; cached per file modification time.
import fs from 'node:fs/promises';
import path from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

export interface ContentPage {
  slug: string;
  title: string;
  description: string;
  html: string;
}

export const CONTENT_SLUGS = ['terms-and-conditions', 'privacy-policy', 'cancellation-policy', 'shopping-policy', 'faq', 'about'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

const cache = new Map<string, { mtimeMs: number; page: ContentPage }>();

export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (kv) data[kv[1]!] = kv[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { data, body: source.slice(match[0].length) };
}

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['h2', 'h3', 'h4']),
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });
}

export async function loadContentPage(slug: ContentSlug, directory = path.resolve(process.cwd(), 'content')): Promise<ContentPage> {
  const file = path.join(directory, `${slug}.md`);
  const { mtimeMs } = await fs.stat(file);
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.page;
  const { data, body } = parseFrontMatter(await fs.readFile(file, 'utf8'));
  const page: ContentPage = { slug, title: data.title ?? slug, description: data.description ?? '', html: renderMarkdown(body) };
  cache.set(file, { mtimeMs, page });
  return page;
}
