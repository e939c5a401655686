// Review list items made in the browser: cloned from the <template> that ReviewsPanel.astro
// renders with ReviewItem.astro, so they look like the server's. Text goes in as text.
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { showToast } from '@/client/toast';
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import { reviewDate } from '@/domain/review-checks';
import { reviewMessages as t } from '@/domain/messages/reviews';
import { paintStars } from './stars';

/** One review as the API sends it. */
export type ReviewJson = AnswerOf<Contract['reviews']['list']>['data'][number];

export function reviewItem(template: HTMLTemplateElement, review: ReviewJson): HTMLElement {
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

/** 'Show more reviews' in the panel: the next page of the list, appended; the button goes after the last. */
export function setUpMoreReviews(panel: HTMLElement, signal: AbortSignal): void {
  const button = panel.querySelector<HTMLButtonElement>('[data-more-reviews]');
  const list = panel.querySelector('[data-review-list]');
  const template = panel.querySelector<HTMLTemplateElement>('[data-review-template]');
  if (!button || !list || !template) return;
  const loadMore = async () => {
    button.disabled = true;
    const page = Number(button.dataset.nextPage);
    const answer = await call(endpoints.reviews.list, {
      query: { product_id: Number(button.dataset.productId), page, limit: Number(button.dataset.perPage) },
    });
    button.disabled = false;
    if (!answer.ok || !answer.data) return showToast(answer.message ?? t.failed, 'error');
    for (const review of answer.data.data) {
      // A review written here a moment ago is already at the top.
      if (!list.querySelector(`[data-review-id="${review.id}"]`)) list.append(reviewItem(template, review));
    }
    button.dataset.nextPage = String(page + 1);
    button.hidden = page >= answer.data.last_page;
  };
  button.addEventListener('click', () => void loadMore(), { signal });
}
