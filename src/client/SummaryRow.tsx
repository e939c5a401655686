// One line of an order summary (subtotal, discount, VAT, total): the cart, checkout details and
// payment pages show the same rows; `strong` is the total.
export function SummaryRow({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-ink-100 pt-3 text-base font-bold text-ink-900' : 'text-sm text-ink-700'}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
