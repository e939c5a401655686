// The back office's plain HTML forms (docs/decisions/0033-back-office-staff.md): a page that handles
// its own POST reads the form here and refuses one another site made the browser send (the staff
// cookie is SameSite=Strict already; this is the second lock, as the API's router has).
import type { z } from 'zod';

/** A POST the browser marks as sent from another site, or with a foreign Origin. */
export function isForeignPost(request: Request, url: URL): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== url.origin;
}

/** The form's text fields (a file field reads as ''). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : '']));
}

/** The first message for each field of a failed parse. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}
