// The replies to one contact message and the reply form (docs/product.md#admin-messages): a reply
// is mailed by the server, then shown here at once, under the ones already sent.
import { useId, useState } from 'react';
import { replySchema, REPLY_MAX_LENGTH } from '@/domain/admin-inbox';
import { dubaiDateTime } from '@/domain/dates';
import { adminInboxTexts as t } from '@/domain/messages/admin-inbox';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { showToast } from '@/client/toast';
import { FormAlert, Spinner, inputClass } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';

export interface ReplyView {
  id: number;
  body: string;
  sentAt: string;
  staffName: string | null;
}

export default function MessageReplies({ messageId, email, replies: initial }: { messageId: number; email: string; replies: ReplyView[] }) {
  const id = useId();
  const [replies, setReplies] = useState(initial);
  const form = useZodForm({ schema: replySchema, initial: { body: '' } });
  const body = form.text('body');

  const submit = form.submit(async ({ data }) => {
    const answer = await call(endpoints.adminInbox.reply, { params: { id: messageId }, body: data });
    if (answer.ok && answer.data) {
      const sent = answer.data;
      setReplies((list) => [...list, { id: sent.id, body: sent.body, sentAt: sent.sent_at, staffName: sent.staff_name }]);
      form.reset();
      showToast(answer.message ?? t.replySent);
      return;
    }
    if (form.showServerErrors(answer, ['body'])) return;
    form.setFormError(answer.status === 429 ? (answer.message ?? t.replyTooMany) : (answer.message ?? t.replyFailed));
  });

  return (
    <>
      <section aria-labelledby={`${id}-replies`} className="mt-6">
        <h2 id={`${id}-replies`} className="text-lg font-bold">
          {t.replies}
        </h2>
        {replies.length === 0 ? (
          <p className="mt-2 text-sm text-ink-500">{t.noReplies}</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-3" data-testid="reply-list">
            {replies.map((r) => (
              <li key={r.id} className="rounded-xl border border-ink-100 bg-brand-50 p-4" data-testid="reply">
                <p className="text-xs font-semibold text-ink-700">{t.repliedBy(r.staffName ?? t.someone, dubaiDateTime(r.sentAt))}</p>
                <p className="mt-2 text-sm break-words whitespace-pre-line text-ink-900">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={`${id}-form`} className="mt-6 rounded-xl border border-ink-100 bg-white p-4 sm:p-5">
        <h2 id={`${id}-form`} className="text-lg font-bold">
          {t.replyTitle}
        </h2>
        <p className="mt-1 text-sm text-ink-500">{t.replyTo(email)}</p>
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3" data-testid="reply-form">
          <FormAlert message={form.formError} />
          <div>
            <label htmlFor={`${id}-body`} className="mb-1.5 block text-sm font-medium text-ink-700">
              {t.replyLabel}
            </label>
            <textarea
              id={`${id}-body`}
              name={body.name}
              value={body.value}
              onChange={body.onChange}
              rows={6}
              maxLength={REPLY_MAX_LENGTH}
              className={inputClass}
              aria-invalid={body.error ? true : undefined}
              aria-describedby={body.error ? `${id}-body-error` : undefined}
            />
            {body.error && (
              <p id={`${id}-body-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
                {body.error}
              </p>
            )}
          </div>
          <button type="submit" className="btn-primary h-11 self-start" disabled={form.busy}>
            {form.busy && <Spinner />}
            {form.busy ? t.replySending : t.replySend}
          </button>
        </form>
      </section>
    </>
  );
}
