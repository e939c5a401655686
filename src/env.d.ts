/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in customer, from the session cookie or a bearer token (D3); null when signed out. */
    user: import('./server/accounts/session.service').SessionUser | null;
  }
}
