// The frame both profile cards share: title, short text and the Edit / Cancel toggle.
import type { ReactNode } from 'react';
import { profileTexts as t } from '@/domain/messages/profile';
import { Spinner } from '@/client/form-fields';

interface ProfileCardProps {
  titleId: string;
  title: string;
  intro: string;
  editing: boolean;
  onToggle: () => void;
  children: ReactNode;
}

export function ProfileCard({ titleId, title, intro, editing, onToggle, children }: ProfileCardProps) {
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-7">
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-ink-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-500">{intro}</p>
        </div>
        <button type="button" onClick={onToggle} className="btn-secondary shrink-0 px-4 py-2">
          {editing ? t.cancel : t.edit}
        </button>
      </div>
      {children}
    </section>
  );
}

/** The save action both cards show while editing. */
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className="btn-primary h-11 px-6" disabled={busy}>
        {busy && <Spinner />}
        {busy ? t.saving : t.save}
      </button>
    </div>
  );
}
