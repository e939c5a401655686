// 'Delivery location details' for a cart over 100 kg (docs/product.md#delivery-location-form, #data, #validation, #messages): contact
// name and number (a UAE mobile as people type it, docs/product.md#phone-numbers), a date that is
// not in the past (dd/mm/yyyy), a time window, remarks, lift Yes/No with the floors only when there
// is no lift, building pass Yes/No. Each checkout fills its own, prefilled from the last one and
// editable until the order is placed (docs/decisions/0026-delivery-form-per-order.md). Sent as a
// multipart form; 'Thanks for adding details', 'Form submission failed!' or 'An error occurred!'.
import { useId } from 'react';
import { displayPhone, phoneTyping } from '@/domain/phone-text';
import { checkoutMessages as cm, checkoutTexts } from '@/domain/messages/checkout';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import type { DeliveryForm } from '@/client/api/checkout';
import { FormAlert, Spinner, TextField } from '@/client/form-fields';
import { useZodForm, type FieldErrors } from '@/client/use-zod-form';
import { StrokeIcon } from '@/client/StrokeIcon';
import { ChoiceField, SelectField, TextAreaField, digitsOnly } from './form-controls';
import { calendarDate } from '@/domain/dates';
import { DateField } from './DateField';

const t = checkoutTexts.delivery;
const FLOORS_MAX_DIGITS = 3;
const FIELD_ORDER = [
  'contact_name',
  'contact_number',
  'date_of_delivery',
  'available_timing',
  'remarks',
  'lift_available',
  'no_of_floors',
  'pass_required',
] as const;

/** Today in the shopper's own calendar, as the date input writes it (yyyy-mm-dd). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const yesNo = (['Yes', 'No'] as const).map((value) => ({ value, label: checkoutTexts.values.yesNo[value] ?? value }));

/** The form's first values: the last form's (a date only while it has not passed), else empty. */
function startingValues(from: DeliveryForm | null, today: string) {
  return {
    contact_name: from?.contactName ?? '',
    contact_number: from?.contactNumber ?? '',
    date_of_delivery: from && from.dateOfDelivery >= today ? from.dateOfDelivery : '',
    available_timing: from && t.timings.includes(from.availableTiming as (typeof t.timings)[number]) ? from.availableTiming : '',
    remarks: from?.remarks ?? '',
    lift_available: from?.liftAvailable ?? '',
    no_of_floors: from?.noOfFloors ? String(from.noOfFloors) : '',
    pass_required: from?.passRequired ?? '',
  };
}

interface EditorProps {
  totalWeight: number;
  /** The form to start from: this checkout's (a change) or the customer's last one. */
  initial?: DeliveryForm | null;
  onSaved: (form: Pick<DeliveryForm, 'id'>) => void;
  /** Back to the saved details without changing them (only when there are some). */
  onCancel?: (() => void) | undefined;
}

