// <cart-page> (CartPage.astro): fills the cart page's frame with the browser's cart
// (docs/product.md#cart), without React (docs/decisions/0042-page-weight.md): the lines with their
// steppers, what could not stay in the cart ('No longer available', with Move to wishlist and
// Remove), and the summary's totals (the one pricing module's, or the server's own figures when
// signed in: the same numbers). Rows are kept per product, so a step keeps the focus on its button.
import { ScopedElement } from '@/client/scoped-element';
import { OptionalPart, fromTemplate, setAttr, setText, syncRows } from '@/client/dom-parts';
import { showToast } from '@/client/toast';
import { rememberOpener, signInThenGoTo } from '@/client/session';
import { $cart, type CartLine } from '@/client/cart.store';
// Static: a dynamic import of it would make the shared chunk it lives in build a namespace object,
// which loads the bundler's runtime on every page.
import { toAddresses } from '@/client/api/checkout';
import { $coupon, couponTermsOf } from '@/client/coupon.store';
import { $setAside, dropSetAside, pruneSetAside, type SetAsideLine } from '@/client/set-aside.store';
import { CART_MAX_QUANTITY, CART_MAX_UNITS } from '@/domain/cart-rules';
import { cartMessages as cm, cartTexts as t } from '@/domain/messages/cart';
import { formatPrice, timesQuantity, ZERO_FILS } from '@/domain/money';
import { cardJpegSrcset } from '@/domain/product-photos';
import { cartTotals, shelfPrice, type CartTotals } from '@/domain/pricing';
import { couponProblem } from '@/features/coupon/coupon.actions';
import type { CouponBox } from '@/features/coupon/coupon-box';
import { removeProductFromCart, stepCartQuantity } from './cart.actions';
import { reconcileAccount } from './cart.session';
import { $serverCart, cartKey } from './server-totals';
import { refreshGuestCart } from './guest-refresh';

// Moving to the wishlist loads on the first click, not with the cart (docs/decisions/0042-page-weight.md).
const setAsideActions = () => import('./set-aside.actions');

/** What happened to a line that came into the cart only in part. */
function keptNote(note: SetAsideLine): string {
  if (note.reason === 'line-cap') return t.keptOfLineCap(note.kept, note.requested, CART_MAX_QUANTITY);
  if (note.reason === 'cart-cap') return t.keptOfCartCap(note.kept, note.requested, CART_MAX_UNITS);
  return t.keptOfStock(note.kept, note.requested);
}

/** Why a line is not in the cart at all. */
function setAsideReason(line: SetAsideLine): string {
  if (line.reason === 'unavailable') return t.setAsideGone;
  if (line.reason === 'cart-cap' || line.reason === 'line-cap') return t.setAsideCartCap(CART_MAX_UNITS);
  return t.setAsideOutOfStock;
}

/** One step of a line's stepper: the caps of one line and of the whole cart come first (docs/decisions/0013-order-holds.md). */
function step(line: CartLine, delta: 1 | -1): void {
  if (delta > 0 && line.quantity >= CART_MAX_QUANTITY && line.stock > line.quantity)
    return showToast(cm.lineCap(CART_MAX_QUANTITY), 'error');
  if (delta > 0 && $cart.get().reduce((n, i) => n + i.quantity, 0) >= CART_MAX_UNITS)
    return showToast(cm.orderCap(CART_MAX_UNITS), 'error');
  const outcome = stepCartQuantity(line.productId, delta, CART_MAX_QUANTITY);
  if (!outcome.changed && outcome.refused === 'stock') showToast(cm.quantityExceeded, 'error');
}

interface LineRow {
  row: HTMLElement;
  line: CartLine;
  links: HTMLAnchorElement[];
  image: HTMLImageElement;
  name: HTMLElement;
  colour: OptionalPart;
  colourName: HTMLElement;
  listPrice: OptionalPart;
  each: HTMLElement;
  outOfStock: OptionalPart;
  move: HTMLButtonElement;
  note: OptionalPart;
  noteText: HTMLElement;
  dismiss: HTMLButtonElement;
  stepper: HTMLElement;
  decrease: HTMLButtonElement;
  quantity: HTMLElement;
  increase: HTMLButtonElement;
  total: HTMLElement;
  remove: HTMLButtonElement;
}

