// 'Profile Information': name and avatar, read-only until Edit; Save
// sends a multipart form; field errors from the server appear under the fields. The e-mail is
// changed only through 'Change e-mail' (password and a code to the new address,
// docs/decisions/0012-account-hardening.md).
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { AVATAR_MAX_BYTES } from '@/domain/account-limits';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toAccountUser, type AccountUser } from '@/client/api/accounts';
import { TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { ProfileCard, SaveButton } from './ProfileCard';
import type { EmailChangePanel } from './EmailChangePanel';
import { profileTexts as t } from '@/domain/messages/profile';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** The header is server-rendered: after a save, show the new name there without a reload. */
function updateHeader(user: AccountUser): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-user-name]')) el.textContent = user.name;
  for (const el of document.querySelectorAll<HTMLElement>('[data-user-first-name]'))
    el.textContent = user.name.trim().split(/\s+/)[0] ?? user.name;
}

export default function ProfileInfoCard({ user: initial }: { user: AccountUser }) {
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [editing, setEditing] = useState(false);
  // zod loads on the form's first input or submit (docs/decisions/0042-page-weight.md).
  const info = useZodForm({
    schema: { load: () => import('@/domain/accounts').then((m) => m.profileUpdateSchema), failed: am.genericFailure },
    initial: { name: initial.name },
  });
  const [changingEmail, setChangingEmail] = useState(false);
  // The e-mail change (with the code step and its schemas) loads when opened, not with the page.
  const [EmailPanel, setEmailPanel] = useState<typeof EmailChangePanel | null>(null);
  const openEmailChange = () => {
    setChangingEmail(true);
    if (EmailPanel) return;
    import('./EmailChangePanel').then(
      (module) => setEmailPanel(() => module.EmailChangePanel),
      () => {
        setChangingEmail(false);
        showToast(am.genericFailure, 'error');
      },
    );
  };
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const reset = (user: AccountUser) => {
    info.reset({ name: user.name });
    setFile(null);
    setPreview(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const toggle = () => {
    if (editing) reset(saved);
    setEditing(!editing);
    if (!editing) window.setTimeout(() => nameInput.current?.focus(), 0);
  };

  const pickFile = (picked: File | undefined) => {
    info.setError('profile_picture', null);
    if (!picked) return;
    if (!AVATAR_TYPES.includes(picked.type)) {
      info.setError('profile_picture', am.avatarType);
      return;
    }
    if (picked.size > AVATAR_MAX_BYTES) {
      info.setError('profile_picture', am.avatarSize);
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  // Made on submit: what it does with the answer clears the file input (a ref), which a render must not.
  const save = (event: SubmitEvent) =>
    info.submit(async (parsed) => {
      const form = new FormData();
      form.set('name', parsed.data.name);
      if (file) form.set('profile_picture', file);
      const answer = await call(endpoints.accounts.updateProfile, { params: { id: saved.id }, form });
      if (answer.ok) {
        const next = answer.data ? toAccountUser(answer.data) : { ...saved, name: parsed.data.name };
        setSaved(next);
        reset(next);
        setEditing(false);
        updateHeader(next);
        showToast(answer.message ?? am.profileUpdated);
        return;
      }
      if (info.showServerErrors(answer, ['name', 'profile_picture'])) return;
      showToast(am.profileFailed, 'error');
    })(event);

  const avatar = preview ?? saved.profilePicture;

  return (
    <ProfileCard titleId={`${id}-title`} title={t.info.title} intro={t.info.intro} editing={editing} onToggle={toggle}>
      <form onSubmit={(event) => (editing ? save(event) : event.preventDefault())} noValidate className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          {avatar ? (
            <img
              src={avatar}
              alt={t.info.photo}
              width={80}
              height={80}
              className="h-20 w-20 shrink-0 rounded-full object-cover ring-1 ring-ink-100"
              data-testid="profile-avatar"
            />
          ) : (
            <span
              className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white"
              aria-hidden="true"
              data-testid="profile-avatar"
            >
              {initialOf(saved.name)}
            </span>
          )}
          {editing && (
            <div className="min-w-0">
              <input
                ref={fileInput}
                id={`${id}-photo`}
                type="file"
                accept={AVATAR_TYPES.join(',')}
                className="peer sr-only"
                aria-describedby={info.errors.profile_picture ? `${id}-photo-error` : `${id}-photo-hint`}
                aria-invalid={info.errors.profile_picture ? true : undefined}
                onChange={(e) => pickFile(e.target.files?.[0])}
              />
              <label
                htmlFor={`${id}-photo`}
                className="btn-secondary cursor-pointer px-4 py-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
              >
                {t.info.changePhoto}
              </label>
              {info.errors.profile_picture ? (
                <p id={`${id}-photo-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
                  {info.errors.profile_picture}
                </p>
              ) : (
                <p id={`${id}-photo-hint`} className="mt-1.5 text-xs text-ink-500">
                  {t.info.photoHint}
                </p>
              )}
            </div>
          )}
        </div>
        <TextField ref={nameInput} id={`${id}-name`} label={t.info.name} autoComplete="name" readOnly={!editing} {...info.text('name')} />
        <div>
          <TextField id={`${id}-email`} label={t.info.email} type="email" autoComplete="email" readOnly value={saved.email} />
          {!changingEmail && (
            <button
              type="button"
              onClick={openEmailChange}
              className="mt-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {t.emailChange.open}
            </button>
          )}
        </div>
        {editing && <SaveButton busy={info.busy} />}
      </form>
      {changingEmail && EmailPanel && (
        <div className="mt-5">
          <EmailPanel onCancel={() => setChangingEmail(false)} />
        </div>
      )}
    </ProfileCard>
  );
}
