// Building blocks of the answers' wire shapes (docs/architecture.md#the-api-contract). Answers
// are strict objects: a field the contract does not declare fails the contract test.
import { z } from '@/domain/zod';
import type { Aed } from '@/domain/money';

/**
 * Money on the wire: AED with up to two decimals (docs/decisions/0002-money-in-fils-api-in-aed.md).
 * A number at run time (so the OpenAPI document says `number`); typed as the branded Aed on both
 * sides, so a serializer must convert with filsToAed and the browser with aedToFils.
 */
export const aed: z.ZodType<Aed, Aed> = z.number() as z.ZodType<number, number> as z.ZodType<Aed, Aed>;

/** An instant, as ISO 8601 text. */
export const isoDateTime = z.string();

/** A database id. */
export const wireId = z.number().int().positive();

/** Paginated lists keep the shape the shop's first clients read: data, last_page, ... */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    current_page: z.number().int(),
    data: z.array(item),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

/** An answer that carries nothing but its message. */
export const noData = z.null();
