// Turns a product seed into the text the shop shows: description and specification HTML,
// meta fields and image links. Shared by the hand-written catalog and the generator.
import { formatPrice, type Fils } from '../../domain/money';
import { shelfPrice } from '../../domain/pricing';
import { BRAND_BY_SLUG, COLOURS, type Kind, type ProductSeed } from './catalog-data';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export function formatKg(kg: number): string {
  return `${Number.isInteger(kg) ? kg.toLocaleString('en-US') : kg.toFixed(1)} kg`;
}

/** What the shopper pays (docs/decisions/0002-money-in-fils-api-in-aed.md): list price less the discount, rounded to the fil. */
export function shelfPriceFils(p: Pick<ProductSeed, 'priceFils' | 'discount'>): Fils {
  return shelfPrice(p.priceFils, p.discount);
}

function closingParagraph(p: ProductSeed): string {
  const kg = formatKg(p.weightKg);
  if (p.kind === 'vault-door') {
    return `Every vault door comes with its frame and is installed by our engineers after a free site survey anywhere in the UAE. At ${kg} it travels by crane lorry and is set in place by our crew; allow 3 to 6 weeks for production.`;
  }
  if (p.kind === 'mobile-shelving') {
    return `Mobile shelving is made to measure: our team surveys the room, checks the floor loading (the system weighs about ${kg}) and installs the rails and carriages, usually in one or two days.`;
  }
  if (p.weightKg > 100) {
    return `At ${kg} this item is delivered by our installation team on a date agreed with you. Tell us at checkout about lift access, floor level and any building pass so the crew arrives prepared.`;
  }
  if (p.weightKg >= 25) {
    return `Delivered by our own two-person team within 1 to 3 working days in Dubai and 2 to 5 days elsewhere in the UAE. Prices include 5% VAT.`;
  }
  return `Ships within 1 to 3 working days across the UAE, with free delivery in Dubai on orders above AED 300. Prices include 5% VAT.`;
}

export function descriptionHtml(p: ProductSeed): string {
  return [
    `<p><strong>${escapeHtml(p.name)}</strong> ${escapeHtml(p.summary)}</p>`,
    `<ul>${p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(closingParagraph(p))}</p>`,
  ].join('\n');
}

export function specRows(p: ProductSeed): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Brand', BRAND_BY_SLUG[p.brand].name],
    ['Model / SKU', p.sku],
    ['Dimensions', p.dimensions],
    ['Weight', formatKg(p.weightKg)],
    ...p.specs,
  ];
  if (p.colour) rows.push(['Colour', COLOURS[p.colour.key].name]);
  rows.push(['Warranty', p.warranty]);
  return rows;
}

export function specsHtml(p: ProductSeed): string {
  const body = specRows(p)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return `<table><tbody>${body}</tbody></table>`;
}

export function thumbnailFor(p: Pick<ProductSeed, 'kind' | 'colour'>): string {
  return p.colour ? `/images/products/${p.kind}-color-${p.colour.key}.svg` : `/images/products/${p.kind}-1.svg`;
}

/** Gallery of 2-5 drawn views; a colour variant shows its own colour first. */
export function galleryFor(p: Pick<ProductSeed, 'kind' | 'colour' | 'images'>): string[] {
  const views: string[] = [];
  for (let view = 1; view <= p.images; view++) views.push(`/images/products/${p.kind}-${view}.svg`);
  if (p.colour) views[0] = thumbnailFor(p);
  return views;
}

const KIND_TERMS: Record<Kind, string> = {
  'fire-safe': 'fire safe',
  'burglary-safe': 'burglary safe',
  'premium-safe': 'premium safe',
  'home-safe': 'home safe',
  'vault-door': 'vault door',
  'filing-cabinet': 'filing cabinet',
  'mobile-shelving': 'mobile shelving',
  shredder: 'paper shredder',
  laminator: 'laminator',
  'binding-machine': 'binding machine',
  'currency-counter': 'currency counter',
  whiteboard: 'whiteboard',
  'flip-chart': 'flip chart',
  'storage-cabinet': 'storage cabinet',
};

export function metaFor(p: ProductSeed): { metaTitle: string; metaDescription: string; metaKeywords: string } {
  const first = p.features[0] ?? '';
  const keywords = [...new Set([...p.keywords, KIND_TERMS[p.kind], `${KIND_TERMS[p.kind]} UAE`, `buy ${KIND_TERMS[p.kind]} online`])];
  return {
    metaTitle: `${p.name} | Safe Buddy UAE`,
    metaDescription: `Buy the ${p.name} online in the UAE for ${formatPrice(shelfPriceFils(p))}, VAT included. ${first}. Delivery across the UAE.`,
    metaKeywords: keywords.join(', '),
  };
}
