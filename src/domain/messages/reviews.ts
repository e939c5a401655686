// Reviews on the product page. reviewMessages are spec texts (docs/product.md#validation, #messages) and the review
// dialog's words, shared by the page script and the server. Star ratings are ratingTexts
// (ratings.ts).
export const reviewMessages = {
  ratingRequired: 'Please add rating',
  commentRequired: 'Comment is required',
  commentTooLong: (max: number) => `At most ${max} characters`,
  added: 'Review added',
  savedHidden: 'Review saved. The shop has hidden it, so only you can see it.',
  hiddenNote: 'The shop has hidden your review from this page: only you can see it. You can still edit it; it stays hidden.',
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

/** Problems with the add-review request's fields (the API's 422 answers). */
export const reviewFieldMessages = {
  productIdNumber: 'product_id must be a number',
  productIdWhole: 'product_id must be a whole number',
  productIdPositive: 'product_id must be positive',
} as const;
