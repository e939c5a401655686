// The sign-in dialog (docs/product.md#account-dialogs, #validation, #messages): e-mail and password, links to register and to
// forgot password; field errors under the fields, otherwise the server's message. The e-mail typed here
// carries into Forgot password (and back).
import { useId } from 'react';
import { loginSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { signedInUserId } from '@/client/api/accounts';
import { $loginOpen, $typedEmail, openForgotPassword, openRegister } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { DialogSwitch, EmailField, FormAlert, SubmitButton, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { Modal } from '@/client/Modal';
import { finishSignIn } from './sign-in';

export function LoginDialog() {
  const id = useId();
  const form = useZodForm({ schema: loginSchema, initial: () => ({ email: $typedEmail.get(), password: '' }) });
  const forgotPassword = () => {
    $typedEmail.set(form.values.email.trim());
    openForgotPassword();
  };

  const submit = form.submit(async (parsed) => {
    const answer = await call(endpoints.accounts.login, { body: parsed.data });
    const userId = signedInUserId(answer);
    if (userId !== null) {
      form.keepBusy(); // the page reloads
      await finishSignIn(userId, am.loginSuccess);
      return;
    }
    if (form.showServerErrors(answer)) return;
    form.setFormError(answer.message ?? am.genericFailure);
  });

  return (
    <Modal title={t.signIn.title} onClose={() => $loginOpen.set(false)} testId="login-dialog">
      <p className="-mt-2 mb-5 text-sm text-ink-500">{t.signIn.intro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <EmailField id={`${id}-email`} {...form.text('email')} />
        <div>
          <TextField id={`${id}-password`} label={t.password} type="password" autoComplete="current-password" {...form.text('password')} />
          <div className="mt-2 text-end">
            <button
              type="button"
              onClick={forgotPassword}
              className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {t.signIn.forgot}
            </button>
          </div>
        </div>
        <FormAlert message={form.formError} />
        <SubmitButton busy={form.busy}>{t.signIn.submit}</SubmitButton>
      </form>
      <DialogSwitch lead={t.signIn.noAccount} label={t.signIn.register} onClick={openRegister} />
    </Modal>
  );
}
