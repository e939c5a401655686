// Pure helpers of the home page editor (docs/decisions/0050-home-blocks.md): moving an item one
// place, and zod's issues as one message per field path (`items.0.href`, as the API names them).
import type { z } from 'zod';

/** The list with the item at `index` moved one place by `step` (-1 up, +1 down); unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** The first message of each field path of a failed parse. */
export function pathErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}
