// Accounts in wire form, the one place for them (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { signedInWire, userWire } from '@/domain/api/accounts';
import type { SignedIn } from './accounts.service';
import type { SessionUser } from './session.service';

export function userJson(user: SessionUser): z.input<typeof userWire> {
  return { id: user.id, name: user.name, email: user.email, profile_picture: user.profilePicture };
}

/** The account with the session token (sign-up and sign-in answers). */
export function signedInJson(signedIn: SignedIn): z.input<typeof signedInWire> {
  return { token: signedIn.token, ...userJson(signedIn.user) };
}
