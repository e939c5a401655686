// The layout's small script for the account dialogs: opens them from any [data-open-login] or
// [data-open-register] element and from ?login=1, and imports the React dialogs only when a
// dialog is first opened (the nanostore flags work before React is loaded). An opener's
// data-return-to, or ?next= beside ?login=1, is where the shopper goes once signed in
// (docs/product.md#after-sign-in).
import { showToast } from '@/client/toast';
import { dialogFlags, openLogin, openRegister, rememberOpener, setReturnTo, takeFlash } from '@/client/session';
import { RETURN_PARAM } from '@/domain/return-path';

let loading: Promise<void> | null = null;

function loadDialogs(): void {
  const host = document.getElementById('auth-dialogs');
  if (loading || !host) return;
  loading = import('./mount')
    .then(({ mountAuthDialogs }) => mountAuthDialogs(host))
    .catch((error: unknown) => {
      loading = null; // a later click tries again
      console.error('The account dialogs could not be loaded', error);
    });
}

for (const flag of dialogFlags) flag.subscribe((open) => open && loadDialogs());

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('[data-open-login], [data-open-register]') : null;
  if (!target) return;
  event.preventDefault();
  rememberOpener(target);
  // What opened the dialog decides where sign-in leads: its own path, or this page.
  setReturnTo(target.getAttribute('data-return-to'));
  if (target.hasAttribute('data-open-register')) openRegister();
  else openLogin();
});

// /profile and other signed-in pages send signed-out visitors to /?login=1&next=<their path>
// (signInPath in src/domain/return-path.ts); setReturnTo keeps only a path of this shop.
const params = new URLSearchParams(location.search);
if (params.get('login') === '1') {
  setReturnTo(params.get(RETURN_PARAM));
  params.delete('login');
  params.delete(RETURN_PARAM);
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  openLogin();
}

const flash = takeFlash();
if (flash) showToast(flash);
