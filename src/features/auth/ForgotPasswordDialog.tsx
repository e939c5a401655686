// Forgot password (spec section 4): e-mail, then the code in the same four boxes, and only after
// the code is validated the new password form; success closes the dialog.
import { useId, useState, type SubmitEvent } from 'react';
import { resetPasswordSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { emailProblem } from '@/domain/email';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { $forgotPassword, openLogin } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { DialogSwitch, fieldErrors, FormAlert, SubmitButton, TextField } from '@/client/form-fields';
import { Modal } from '@/client/Modal';
import { OtpStep } from './OtpStep';

type Step = 'email' | 'code' | 'reset';

export function ForgotPasswordDialog() {
  const id = useId();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const normalized = email.trim().toLowerCase();
  const clearError = (field: string) => setErrors(({ [field]: _drop, ...rest }) => rest);

  const sendCode = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const problem = emailProblem(email, { required: am.emailInvalid, invalid: am.emailInvalid });
    if (problem) {
      setErrors({ email: problem });
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await call(endpoints.accounts.sendOtp, { body: { email: normalized, purpose: 'reset' } });
    setBusy(false);
    if (answer.ok) {
      showToast(answer.message ?? am.otpSent);
      setStep('code');
    } else if (answer.fields.email) {
      setErrors({ email: answer.fields.email });
    } else {
      const message = answer.message ?? am.genericFailure;
      setFormError(message);
    }
  };

  const reset = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = resetPasswordSchema.safeParse({ email: normalized, new_password: password });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (confirm === '') found.confirm ??= am.confirmRequired;
    else if (confirm !== password) found.confirm ??= am.passwordsMustMatch;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await call(endpoints.accounts.resetPassword, { body: parsed.data });
    setBusy(false);
    if (answer.ok) {
      showToast(answer.message ?? am.resetSuccess);
      $forgotPassword.set(false);
      return;
    }
    const fieldMessage = answer.fields.new_password ?? answer.fields.password;
    if (fieldMessage) {
      setErrors({ new_password: fieldMessage });
      return;
    }
    const message = answer.message ?? am.genericFailure;
    setFormError(message);
    // The validated code is single use: a refused reset starts over with a new code.
    if (answer.status === 403) setStep('email');
  };

  return (
    <Modal title={t.forgot.title} onClose={() => $forgotPassword.set(false)} testId="forgot-password-dialog">
      {step === 'email' && (
        <form onSubmit={sendCode} noValidate className="flex flex-col gap-4">
          <p className="-mt-2 text-sm text-ink-500">{t.forgot.introEmail}</p>
          <TextField
            id={`${id}-email`}
            label={t.email}
            type="email"
            autoComplete="email"
            placeholder={t.emailPlaceholder}
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              clearError('email');
            }}
            error={errors.email}
          />
          <FormAlert message={formError} />
          <SubmitButton busy={busy}>{t.forgot.sendCode}</SubmitButton>
        </form>
      )}
      {step === 'code' && (
        <div className="flex flex-col gap-4">
          <OtpStep
            email={normalized}
            purpose="reset"
            onVerified={(message) => {
              if (message) showToast(message);
              setStep('reset');
            }}
          />
          <button
            type="button"
            onClick={() => setStep('email')}
            className="text-center text-sm font-semibold text-ink-700 underline-offset-2 hover:underline"
          >
            {t.forgot.changeEmail}
          </button>
        </div>
      )}
      {step === 'reset' && (
        <form onSubmit={reset} noValidate className="flex flex-col gap-4">
          <p className="-mt-2 text-sm text-ink-500">
            {t.forgot.introReset} <strong className="font-semibold break-all text-ink-900">{normalized}</strong>
          </p>
          <TextField
            id={`${id}-new-password`}
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError('new_password');
            }}
            error={errors.new_password}
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
              clearError('confirm');
            }}
            error={errors.confirm}
          />
          <FormAlert message={formError} />
          <SubmitButton busy={busy}>{t.forgot.submit}</SubmitButton>
        </form>
      )}
      <DialogSwitch label={t.forgot.backToSignIn} onClick={openLogin} />
    </Modal>
  );
}
