// The sign-in dialog (spec sections 2, 5 and 8): e-mail and password, links to register and to
// forgot password; field errors under the fields, otherwise the server's message.
import { useId, useState, type SubmitEvent } from 'react';
import { loginSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { signedInUserId } from '@/client/api/accounts';
import { $loginOpen, openForgotPassword, openRegister } from '@/client/session';
import { authTexts as t } from '@/domain/messages/auth';
import { DialogSwitch, fieldErrors, FormAlert, SubmitButton, TextField } from '@/client/form-fields';
import { Modal } from '@/client/Modal';
import { finishSignIn } from './sign-in';

export function LoginDialog() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await call(endpoints.accounts.login, { body: parsed.data });
    const userId = signedInUserId(answer);
    if (userId !== null) {
      await finishSignIn(userId, am.loginSuccess);
      return; // the page reloads
    }
    setBusy(false);
    const fields = {
      ...(answer.fields.email ? { email: answer.fields.email } : {}),
      ...(answer.fields.password ? { password: answer.fields.password } : {}),
    };
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      return;
    }
    const message = answer.message ?? am.genericFailure;
    setFormError(message);
  };

  return (
    <Modal title={t.signIn.title} onClose={() => $loginOpen.set(false)} testId="login-dialog">
      <p className="-mt-2 mb-5 text-sm text-ink-500">{t.signIn.intro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          id={`${id}-email`}
          label={t.email}
          type="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors(({ email: _drop, ...rest }) => rest);
          }}
          error={errors.email}
        />
        <div>
          <TextField
            id={`${id}-password`}
            label={t.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors(({ password: _drop, ...rest }) => rest);
            }}
            error={errors.password}
          />
          <div className="mt-2 text-end">
            <button
              type="button"
              onClick={openForgotPassword}
              className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {t.signIn.forgot}
            </button>
          </div>
        </div>
        <FormAlert message={formError} />
        <SubmitButton busy={busy}>{t.signIn.submit}</SubmitButton>
      </form>
      <DialogSwitch lead={t.signIn.noAccount} label={t.signIn.register} onClick={openRegister} />
    </Modal>
  );
}
