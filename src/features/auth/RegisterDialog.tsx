// The register dialog (spec sections 2, 4, 5 and 8): the e-mail is verified with a 4-digit code
// first (Verify opens the OTP dialog), and Create account stays disabled until it is.
import { useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { passwordIsStrong, registerSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { emailProblem } from '@/domain/email';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { signedInUserId } from '@/client/api/accounts';
import { $otpOpen, $otpVerified, $registerOpen, $userEmailToBeVerified, openLogin } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { DialogSwitch, fieldErrors, FormAlert, Spinner, SubmitButton, TextField } from '@/client/form-fields';
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
  const [name, setName] = useState('');
  const [email, setEmail] = useState(verifiedEmail);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  const normalized = email.trim().toLowerCase();
  // A verification belongs to one address: editing the e-mail asks for a new code.
  const verified = otpVerified && normalized !== '' && normalized === verifiedEmail;
  const clearError = (field: string) => setErrors(({ [field]: _drop, ...rest }) => rest);

  // The password rules show on leaving a field, before the e-mail is verified and the submit
  // button can be used.
  const checkPassword = () => {
    if (password !== '' && !passwordIsStrong(password)) setErrors((e) => ({ ...e, password: am.passwordRule }));
  };
  const checkConfirm = () => {
    if (confirm !== '' && confirm !== password) setErrors((e) => ({ ...e, c_password: am.passwordsMustMatch }));
  };

  const requestCode = async () => {
    if (sending) return;
    setFormError(null);
    const problem = emailProblem(email, { required: am.emailInvalid, invalid: am.emailInvalid });
    if (problem) {
      setErrors((e) => ({ ...e, email: problem }));
      return;
    }
    clearError('email');
    setSending(true);
    const answer = await call(endpoints.accounts.sendOtp, { body: { email: normalized, purpose: 'register' } });
    setSending(false);
    if (answer.ok) {
      $otpVerified.set(false);
      $userEmailToBeVerified.set(normalized);
      $otpOpen.set(true);
      showToast(answer.message ?? am.otpSent);
    } else if (answer.fields.email) {
      setErrors((e) => ({ ...e, email: answer.fields.email! }));
    } else {
      const message = answer.message ?? am.genericFailure;
      setFormError(message);
    }
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || !verified) return;
    setFormError(null);
    const parsed = registerSchema.safeParse({ name, email, password, c_password: confirm, user_type: 'customer' });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      // zod checks the match only once every field is valid; say it at once.
      if (confirm !== '' && confirm !== password) found.c_password ??= am.passwordsMustMatch;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await call(endpoints.accounts.register, { body: { ...parsed.data, user_type: 'customer' } });
    const userId = signedInUserId(answer);
    if (userId !== null) {
      await finishSignIn(userId, am.registerSuccess);
      return; // the page reloads
    }
    setBusy(false);
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(answer.fields)) {
      const field = SERVER_FIELDS[key];
      if (field) fields[field] ??= message;
    }
    // The server no longer counts the code (expired): ask for a new one.
    if (fields.email === am.emailNotVerified || answer.message === am.emailNotVerified) $otpVerified.set(false);
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      return;
    }
    const message = answer.message ?? am.genericFailure;
    setFormError(message);
  };

  const close = () => {
    $otpOpen.set(false);
    $registerOpen.set(false);
  };

  return (
    <Modal title={t.register.title} onClose={close} covered={covered} testId="register-dialog">
      <p className="-mt-2 mb-5 text-sm text-ink-500">{t.register.intro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          id={`${id}-name`}
          label={t.name}
          autoComplete="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            clearError('name');
          }}
          error={errors.name}
        />
        <TextField
          id={`${id}-email`}
          label={t.email}
          type="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            clearError('email');
          }}
          error={errors.email}
          trailing={
            verified ? (
              <span
                className="inline-flex shrink-0 items-center gap-1 rounded-md bg-emerald-50 px-3 text-sm font-semibold text-emerald-700"
                data-testid="email-verified"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="h-4 w-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
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
        <TextField
          id={`${id}-password`}
          label={t.password}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError('password');
          }}
          onBlur={checkPassword}
          error={errors.password}
          hint={t.register.passwordHint}
        />
        <TextField
          id={`${id}-confirm`}
          label={t.confirmPassword}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            clearError('c_password');
          }}
          onBlur={checkConfirm}
          error={errors.c_password}
        />
        {/* Shown but not enforced (spec section 5). */}
        <div className="flex items-start gap-2.5">
          <input
            id={`${id}-agree`}
            type="checkbox"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
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
        <FormAlert message={formError} />
        <div>
          <SubmitButton busy={busy} disabled={!verified} describedBy={verified ? undefined : `${id}-verify-first`}>
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
