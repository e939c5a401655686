// 'Change password' (docs/product.md#profile, #validation, #messages): current, new and confirmation, read-only until
// Edit; a wrong current password is shown under its field.
import { useId, useRef, useState } from 'react';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { NewPasswordFields, TextField } from '@/client/form-fields';
import { useZodForm, type FieldErrors } from '@/client/use-zod-form';
import { ProfileCard, SaveButton } from './ProfileCard';
import { profileTexts as t } from '@/domain/messages/profile';

const PLACEHOLDER = '••••••••';

/** The confirmation is required here, and must match at once. */
function confirmProblems(v: { new_password: string; confirm_password: string }): FieldErrors {
  if (v.confirm_password === '') return { confirm_password: am.confirmRequired };
  return v.confirm_password !== v.new_password ? { confirm_password: am.passwordsMustMatch } : {};
}

export default function ChangePasswordCard({ userId }: { userId: number }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const form = useZodForm({
    // zod loads on the form's first focus or input (docs/decisions/0042-page-weight.md).
    schema: { load: () => import('@/domain/accounts').then((m) => m.changePasswordSchema), failed: am.genericFailure },
    initial: { current_password: '', new_password: '', confirm_password: '' },
    // An empty confirmation is confirmProblems' to name (required), not the schema's (must match).
    input: (v) => ({ ...v, confirm_password: v.confirm_password === '' ? undefined : v.confirm_password }),
    check: confirmProblems,
  });
  const currentInput = useRef<HTMLInputElement>(null);

  const toggle = () => {
    form.reset();
    setEditing(!editing);
    if (!editing) window.setTimeout(() => currentInput.current?.focus(), 0);
  };

  const submit = form.submit(async (parsed) => {
    const answer = await call(endpoints.accounts.changePassword, { params: { id: userId }, body: parsed.data });
    if (answer.ok) {
      form.reset();
      setEditing(false);
      showToast(answer.message ?? am.passwordUpdated);
      return;
    }
    if (form.showServerErrors(answer)) return;
    showToast(am.passwordFailed, 'error');
  });

  // Read-only until Edit, with dots standing in for the password.
  const lockProps = { readOnly: !editing, placeholder: editing ? undefined : PLACEHOLDER };

  return (
    <ProfileCard titleId={`${id}-title`} title={t.password.title} intro={t.password.intro} editing={editing} onToggle={toggle}>
      <form onSubmit={(event) => (editing ? submit(event) : event.preventDefault())} noValidate className="flex flex-col gap-5">
        <TextField
          {...lockProps}
          type="password"
          ref={currentInput}
          id={`${id}-current`}
          label={t.password.current}
          autoComplete="current-password"
          {...form.text('current_password')}
        />
        <NewPasswordFields
          password={{
            ...lockProps,
            id: `${id}-new`,
            label: t.password.new,
            ...form.text('new_password'),
            hint: editing ? t.password.hint : undefined,
          }}
          confirm={{ ...lockProps, id: `${id}-confirm`, label: t.password.confirm, ...form.text('confirm_password') }}
        />
        {editing && <SaveButton busy={form.busy} />}
      </form>
    </ProfileCard>
  );
}
