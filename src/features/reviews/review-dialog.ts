// The Write a Review dialog (ReviewsPanel.astro): checks the fields as the spec says, sends the
// review, shows the server's field errors under the fields, and on success repaints the
// product's average and count and puts the review in the list at once. The panel is the same
// HTML for every visitor: once the page knows who is signed in (src/client/me.ts), a customer
// with a name gets Write a Review (Edit your review, the dialog filled, over their own review),
// one without a name the link to the profile, a guest keeps 'Log in to write a review'
// (docs/product.md#personal-parts).
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { showToast } from '@/client/toast';
import { trapFocusIn } from '@/client/focus-trap';
import { commentProblem, ratingProblem, type ReviewField } from '@/domain/review-checks';
import { ratingTexts } from '@/domain/messages/ratings';
import { reviewMessages as t } from '@/domain/messages/reviews';
import { WRITE_REVIEW_HASH } from '@/domain/return-path';
import { loadMe, whenMe } from '@/client/me';
import type { Me } from '@/client/api/session';
import { paintStars } from './stars';
import { reviewItem } from './review-item';

/** The product's new average and count, told to the rest of the page (the rating by the title, the tab). */
export type ProductRatingEvent = CustomEvent<{ rating: number; count: number }>;
declare global {
  interface HTMLElementEventMap {
    'product-rating': ProductRatingEvent;
  }
}

const FIELDS: readonly ReviewField[] = ['rating', 'comments'];

/** The panel's summary shows the new average and count; a product-rating event tells the rest of the page. */
function showProductRating(panel: HTMLElement, rating: number, count: number): void {
  panel.querySelectorAll('[data-review-summary] [data-stars]').forEach((stars) => paintStars(stars, rating));
  panel.querySelectorAll('[data-review-average]').forEach((el) => (el.textContent = rating.toFixed(1)));
  panel.querySelectorAll('[data-review-total]').forEach((el) => (el.textContent = ratingTexts.reviews(count)));
  panel.dispatchEvent(new CustomEvent('product-rating', { bubbles: true, detail: { rating, count } }));
}

/** The dialog inside the reviews panel (`panel`), wired until `signal` aborts. */
export function setUpReviewDialog(panel: HTMLElement, signal: AbortSignal): void {
  const dialog = panel.querySelector<HTMLDialogElement>('[data-review-dialog]');
  const opener = panel.querySelector<HTMLButtonElement>('[data-review-open]');
  const form = dialog?.querySelector<HTMLFormElement>('[data-review-form]');
  const list = panel.querySelector('[data-review-list]');
  const template = panel.querySelector<HTMLTemplateElement>('[data-review-template]');
  if (!dialog || !opener || !form || !list || !template) return;
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
    radio.addEventListener(
      'change',
      () => {
        lightStars(chosenRating());
        showError('rating', null);
      },
      { signal },
    ),
  );
  stars.forEach((star) => {
    star.addEventListener('mouseenter', () => lightStars(Number(star.dataset.star)), { signal });
    star.addEventListener('mouseleave', () => lightStars(chosenRating()), { signal });
  });
  comments.addEventListener(
    'input',
    () => {
      if (comments.getAttribute('aria-invalid') === 'true') showError('comments', commentProblem(comments.value));
    },
    { signal },
  );

  trapFocusIn(dialog, signal);
  const open = () => {
    showAlert(null);
    dialog.showModal();
    (radios.find((r) => r.checked) ?? radios[0])?.focus();
  };
  opener.addEventListener('click', open, { signal });

  const guestButton = panel.querySelector<HTMLElement>('[data-review-guest]');
  const nameRequired = panel.querySelector<HTMLElement>('[data-review-name-required]');
  const hiddenNote = panel.querySelector<HTMLElement>('[data-testid="own-review-hidden"]');
  // Who is signed in decides the button, the dialog's contents and the note (docs/product.md#personal-parts).
  const showAccount = (me: Me) => {
    if (!me.known) return;
    const canWrite = me.user !== null && me.user.name.trim() !== '';
    if (guestButton) guestButton.hidden = me.user !== null;
    opener.hidden = !canWrite;
    if (nameRequired) nameRequired.hidden = me.user === null || canWrite;
    if (hiddenNote) hiddenNote.hidden = !me.ownReview?.hidden;
    if (me.ownReview) {
      opener.textContent = t.edit;
      radios.forEach((radio) => (radio.checked = Number(radio.value) === me.ownReview!.rating));
      comments.value = me.ownReview.comments;
      lightStars(chosenRating());
    }
    // A guest who pressed 'Log in to write a review' comes back signed in to #write-review
    // (docs/product.md#after-sign-in): the dialog opens at once (the page's tabs show the Reviews
    // panel for the same hash), and the hash goes when it closes, so a reload does not open it again.
    if (canWrite && location.hash === WRITE_REVIEW_HASH && !dialog.open) {
      open();
      dialog.addEventListener(
        'close',
        () => {
          if (location.hash === WRITE_REVIEW_HASH) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
        },
        { signal, once: true },
      );
    }
  };
  signal.addEventListener('abort', whenMe(showAccount), { once: true });
  loadMe();
  dialog.querySelectorAll('[data-review-close]').forEach((button) => button.addEventListener('click', () => dialog.close(), { signal }));
  // A click on the backdrop (the dialog element itself, outside the form) closes it too.
  dialog.addEventListener(
    'click',
    (event) => {
      if (event.target === dialog) dialog.close();
    },
    { signal },
  );

  const send = async () => {
    if (sending) return;
    showAlert(null);
    const found = problems();
    FIELDS.forEach((field) => showError(field, found[field]));
    if (found.rating) return radios[0]?.focus();
    if (found.comments) return comments.focus();
    sending = true;
    submit.disabled = true;
    try {
      const answer = await call(endpoints.reviews.add, {
        body: { product_id: productId, rating: chosenRating(), comments: comments.value },
      });
      if (answer.ok && answer.data?.hidden) {
        // Hidden by the shop (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation): saved, still out of the list.
        showToast(t.savedHidden);
        dialog.close();
      } else if (answer.ok && answer.data) {
        showToast(t.added);
        dialog.close();
        const { review, product } = answer.data;
        showProductRating(panel, product.rating, product.review_count);
        list.querySelector(`[data-review-id="${review.id}"]`)?.remove();
        list.prepend(reviewItem(template, review));
        panel.querySelector('[data-no-reviews]')?.classList.add('hidden');
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
  };
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      void send();
    },
    { signal },
  );
}
