// Keeps Tab and Shift+Tab inside a dialog: shared by the React account dialogs and the page
// scripts' native <dialog>s (the browser's modal dialog lets Tab leave for the browser's own UI).

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab stops at, in order: a radio group is one stop (its checked radio, else its first). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const seenGroups = new Set<string>();
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && (el.getClientRects().length > 0 || (el instanceof HTMLInputElement && el.type === 'radio')),
  );
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    if (seenGroups.has(el.name)) return false;
    seenGroups.add(el.name);
    const group = all.filter(
      (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === el.name,
    );
    return (group.find((r) => r.checked) ?? group[0]) === el;
  });
}

/** Tab and Shift+Tab cycle through the dialog's controls and never leave it. */
export function trapTab(root: HTMLElement, event: KeyboardEvent): void {
  const items = tabStops(root);
  const current = document.activeElement;
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const isRadioOf = (stop: HTMLElement) =>
    current instanceof HTMLInputElement &&
    current.type === 'radio' &&
    stop instanceof HTMLInputElement &&
    stop.type === 'radio' &&
    current.name === stop.name;
  if (!(current instanceof Node) || !root.contains(current) || current === root) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (current === first || isRadioOf(first))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (current === last || isRadioOf(last))) {
    event.preventDefault();
    first.focus();
  }
}

/** For a native <dialog>: traps Tab while it is open (Escape already closes it), until `signal` aborts. */
export function trapFocusIn(dialog: HTMLDialogElement, signal?: AbortSignal): void {
  dialog.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Tab') trapTab(dialog, event);
    },
    { signal },
  );
}
