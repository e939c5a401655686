// Review form checks and texts (spec sections 5 and 8) without zod, so the product page script can
// use them without shipping a validation library. The server's zod schema calls the same checks.

export const REVIEW_COMMENT_MAX = 2000;
export const RATING_MAX = 5;

export const reviewMessages = {
  ratingRequired: 'Please add rating',
  commentRequired: 'Comment is required',
  commentTooLong: `At most ${REVIEW_COMMENT_MAX} characters`,
  added: 'Review added',
  failed: 'Some error occurred please try again after sometime',
  nameRequired: 'Add your name in your profile to write a review',
  tooMany: 'Too many reviews sent. Please try again later.',
  signIn: 'Log in to write a review',
  write: 'Write a Review',
  edit: 'Edit your review',
  dialogTitle: 'Write a Review',
  ratingLabel: 'Your rating',
  commentLabel: 'Your review',
  starLabel: (n: number) => `${n} star${n === 1 ? '' : 's'}`,
  submit: 'Submit review',
  cancel: 'Cancel',
  close: 'Close',
  verifiedPurchase: 'Verified purchase',
  more: 'Show more reviews',
} as const;

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
  return value.length > REVIEW_COMMENT_MAX ? reviewMessages.commentTooLong : null;
}

/** How much of the five stars is filled, in percent. */
export function ratingPercent(rating: number): number {
  return Math.max(0, Math.min(100, (rating / RATING_MAX) * 100));
}

/** A review's date as the list shows it, in the shop's time zone, on the server and in the browser. */
export function reviewDate(date: Date): string {
  return date.toLocaleDateString('en-AE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dubai' });
}
