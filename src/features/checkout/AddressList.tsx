// The saved addresses, the default first (docs/product.md#address-selection, #behaviour): each is a radio that makes it
// the default (exactly one is), with its type, name, phone, the address on one line, Edit and
// Remove. Failures are only logged (docs/product.md#messages); the list goes back to what it was.
import { useState } from 'react';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toAddresses, type Address } from '@/client/api/checkout';
import { StrokeIcon } from '@/client/StrokeIcon';
import { checkoutMessages as cm, checkoutTexts } from '@/domain/messages/checkout';
import { displayPhone } from '@/domain/phone-text';
import { joinedAddress } from './checkout.types';

const t = checkoutTexts.addresses;

function TypeIcon({ type }: { type: string }) {
  const path =
    type === 'Home'
      ? 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z'
      : type === 'Work'
        ? 'M4 7h16v13H4zM9 7V4h6v3M4 12h16'
        : 'M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z';
  return <StrokeIcon path={path} className="h-3.5 w-3.5" />;
}

/** The default first, then as the server listed them. */
function ordered(list: Address[]): Address[] {
  return [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

export function AddressList({ addresses, onChange }: { addresses: Address[]; onChange: (next: Address[]) => void }) {
  const [pending, setPending] = useState<{ id: number; action: 'default' | 'remove' } | null>(null);

  const makeDefault = async (address: Address) => {
    if (address.isDefault || pending !== null) return;
    const before = addresses;
    // At once on screen; the server's list (the default first) replaces it when it answers.
    onChange(addresses.map((a) => ({ ...a, isDefault: a.id === address.id })));
    setPending({ id: address.id, action: 'default' });
    const answer = await call(endpoints.addresses.makeDefault, { body: { address_id: address.id } });
    setPending(null);
    if (answer.ok && answer.data) {
      onChange(ordered(toAddresses(answer.data)));
      return;
    }
    console.error('Changing the default address failed', answer.status, answer.message);
    onChange(before);
  };

  const remove = async (address: Address) => {
    if (pending !== null) return;
    setPending({ id: address.id, action: 'remove' });
    const answer = await call(endpoints.addresses.remove, { body: { address_id: address.id } });
    setPending(null);
    if (answer.ok && answer.data) {
      onChange(ordered(toAddresses(answer.data)));
      showToast(answer.message ?? cm.addressRemoved);
      return;
    }
    console.error('Removing the address failed', answer.status, answer.message);
  };

  if (addresses.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-ink-300 bg-ink-50 px-4 py-6 text-center text-sm text-ink-500"
        data-testid="no-address"
      >
        {t.none}
      </p>
    );
  }

  return (
    <ul className="flex flex-col gap-3" aria-label={t.listLabel} data-testid="address-list">
      {addresses.map((a) => {
        const chosen = a.isDefault;
        const inputId = `address-${a.id}`;
        return (
          <li
            key={a.id}
            className={`rounded-xl border p-4 transition sm:p-5 ${chosen ? 'border-brand-600 bg-brand-50/40 ring-1 ring-brand-600' : 'border-ink-100 bg-white hover:border-ink-300'}`}
            data-testid="address-card"
            data-default={chosen ? '' : undefined}
          >
            <div className="flex items-start gap-3">
              <input
                id={inputId}
                type="radio"
                name="default-address"
                checked={chosen}
                disabled={pending !== null && pending.id !== a.id}
                onChange={() => void makeDefault(a)}
                aria-label={t.makeDefault(a.name)}
                className="mt-1 h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
              />
              <label htmlFor={inputId} className="min-w-0 flex-1 cursor-pointer">
                <span className="flex flex-wrap items-center gap-2">
                  <span
                    className="inline-flex items-center gap-1 rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700"
                    data-testid="address-type"
                  >
                    <TypeIcon type={a.addressType} />
                    {checkoutTexts.values.addressTypes[a.addressType] ?? a.addressType}
                  </span>
                  {chosen && (
                    <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">{t.defaultBadge}</span>
                  )}
                </span>
                <span className="mt-2 block font-semibold text-ink-900" data-testid="address-name">
                  {a.name}
                </span>
                <span className="mt-0.5 block text-sm text-ink-700" data-testid="address-text">
                  {joinedAddress(a)}
                </span>
                <span className="mt-0.5 block text-sm text-ink-500">
                  {t.phone}:{' '}
                  <span className="text-ink-700" data-testid="address-phone">
                    {displayPhone(a.phone)}
                  </span>
                </span>
              </label>
            </div>
            <div className="mt-3 flex gap-2 ps-8">
              <a
                href={`/cart/save-address/${a.id}`}
                className="inline-flex h-9 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold text-ink-900 hover:border-ink-500"
                aria-label={t.editOf(a.name)}
              >
                {t.edit}
              </a>
              <button
                type="button"
                onClick={() => void remove(a)}
                disabled={pending !== null}
                className="inline-flex h-9 items-center rounded-md px-3 text-sm font-semibold text-red-600 hover:bg-red-50 disabled:opacity-50"
                aria-label={t.removeOf(a.name)}
              >
                {pending?.id === a.id && pending.action === 'remove' ? t.removing : t.remove}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