interface SetAsideRow {
  row: HTMLElement;
  line: SetAsideLine;
  image: OptionalPart<HTMLImageElement>;
  goneName: OptionalPart;
  linkName: OptionalPart<HTMLAnchorElement>;
  colour: OptionalPart;
  colourName: HTMLElement;
  reason: HTMLElement;
  move: OptionalPart<HTMLButtonElement>;
  remove: HTMLButtonElement;
}

const part = <T extends Element = HTMLElement>(root: Element, selector: string): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`cart-page: no ${selector} in a template`);
  return found;
};

export class CartPageElement extends ScopedElement {
  protected connect(): void {
    const accountId = this.dataset.accountId ? Number(this.dataset.accountId) : null;
    const signedIn = accountId !== null;
    const loading = this.find('[data-loading]');
    const lineTemplate = this.one<HTMLTemplateElement>('template[data-line]');
    const setAsideLineTemplate = this.one<HTMLTemplateElement>('template[data-set-aside-line]');
    const filled = new OptionalPart(fromTemplate(this.one<HTMLTemplateElement>('template[data-filled]')), this);
    const empty = new OptionalPart(fromTemplate(this.one<HTMLTemplateElement>('template[data-empty]')), this);
    const setAsideSection = fromTemplate(this.one<HTMLTemplateElement>('template[data-set-aside]'));
    const setAsideList = part(setAsideSection, '[data-set-aside-lines]');
    // The filled frame's parts, kept while the frame comes and goes with the lines.
    const count = part(filled.element, '[data-count]');
    const table = part(filled.element, '[data-lines]');
    const header = part(filled.element, '[data-header]');
    const continueLink = part(filled.element, '[data-continue]');
    const summary = part(filled.element, '[data-summary]');
    const couponBox = part<CouponBox>(filled.element, 'coupon-box');
    const figure = (id: string) => part(filled.element, `[data-testid="${id}"]`);
    const [subtotal, discount, vat, total] = ['summary-subtotal', 'summary-discount', 'summary-vat', 'summary-total'].map(figure) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const signIn = filled.element.querySelector<HTMLButtonElement>('[data-sign-in-to-checkout]');
    const cashLink = filled.element.querySelector<HTMLElement>('[data-cash-on-delivery]');
    const cashOnDelivery = cashLink ? new OptionalPart(cashLink) : null;

    const lineRows = new Map<number, LineRow>();
    const setAsideRows = new Map<number, SetAsideRow>();

    const createLine = (line: CartLine): LineRow => {
      const row = fromTemplate(lineTemplate);
      const parts: LineRow = {
        row,
        line,
        links: [...row.querySelectorAll<HTMLAnchorElement>('[data-link]')],
        image: part(row, '[data-image]'),
        name: part(row, '[data-name]'),
        colourName: part(row, '[data-colour-name]'),
        colour: new OptionalPart(part(row, '[data-colour]')),
        listPrice: new OptionalPart(part(row, '[data-list-price]')),
        each: part(row, '[data-each]'),
        move: part(row, '[data-move]'),
        outOfStock: new OptionalPart(part(row, '[data-out-of-stock]')),
        noteText: part(row, '[data-note-text]'),
        dismiss: part(row, '[data-dismiss]'),
        note: new OptionalPart(part(row, '[data-note]')),
        stepper: part(row, '[data-stepper]'),
        decrease: part(row, '[data-decrease]'),
        quantity: part(row, '[data-quantity]'),
        increase: part(row, '[data-increase]'),
        total: part(row, '[data-total]'),
        remove: part(row, '[data-remove]'),
      };
      this.listen(parts.decrease, 'click', () => step(parts.line, -1));
      this.listen(parts.increase, 'click', () => step(parts.line, 1));
      this.listen(parts.remove, 'click', () => {
        void removeProductFromCart(parts.line.productId).then((result) => {
          if (result?.ok) showToast(result.message ?? cm.removed);
        });
      });
      this.listen(parts.move, 'click', () => {
        void setAsideActions()
          .then((actions) => actions.moveCartLineToWishlist(parts.line))
          .then((moved) => {
            if (moved) showToast(cm.movedToWishlist);
          });
      });
      this.listen(parts.dismiss, 'click', () => dropSetAside(parts.line.productId));
      return parts;
    };

    const updateLine = (parts: LineRow, line: CartLine, note: SetAsideLine | null) => {
      parts.line = line;
      const unit = shelfPrice(line.unitPrice, line.discount);
      const outOfStock = line.stock <= 0;
      const href = `/product/${line.productId}`;
      parts.row.dataset.productId = String(line.productId);
      for (const link of parts.links) setAttr(link, 'href', href);
      setAttr(parts.image, 'srcset', cardJpegSrcset(line.image));
      setAttr(parts.image, 'src', line.image);
      setText(parts.name, line.name);
      parts.colour.show(Boolean(line.color));
      setText(parts.colourName, line.color ?? '');
      parts.listPrice.show(line.discount > 0);
      setText(parts.listPrice.element, formatPrice(line.unitPrice));
      setText(parts.each, t.each(formatPrice(unit)));
      parts.outOfStock.show(outOfStock);
      setAttr(parts.move, 'aria-label', t.moveToWishlistNamed(line.name));
      parts.note.show(note !== null);
      setText(parts.noteText, note ? keptNote(note) : '');
      setAttr(parts.dismiss, 'aria-label', t.dismissNamed(line.name));
      setAttr(parts.stepper, 'aria-label', t.quantityOf(line.name));
      parts.decrease.disabled = line.quantity <= 1;
      setAttr(parts.decrease, 'aria-label', t.decrease(line.name));
      setText(parts.quantity, String(line.quantity));
      parts.increase.disabled = outOfStock;
      setAttr(parts.increase, 'aria-label', t.increase(line.name));
      setText(parts.total, formatPrice(timesQuantity(unit, line.quantity)));
      setAttr(parts.remove, 'aria-label', t.removeItem(line.name));
    };

    const createSetAside = (line: SetAsideLine): SetAsideRow => {
      const row = fromTemplate(setAsideLineTemplate);
      const parts: SetAsideRow = {
        row,
        line,
        image: new OptionalPart(part<HTMLImageElement>(row, '[data-image]')),
        goneName: new OptionalPart(part(row, '[data-gone-name]')),
        linkName: new OptionalPart(part<HTMLAnchorElement>(row, '[data-link-name]')),
        colourName: part(row, '[data-colour-name]'),
        colour: new OptionalPart(part(row, '[data-colour]')),
        reason: part(row, '[data-reason]'),
        move: new OptionalPart(part<HTMLButtonElement>(row, '[data-move]')),
        remove: part(row, '[data-remove]'),
      };
      this.listen(parts.move.element, 'click', () => {
        void setAsideActions()
          .then((actions) => actions.moveSetAsideToWishlist(parts.line))
          .then((moved) => {
            if (moved) showToast(cm.movedToWishlist);
          });
      });
      this.listen(parts.remove, 'click', () => dropSetAside(parts.line.productId));
      return parts;
    };

    const updateSetAside = (parts: SetAsideRow, line: SetAsideLine) => {
      parts.line = line;
      const gone = line.reason === 'unavailable';
      parts.row.dataset.productId = String(line.productId);
      parts.row.dataset.reason = line.reason;
      parts.image.show(line.image !== '');
      setAttr(parts.image.element, 'srcset', cardJpegSrcset(line.image));
      setAttr(parts.image.element, 'src', line.image || null);
      parts.goneName.show(gone);
      parts.linkName.show(!gone);
      setText(parts.goneName.element, line.name);
      setText(parts.linkName.element, line.name);
      setAttr(parts.linkName.element, 'href', `/product/${line.productId}`);
      parts.colour.show(Boolean(line.color));
      setText(parts.colourName, line.color ?? '');
      setText(parts.reason, setAsideReason(line));
      parts.move.show(!gone);
      setAttr(parts.move.element, 'aria-label', t.moveToWishlistNamed(line.name));
      setAttr(parts.remove, 'aria-label', t.removeSetAside(line.name));
    };

    let cashAllowed = false;
    const render = () => {
      const lines = $cart.get();
      const aside = $setAside.get();
      const coupon = $coupon.get();
      const server = $serverCart.get();
      loading?.remove();

      // What was set aside stays in sight until its product is in the cart again (or its line is gone).
      const inCart = new Set(lines.map((l) => l.productId));
      const notIn = aside.filter((l) => l.kept === 0 && !inCart.has(l.productId));
      const notes = new Map(aside.filter((l) => l.kept > 0 && inCart.has(l.productId)).map((l) => [l.productId, l]));

      syncRows(setAsideList, null, setAsideRows, notIn, (l) => l.productId, createSetAside, updateSetAside);
      filled.show(lines.length > 0);
      empty.show(lines.length === 0);
      if (notIn.length === 0) setAsideSection.remove();
      else if (lines.length === 0) {
        if (empty.element.previousElementSibling !== setAsideSection) empty.element.before(setAsideSection);
      } else if (continueLink.previousElementSibling !== setAsideSection) continueLink.before(setAsideSection);
      if (lines.length === 0) {
        syncRows(
          table,
          header,
          lineRows,
          [],
          (l: CartLine) => l.productId,
          createLine,
          () => {},
        );
        return;
      }

      setText(count, t.items(lines.length));
      syncRows(
        table,
        header,
        lineRows,
        lines,
        (l) => l.productId,
        createLine,
        (row, line) => updateLine(row, line, notes.get(line.productId) ?? null),
      );

      const now = new Date();
      const priced = lines.map((l) => ({ unitPrice: l.unitPrice, discount: l.discount, quantity: l.quantity }));
      const local = cartTotals(priced, coupon ? couponTermsOf(coupon) : null, now);
      // Signed in, the server's figures for this very cart and coupon; while a change is on its way,
      // the same module's figures from the local cart.
      const fromServer = signedIn && server !== null && server.key === cartKey(lines, coupon?.code ?? null) ? server : null;
      const totals: Pick<CartTotals, 'subtotal' | 'discount' | 'vat' | 'grandTotal'> = fromServer ?? local;
      couponBox.problem = coupon ? (fromServer ? fromServer.couponError : couponProblem(coupon, local, now)) : null;
      summary.dataset.totalsSource = fromServer ? 'server' : 'local';
      setText(subtotal, formatPrice(totals.subtotal));
      setText(discount, totals.discount > 0 ? `− ${formatPrice(totals.discount)}` : formatPrice(ZERO_FILS));
      setText(vat, formatPrice(totals.vat));
      setText(total, formatPrice(totals.grandTotal));
      cashOnDelivery?.show(cashAllowed);
    };

    // One render per batch of store changes (a server answer sets the cart and its totals together).
    let queued = false;
    const schedule = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        if (this.isConnected) render();
      });
    };
    for (const store of [$cart, $setAside, $coupon, $serverCart]) this.onCleanup(store.listen(schedule));
    // What was set aside for a product back in the cart goes (docs/decisions/0030-nothing-vanishes-and-coupon-states.md).
    const prune = () => pruneSetAside(new Set($cart.get().map((l) => l.productId)));
    this.onCleanup($cart.listen(prune));
    prune();
    render();

    this.listen(signIn, 'click', (event) => {
      rememberOpener(event.currentTarget as Element);
      // Signed in, the shopper goes on to where this button leads (docs/product.md#after-sign-in).
      signInThenGoTo('/cart/checkout-details');
    });

    void reconcileAccount(accountId).then((id) => {
      if (id === null) void refreshGuestCart();
    });
    // Cash on delivery needs a default address (docs/decisions/0020-orders-stock-and-payment.md):
    // until the address list answers, the button stays hidden.
    if (signedIn) {
      void Promise.all([import('@/client/api-client'), import('@/client/api/endpoints.gen')]).then(async ([{ call }, { endpoints }]) => {
        const answer = await call(endpoints.addresses.list);
        if (!answer.ok || !answer.data || !this.isConnected) return;
        cashAllowed = toAddresses(answer.data).some((a) => a.isDefault);
        schedule();
      });
    }
  }
}
