// <wishlist-page> (WishlistPage.astro): fills the wishlist page's frame with the browser's
// wishlist (docs/product.md#wishlist), without React (docs/decisions/0042-page-weight.md). Rows
// are kept per product; Move to cart says in its row why a product did not move.
import { ScopedElement } from '@/client/scoped-element';
import { OptionalPart, fromTemplate, setAttr, setText, syncRows } from '@/client/dom-parts';
import { showToast } from '@/client/toast';
import { $wishlist, type WishlistItem } from '@/client/wishlist.store';
import { cartMessages } from '@/domain/messages/cart';
import { wishlistTexts as t } from '@/domain/messages/wishlist';
import { formatPrice } from '@/domain/money';
import { cardJpegSrcset } from '@/domain/product-photos';
import { shelfPrice } from '@/domain/pricing';
import { reconcileAccount } from '@/features/cart/cart.session';
import { refreshGuestWishlist } from './guest-refresh';
import type { MoveToCartResult } from './wishlist.actions';

// The row actions load on the first click, not with the page (docs/decisions/0042-page-weight.md).
const actions = () => import('./wishlist.actions');

// Only a plain hex colour goes into a style attribute.
const safeHex = (hex: string | null | undefined): string | null => (hex && /^#[0-9a-f]{3,8}$/i.test(hex) ? hex : null);

/** Why Move to cart did not move the product, said in its row (a toast alone is gone in a second). */
const refusals: Partial<Record<MoveToCartResult, string>> = {
  'out-of-stock': cartMessages.outOfStock,
  missing: cartMessages.productMissing,
  failed: cartMessages.syncFailed,
};

interface ItemRow {
  row: HTMLElement;
  item: WishlistItem;
  moving: boolean;
  refused: string | null;
  links: HTMLAnchorElement[];
  image: HTMLImageElement;
  name: HTMLElement;
  swatch: OptionalPart;
  colour: OptionalPart;
  colourName: HTMLElement;
  noColour: OptionalPart;
  listPrice: OptionalPart;
  price: HTMLElement;
  move: HTMLButtonElement;
  go: HTMLAnchorElement;
  remove: HTMLButtonElement;
  refusal: OptionalPart;
}

const part = <T extends Element = HTMLElement>(root: Element, selector: string): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`wishlist-page: no ${selector} in a template`);
  return found;
};

function updateRow(parts: ItemRow, item: WishlistItem): void {
  parts.item = item;
  const hex = safeHex(item.colorHex);
  const soldOut = item.stock !== undefined && item.stock <= 0;
  const refusalId = `wishlist-${item.id}-stock`;
  parts.row.dataset.productId = String(item.id);
  for (const link of parts.links) setAttr(link, 'href', `/product/${item.id}`);
  setAttr(parts.image, 'srcset', cardJpegSrcset(item.image));
  setAttr(parts.image, 'src', item.image);
  setText(parts.name, item.name);
  parts.swatch.show(Boolean(item.color) && hex !== null);
  parts.swatch.element.style.backgroundColor = hex ?? '';
  parts.colour.show(Boolean(item.color));
  setText(parts.colourName, item.color ?? '');
  parts.noColour.show(!item.color);
  parts.listPrice.show(item.discount > 0);
  setText(parts.listPrice.element, formatPrice(item.unitPrice));
  setText(parts.price, formatPrice(shelfPrice(item.unitPrice, item.discount)));
  parts.move.disabled = parts.moving;
  setText(parts.move, parts.moving ? t.moving : t.moveToCart);
  setAttr(parts.move, 'aria-label', t.moveToCartNamed(item.name));
  setAttr(parts.move, 'aria-describedby', parts.refused || soldOut ? refusalId : null);
  setAttr(parts.go, 'aria-label', t.goToProductNamed(item.name));
  setAttr(parts.remove, 'aria-label', t.removeItem(item.name));
  parts.refusal.show(parts.refused !== null || soldOut);
  parts.refusal.element.id = refusalId;
  setText(parts.refusal.element, parts.refused ?? t.outOfStock);
}

export class WishlistPageElement extends ScopedElement {
  protected connect(): void {
    const accountId = this.dataset.accountId ? Number(this.dataset.accountId) : null;
    const loading = this.find('[data-loading]');
    const lineTemplate = this.one<HTMLTemplateElement>('template[data-line]');
    const filled = new OptionalPart(fromTemplate(this.one<HTMLTemplateElement>('template[data-filled]')), this);
    const empty = new OptionalPart(fromTemplate(this.one<HTMLTemplateElement>('template[data-empty]')), this);
    const count = part(filled.element, '[data-count]');
    const table = part(filled.element, '[data-lines]');
    const header = part(filled.element, '[data-header]');
    const rows = new Map<number, ItemRow>();

    const moveToCart = async (parts: ItemRow) => {
      if (parts.moving) return;
      parts.moving = true;
      parts.refused = null;
      updateRow(parts, parts.item);
      try {
        const result = await (await actions()).moveWishlistItemToCart(parts.item);
        const refused = refusals[result];
        if (refused) {
          parts.refused = refused;
          // A signed-in refusal has already said why (and rolled back).
          if (result !== 'failed') showToast(refused, 'error');
        } else showToast(result === 'moved' ? cartMessages.movedToCart : cartMessages.alreadyInCartMoved);
      } finally {
        parts.moving = false;
        updateRow(parts, parts.item);
      }
    };

    const createRow = (item: WishlistItem): ItemRow => {
      const row = fromTemplate(lineTemplate);
      const parts: ItemRow = {
        row,
        item,
        moving: false,
        refused: null,
        links: [...row.querySelectorAll<HTMLAnchorElement>('[data-link]')],
        image: part(row, '[data-image]'),
        name: part(row, '[data-name]'),
        swatch: new OptionalPart(part(row, '[data-swatch]')),
        colourName: part(row, '[data-colour-name]'),
        colour: new OptionalPart(part(row, '[data-colour]')),
        noColour: new OptionalPart(part(row, '[data-no-colour]')),
        listPrice: new OptionalPart(part(row, '[data-list-price]')),
        price: part(row, '[data-price]'),
        move: part(row, '[data-move]'),
        go: part(row, '[data-go]'),
        remove: part(row, '[data-remove]'),
        refusal: new OptionalPart(part(row, '[data-refusal]')),
      };
      this.listen(parts.move, 'click', () => void moveToCart(parts));
      this.listen(parts.remove, 'click', () => {
        void actions()
          .then((a) => a.removeProductFromWishlist(parts.item.id))
          .then((result) => {
            if (result?.ok) showToast(result.message ?? cartMessages.wishlistRemoved);
          });
      });
      return parts;
    };

    const render = () => {
      const items = $wishlist.get();
      loading?.remove();
      filled.show(items.length > 0);
      empty.show(items.length === 0);
      setText(count, t.items(items.length));
      syncRows(table, header, rows, items, (i) => i.id, createRow, updateRow);
    };
    this.onCleanup($wishlist.listen(render));
    render();

    void reconcileAccount(accountId).then((id) => {
      if (id === null) void refreshGuestWishlist();
    });
  }
}
