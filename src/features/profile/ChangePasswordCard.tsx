// 'Change password' (spec sections 2, 5 and 8): current, new and confirmation, read-only until
// Edit; a wrong current password is shown under its field.
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { changePasswordSchema } from '@/domain/accounts';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { fieldErrors, TextField } from '@/client/form-fields';
import { ProfileCard, SaveButton } from './ProfileCard';
import { profileTexts as t } from '@/domain/messages/profile';

const PLACEHOLDER = '••••••••';

export default function ChangePasswordCard({ userId }: { userId: number }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);

  const clearError = (field: string) => setErrors(({ [field]: _drop, ...rest }) => rest);
  const clear = () => {
    setCurrent('');
    setNext('');
    setConfirm('');
    setErrors({});
  };

  const toggle = () => {
    clear();
    setEditing(!editing);
    if (!editing) window.setTimeout(() => currentInput.current?.focus(), 0);
  };

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!editing || busy) return;
    const parsed = changePasswordSchema.safeParse({ current_password: current, new_password: next, confirm_password: confirm });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (confirm === '') found.confirm_password = am.confirmRequired;
    else if (confirm !== next) found.confirm_password = am.passwordsMustMatch;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await call(endpoints.accounts.changePassword, { params: { id: userId }, body: parsed.data });
    setBusy(false);
    if (answer.ok) {
      clear();
      setEditing(false);
      showToast(answer.message ?? am.passwordUpdated);
      return;
    }
    const fields: Record<string, string> = {};
    for (const key of ['current_password', 'new_password', 'confirm_password']) if (answer.fields[key]) fields[key] = answer.fields[key];
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      return;
    }
    showToast(am.passwordFailed, 'error');
  };

  const fieldProps = { type: 'password', readOnly: !editing, placeholder: editing ? undefined : PLACEHOLDER } as const;

  return (
    <ProfileCard titleId={`${id}-title`} title={t.password.title} intro={t.password.intro} editing={editing} onToggle={toggle}>
      <form onSubmit={save} noValidate className="flex flex-col gap-5">
        <TextField
          {...fieldProps}
          ref={currentInput}
          id={`${id}-current`}
          label={t.password.current}
          autoComplete="current-password"
          value={current}
          onChange={(e) => {
            setCurrent(e.target.value);
            clearError('current_password');
          }}
          error={errors.current_password}
        />
        <TextField
          {...fieldProps}
          id={`${id}-new`}
          label={t.password.new}
          autoComplete="new-password"
          value={next}
          onChange={(e) => {
            setNext(e.target.value);
            clearError('new_password');
          }}
          error={errors.new_password}
          hint={editing ? t.password.hint : undefined}
        />
        <TextField
          {...fieldProps}
          id={`${id}-confirm`}
          label={t.password.confirm}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            clearError('confirm_password');
          }}
          error={errors.confirm_password}
        />
        {editing && <SaveButton busy={busy} />}
      </form>
    </ProfileCard>
  );
}
