// An accessible modal dialog: labelled by its title, focus moved in and trapped (Tab cycles),
// Escape and the close button close it, the page behind is inert, and focus returns to the
// element that opened it. Dialogs can stack (OTP over register); only the top one is live.
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { tabStops, trapTab } from './focus-trap';
import { takeOpener } from './session';
import { dialogTexts as t } from '@/domain/messages/dialog';

// The page behind the dialogs is made inert while at least one dialog is open.
let openCount = 0;
let madeInert: Element[] = [];

function lockPage(host: Element | null): void {
  openCount += 1;
  if (openCount > 1) return;
  madeInert = [...document.body.children].filter(
    (el) => el !== host && el.id !== 'toasts' && el.id !== 'toast-log' && !el.hasAttribute('inert') && el.tagName !== 'SCRIPT',
  );
  for (const el of madeInert) el.setAttribute('inert', '');
  document.documentElement.style.overflow = 'hidden';
}

function unlockPage(): void {
  openCount = Math.max(0, openCount - 1);
  if (openCount > 0) return;
  for (const el of madeInert) el.removeAttribute('inert');
  madeInert = [];
  document.documentElement.style.overflow = '';
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Another dialog is open on top of this one. */
  covered?: boolean;
  /** A selector for the element to focus first; the first text box otherwise. */
  initialFocus?: string;
  testId?: string;
}

export function Modal({ title, onClose, children, covered = false, initialFocus, testId }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The keyboard listener lives as long as the dialog and always calls the latest onClose.
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    const active = document.activeElement;
    const returnTo = takeOpener() ?? (active instanceof HTMLElement && active !== document.body ? active : null);
    lockPage(root.closest('#auth-dialogs') ?? root.parentElement?.parentElement ?? null);
    const first =
      (initialFocus ? root.querySelector<HTMLElement>(initialFocus) : null) ??
      root.querySelector<HTMLElement>('input:not([disabled])') ??
      tabStops(root)[0] ??
      root;
    first.focus();

    // On the document, so keys work even when focus fell to the page (a focused box that
    // became disabled); only the top dialog answers.
    const onKeyDown = (event: KeyboardEvent) => {
      const dialogs = document.querySelectorAll('[role="dialog"]');
      if (dialogs[dialogs.length - 1] !== root || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        trapTab(root, event);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlockPage();
      // Back to the opener; when it is gone (a Verify button replaced by 'Verified'), to the
      // dialog still open underneath, if any.
      if (returnTo?.isConnected && !returnTo.closest('[inert]') && returnTo.getClientRects().length > 0) {
        returnTo.focus({ preventScroll: true });
        return;
      }
      const below = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].pop();
      if (below) (below.querySelector<HTMLElement>('input:not([disabled]):not([readonly])') ?? below).focus();
    };
    // Runs once per opening: the dialog unmounts when it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a later initialFocus must not move the focus again
  }, []);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-ink-900/60 p-3 sm:p-6"
      inert={covered}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        className="relative my-auto w-full max-w-md rounded-2xl bg-white p-5 shadow-2xl outline-none sm:p-7"
      >
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id={titleId} className="pt-1 text-xl font-bold tracking-tight text-ink-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onClose()}
            className="-me-2 -mt-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-ink-500 hover:bg-ink-100 hover:text-ink-900"
            aria-label={t.close}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
