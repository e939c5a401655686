// The business buyer at checkout (docs/product.md#address-selection, docs/decisions/0051-tax-invoices.md#the-business-buyer):
// a VAT-registered company's name and TRN for a full tax invoice in its name, started from the
// profile's business details; both or neither. The order keeps what is sent here.
import { TextField } from '@/client/form-fields';
import { businessBuyerTexts as t } from '@/domain/messages/invoices';
import { COMPANY_NAME_MAX, TRN_INPUT_MAX } from '@/domain/business-buyer';

export interface BusinessBuyerState {
  open: boolean;
  company: string;
  trn: string;
}

interface Props {
  value: BusinessBuyerState;
  errors: { company?: string | undefined; trn?: string | undefined };
  onChange: (value: BusinessBuyerState) => void;
}

export function BusinessBuyerFields({ value, errors, onChange }: Props) {
  return (
    <section className="rounded-2xl border border-ink-100 p-5" aria-labelledby="business-title" data-testid="business-buyer">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          checked={value.open}
          onChange={(e) => onChange({ ...value, open: e.target.checked })}
          aria-controls="business-fields"
          data-testid="business-toggle"
        />
        <span>
          <span id="business-title" className="block font-semibold text-ink-900">
            {t.legend}
          </span>
          <span className="mt-0.5 block text-sm text-ink-500">{t.hint}</span>
        </span>
      </label>
      <div id="business-fields" hidden={!value.open} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="buyer-company"
          name="buyer_company"
          label={t.companyName}
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX}
          value={value.company}
          error={errors.company}
          onChange={(e) => onChange({ ...value, company: e.target.value })}
        />
        <TextField
          id="buyer-trn"
          name="buyer_trn"
          label={t.trn}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.trnPlaceholder}
          maxLength={TRN_INPUT_MAX}
          value={value.trn}
          error={errors.trn}
          onChange={(e) => onChange({ ...value, trn: e.target.value })}
        />
      </div>
    </section>
  );
}
