// Save and delete for the category and brand forms (docs/decisions/0049-categories-brands-seo.md):
// a save goes to the saved item's page (`?done=created|saved`); a 409 (changed meanwhile) offers
// Reload; field errors land on their fields. Delete asks first and goes back to the list.
import { useState } from 'react';
import type { ApiAnswer } from '@/client/api-client';
import type { ZodForm } from '@/client/use-zod-form';
import { adminTaxonomyTexts as t } from '@/domain/messages/admin-taxonomy';

export interface TaxonomyActions<V> {
  /** The list's path, e.g. /admin/brands: the item's page is `${list}/${id}`. */
  list: string;
  /** The field names the server's errors may name. */
  fields: readonly string[];
  /** Creates (nothing edited) or updates the item with the form's values (checked by then). */
  save: (typed: V) => Promise<ApiAnswer<{ id: number }>>;
  /** Deletes the edited item; absent for a new one. */
  remove?: { confirm: string; run: () => Promise<ApiAnswer<unknown>> };
}

export function useTaxonomyActions<V extends object, Out>(form: ZodForm<V, Out>, editing: boolean, actions: TaxonomyActions<V>) {
  const [stale, setStale] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onSubmit = form.submit(async ({ values }) => {
    const answer = await actions.save(values);
    if (answer.ok && answer.data) {
      form.keepBusy();
      location.assign(`${actions.list}/${answer.data.id}?done=${editing ? 'saved' : 'created'}`);
      return;
    }
    setStale(answer.status === 409);
    form.setFormError(form.showServerErrors(answer, actions.fields) ? t.fixErrors : (answer.message ?? t.failed));
  });

  const remove = async () => {
    if (!actions.remove || !confirm(actions.remove.confirm)) return;
    setDeleting(true);
    const answer = await actions.remove.run();
    if (answer.ok) {
      location.assign(`${actions.list}?done=deleted`);
      return;
    }
    setDeleting(false);
    form.setFormError(answer.message ?? t.failed);
  };

  return { onSubmit, remove, stale, deleting };
}
