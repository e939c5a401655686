// The reviews moderation page's behaviour (src/pages/admin/reviews.astro): Hide opens the dialog
// that asks the reason (required, docs/decisions/0035-messages-reviews-audit.md#reviews-moderation), Show again asks
// nothing; each goes through the admin API and the page reloads to show the list as it now is.
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { trapFocusIn } from '@/client/focus-trap';
import { ScopedElement } from '@/client/scoped-element';
import { showToast } from '@/client/toast';
import { HIDE_REASON_MAX } from '@/domain/moderation';
import { moderationMessages as m, moderationTexts as t } from '@/domain/messages/moderation';

/** The reason's problem, the same rule as the API's (required, at most HIDE_REASON_MAX characters). */
export function reasonProblem(reason: string): string | null {
  const value = reason.trim();
  if (!value) return m.reasonRequired;
  return value.length > HIDE_REASON_MAX ? m.reasonTooLong(HIDE_REASON_MAX) : null;
}

export class ReviewModeration extends ScopedElement {
  protected connect(): void {
    const dialog = this.one<HTMLDialogElement>('[data-hide-dialog]');
    const form = this.one<HTMLFormElement>('[data-hide-form]');
    const reason = form.elements.namedItem('reason') as HTMLTextAreaElement;
    const error = this.one('[data-reason-error]');
    const alert = this.one('[data-hide-alert]');
    const submit = this.one<HTMLButtonElement>('[data-hide-submit]');
    let reviewId = 0;
    let opener: HTMLElement | null = null;
    let busy = false;

    const showError = (text: string | null) => {
      error.textContent = text ?? '';
      if (text) reason.setAttribute('aria-invalid', 'true');
      else reason.removeAttribute('aria-invalid');
    };
    const showAlert = (text: string | null) => {
      alert.textContent = text ?? '';
      alert.classList.toggle('hidden', !text);
    };
    trapFocusIn(dialog, this.signal);
    this.listen(dialog, 'close', () => opener?.focus());
    this.listen(this.find('[data-hide-cancel]'), 'click', () => dialog.close());

    this.listen(this, 'click', (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-hide],[data-unhide]') : null;
      if (!button) return;
      if (button.dataset.hide) {
        reviewId = Number(button.dataset.hide);
        opener = button;
        reason.value = '';
        showError(null);
        showAlert(null);
        dialog.showModal();
        reason.focus();
      } else if (button.dataset.unhide) {
        void this.unhide(button, Number(button.dataset.unhide));
      }
    });

    this.listen(form, 'submit', (event) => {
      event.preventDefault();
      void (async () => {
        if (busy) return;
        const problem = reasonProblem(reason.value);
        showError(problem);
        showAlert(null);
        if (problem) return reason.focus();
        busy = true;
        submit.disabled = true;
        try {
          const answer = await call(endpoints.adminModeration.hide, { params: { id: reviewId }, body: { reason: reason.value } });
          if (answer.ok) {
            showToast(answer.message ?? m.hidden);
            location.reload();
          } else if (answer.fields.reason) {
            showError(answer.fields.reason);
            reason.focus();
          } else {
            showAlert(answer.message ?? t.failed);
          }
        } finally {
          busy = false;
          submit.disabled = false;
        }
      })();
    });
  }

  private async unhide(button: HTMLButtonElement, id: number): Promise<void> {
    button.disabled = true;
    const answer = await call(endpoints.adminModeration.unhide, { params: { id } });
    if (answer.ok) {
      showToast(answer.message ?? m.unhidden);
      location.reload();
    } else {
      button.disabled = false;
      showToast(answer.message ?? t.failed, 'error');
    }
  }
}
