/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The process's App (src/server/app.ts): config, database, mailer, payments, clock; set by the middleware. */
    app: import('./server/app').App;
    /** The signed-in customer, from the session cookie or a bearer token (docs/decisions/0008-sessions.md); null when signed out. */
    user: import('./server/accounts/session.service').SessionUser | null;
    /** The signed-in staff member on /admin and /api/admin, from the staff session cookie (docs/decisions/0033-back-office-staff.md); null elsewhere. */
    staff: import('./server/staff/staff.service').StaffMember | null;
    /** What a page threw, for the 500 page the middleware answers with instead. */
    renderError?: unknown;
  }
}
