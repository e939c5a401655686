// Changing the e-mail (issue 10, point 5; docs/decisions/0012-account-hardening.md): the new
// address and the current password, then the 4-digit code mailed to the new address. Once done
// the page reloads, so the header and the profile show the new e-mail, with the server's message.
import { useId, useRef, useState, useEffect, type SubmitEvent } from 'react';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { profileTexts as t } from '@/domain/messages/profile';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { showToast } from '@/client/toast';
import { flashAfterReload } from '@/client/session';
import { FormAlert, SubmitButton, TextField, fieldErrors } from '@/client/form-fields';
import { OtpStep } from '@/features/auth/OtpStep';

export function EmailChangePanel({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => emailInput.current?.focus(), []);

  const clearError = (field: string) => setErrors(({ [field]: _drop, ...rest }) => rest);

  const request = (input: { new_email: string; current_password: string }) => call(endpoints.accounts.requestEmailChange, { body: input });

  const send = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = emailChangeRequestSchema.safeParse({ new_email: newEmail, current_password: current });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await request(parsed.data);
    setBusy(false);
    if (answer.ok) {
      setSentTo(parsed.data.new_email);
      setStep('code');
      showToast(answer.message ?? am.emailChangeCodeSent);
      return;
    }
    const fields: Record<string, string> = {};
    for (const key of ['new_email', 'current_password']) if (answer.fields[key]) fields[key] = answer.fields[key];
    if (Object.keys(fields).length > 0) setErrors(fields);
    else setFormError(answer.message ?? am.genericFailure);
  };

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
            <FormAlert message={formError} />
            <TextField
              ref={emailInput}
              id={`${id}-new`}
              label={t.emailChange.newEmail}
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => {
                setNewEmail(e.target.value);
                clearError('new_email');
              }}
              error={errors.new_email}
            />
            <TextField
              id={`${id}-current`}
              label={t.emailChange.current}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => {
                setCurrent(e.target.value);
                clearError('current_password');
              }}
              error={errors.current_password}
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton busy={busy}>{t.emailChange.sendCode}</SubmitButton>
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
              requestAgain={() => request({ new_email: sentTo, current_password: current })}
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
