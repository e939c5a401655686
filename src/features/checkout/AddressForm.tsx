// Add / edit address (docs/product.md#add-or-edit-address, #validation, #messages): every field required with the schema's
// messages, the phone as people type it (docs/product.md#phone-numbers), PO box digits only (5 at most), the default-address checkbox;
// Add Address / Save sends a multipart form, server field errors appear under their fields.
import { useId } from 'react';
import { ADDRESS_TYPES, EMIRATES, PO_BOX_MAX_DIGITS } from '@/domain/address-fields';
import { displayPhone, phoneTyping } from '@/domain/phone-text';
import { checkoutMessages as cm, checkoutTexts } from '@/domain/messages/checkout';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import type { Address } from '@/client/api/checkout';
import { openLogin, flashAfterReload } from '@/client/session';
import { FormAlert, Spinner, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { ChoiceField, SelectField, digitsOnly } from './form-controls';

const t = checkoutTexts.addressForm;
const BACK = '/cart/checkout-details';

type Values = {
  name: string;
  phone: string;
  pincode: string;
  address: string;
  city: string;
  state: string;
  flat_building: string;
  locality: string;
  land_mark: string;
  address_type: string;
  is_default_address: boolean;
};

const FIELD_ORDER: (keyof Values)[] = [
  'name',
  'phone',
  'pincode',
  'flat_building',
  'address',
  'locality',
  'land_mark',
  'city',
  'state',
  'address_type',
];

function valuesOf(a: Address | null): Values {
  return {
    name: a?.name ?? '',
    phone: a ? displayPhone(a.phone) : '',
    pincode: a?.poBox ?? '',
    address: a?.address ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    flat_building: a?.flatBuilding ?? '',
    locality: a?.locality ?? '',
    land_mark: a?.landMark ?? '',
    address_type: a?.addressType ?? '',
    is_default_address: a?.isDefault ?? false,
  };
}

export default function AddressForm({ address }: { address: Address | null }) {
  const id = useId();
  const form = useZodForm({
    // zod and the phone rules load on the form's first focus or input (docs/decisions/0042-page-weight.md).
    schema: { load: () => import('@/domain/checkout').then((m) => m.addressSchema), failed: am.genericFailure },
    initial: () => valuesOf(address),
    focusOrder: FIELD_ORDER,
  });
  const { values, errors, busy, set, attach } = form;
  const editing = address !== null;

  const submit = form.submit(async (parsed) => {
    const body = new FormData();
    const data = parsed.data;
    for (const key of [
      'name',
      'phone',
      'pincode',
      'address',
      'city',
      'state',
      'flat_building',
      'locality',
      'land_mark',
      'address_type',
    ] as const)
      body.set(key, data[key]);
    body.set('is_default_address', data.is_default_address ? '1' : '0');
    if (address) body.set('address_id', String(address.id));
    const answer = editing ? await call(endpoints.addresses.update, { form: body }) : await call(endpoints.addresses.add, { form: body });
    if (answer.ok) {
      // Shown by the next page: a toast here would leave with this one.
      form.keepBusy();
      flashAfterReload(answer.message ?? (editing ? cm.addressUpdated : cm.addressSaved));
      window.location.assign(BACK);
      return;
    }
    if (answer.status === 401) {
      openLogin();
      return;
    }
    if (form.showServerErrors(answer, FIELD_ORDER)) return;
    const message = answer.message ?? am.genericFailure;
    form.setFormError(message);
    showToast(message, 'error');
  });

  const field = (key: keyof Values) => `${id}-${key}`;

  return (
    <form ref={attach} onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="address-form">
      <FormAlert message={form.formError} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={field('name')} {...form.text('name')} label={t.name} autoComplete="name" maxLength={120} />
        <TextField
          id={field('phone')}
          {...form.text('phone', phoneTyping)}
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t.phoneHint}
        />
        <TextField
          id={field('flat_building')}
          {...form.text('flat_building')}
          label={t.flat}
          autoComplete="address-line2"
          maxLength={200}
        />
        <TextField
          id={field('address')}
          {...form.text('address')}
          label={t.address}
          placeholder={t.addressPlaceholder}
          autoComplete="address-line1"
          maxLength={200}
        />
        <TextField id={field('locality')} {...form.text('locality')} label={t.locality} maxLength={120} />
        <TextField id={field('land_mark')} {...form.text('land_mark')} label={t.landmark} maxLength={120} />
        <TextField id={field('city')} {...form.text('city')} label={t.city} autoComplete="address-level2" maxLength={80} />
        <SelectField
          id={field('state')}
          {...form.text('state')}
          label={t.state}
          placeholder={t.statePlaceholder}
          options={EMIRATES}
          optionLabels={checkoutTexts.values.emirates}
        />
        <TextField
          id={field('pincode')}
          {...form.text('pincode', (v) => digitsOnly(v, PO_BOX_MAX_DIGITS))}
          label={t.poBox}
          inputMode="numeric"
          autoComplete="postal-code"
          hint={t.poBoxHint}
        />
        <ChoiceField
          id={field('address_type')}
          name="address_type"
          legend={t.type}
          options={ADDRESS_TYPES.map((v) => ({ value: v, label: checkoutTexts.values.addressTypes[v] ?? v }))}
          value={values.address_type}
          onChange={(v) => set('address_type', v)}
          error={errors.address_type}
        />
      </div>
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-ink-700">
        <input
          type="checkbox"
          checked={values.is_default_address}
          onChange={(e) => set('is_default_address', e.target.checked)}
          className="h-5 w-5 rounded border-ink-300 accent-brand-600"
        />
        {t.makeDefault}
      </label>
      <div className="flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row sm:justify-end">
        <a href={BACK} className="btn-secondary h-11 px-6">
          {t.cancel}
        </a>
        <button type="submit" className="btn-primary h-11 px-8" disabled={busy}>
          {busy && <Spinner />}
          {busy ? t.saving : editing ? t.save : t.add}
        </button>
      </div>
    </form>
  );
}
