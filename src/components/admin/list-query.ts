// The back office's list pages read their filters from a plain GET form (docs/decisions/0036-admin-order-list.md):
// one way to turn the address into the list's query, and to link to another page of the same list.
import type { z } from 'zod';

/**
 * The list's query from the page's address: fields left empty in the form are left out (an
 * unchosen filter), and a query the schema refuses shows the list unfiltered, with the first
 * problem's message for pages that say it.
 */
export function listQueryOf<S extends z.ZodType>(schema: S, url: URL): { query: z.output<S>; problem: string | null } {
  const parsed = schema.safeParse(Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== '')));
  return parsed.success
    ? { query: parsed.data, problem: null }
    : { query: schema.parse({}), problem: parsed.error.issues[0]?.message ?? null };
}

/** The address of page `n` of the same list, its filters kept. */
export function listPageHref(url: URL): (n: number) => string {
  return (n) => {
    const next = new URLSearchParams(url.searchParams);
    next.set('page', String(n));
    return `${url.pathname}?${next}`;
  };
}
