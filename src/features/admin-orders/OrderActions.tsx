// The staff's actions on one order (docs/decisions/0034-running-orders.md): only those the status
// machine allows now (src/domain/order-status.ts), a note to the customer, the expected date, and
// the refund dialog with units per line and the amount the server will compute. Each action
// sends the version the page showed; a 409 ('changed meanwhile', or a change no longer allowed)
// offers a reload. After a change the page reloads from the server with the message.
import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { Modal } from '@/client/Modal';
import { FormAlert, Spinner, inputClass } from '@/client/form-fields';
import { adminOrderTexts as t, adminOrderMessages as m } from '@/domain/messages/admin-orders';
import { filsToAed, formatPrice, type Fils } from '@/domain/money';
import {
  fullSelection,
  refundAmountFor,
  refundSelectionProblem,
  returnableUnits,
  type DeliveryStatus,
  type OrderAction,
  type RefundLine,
} from '@/domain/order-status';

export interface OrderActionsLine extends RefundLine {
  name: string;
}

export interface OrderActionsProps {
  orderId: number;
  version: number;
  deliveryStatus: DeliveryStatus;
  paymentType: 'online' | 'cash_on_delivery';
  actions: OrderAction[];
  expectDate: string | null;
  /** Today in the UAE (yyyy-mm-dd): the earliest expected date. */
  today: string;
  grandTotal: Fils;
  refundedAmount: Fils;
  lines: OrderActionsLine[];
  pendingRefund: { amount: Fils } | null;
}

type DoneKey = 'shipped' | 'ontheway' | 'delivered' | 'cancelled' | 'refund' | 'note' | 'expectedDate';

interface Problem {
  message: string;
  /** The order changed (or the action is no longer allowed): the page must be reloaded. */
  reload: boolean;
}

const statusActions = ['shipped', 'ontheway', 'delivered', 'cancelled'] as const;

/**
 * Where the refund dialog is rendered: a container of its own at the end of the body, so the
 * Modal can make the rest of the page inert without making the dialog inert too.
 */
function dialogHost(): HTMLElement {
  let host = document.getElementById('admin-dialogs');
  if (!host) {
    host = document.createElement('div');
    host.id = 'admin-dialogs';
    document.body.append(host);
  }
  return host;
}

