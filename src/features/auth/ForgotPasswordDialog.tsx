// Forgot password (docs/product.md#behaviour): e-mail, then the code in the same four boxes, and only after
// the code is validated the new password form; success closes the dialog. The e-mail starts as the one typed in
// the sign-in dialog (docs/product.md#account-dialogs) and goes back with Back to sign in.
import { useId, useState } from 'react';
import { emailField, resetPasswordSchema } from '@/domain/accounts';
import { z } from '@/domain/zod';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { $forgotPassword, $typedEmail, openLogin } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { DialogSwitch, EmailField, FormAlert, NewPasswordFields, SubmitButton } from '@/client/form-fields';
import { useZodForm, type FieldErrors } from '@/client/use-zod-form';
import { Modal } from '@/client/Modal';
import { OtpStep } from './OtpStep';

type Step = 'email' | 'code' | 'reset';

/** The first step: one address, with the same message whether it is missing or malformed. */
const emailStepSchema = z.object({ email: emailField({ required: am.emailInvalid, invalid: am.emailInvalid }) });

/** The new password must be confirmed, and match. */
function confirmProblems(v: { new_password: string; confirm: string }): FieldErrors {
  if (v.confirm === '') return { confirm: am.confirmRequired };
  return v.confirm !== v.new_password ? { confirm: am.passwordsMustMatch } : {};
}

export function ForgotPasswordDialog() {
  const id = useId();
  const [step, setStep] = useState<Step>('email');
  const emailForm = useZodForm({ schema: emailStepSchema, initial: () => ({ email: $typedEmail.get() }) });
  const normalized = emailForm.values.email.trim().toLowerCase();
  const resetForm = useZodForm({
    schema: resetPasswordSchema,
    initial: { new_password: '', confirm: '' },
    input: (v) => ({ email: normalized, new_password: v.new_password }),
    check: confirmProblems,
  });

  const sendCode = emailForm.submit(async () => {
    const answer = await call(endpoints.accounts.sendOtp, { body: { email: normalized, purpose: 'reset' } });
    if (answer.ok) {
      showToast(answer.message ?? am.otpSent);
      setStep('code');
    } else if (!emailForm.showServerErrors(answer)) {
      const message = answer.message ?? am.genericFailure;
      emailForm.setFormError(message);
    }
  });

  const reset = resetForm.submit(async (parsed) => {
    const answer = await call(endpoints.accounts.resetPassword, { body: parsed.data });
    if (answer.ok) {
      showToast(answer.message ?? am.resetSuccess);
      $forgotPassword.set(false);
      return;
    }
    if (resetForm.showServerErrors(answer, { new_password: 'new_password', password: 'new_password' })) return;
    const message = answer.message ?? am.genericFailure;
    resetForm.setFormError(message);
    // The validated code is single use: a refused reset starts over with a new code.
    if (answer.status === 403) {
      emailForm.setFormError(message);
      setStep('email');
    }
  });

  return (
    <Modal title={t.forgot.title} onClose={() => $forgotPassword.set(false)} testId="forgot-password-dialog">
      {step === 'email' && (
        <form onSubmit={sendCode} noValidate className="flex flex-col gap-4">
          <p className="-mt-2 text-sm text-ink-500">{t.forgot.introEmail}</p>
          <EmailField id={`${id}-email`} autoFocus {...emailForm.text('email')} />
          <FormAlert message={emailForm.formError} />
          <SubmitButton busy={emailForm.busy}>{t.forgot.sendCode}</SubmitButton>
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
          <NewPasswordFields
            password={{
              id: `${id}-new-password`,
              label: t.newPassword,
              autoFocus: true,
              ...resetForm.text('new_password'),
              hint: t.register.passwordHint,
            }}
            confirm={{ id: `${id}-confirm`, label: t.confirmPassword, ...resetForm.text('confirm') }}
          />
          <FormAlert message={resetForm.formError} />
          <SubmitButton busy={resetForm.busy}>{t.forgot.submit}</SubmitButton>
        </form>
      )}
      <DialogSwitch
        label={t.forgot.backToSignIn}
        onClick={() => {
          $typedEmail.set(emailForm.values.email.trim());
          openLogin();
        }}
      />
    </Modal>
  );
}
