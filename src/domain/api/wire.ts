// Building blocks of the answers' wire shapes (docs/architecture.md#the-api-contract). Answers
// are strict objects: a field the contract does not declare fails the contract test.
import { z } from '@/domain/zod';

/** Money on the wire: AED with up to two decimals (docs/decisions/0002-money-in-fils-api-in-aed.md). */
export const aed = z.number();

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