export function DeliveryFormEditor({ totalWeight, initial = null, onSaved, onCancel }: EditorProps) {
  const id = useId();
  const today = todayIso();
  const form = useZodForm({
    // zod and the phone rules load on the form's first focus or input (docs/decisions/0042-page-weight.md).
    schema: { load: () => import('@/domain/checkout').then((m) => m.deliveryFormSchema), failed: t.exception },
    initial: () => startingValues(initial, today),
    // The floors count only without a lift.
    input: (v) => ({ ...v, no_of_floors: v.lift_available === 'No' ? v.no_of_floors : undefined }),
    check: (v): FieldErrors => (v.date_of_delivery && v.date_of_delivery < today ? { date_of_delivery: t.pastDate } : {}),
    focusOrder: FIELD_ORDER,
  });
  const { values, errors, busy, set, attach } = form;

  const submit = form.submit(async (parsed) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value === undefined || value === '' || key === 'customer_id') continue;
      body.set(key, String(value));
    }
    const answer = await call(endpoints.checkout.deliveryForm, { form: body });
    if (answer.status === 0) {
      form.setFormError(t.exception);
      showToast(t.exception, 'error');
      return;
    }
    const savedId = answer.data?.data?.id;
    if (answer.status !== 200 || typeof savedId !== 'number') {
      form.showServerErrors(answer, FIELD_ORDER);
      form.setFormError(cm.deliveryFormFailed);
      showToast(cm.deliveryFormFailed, 'error');
      return;
    }
    showToast(answer.message ?? cm.deliveryDetailsThanks);
    onSaved({ id: savedId });
  });

  const field = (key: string) => `${id}-${key}`;

  return (
    <section
      aria-labelledby={field('title')}
      className="scroll-mt-28 rounded-2xl border border-amber-200 bg-amber-50/50 p-5 sm:p-6"
      data-testid="delivery-form"
    >
      <h2 id={field('title')} className="text-lg font-bold text-ink-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {t.intro(new Intl.NumberFormat('en-AE', { maximumFractionDigits: 1 }).format(totalWeight))}
      </p>
      {initial && !onCancel && (
        <p className="mt-2 text-sm font-medium text-ink-900" data-testid="delivery-prefilled">
          {t.prefilled}
        </p>
      )}
      <p
        className="mt-3 flex items-start gap-2 rounded-md bg-white px-3 py-2 text-sm font-medium text-ink-700 ring-1 ring-amber-200"
        data-testid="delivery-note"
      >
        <StrokeIcon
          path="M1 3h15v13H1zM16 8h4l3 3v5h-7M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
          className="mt-0.5 h-4 w-4 shrink-0 text-amber-600"
        />
        {cm.deliveryNote}
      </p>
      <form ref={attach} onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
        <FormAlert message={form.formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id={field('contact_name')} {...form.text('contact_name')} label={t.contactName} autoComplete="name" maxLength={120} />
          <TextField
            id={field('contact_number')}
            {...form.text('contact_number', phoneTyping)}
            label={t.contactNumber}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={t.contactNumberHint}
          />
          <DateField
            id={field('date_of_delivery')}
            name="date_of_delivery"
            label={t.date}
            value={values.date_of_delivery}
            min={today}
            error={errors.date_of_delivery}
            onChange={(iso) => set('date_of_delivery', iso)}
            onBlur={() => form.validate('date_of_delivery')}
          />
          <SelectField
            id={field('available_timing')}
            {...form.text('available_timing')}
            label={t.timing}
            placeholder={t.timingPlaceholder}
            options={t.timings}
          />
          <ChoiceField
            id={field('lift_available')}
            name="lift_available"
            legend={t.lift}
            options={yesNo}
            value={values.lift_available}
            onChange={(v) => set('lift_available', v)}
            error={errors.lift_available}
          />
          {values.lift_available === 'No' && (
            <TextField
              id={field('no_of_floors')}
              {...form.text('no_of_floors', (v) => digitsOnly(v, FLOORS_MAX_DIGITS))}
              label={t.floors}
              inputMode="numeric"
            />
          )}
          <ChoiceField
            id={field('pass_required')}
            name="pass_required"
            legend={t.pass}
            options={yesNo}
            value={values.pass_required}
            onChange={(v) => set('pass_required', v)}
            error={errors.pass_required}
          />
        </div>
        <TextAreaField
          id={field('remarks')}
          {...form.text('remarks')}
          label={t.remarks}
          placeholder={t.remarksPlaceholder}
          maxLength={500}
          rows={3}
        />
        <div className="flex flex-col gap-2.5 sm:flex-row">
          <button type="submit" className="btn-primary h-11 w-full px-8 sm:w-auto" disabled={busy}>
            {busy && <Spinner />}
            {busy ? t.saving : t.submit}
          </button>
          {onCancel && (
            <button type="button" className="btn-secondary h-11 w-full px-6 sm:w-auto" onClick={onCancel} disabled={busy}>
              {t.cancel}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/** This checkout's saved details, shown in place of the form, with Change to edit them. */
export function DeliveryDetailsCard({ details, onChange }: { details: DeliveryForm; onChange: () => void }) {
  const floors = details.noOfFloors;
  return (
    <section
      className="rounded-2xl border border-emerald-200 bg-emerald-50/50 p-5 sm:p-6"
      aria-labelledby="delivery-details-title"
      data-testid="delivery-details"
    >
      <div className="flex items-start gap-3">
        <StrokeIcon path="M20 6 9 17l-5-5" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h2 id="delivery-details-title" className="font-bold text-ink-900">
              {t.saved}
            </h2>
            <button
              type="button"
              onClick={onChange}
              className="-my-1 shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-white hover:underline"
              aria-label={t.changeLabel}
              data-testid="delivery-change"
            >
              {t.change}
            </button>
          </div>
          <p className="mt-0.5 text-sm text-ink-500">{t.savedIntro}</p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-ink-700 sm:grid-cols-2">
            <div>
              <dt className="sr-only">{t.contactName}</dt>
              <dd>
                {details.contactName}, {displayPhone(details.contactNumber)}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t.date}</dt>
              <dd data-testid="delivery-details-date">
                {calendarDate(details.dateOfDelivery)}, {details.availableTiming}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t.lift}</dt>
              <dd>{details.liftAvailable === 'Yes' ? t.liftYes : t.liftNo(floors)}</dd>
            </div>
            <div>
              <dt className="sr-only">{t.pass}</dt>
              <dd>{details.passRequired === 'Yes' ? t.passYes : t.passNo}</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-ink-500">{cm.deliveryNote}</p>
        </div>
      </div>
    </section>
  );
}
