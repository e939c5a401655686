// Renders the account dialogs into the layout's #auth-dialogs container. Loaded with import()
// by auth.boot.ts, so catalog pages load React only when a dialog is first opened.
import { createRoot } from 'react-dom/client';
import AuthDialogs from './AuthDialogs';

export function mountAuthDialogs(host: HTMLElement): void {
  createRoot(host).render(<AuthDialogs />);
}
