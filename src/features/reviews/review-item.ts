// Review list items made in the browser: cloned from the <template> that ReviewsPanel.astro
// renders with ReviewItem.astro, so they look like the server's. Text goes in as text.
import { callApi } from '@/client/api-client';
import { showToast } from '@/client/toast';
import { reviewDate } from '@/domain/review-checks';
import { reviewMessages as t } from '@/domain/messages/reviews';
import { paintStars } from './stars';

export interface ReviewJson {
  id: number;
  rating: number;
  comments: string;
  created_at: string;
  verified_purchase: boolean;
  customer: { name: string };
}

export function reviewItem(review: ReviewJson): HTMLElement {
  const template = document.querySelector<HTMLTemplateElement>('[data-review-template]')!;
  const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  item.dataset.reviewId = String(review.id);
  item.querySelector('[data-review-name]')!.textContent = review.customer.name;
  item.querySelector('[data-review-verified]')!.classList.toggle('hidden', !review.verified_purchase);
  const date = item.querySelector('time')!;
  date.dateTime = review.created_at;
  date.textContent = reviewDate(new Date(review.created_at));
  paintStars(item.querySelector('[data-stars]')!, review.rating);
  item.querySelector('[data-review-comments]')!.textContent = review.comments;
  return item;
}

/** 'Show more reviews': the next page of the list, appended; the button goes after the last. */
export function setUpMoreReviews(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-more-reviews]');
  const list = document.querySelector('[data-review-list]');
  if (!button || !list) return;
  button.addEventListener('click', async () => {
    button.disabled = true;
    const page = Number(button.dataset.nextPage);
    const answer = await callApi<{ data: ReviewJson[]; last_page: number }>('products/review-list', {
      query: { product_id: Number(button.dataset.productId), page, limit: Number(button.dataset.perPage) },
    });
    button.disabled = false;
    if (!answer.ok || !answer.data) return showToast(answer.message ?? t.failed, 'error');
    for (const review of answer.data.data) {
      // A review written here a moment ago is already at the top.
      if (!list.querySelector(`[data-review-id="${review.id}"]`)) list.append(reviewItem(review));
    }
    button.dataset.nextPage = String(page + 1);
    button.hidden = page >= answer.data.last_page;
  });
}
