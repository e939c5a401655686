// Add / edit address (spec sections 2, 5 and 8): every field required with the schema's
// messages, phone and PO box digits only (10 and 5 at most), the default-address checkbox;
// Add Address / Save sends a multipart form, server field errors appear under their fields.
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { ADDRESS_TYPES, EMIRATES, PHONE_MAX_DIGITS, PO_BOX_MAX_DIGITS, addressSchema } from '@/domain/checkout';
import { checkoutMessages as cm, checkoutTexts } from '@/domain/messages/checkout';
import { accountMessages as am } from '@/domain/messages/accounts';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import type { Address } from '@/client/api/checkout';
import { openLogin, flashAfterReload } from '@/client/session';
import { FormAlert, Spinner, TextField, fieldErrors } from '@/client/form-fields';
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
    phone: a?.phone ?? '',
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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(address));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = address !== null;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const focusFirstError = (found: Record<string, string>) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (!first) return;
    window.setTimeout(() => {
      const el = form.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      el?.focus();
    }, 0);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const parsed = addressSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setBusy(true);
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
      flashAfterReload(answer.message ?? (editing ? cm.addressUpdated : cm.addressSaved));
      window.location.assign(BACK);
      return;
    }
    setBusy(false);
    if (answer.status === 401) {
      openLogin();
      return;
    }
    const found: Record<string, string> = {};
    for (const key of FIELD_ORDER) if (answer.fields[key]) found[key] = answer.fields[key];
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(found);
      return;
    }
    const message = answer.message ?? am.genericFailure;
    setAlert(message);
    showToast(message, 'error');
  };

  const field = (key: keyof Values) => `${id}-${key}`;

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="address-form">
      <FormAlert message={alert} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={field('name')}
          name="name"
          label={t.name}
          autoComplete="name"
          value={values.name}
          maxLength={120}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          id={field('phone')}
          name="phone"
          label={t.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phone}
          onChange={(e) => set('phone', digitsOnly(e.target.value, PHONE_MAX_DIGITS))}
          error={errors.phone}
          hint={t.phoneHint}
        />
        <TextField
          id={field('flat_building')}
          name="flat_building"
          label={t.flat}
          autoComplete="address-line2"
          value={values.flat_building}
          maxLength={200}
          onChange={(e) => set('flat_building', e.target.value)}
          error={errors.flat_building}
        />
        <TextField
          id={field('address')}
          name="address"
          label={t.address}
          placeholder={t.addressPlaceholder}
          autoComplete="address-line1"
          value={values.address}
          maxLength={200}
          onChange={(e) => set('address', e.target.value)}
          error={errors.address}
        />
        <TextField
          id={field('locality')}
          name="locality"
          label={t.locality}
          value={values.locality}
          maxLength={120}
          onChange={(e) => set('locality', e.target.value)}
          error={errors.locality}
        />
        <TextField
          id={field('land_mark')}
          name="land_mark"
          label={t.landmark}
          value={values.land_mark}
          maxLength={120}
          onChange={(e) => set('land_mark', e.target.value)}
          error={errors.land_mark}
        />
        <TextField
          id={field('city')}
          name="city"
          label={t.city}
          autoComplete="address-level2"
          value={values.city}
          maxLength={80}
          onChange={(e) => set('city', e.target.value)}
          error={errors.city}
        />
        <SelectField
          id={field('state')}
          name="state"
          label={t.state}
          placeholder={t.statePlaceholder}
          options={EMIRATES}
          optionLabels={checkoutTexts.values.emirates}
          value={values.state}
          onChange={(e) => set('state', e.target.value)}
          error={errors.state}
        />
        <TextField
          id={field('pincode')}
          name="pincode"
          label={t.poBox}
          inputMode="numeric"
          autoComplete="postal-code"
          value={values.pincode}
          onChange={(e) => set('pincode', digitsOnly(e.target.value, PO_BOX_MAX_DIGITS))}
          error={errors.pincode}
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
