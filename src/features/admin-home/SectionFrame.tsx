// One section of /admin/home: its heading and help, the form-level message, Reload after a 409,
// the saved status and the Save button.
import type { ReactNode, SubmitEvent } from 'react';
import { FormAlert, Spinner } from '@/client/form-fields';
import { adminHomeTexts as t } from '@/domain/messages/admin-home';
import type { HomeSection } from '@/domain/home-blocks';

export interface SectionState {
  busy: boolean;
  formError: string | null;
  stale: boolean;
  status: string | null;
}

export const idleSection: SectionState = { busy: false, formError: null, stale: false, status: null };

export function SectionFrame({
  section,
  state,
  onSubmit,
  children,
}: {
  section: HomeSection;
  state: SectionState;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const heading = `home-section-${section}`;
  const { title, help } = t.sections[section];
  return (
    <section aria-labelledby={heading} className="rounded-2xl border border-ink-100 bg-white p-4 sm:p-5" data-home-section={section}>
      <h2 id={heading} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-500">{help}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormAlert message={state.formError} />
        {state.stale && (
          <button type="button" className="btn-secondary self-start" onClick={() => location.reload()}>
            {t.reload}
          </button>
        )}
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary h-11" disabled={state.busy} data-testid={`save-${section}`}>
            {state.busy && <Spinner />}
            {state.busy ? t.saving : t.save}
          </button>
          <p role="status" className="text-sm font-medium text-emerald-700" data-testid={`status-${section}`}>
            {state.status}
          </p>
        </div>
      </form>
    </section>
  );
}

/** Buttons that move or remove an item: 44 px targets for phones, named for screen readers. */
export function ItemButtons({
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const button = 'btn-secondary h-11 px-3 text-sm';
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={button} disabled={first} aria-label={t.moveUpNamed(name)} onClick={() => onMove(-1)}>
        {t.moveUp}
      </button>
      <button type="button" className={button} disabled={last} aria-label={t.moveDownNamed(name)} onClick={() => onMove(1)}>
        {t.moveDown}
      </button>
      <button type="button" className={`${button} text-red-700`} aria-label={t.removeNamed(name)} onClick={onRemove}>
        {t.remove}
      </button>
    </div>
  );
}
