// The limited-time offer banner (docs/decisions/0050-home-blocks.md): title, the line under it, the
// coupon code (an existing coupon, running while the banner is shown: the server says which) and
// whether it is shown.
import { useId, useState } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toHomeModel, type HomeModel } from '@/client/api/admin-home';
import { CheckboxField, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { HOME_OFFER_SUBTITLE_MAX, HOME_OFFER_TITLE_MAX, homeOfferFields } from '@/domain/home-blocks';
import { COUPON_CODE_MAX } from '@/domain/cart-rules';
import { adminHomeTexts as t } from '@/domain/messages/admin-home';
import { SectionFrame, idleSection, type SectionState } from './SectionFrame';

const FIELDS = ['title', 'sub_title', 'code'] as const;

export function OfferSection({ initial, version: initialVersion }: { initial: HomeModel['offer']; version: number }) {
  const id = useId();
  const [version, setVersion] = useState(initialVersion);
  const [saved, setSaved] = useState<SectionState>(idleSection);
  const form = useZodForm({
    schema: homeOfferFields,
    initial: () => ({
      title: initial?.title ?? '',
      sub_title: initial?.subTitle ?? '',
      code: initial?.code ?? '',
      active: initial?.active ?? false,
    }),
    focusOrder: [...FIELDS],
  });
  const { values, busy, formError, attach } = form;
  const field = (name: (typeof FIELDS)[number]) => {
    const { error, ...input } = form.text(name);
    return { id: `${id}-${name}`, error, onBlur: () => form.validate(name), ...input };
  };

  const onSubmit = form.submit(async ({ data }) => {
    setSaved(idleSection);
    const answer = await call(endpoints.adminHome.saveOffer, { body: { ...data, version } });
    if (answer.ok && answer.data) {
      const home = toHomeModel(answer.data);
      setVersion(home.versions.offer);
      setSaved({ ...idleSection, status: answer.message });
      return;
    }
    setSaved({ ...idleSection, stale: answer.status === 409 });
    form.setFormError(form.showServerErrors(answer, [...FIELDS]) ? t.fixErrors : (answer.message ?? t.failed));
  });

  return (
    <SectionFrame section="offer" state={{ ...saved, busy, formError }} onSubmit={onSubmit}>
      <div ref={(node) => attach(node?.closest('form') ?? null)} className="grid gap-4 md:grid-cols-2">
        <TextField label={t.offerTitle} maxLength={HOME_OFFER_TITLE_MAX + 20} {...field('title')} />
        <TextField label={t.offerSubtitle} maxLength={HOME_OFFER_SUBTITLE_MAX + 20} {...field('sub_title')} />
        <TextField
          label={t.offerCode}
          maxLength={COUPON_CODE_MAX}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          hint={t.offerCodeHint}
          {...field('code')}
        />
        <CheckboxField
          id={`${id}-active`}
          label={t.offerActive}
          hint={t.offerActiveHint}
          checked={values.active}
          onChange={(checked) => form.set('active', checked)}
          className="md:pt-7"
        />
      </div>
    </SectionFrame>
  );
}
