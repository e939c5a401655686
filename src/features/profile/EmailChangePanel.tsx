// Changing the e-mail (issue 10, point 5; docs/decisions/0012-account-hardening.md): the new
// address and the current password, then the 4-digit code mailed to the new address. Once done
// the page reloads, so the header and the profile show the new e-mail, with the server's message.
import { useId, useRef, useState, useEffect } from 'react';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { profileTexts as t } from '@/domain/messages/profile';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { showToast } from '@/client/toast';
import { flashAfterReload } from '@/client/session';
import { FormAlert, SubmitButton, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { OtpStep } from '@/features/auth/OtpStep';

export function EmailChangePanel({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const form = useZodForm({ schema: emailChangeRequestSchema, initial: { new_email: '', current_password: '' } });
  const [sentTo, setSentTo] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => emailInput.current?.focus(), []);

  const request = (input: { new_email: string; current_password: string }) => call(endpoints.accounts.requestEmailChange, { body: input });

  const send = form.submit(async (parsed) => {
    const answer = await request(parsed.data);
    if (answer.ok) {
      setSentTo(parsed.data.new_email);
      setStep('code');
      showToast(answer.message ?? am.emailChangeCodeSent);
      return;
    }
    if (!form.showServerErrors(answer)) form.setFormError(answer.message ?? am.genericFailure);
  });

  const confirm = (otp: string) => {
    const input = emailChangeConfirmSchema.parse({ new_email: sentTo, otp });
    return call(endpoints.accounts.confirmEmailChange, { body: input });
  };

  const done = (message: string | null) => {
    flashAfterReload(message ?? am.emailChanged);
    location.reload();
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-ink-100 bg-ink-50/60 p-4 sm:p-5"
      data-testid="email-change"
    >
      <h3 id={`${id}-title`} className="font-semibold text-ink-900">
        {t.emailChange.title}
      </h3>
      <p className="mt-1 text-sm text-ink-500">{t.emailChange.intro}</p>
      <div className="mt-4">
        {step === 'details' ? (
          <form onSubmit={send} noValidate className="flex flex-col gap-4">
            <FormAlert message={form.formError} />
            <TextField
              ref={emailInput}
              id={`${id}-new`}
              label={t.emailChange.newEmail}
              type="email"
              autoComplete="email"
              {...form.text('new_email')}
            />
            <TextField
              id={`${id}-current`}
              label={t.emailChange.current}
              type="password"
              autoComplete="current-password"
              {...form.text('current_password')}
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton busy={form.busy}>{t.emailChange.sendCode}</SubmitButton>
              <button type="button" onClick={onCancel} className="btn-secondary h-11 px-5">
                {t.emailChange.cancel}
              </button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-3">
            <OtpStep
              email={sentTo}
              purpose="email_change"
              onVerified={done}
              check={confirm}
              requestAgain={() => request({ new_email: sentTo, current_password: form.values.current_password })}
            />
            <button type="button" onClick={onCancel} className="btn-secondary h-11 self-start px-5">
              {t.emailChange.cancel}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
