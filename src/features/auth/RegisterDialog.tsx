// The register dialog (docs/product.md#account-dialogs, #behaviour, #validation, #messages): the e-mail is verified with a 4-digit code
// first (Verify opens the OTP dialog), and Create account stays disabled until it is.
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { registerSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { emailProblem } from '@/domain/email';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { signedInUserId } from '@/client/api/accounts';
import { $otpOpen, $otpVerified, $registerOpen, $userEmailToBeVerified, openLogin } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { DialogSwitch, EmailField, FormAlert, NewPasswordFields, Spinner, SubmitButton, TextField } from '@/client/form-fields';
import { StrokeIcon } from '@/client/StrokeIcon';
import { useZodForm, type FieldErrors } from '@/client/use-zod-form';
import { Modal } from '@/client/Modal';
import { finishSignIn } from './sign-in';

const SERVER_FIELDS: Record<string, string> = {
  name: 'name',
  email: 'email',
  password: 'password',
  c_password: 'c_password',
  confirmpassword: 'c_password',
};

export function RegisterDialog({ covered }: { covered: boolean }) {
  const id = useId();
  const otpVerified = useStore($otpVerified);
  const verifiedEmail = useStore($userEmailToBeVerified);
  const form = useZodForm({
    schema: registerSchema,
    initial: () => ({ name: '', email: verifiedEmail, password: '', c_password: '', agree: false }),
    input: (v) => ({ name: v.name, email: v.email, password: v.password, c_password: v.c_password, user_type: 'customer' }),
    // zod checks the match only once every field is valid; say it at once.
    check: (v): FieldErrors => (v.c_password !== '' && v.c_password !== v.password ? { c_password: am.passwordsMustMatch } : {}),
  });
  const { email } = form.values;
  const [sending, setSending] = useState(false);

  const normalized = email.trim().toLowerCase();
  // A verification belongs to one address: editing the e-mail asks for a new code.
  const verified = otpVerified && normalized !== '' && normalized === verifiedEmail;

  const requestCode = async () => {
    if (sending) return;
    form.setFormError(null);
    const problem = emailProblem(email, { required: am.emailInvalid, invalid: am.emailInvalid });
    if (problem) {
      form.setError('email', problem);
      return;
    }
    form.setError('email', null);
    setSending(true);
    const answer = await call(endpoints.accounts.sendOtp, { body: { email: normalized, purpose: 'register' } });
    setSending(false);
    if (answer.ok) {
      $otpVerified.set(false);
      $userEmailToBeVerified.set(normalized);
      $otpOpen.set(true);
      showToast(answer.message ?? am.otpSent);
    } else if (answer.fields.email) {
      form.setError('email', answer.fields.email);
    } else {
      const message = answer.message ?? am.genericFailure;
      form.setFormError(message);
    }
  };

  const submit = form.submit(async (parsed) => {
    const answer = await call(endpoints.accounts.register, { body: { ...parsed.data, user_type: 'customer' } });
    const userId = signedInUserId(answer);
    if (userId !== null) {
      form.keepBusy(); // the page reloads
      await finishSignIn(userId, am.registerSuccess);
      return;
    }
    const fields = form.showServerErrors(answer, SERVER_FIELDS);
    // The server no longer counts the code (expired): ask for a new one.
    if (fields?.email === am.emailNotVerified || answer.message === am.emailNotVerified) $otpVerified.set(false);
    if (fields) return;
    const message = answer.message ?? am.genericFailure;
    form.setFormError(message);
  });

  const close = () => {
    $otpOpen.set(false);
    $registerOpen.set(false);
  };

  return (
    <Modal title={t.register.title} onClose={close} covered={covered} testId="register-dialog">
      <p className="-mt-2 mb-5 text-sm text-ink-500">{t.register.intro}</p>
      <form onSubmit={(event) => (verified ? submit(event) : event.preventDefault())} noValidate className="flex flex-col gap-4">
        <TextField id={`${id}-name`} label={t.name} autoComplete="name" {...form.text('name')} />
        <EmailField
          id={`${id}-email`}
          {...form.text('email')}
          trailing={
            verified ? (
              <span
                className="inline-flex shrink-0 items-center gap-1 rounded-md bg-emerald-50 px-3 text-sm font-semibold text-emerald-700"
                data-testid="email-verified"
              >
                <StrokeIcon path="M5 12.5l4.5 4.5L19 7.5" className="h-4 w-4" strokeWidth="2.2" />
                {t.register.verified}
              </span>
            ) : (
              <button type="button" onClick={requestCode} disabled={sending} className="btn-secondary shrink-0 px-4">
                {sending && <Spinner />}
                {t.register.verify}
              </button>
            )
          }
        />
        <NewPasswordFields
          password={{
            id: `${id}-password`,
            label: t.password,
            ...form.text('password'),
            onBlur: () => form.validate('password'),
            hint: t.register.passwordHint,
          }}
          confirm={{
            id: `${id}-confirm`,
            label: t.confirmPassword,
            ...form.text('c_password'),
            onBlur: () => form.validate('c_password'),
          }}
        />
        {/* Shown but not enforced (docs/product.md#validation). */}
        <div className="flex items-start gap-2.5">
          <input
            id={`${id}-agree`}
            type="checkbox"
            checked={form.values.agree}
            onChange={(e) => form.set('agree', e.target.checked)}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
          />
          <label htmlFor={`${id}-agree`} className="text-sm text-ink-700">
            {t.register.agreeBefore}{' '}
            <a href="/privacy-policy" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
              {t.register.privacy}
            </a>{' '}
            {t.register.and}{' '}
            <a href="/terms-and-conditions" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
              {t.register.terms}
            </a>
          </label>
        </div>
        <FormAlert message={form.formError} />
        <div>
          <SubmitButton busy={form.busy} disabled={!verified} describedBy={verified ? undefined : `${id}-verify-first`}>
            {t.register.submit}
          </SubmitButton>
          {!verified && (
            <p id={`${id}-verify-first`} className="mt-2 text-center text-xs text-ink-500">
              {t.register.verifyFirst}
            </p>
          )}
        </div>
      </form>
      <DialogSwitch lead={t.register.haveAccount} label={t.register.signIn} onClick={openLogin} />
    </Modal>
  );
}