export default function OrderActions(props: OrderActionsProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [date, setDate] = useState(props.expectDate ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [refundOpen, setRefundOpen] = useState(false);
  const canSetDate = ['pending', 'shipped', 'ontheway'].includes(props.deliveryStatus);

  async function run(key: DoneKey, send: () => ReturnType<typeof call>) {
    setBusy(key);
    setProblem(null);
    const answer = await send();
    if (answer.ok) {
      // The page is rendered again from the database, with what was done.
      location.assign(`${location.pathname}?done=${key}`);
      return;
    }
    setBusy(null);
    const fieldMessage = Object.values(answer.fields)[0];
    setProblem({
      message: fieldMessage ?? answer.message ?? m.providerFailed,
      reload: answer.status === 409 || answer.status === 404,
    });
  }

  const params = { id: props.orderId };
  const noteValue = note.trim() === '' ? undefined : note.trim();

  function changeStatus(to: (typeof statusActions)[number]) {
    if (to === 'cancelled' && !confirm(t.confirmCancel(props.orderId))) return;
    void run(to, () =>
      call(endpoints.adminOrders.status, {
        params,
        body: {
          to,
          version: props.version,
          note: noteValue,
          ...(to === 'ontheway' && date && date !== props.expectDate ? { expected_date: date } : {}),
        },
      }),
    );
  }

  return (
    <section className="rounded-2xl border border-ink-100 p-5" aria-labelledby={`${id}-title`} data-testid="order-actions">
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink-900">
        {t.actions}
      </h2>

      {props.pendingRefund && (
        <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="pending-refund">
          <p>
            {m.refundPending} ({formatPrice(props.pendingRefund.amount)})
          </p>
          <button
            type="button"
            className="btn-secondary mt-2"
            disabled={busy !== null}
            onClick={() =>
              void run('refund', () => call(endpoints.adminOrders.refund, { params, body: { version: props.version, full: true } }))
            }
          >
            {busy === 'refund' && <Spinner />}
            {t.retryRefund}
          </button>
        </div>
      )}

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

      <div className="mt-4 flex flex-col gap-4">
        <div>
          <label htmlFor={`${id}-note`} className="mb-1.5 block text-sm font-medium text-ink-700">
            {t.note}
          </label>
          <textarea
            id={`${id}-note`}
            className={inputClass}
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`${id}-note-hint`}
            data-testid="order-note"
          />
          <p id={`${id}-note-hint`} className="mt-1.5 text-xs text-ink-500">
            {t.noteHelp}
          </p>
        </div>

        {canSetDate && (
          <div>
            <label htmlFor={`${id}-date`} className="mb-1.5 block text-sm font-medium text-ink-700">
              {t.expectedDate}
            </label>
            <div className="flex flex-wrap items-stretch gap-2">
              <input
                id={`${id}-date`}
                type="date"
                className={`${inputClass} max-w-48`}
                min={props.today}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                data-testid="order-expected-date"
              />
              <button
                type="button"
                className="btn-secondary"
                disabled={busy !== null || date === '' || date === props.expectDate}
                onClick={() =>
                  void run('expectedDate', () =>
                    call(endpoints.adminOrders.expectedDate, {
                      params,
                      body: { version: props.version, expected_date: date, note: noteValue },
                    }),
                  )
                }
              >
                {busy === 'expectedDate' && <Spinner />}
                {t.saveDate}
              </button>
            </div>
          </div>
        )}

        {props.actions.length === 0 && !props.pendingRefund && <p className="text-sm text-ink-500">{t.noActions}</p>}
        {props.actions.includes('delivered') && props.paymentType === 'cash_on_delivery' && (
          <p className="text-sm text-ink-500">{t.deliverCash}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {statusActions
            .filter((a) => props.actions.includes(a))
            .map((a) => (
              <button
                key={a}
                type="button"
                className={a === 'cancelled' ? 'btn-secondary text-red-700' : 'btn-primary'}
                disabled={busy !== null}
                onClick={() => changeStatus(a)}
                data-action={a}
              >
                {busy === a && <Spinner />}
                {t.actionLabels[a]}
              </button>
            ))}
          {props.actions.includes('refund') && (
            <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => setRefundOpen(true)} data-action="refund">
              {t.actionLabels.refund}
            </button>
          )}
          <button
            type="button"
            className="btn-secondary"
            disabled={busy !== null || !noteValue}
            onClick={() =>
              void run('note', () => call(endpoints.adminOrders.note, { params, body: { version: props.version, note: note.trim() } }))
            }
          >
            {busy === 'note' && <Spinner />}
            {t.sendNote}
          </button>
        </div>
      </div>

      {refundOpen &&
        createPortal(
          <RefundDialog
            {...props}
            note={noteValue}
            busy={busy === 'refund'}
            problem={problem}
            onClose={() => setRefundOpen(false)}
            onRefund={(body) =>
              void run('refund', () => call(endpoints.adminOrders.refund, { params, body: { version: props.version, ...body } }))
            }
          />,
          dialogHost(),
        )}
    </section>
  );
}

interface RefundDialogProps extends OrderActionsProps {
  note: string | undefined;
  busy: boolean;
  problem: Problem | null;
  onClose: () => void;
  onRefund: (body: { full?: boolean; lines?: { line_id: number; quantity: number }[]; note?: string | undefined }) => void;
}

function RefundDialog(props: RefundDialogProps) {
  const id = useId();
  const [units, setUnits] = useState<Record<number, number>>({});
  const selection = useMemo(
    () => props.lines.map((l) => ({ lineId: l.id, quantity: units[l.id] ?? 0 })).filter((s) => s.quantity > 0),
    [props.lines, units],
  );
  const order = { grandTotal: props.grandTotal, refundedAmount: props.refundedAmount };
  const amount = refundAmountFor(order, props.lines, selection);
  const problem = refundSelectionProblem(props.lines, selection);
  const everything = fullSelection(props.lines);

  return (
    <Modal title={t.refundTitle(props.orderId)} onClose={props.onClose} testId="refund-dialog">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (problem) return;
          props.onRefund({ lines: selection.map((s) => ({ line_id: s.lineId, quantity: s.quantity })), note: props.note });
        }}
      >
        <p className="text-sm text-ink-700">{t.refundHelp}</p>
        <p className="text-sm text-ink-500">{props.paymentType === 'online' ? t.refundCard : t.refundCash}</p>
        <ul className="flex flex-col divide-y divide-ink-100">
          {props.lines.map((l) => {
            const left = returnableUnits(l);
            return (
              <li key={l.id} className="flex items-center justify-between gap-3 py-2">
                <label htmlFor={`${id}-line-${l.id}`} className="min-w-0 text-sm">
                  <span className="block font-medium text-ink-900">{l.name}</span>
                  <span className="text-ink-500">{t.remaining(left)}</span>
                </label>
                <div className="w-20 shrink-0">
                  <input
                    id={`${id}-line-${l.id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    disabled={left === 0}
                    className={inputClass}
                    value={units[l.id] ?? 0}
                    onChange={(e) => {
                      const n = Math.max(0, Math.min(left, Math.floor(Number(e.target.value) || 0)));
                      setUnits((u) => ({ ...u, [l.id]: n }));
                    }}
                    data-testid="refund-units"
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="btn-secondary self-start"
          onClick={() => setUnits(Object.fromEntries(everything.map((s) => [s.lineId, s.quantity])))}
        >
          {t.refundAll}
        </button>
        <p className="flex items-baseline justify-between border-t border-ink-100 pt-3 font-bold text-ink-900">
          <span>{t.refundAmount}</span>
          <span className="tabular-nums" data-testid="refund-amount" data-aed={filsToAed(amount)}>
            {formatPrice(amount)}
          </span>
        </p>
        {props.problem && <FormAlert message={props.problem.message} />}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={props.onClose}>
            {t.cancel}
          </button>
          <button type="submit" className="btn-primary" disabled={problem !== null || props.busy}>
            {props.busy && <Spinner />}
            {t.refundConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
