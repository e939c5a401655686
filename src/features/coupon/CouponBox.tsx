// The coupon entry of the cart summary (docs/product.md#cart, #coupons, #validation, #messages): at most 20 characters;
// Apply reads 'Applied' once applied; an applied coupon this cart does not qualify for is one
// amber 'Not applicable' state with the reason, never 'Applied' beside a zero discount; editing
// the code clears the selection; a refusal shows the server's message and clears the field;
// 'Select coupon' opens the list.
import { lazy, Suspense, useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { showToast } from '@/client/toast';
import { COUPON_CODE_MAX } from '@/domain/cart-rules';
import { $coupon, clearCoupon, couponCodeEdited } from '@/client/coupon.store';
import { checkAndApplyCoupon } from './coupon.actions';
import { couponSummary } from './coupon-summary';
import { couponTexts as t } from '@/domain/messages/coupon';

// The popup loads when first opened, not with the cart (docs/decisions/0042-page-weight.md).
const CouponPicker = lazy(() => import('./CouponPicker').then((module) => ({ default: module.CouponPicker })));

export function CouponBox({ signedIn, problem }: { signedIn: boolean; problem: string | null }) {
  const applied = useStore($coupon);
  const inputId = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);

  // Applied or cleared elsewhere (another tab, an emptied cart): the field follows.
  const [shown, setShown] = useState(applied);
  if (applied !== shown) {
    setShown(applied);
    if (applied) setCode(applied.code);
  }

  const apply = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await checkAndApplyCoupon(value, signedIn);
      if (result.ok) {
        setCode(result.coupon.code);
        showToast(result.message);
      } else {
        setError(result.message);
        setCode('');
        showToast(result.message, 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  // Applied, but the cart does not qualify (under the minimum, expired): nothing is taken off.
  const notApplicable = applied !== null && problem !== null;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!applied) void apply(code);
  };

  return (
    <div className="border-b border-ink-100 pb-5">
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink-700">
          {t.label}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={code}
            maxLength={COUPON_CODE_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t.placeholder}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
              couponCodeEdited(e.target.value);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="block w-full min-w-0 rounded-md border border-ink-300 px-3 py-2.5 font-mono text-sm tracking-wide uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none aria-[invalid=true]:border-red-500"
          />
          <button
            type="submit"
            disabled={busy || applied !== null}
            className={`shrink-0 px-4 ${
              notApplicable
                ? 'btn-secondary !border-amber-600 !bg-amber-50 !text-amber-900 !opacity-100'
                : applied
                  ? 'btn-secondary !border-emerald-600 !text-emerald-700 !opacity-100'
                  : 'btn-primary'
            }`}
          >
            {notApplicable ? t.notApplicable : applied ? t.applied : busy ? t.checking : t.apply}
          </button>
        </div>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm text-red-600" data-testid="coupon-error">
            {error}
          </p>
        )}
      </form>
      {applied && (
        <div
          className={`mt-2.5 flex items-start justify-between gap-3 text-sm ${
            notApplicable ? 'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900' : ''
          }`}
          data-testid={notApplicable ? 'coupon-not-applicable' : 'coupon-applied'}
          role="status"
        >
          {notApplicable ? (
            <p>
              <span className="font-semibold">{t.notApplicableNote(applied.code)}</span>
              <span className="block" data-testid="coupon-problem">
                {problem}
              </span>
            </p>
          ) : (
            <p className="text-emerald-700">
              <span className="font-semibold">{t.appliedNote(applied.code)}</span>
              <span className="block text-xs text-ink-500">{couponSummary(applied)}</span>
            </p>
          )}
          <button
            type="button"
            onClick={() => {
              clearCoupon();
              setCode('');
            }}
            className={`shrink-0 text-xs font-semibold underline ${notApplicable ? 'text-amber-900 hover:text-ink-900' : 'text-ink-500 hover:text-ink-900'}`}
          >
            {t.remove}
          </button>
        </div>
      )}
      <button
        type="button"
        onClick={() => setPicking(true)}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M3 9V6a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v3a3 3 0 0 0 0 6v3a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-3a3 3 0 0 0 0-6z" />
          <path d="M9 5v14" strokeDasharray="2 2" />
        </svg>
        {t.select}
      </button>
      {picking && (
        <Suspense fallback={null}>
          <CouponPicker
            onClose={() => setPicking(false)}
            onChoose={(chosen) => {
              setPicking(false);
              clearCoupon();
              setCode(chosen);
              void apply(chosen);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
