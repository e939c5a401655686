// <coupon-box> (CouponBox.astro): the cart summary's coupon entry without React
// (docs/product.md#cart, #coupons, #messages). Editing the code clears the selection; a refusal
// shows the server's message and clears the field; an applied coupon the cart does not qualify
// for is one amber 'Not applicable' state with the reason the cart gives it (`problem`);
// 'Select coupon' loads the React popup on its first click (docs/decisions/0042-page-weight.md).
import { ScopedElement, defineElement } from '@/client/scoped-element';
import { OptionalPart, setAttr, setText } from '@/client/dom-parts';
import { showToast } from '@/client/toast';
import { $coupon, clearCoupon, couponCodeEdited, type Coupon } from '@/client/coupon.store';
import { couponTexts as t } from '@/domain/messages/coupon';
import { checkAndApplyCoupon } from './coupon.actions';
import { couponSummary } from './coupon-summary';

const buttonLook = {
  apply: 'btn-primary shrink-0 px-4',
  applied: 'btn-secondary shrink-0 px-4 !border-emerald-600 !text-emerald-700 !opacity-100',
  notApplicable: 'btn-secondary shrink-0 px-4 !border-amber-600 !bg-amber-50 !text-amber-900 !opacity-100',
};

interface CouponBoxParts {
  form: HTMLFormElement;
  input: HTMLInputElement;
  button: HTMLButtonElement;
  select: HTMLButtonElement;
  errorText: HTMLElement;
  appliedNote: HTMLElement;
  summary: HTMLElement;
  notApplicableNote: HTMLElement;
  problemText: HTMLElement;
  removes: HTMLButtonElement[];
  error: OptionalPart;
  applied: OptionalPart;
  notApplicable: OptionalPart;
}

export class CouponBox extends ScopedElement {
  #problem: string | null = null;
  #render: (() => void) | null = null;

  /** Why the applied coupon takes nothing off this cart, or null: set by the cart on each render. */
  get problem(): string | null {
    return this.#problem;
  }

  set problem(value: string | null) {
    if (value === this.#problem) return;
    this.#problem = value;
    this.#render?.();
  }

  #parts: CouponBoxParts | null = null;

  /** The box's parts, looked up once: the optional ones leave the document, and the box may be connected again. */
  private lookUp(): CouponBoxParts {
    const parts = {
      form: this.one<HTMLFormElement>('form'),
      input: this.one<HTMLInputElement>('[data-coupon-input]'),
      button: this.one<HTMLButtonElement>('[data-coupon-apply]'),
      select: this.one<HTMLButtonElement>('[data-coupon-select]'),
      errorText: this.one('[data-coupon-error]'),
      appliedNote: this.one('[data-coupon-applied-note]'),
      summary: this.one('[data-coupon-summary]'),
      notApplicableNote: this.one('[data-coupon-not-applicable-note]'),
      problemText: this.one('[data-coupon-problem]'),
      removes: this.all<HTMLButtonElement>('[data-coupon-remove]'),
    };
    return {
      ...parts,
      error: new OptionalPart(parts.errorText),
      applied: new OptionalPart(this.one('[data-coupon-applied]')),
      notApplicable: new OptionalPart(this.one('[data-coupon-not-applicable]')),
    };
  }

  protected connect(): void {
    const signedIn = this.hasAttribute('data-signed-in');
    this.#parts ??= this.lookUp();
    const { form, input, button, select, errorText, appliedNote, summary, notApplicableNote, problemText, removes } = this.#parts;
    const { error, applied, notApplicable } = this.#parts;

    let message: string | null = null;
    let busy = false;
    let shown: Coupon | null | undefined;

    const render = () => {
      const coupon = $coupon.get();
      // Applied or cleared elsewhere (another tab, an emptied cart): the field follows.
      if (coupon !== shown) {
        shown = coupon;
        if (coupon) input.value = coupon.code;
      }
      const amber = coupon !== null && this.#problem !== null;
      button.disabled = busy || coupon !== null;
      button.className = amber ? buttonLook.notApplicable : coupon ? buttonLook.applied : buttonLook.apply;
      setText(button, amber ? t.notApplicable : coupon ? t.applied : busy ? t.checking : t.apply);
      error.show(message !== null);
      setText(errorText, message ?? '');
      setAttr(input, 'aria-invalid', message !== null ? 'true' : null);
      setAttr(input, 'aria-describedby', message !== null ? errorText.id : null);
      applied.show(coupon !== null && !amber);
      notApplicable.show(amber);
      if (coupon) {
        setText(appliedNote, t.appliedNote(coupon.code));
        setText(summary, couponSummary(coupon));
        setText(notApplicableNote, t.notApplicableNote(coupon.code));
        setText(problemText, this.#problem ?? '');
      }
    };
    this.#render = render;
    this.onCleanup(() => (this.#render = null));

    const apply = async (value: string) => {
      busy = true;
      message = null;
      render();
      try {
        const result = await checkAndApplyCoupon(value, signedIn);
        if (result.ok) {
          input.value = result.coupon.code;
          showToast(result.message);
        } else {
          message = result.message;
          input.value = '';
          showToast(result.message, 'error');
        }
      } finally {
        busy = false;
        render();
      }
    };

    this.listen(form, 'submit', (event) => {
      event.preventDefault();
      if (!$coupon.get()) void apply(input.value);
    });
    this.listen(input, 'input', () => {
      message = null;
      couponCodeEdited(input.value);
      render();
    });
    for (const remove of removes) {
      this.listen(remove, 'click', () => {
        clearCoupon();
        input.value = '';
      });
    }
    this.listen(select, 'click', () => {
      void import('./coupon-picker.mount').then(({ openCouponPicker }) =>
        openCouponPicker((chosen) => {
          clearCoupon();
          input.value = chosen;
          void apply(chosen);
        }),
      );
    });
    this.onCleanup($coupon.listen(render));
    render();
  }
}

defineElement('coupon-box', CouponBox);
