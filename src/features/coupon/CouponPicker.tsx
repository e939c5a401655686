// The 'Select coupon' popup (docs/product.md#cart): coupons in force, searchable by code and
// paged; the pager shows only when there is more than one page (more than 5 coupons).
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '@/client/Modal';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toCoupon } from '@/client/api/cart';
import type { Coupon } from '@/client/api/cart.model';
import { COUPON_CODE_MAX } from '@/domain/cart-rules';
import { formatPrice } from '@/domain/money';
import { pageNumbers } from '@/domain/pager';
import { couponTexts as t } from '@/domain/messages/coupon';
import { couponSummary } from './coupon-summary';

interface CouponPage {
  coupons: Coupon[];
  page: number;
  lastPage: number;
}

const dateFormat = new Intl.DateTimeFormat('en-AE', { day: 'numeric', month: 'short', year: 'numeric' });

function usePortalHost(): HTMLElement {
  // A container of its own under <body>: the dialog makes the rest of the page inert. It is in
  // the document before any effect of the dialog runs (the dialog moves the focus in).
  const [host] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    document.body.append(host);
    return () => host.remove();
  }, [host]);
  return host;
}

export function CouponPicker({ onChoose, onClose }: { onChoose: (code: string) => void; onClose: () => void }) {
  const host = usePortalHost();
  const searchId = useId();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1 });
  const [result, setResult] = useState<CouponPage | null>(null);
  // The query the last answer was for: a newer query is loading.
  const [answered, setAnswered] = useState<{ query: typeof query; failed: boolean } | null>(null);
  const state = answered === null || answered.query !== query ? 'loading' : answered.failed ? 'failed' : 'ready';

  // Typing waits a moment before searching, and a new search starts from page 1.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.keyword === keyword.trim() ? q : { keyword: keyword.trim(), page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [keyword]);

  useEffect(() => {
    let current = true;
    void call(endpoints.coupons.list, { query: { page: query.page, keyword: query.keyword || undefined } }).then((answer) => {
      if (!current) return;
      const page = answer.ok ? answer.data : null;
      if (!page || !Array.isArray(page.data)) {
        setAnswered({ query, failed: true });
        return;
      }
      setResult({
        coupons: page.data.map(toCoupon),
        page: page.current_page || query.page,
        lastPage: Math.max(1, page.last_page || 1),
      });
      setAnswered({ query, failed: false });
    });
    return () => {
      current = false;
    };
  }, [query]);

  const goTo = (page: number) => setQuery((q) => ({ ...q, page }));
  return createPortal(
    <Modal title={t.popupTitle} onClose={onClose} testId="coupon-picker">
      <label htmlFor={searchId} className="sr-only">
        {t.search}
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 24 24"
          className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
        <input
          id={searchId}
          type="search"
          value={keyword}
          maxLength={COUPON_CODE_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          className="block w-full rounded-md border border-ink-300 py-2.5 ps-9 pe-3 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
        />
      </div>
      <div className="mt-4 min-h-40" aria-busy={state === 'loading'}>
        {state === 'failed' && (
          <p role="alert" className="py-6 text-center text-sm text-red-700">
            {t.failed}
          </p>
        )}
        {state !== 'failed' && result === null && <p className="py-6 text-center text-sm text-ink-500">{t.loading}</p>}
        {state !== 'failed' && result !== null && result.coupons.length === 0 && (
          <p className="py-6 text-center text-sm text-ink-500">{t.none}</p>
        )}
        {state !== 'failed' && result !== null && result.coupons.length > 0 && (
          <ul className={`flex flex-col gap-2 transition-opacity ${state === 'loading' ? 'opacity-60' : ''}`} data-testid="coupon-list">
            {result.coupons.map((c) => (
              <li
                key={c.id}
                className="flex items-center gap-3 rounded-lg border border-dashed border-brand-500/60 bg-brand-50/60 p-3"
                data-testid="coupon-option"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-mono text-sm font-bold tracking-wide text-ink-900">{c.code}</p>
                  <p className="text-sm font-medium text-brand-700">{couponSummary(c)}</p>
                  <p className="mt-0.5 text-xs text-ink-500">
                    {c.minAmount > 0 ? t.minimum(formatPrice(c.minAmount)) : t.noMinimum} ·{' '}
                    {t.validUntil(dateFormat.format(new Date(c.endDate)))}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onChoose(c.code)}
                  className="btn-primary shrink-0 px-4 py-2"
                  aria-label={t.chooseCode(c.code)}
                >
                  {t.choose}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {result !== null && result.lastPage > 1 && (
        <nav className="mt-4 flex items-center justify-center gap-1" aria-label={t.pager} data-testid="coupon-pager">
          <button
            type="button"
            onClick={() => goTo(result.page - 1)}
            disabled={result.page <= 1}
            className="h-9 rounded-md border border-ink-300 px-3 text-sm disabled:border-ink-100 disabled:text-ink-300"
          >
            {t.previous}
          </button>
          {pageNumbers(result.page, result.lastPage, 5).map((n) => (
            <button
              key={n}
              type="button"
              onClick={() => goTo(n)}
              aria-current={n === result.page ? 'page' : undefined}
              aria-label={t.page(n)}
              className={`h-9 min-w-9 rounded-md px-2 text-sm ${n === result.page ? 'bg-brand-700 font-bold text-white' : 'border border-ink-300 hover:border-brand-600'}`}
            >
              {n}
            </button>
          ))}
          <button
            type="button"
            onClick={() => goTo(result.page + 1)}
            disabled={result.page >= result.lastPage}
            className="h-9 rounded-md border border-ink-300 px-3 text-sm disabled:border-ink-100 disabled:text-ink-300"
          >
            {t.next}
          </button>
        </nav>
      )}
    </Modal>,
    host,
  );
}
