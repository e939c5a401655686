// The Write a Review dialog (ReviewsPanel.astro): checks the fields as the spec says, sends the
// review, shows the server's field errors under the fields, and on success repaints the
// product's average and count and puts the review in the list at once.
import { callApi } from '@/client/api-client';
import { showToast } from '@/client/toast';
import { trapFocusIn } from '@/client/focus-trap';
import { commentProblem, ratingProblem, type ReviewField } from '@/domain/review-checks';
import { ratingTexts } from '@/domain/messages/ratings';
import { reviewMessages as t } from '@/domain/messages/reviews';
import { paintStars } from './stars';
import { reviewItem, type ReviewJson } from './review-item';

interface AddReviewAnswer {
  review: ReviewJson;
  created: boolean;
  product: { id: number; rating: number; review_count: number };
}

const FIELDS: readonly ReviewField[] = ['rating', 'comments'];

/** Everything on the page that shows the product's average or count. */
function showProductRating(rating: number, count: number): void {
  document.querySelectorAll('[data-product-rating] [data-stars]').forEach((stars) => paintStars(stars, rating, count));
  document.querySelectorAll('[data-review-summary] [data-stars]').forEach((stars) => paintStars(stars, rating));
  document.querySelectorAll('[data-review-average]').forEach((el) => (el.textContent = rating.toFixed(1)));
  document.querySelectorAll('[data-review-total]').forEach((el) => (el.textContent = ratingTexts.reviews(count)));
  document.querySelectorAll('[data-review-count]').forEach((el) => (el.textContent = String(count)));
}

export function setUpReviewDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-review-dialog]');
  const opener = document.querySelector<HTMLButtonElement>('[data-review-open]');
  const form = dialog?.querySelector<HTMLFormElement>('[data-review-form]');
  if (!dialog || !opener || !form) return;
  const productId = Number(dialog.dataset.productId);
  const submit = form.querySelector<HTMLButtonElement>('[data-review-submit]')!;
  const alert = form.querySelector<HTMLElement>('[data-review-alert]')!;
  const comments = form.elements.namedItem('comments') as HTMLTextAreaElement;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="rating"]')];
  const stars = [...form.querySelectorAll<HTMLElement>('[data-star]')];
  const fieldset = form.querySelector('fieldset')!;
  let sending = false;

  const chosenRating = () => Number(radios.find((r) => r.checked)?.value ?? 0);
  // Stars up to the chosen one (or the hovered one) are lit.
  const lightStars = (upTo: number) => stars.forEach((s) => (s.dataset.lit = String(Number(s.dataset.star) <= upTo)));
  const showError = (field: ReviewField, problem: string | null | undefined) => {
    form.querySelector(`[data-error-for="${field}"]`)!.textContent = problem ?? '';
    const target = field === 'rating' ? fieldset : comments;
    if (problem) target.setAttribute('aria-invalid', 'true');
    else target.removeAttribute('aria-invalid');
  };
  const showAlert = (text: string | null) => {
    alert.textContent = text ?? '';
    alert.classList.toggle('hidden', !text);
  };
  const problems = (): Record<ReviewField, string | null> => ({
    rating: ratingProblem(chosenRating()),
    comments: commentProblem(comments.value),
  });

  lightStars(chosenRating());
  radios.forEach((radio) =>
    radio.addEventListener('change', () => {
      lightStars(chosenRating());
      showError('rating', null);
    }),
  );
  stars.forEach((star) => {
    star.addEventListener('mouseenter', () => lightStars(Number(star.dataset.star)));
    star.addEventListener('mouseleave', () => lightStars(chosenRating()));
  });
  comments.addEventListener('input', () => {
    if (comments.getAttribute('aria-invalid') === 'true') showError('comments', commentProblem(comments.value));
  });

  trapFocusIn(dialog);
  opener.addEventListener('click', () => {
    showAlert(null);
    dialog.showModal();
    (radios.find((r) => r.checked) ?? radios[0])?.focus();
  });
  dialog.querySelectorAll('[data-review-close]').forEach((button) => button.addEventListener('click', () => dialog.close()));
  // A click on the backdrop (the dialog element itself, outside the form) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    showAlert(null);
    const found = problems();
    FIELDS.forEach((field) => showError(field, found[field]));
    if (found.rating) return radios[0]?.focus();
    if (found.comments) return comments.focus();
    sending = true;
    submit.disabled = true;
    try {
      const answer = await callApi<AddReviewAnswer>('products/add-review', {
        json: { product_id: productId, rating: chosenRating(), comments: comments.value },
      });
      if (answer.ok && answer.data) {
        showToast(t.added);
        dialog.close();
        const { review, product } = answer.data;
        showProductRating(product.rating, product.review_count);
        const list = document.querySelector('[data-review-list]')!;
        list.querySelector(`[data-review-id="${review.id}"]`)?.remove();
        list.prepend(reviewItem(review));
        document.querySelector('[data-no-reviews]')?.classList.add('hidden');
        opener.textContent = t.edit;
      } else if (answer.status === 422 && Object.keys(answer.fields).some((f) => FIELDS.includes(f as ReviewField))) {
        FIELDS.forEach((field) => showError(field, answer.fields[field]));
      } else {
        showAlert(answer.message ?? t.failed);
      }
    } finally {
      sending = false;
      submit.disabled = false;
    }
  });
}
