// How the signed-in shopper looks in the header (docs/product.md#personal-parts): the user
// menu's button shows the first name and the picture, or the name's initial. The browser keeps
// this much (never the e-mail) under ACCOUNT_LOOK_KEY so that the next page paints it before its
// first frame, while GET /api/session/me confirms it; sign-out and a guest answer remove it.

export const ACCOUNT_LOOK_KEY = 'account-look';

export interface AccountLook {
  first: string;
  initial: string;
  /** The picture's address, or null for the initial. */
  picture: string | null;
}

export function accountLook(name: string, picture: string | null): AccountLook {
  const trimmed = name.trim();
  return {
    first: trimmed.split(/\s+/)[0] ?? trimmed,
    initial: Array.from(trimmed)[0]?.toUpperCase() ?? '?',
    picture: picture || null,
  };
}
