// Beside the product editor (docs/decisions/0045-catalog-editing.md): duplicate, archive or restore
// (each against the version the page showed), and a stock adjustment with its reason. Each change
// renders the page again from the database with what was done; a refusal says why, and a 409
// offers a reload.
import { useId, useState } from 'react';
import { call, type ApiAnswer } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { FormAlert, Spinner, TextField, inputClass } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { STOCK_REASONS, stockAdjustmentInput, type ProductStatus, type StockReason } from '@/domain/catalog-admin';
import { adminProductEditorTexts as t } from '@/domain/messages/admin-catalog';

export interface ProductActionsProps {
  productId: number;
  name: string;
  version: number;
  status: ProductStatus;
  quantity: number;
}

type Done = 'duplicated' | 'archived' | 'restored' | 'stock';

interface Problem {
  message: string;
  reload: boolean;
}

export default function ProductActions({ productId, name, version, status, quantity }: ProductActionsProps) {
  const id = useId();
  const [busy, setBusy] = useState<Done | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const params = { id: productId };
  const archived = status === 'archived';

  async function run(key: Done, send: () => Promise<ApiAnswer<{ id: number } | unknown>>, goTo = productId) {
    setBusy(key);
    setProblem(null);
    const answer = await send();
    if (answer.ok) {
      const target = key === 'duplicated' ? ((answer.data as { id: number } | null)?.id ?? goTo) : goTo;
      location.assign(`/admin/products/${target}?done=${key}`);
      return;
    }
    setBusy(null);
    setProblem({ message: answer.message ?? t.failed, reload: answer.status === 409 || answer.status === 404 });
  }

  const stock = useZodForm({
    schema: stockAdjustmentInput,
    initial: { delta: '', reason: '' as StockReason | '', note: '' },
    focusOrder: ['delta', 'reason', 'note'],
  });
  const { values: stockValues, errors: stockErrors, busy: stockBusy, formError: stockFormError, attach: stockAttach } = stock;
  const adjust = stock.submit(async ({ data }) => {
    setProblem(null);
    const answer = await call(endpoints.adminCatalog.adjustStock, { params, body: data });
    if (answer.ok) {
      stock.keepBusy();
      location.assign(`/admin/products/${productId}?done=stock`);
      return;
    }
    if (!stock.showServerErrors(answer, ['delta', 'reason', 'note'])) stock.setFormError(answer.message ?? t.failed);
  });
  const stockText = (name: 'delta' | 'note') => {
    const { error, ...input } = stock.text(name);
    return { id: `${id}-${name}`, error, onBlur: () => stock.validate(name), ...input };
  };

  return (
    <div className="flex flex-col gap-5">
      <section className="rounded-2xl border border-ink-100 bg-white p-4 sm:p-5" aria-labelledby={`${id}-actions`}>
        <h2 id={`${id}-actions`} className="text-sm font-bold text-ink-900">
          {t.actions}
        </h2>
        {archived && <p className="mt-2 text-sm text-amber-900">{t.archivedNote}</p>}
        {problem && (
          <div className="mt-3 flex flex-col gap-2" data-testid="action-problem">
            <FormAlert message={problem.message} />
            {problem.reload && (
              <button type="button" className="btn-secondary self-start" onClick={() => location.assign(location.pathname)}>
                {t.reload}
              </button>
            )}
          </div>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={busy !== null}
            onClick={() => void run('duplicated', () => call(endpoints.adminCatalog.duplicate, { params }))}
          >
            {busy === 'duplicated' && <Spinner />}
            {t.duplicate}
          </button>
          {archived ? (
            <button
              type="button"
              className="btn-secondary"
              disabled={busy !== null}
              onClick={() => void run('restored', () => call(endpoints.adminCatalog.restore, { params, body: { version } }))}
            >
              {busy === 'restored' && <Spinner />}
              {t.restore}
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary text-red-700"
              disabled={busy !== null}
              onClick={() => {
                if (confirm(t.confirmArchive(name)))
                  void run('archived', () => call(endpoints.adminCatalog.archive, { params, body: { version } }));
              }}
            >
              {busy === 'archived' && <Spinner />}
              {t.archive}
            </button>
          )}
        </div>
      </section>

      <section className="rounded-2xl border border-ink-100 bg-white p-4 sm:p-5" aria-labelledby={`${id}-stock`}>
        <h2 id={`${id}-stock`} className="text-sm font-bold text-ink-900">
          {t.adjustStock}
        </h2>
        <p className="mt-1 text-sm text-ink-700" data-testid="stock-now">
          {t.inStockNow(quantity)}
        </p>
        <form ref={stockAttach} onSubmit={adjust} noValidate className="mt-3 flex flex-col gap-3" data-testid="stock-form">
          <FormAlert message={stockFormError} />
          <TextField label={t.delta} inputMode="numeric" hint={t.deltaHint} {...stockText('delta')} />
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium text-ink-700">
              {t.reason}
            </label>
            <select
              id={`${id}-reason`}
              name="reason"
              className={inputClass}
              value={stockValues.reason}
              onChange={(event) => stock.set('reason', event.target.value as StockReason)}
              aria-invalid={stockErrors.reason ? true : undefined}
              aria-describedby={stockErrors.reason ? `${id}-reason-error` : undefined}
            >
              <option value="">{t.chooseReason}</option>
              {STOCK_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t.reasonLabels[reason]}
                </option>
              ))}
            </select>
            {stockErrors.reason && (
              <p id={`${id}-reason-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
                {stockErrors.reason}
              </p>
            )}
          </div>
          <TextField label={t.note} maxLength={300} hint={t.noteHint} {...stockText('note')} />
          <button type="submit" className="btn-primary h-11 self-start" disabled={stockBusy}>
            {stockBusy && <Spinner />}
            {t.apply}
          </button>
        </form>
      </section>
    </div>
  );
}
