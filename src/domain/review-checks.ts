// Review form checks (docs/product.md#validation) without zod, so the product page script can use them
// without shipping a validation library. The server's zod schema calls the same checks; the
// texts are reviewMessages in the message catalog.
import { reviewMessages } from './messages/reviews';
import { RATING_MAX } from './rating';
import { inputMessages } from './messages/input';
import { isCleanText } from './text-checks';

export const REVIEW_COMMENT_MAX = 2000;

export type ReviewField = 'rating' | 'comments';

/** A review as pages show it. */
export interface ReviewView {
  id: number;
  rating: number;
  comments: string;
  createdAt: Date;
  customerName: string;
  verifiedPurchase: boolean;
}

/** The rating's problem: a whole number from 1 to 5 is required (0 means none chosen). */
export function ratingProblem(raw: unknown): string | null {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= RATING_MAX ? null : reviewMessages.ratingRequired;
}

export function commentProblem(raw: unknown): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return reviewMessages.commentRequired;
  if (!isCleanText(value)) return inputMessages.controlCharacters;
  return value.length > REVIEW_COMMENT_MAX ? reviewMessages.commentTooLong(REVIEW_COMMENT_MAX) : null;
}

/** A review's date as the list shows it, in the shop's time zone, on the server and in the browser. */
export function reviewDate(date: Date): string {
  return date.toLocaleDateString('en-AE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dubai' });
}
