// The coupon form (docs/decisions/0047-coupons-by-staff.md): checked with the server's own schema
// before sending and by the server again; an edit carries the version the page showed (409:
// someone changed it since, reload). After a save the page is read again from the database.
import { useId, useState } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { CheckboxField, FormProblem, inputClass, Spinner, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { COUPON_DISCOUNT_TYPES, couponInput, type CouponDiscountType } from '@/domain/coupon-admin';
import { adminCouponTexts as t } from '@/domain/messages/admin-coupons';

/** A coupon as its page gives it to the form (the admin API's fields). */
export interface EditedCoupon {
  id: number;
  version: number;
  code: string;
  discount_type: CouponDiscountType;
  discount: number;
  max_discount: number | null;
  min_amount: number;
  start_date: string | null;
  end_date: string;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  active: boolean;
}

interface CouponFormValues {
  code: string;
  discount_type: CouponDiscountType;
  discount: string;
  max_discount: string;
  min_amount: string;
  start_date: string;
  end_date: string;
  max_uses: string;
  max_uses_per_customer: string;
  active: boolean;
}

const FIELDS = [
  'code',
  'discount_type',
  'discount',
  'max_discount',
  'min_amount',
  'start_date',
  'end_date',
  'max_uses',
  'max_uses_per_customer',
] as const;

const text = (n: number | null) => (n === null ? '' : Number.isInteger(n) ? String(n) : n.toFixed(2));

export function couponFormValues(coupon: EditedCoupon | null): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    discount_type: coupon?.discount_type ?? 'percent',
    discount: coupon ? text(coupon.discount) : '',
    max_discount: text(coupon?.max_discount ?? null),
    min_amount: coupon && coupon.min_amount > 0 ? text(coupon.min_amount) : '',
    start_date: coupon?.start_date ?? '',
    end_date: coupon?.end_date ?? '',
    max_uses: text(coupon?.max_uses ?? null),
    max_uses_per_customer: text(coupon?.max_uses_per_customer ?? null),
    active: coupon?.active ?? true,
  };
}

export default function CouponEditor({ coupon }: { coupon: EditedCoupon | null }) {
  const id = useId();
  const [stale, setStale] = useState(false);
  const form = useZodForm({ schema: couponInput, initial: () => couponFormValues(coupon), focusOrder: [...FIELDS] });
  const { values, busy, formError, attach } = form;
  const field = (name: Exclude<(typeof FIELDS)[number], 'discount_type'>) => {
    const { error, ...input } = form.text(name);
    return { id: `${id}-${name}`, error, onBlur: () => form.validate(name), ...input };
  };
  const percent = values.discount_type === 'percent';

  const onSubmit = form.submit(async ({ values: typed }) => {
    const answer = coupon
      ? await call(endpoints.adminCoupons.update, { params: { id: coupon.id }, body: { ...typed, version: coupon.version } })
      : await call(endpoints.adminCoupons.create, { body: typed });
    if (answer.ok && answer.data) {
      form.keepBusy();
      location.assign(`/admin/coupons/${answer.data.id}?done=${coupon ? 'saved' : 'created'}`);
      return;
    }
    setStale(answer.status === 409);
    form.setFormError(form.showServerErrors(answer, [...FIELDS]) ? t.fixErrors : (answer.message ?? t.failed));
  });

  return (
    <form
      ref={attach}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
      data-testid="coupon-editor"
    >
      <FormProblem message={formError} stale={stale} reloadLabel={t.reload} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t.code} maxLength={20} dir="ltr" autoComplete="off" spellCheck={false} {...field('code')} />
        <div>
          <label htmlFor={`${id}-type`} className="mb-1.5 block text-sm font-medium text-ink-700">
            {t.discountType}
          </label>
          <select
            id={`${id}-type`}
            name="discount_type"
            className={inputClass}
            value={values.discount_type}
            onChange={(event) => form.set('discount_type', event.target.value as CouponDiscountType)}
          >
            {COUPON_DISCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t.typeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        <TextField label={percent ? t.discountPercent : t.discountAmount} inputMode="decimal" {...field('discount')} />
        {percent && <TextField label={t.maxDiscount} inputMode="decimal" hint={t.maxDiscountHint} {...field('max_discount')} />}
        <TextField label={t.minAmount} inputMode="decimal" hint={t.minAmountHint} {...field('min_amount')} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t.startDate} type="date" hint={t.startDateHint} {...field('start_date')} />
        <TextField label={t.endDate} type="date" hint={t.datesHint} {...field('end_date')} />
        <TextField label={t.maxUses} inputMode="numeric" hint={t.maxUsesHint} {...field('max_uses')} />
        <TextField label={t.maxUsesPerCustomer} inputMode="numeric" hint={t.maxUsesHint} {...field('max_uses_per_customer')} />
      </div>
      <CheckboxField
        id={`${id}-active`}
        label={t.active}
        hint={t.activeHint}
        checked={values.active}
        onChange={(checked) => form.set('active', checked)}
      />
      <button type="submit" className="btn-primary h-11 self-start" disabled={busy} data-testid="coupon-save">
        {busy && <Spinner />}
        {busy ? t.saving : coupon ? t.save : t.create}
      </button>
    </form>
  );
}
