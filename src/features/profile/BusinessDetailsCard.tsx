// 'Business details' (docs/product.md#profile, docs/decisions/0051-tax-invoices.md#the-business-buyer): a
// VAT-registered buyer's company name and TRN, both or neither, read-only until Edit; checkout starts
// from them, and each order keeps its own copy.
import { useId, useRef, useState } from 'react';
import { accountMessages as am } from '@/domain/messages/accounts';
import { businessBuyerMessages as bm, businessBuyerTexts as bt } from '@/domain/messages/invoices';
import { showToast } from '@/client/toast';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { COMPANY_NAME_MAX, TRN_INPUT_MAX, type BusinessBuyer } from '@/domain/business-buyer';
import { ProfileCard, SaveButton } from './ProfileCard';
import { profileTexts as t } from '@/domain/messages/profile';

export default function BusinessDetailsCard({ business }: { business: BusinessBuyer | null }) {
  const id = useId();
  const [saved, setSaved] = useState(business);
  const [editing, setEditing] = useState(false);
  const valuesOf = (b: BusinessBuyer | null) => ({ company_name: b?.company ?? '', company_trn: b?.trn ?? '' });
  const form = useZodForm({
    // zod loads on the form's first focus or input (docs/decisions/0042-page-weight.md).
    schema: { load: () => import('@/domain/business-buyer-schema').then((m) => m.businessBuyerSchema), failed: am.genericFailure },
    initial: valuesOf(business),
  });
  const companyInput = useRef<HTMLInputElement>(null);

  const toggle = () => {
    form.reset(valuesOf(saved));
    setEditing(!editing);
    if (!editing) window.setTimeout(() => companyInput.current?.focus(), 0);
  };

  const submit = form.submit(async (parsed) => {
    const answer = await call(endpoints.accounts.updateBusinessDetails, { body: parsed.data });
    if (answer.ok && answer.data) {
      const kept =
        answer.data.company_name && answer.data.company_trn ? { company: answer.data.company_name, trn: answer.data.company_trn } : null;
      setSaved(kept);
      form.reset(valuesOf(kept));
      setEditing(false);
      showToast(answer.message ?? bm.saved);
      return;
    }
    if (form.showServerErrors(answer)) return;
    showToast(am.genericFailure, 'error');
  });

  return (
    <ProfileCard titleId={`${id}-title`} title={t.business.title} intro={t.business.intro} editing={editing} onToggle={toggle}>
      <form
        onSubmit={(event) => (editing ? submit(event) : event.preventDefault())}
        noValidate
        className="flex flex-col gap-5"
        data-testid="business-details"
      >
        <TextField
          readOnly={!editing}
          ref={companyInput}
          id={`${id}-company`}
          label={bt.companyName}
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX}
          {...form.text('company_name')}
        />
        <TextField
          readOnly={!editing}
          id={`${id}-trn`}
          label={bt.trn}
          inputMode="numeric"
          autoComplete="off"
          placeholder={editing ? bt.trnPlaceholder : undefined}
          maxLength={TRN_INPUT_MAX}
          {...form.text('company_trn')}
        />
        {editing && <SaveButton busy={form.busy} />}
      </form>
    </ProfileCard>
  );
}
