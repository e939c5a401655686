// The printed tax invoice and tax credit note: one A4 PDF in English and Arabic
// (docs/decisions/0051-tax-invoices.md for what each form must show, docs/decisions/0052-pdf-library.md
// for how it is drawn). It prints the TaxDocument as it was frozen at issue and computes nothing:
// every amount comes from the document, formatted by the shop's money formatter.
//
// The page reads left to right for English and right to left for Arabic: each label is printed twice,
// the English at the start of its box (left), the Arabic at the end (right). Names, addresses and
// product descriptions are data and take the direction of their first letter.
import { calendarDate, orderDate } from '@/domain/dates';
import { invoiceDocumentArabicTexts as ar, invoiceDocumentTexts as en } from '@/domain/messages/invoice-document';
import { type Fils, formatAmount, formatPrice } from '@/domain/money';
import type { TaxDocument, TaxDocumentLine, TaxParty } from '@/domain/tax-invoice';
import { A4, createPdf } from '@/server/pdf/document';
import type { Align, Direction, TextSetter, TextStyle } from '@/server/pdf/text';
import { resolvedDirection } from '@/server/pdf/text';

const MARGIN = 40;
const LEFT = MARGIN;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - LEFT;
/** Content stops here; the footer lives below. */
const CONTENT_BOTTOM = A4.height - 64;
const GAP = 16;
/** A row of the table always fits a page: a longer description is cut, with an ellipsis. */
const MAX_DESCRIPTION_LINES = 8;
/** Likewise the parts above the table: a party's name, an address line, the reason. */
const MAX_PARAGRAPH_LINES = 6;
/** The minus sign (U+2212) before the discount subtracted in the totals. */
const MINUS = '\u2212';

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const BAND = '#f3f4f6';

const style = {
  title: { size: 20, weight: 'bold', color: INK },
  subtitle: { size: 9.5, color: MUTED },
  label: { size: 7.5, color: MUTED },
  labelBold: { size: 7.5, weight: 'bold', color: MUTED },
  value: { size: 10, weight: 'bold', color: INK },
  name: { size: 10.5, weight: 'bold', color: INK },
  body: { size: 9, color: INK },
  cell: { size: 8.5, color: INK },
  note: { size: 7, color: MUTED },
  head: { size: 7.5, weight: 'bold', color: INK },
  headAr: { size: 7.5, color: INK },
  total: { size: 9, color: INK },
  grandTotal: { size: 11, weight: 'bold', color: INK },
  footer: { size: 7, color: MUTED },
} satisfies Record<string, TextStyle>;

/** Line height for a style: its size plus a little air. */
const lead = (s: TextStyle, factor = 1.35) => s.size * factor;

type Texts = typeof en;

/** A label in both languages. */
function both<K extends keyof Texts>(key: K): { en: string; ar: string } {
  return { en: en[key] as string, ar: ar[key] as string };
}

class Layout {
  /** Top of the free space on the current page. */
  y = MARGIN;
  page = 1;

  constructor(
    private readonly canvas: ReturnType<typeof createPdf>,
    private readonly d: TaxDocument,
  ) {}

  get text(): TextSetter {
    return this.canvas.text;
  }

  get doc(): PDFKit.PDFDocument {
    return this.canvas.doc;
  }

  // ---- Building blocks ----------------------------------------------------------------------

  rule(y: number, color = RULE, width = 0.6, x0 = LEFT, x1 = RIGHT): void {
    this.doc.save().moveTo(x0, y).lineTo(x1, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  band(x: number, y: number, w: number, h: number, color = BAND): void {
    this.doc.save().rect(x, y, w, h).fill(color).restore();
  }

  /**
   * An English label at the left of a box and its Arabic twin at the right, on one line when both
   * fit, else the Arabic on the next line. Answers the height used (from `top`).
   */
  labelPair(label: { en: string; ar: string }, s: TextStyle, x: number, top: number, w: number): number {
    const h = lead(s);
    const enWidth = this.text.width(label.en, s, 'ltr');
    const arWidth = this.text.width(label.ar, s, 'rtl');
    const baseline = top + s.size;
    this.text.line(label.en, s, { x, y: baseline, width: w, align: 'left', direction: 'ltr' });
    if (enWidth + arWidth + 8 <= w) {
      this.text.line(label.ar, s, { x, y: baseline, width: w, align: 'right', direction: 'rtl' });
      return h;
    }
    return h + this.paragraphHeightAndDraw(label.ar, s, x, top + h, w, 'rtl', 'right');
  }

  labelPairHeight(label: { en: string; ar: string }, s: TextStyle, w: number): number {
    const enWidth = this.text.width(label.en, s, 'ltr');
    const arWidth = this.text.width(label.ar, s, 'rtl');
    if (enWidth + arWidth + 8 <= w) return lead(s);
    return lead(s) + this.text.wrap(label.ar, s, w, 'rtl').length * lead(s);
  }

  /** Wrapped text from `top`; answers its height. `draw: false` only measures. */
  paragraphHeightAndDraw(
    value: string,
    s: TextStyle,
    x: number,
    top: number,
    w: number,
    direction: Direction = 'auto',
    align?: Align,
    draw = true,
  ): number {
    const dir = resolvedDirection(value, direction);
    const lines = this.text.wrap(value, s, w, dir, MAX_PARAGRAPH_LINES);
    if (draw) {
      lines.forEach((line, i) => {
        this.text.line(line, s, { x, y: top + s.size + i * lead(s), width: w, direction: dir, ...(align ? { align } : {}) });
      });
    }
    return lines.length * lead(s);
  }

  /** Starts a new page when `height` does not fit below `y`; answers whether it did. */
  ensureRoom(height: number, onNewPage: () => void): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.page += 1;
    this.y = MARGIN;
    this.continuationHeader();
    onNewPage();
    return true;
  }

  // ---- The parts of the document --------------------------------------------------------------

  titleOf(): { en: string; ar: string } {
    return this.d.type === 'credit_note' ? both('taxCreditNote') : both('taxInvoice');
  }

  header(): void {
    const title = this.titleOf();
    const baseline = this.y + style.title.size;
    this.text.line(title.en, style.title, { x: LEFT, y: baseline, width: WIDTH, align: 'left', direction: 'ltr' });
    this.text.line(title.ar, style.title, { x: LEFT, y: baseline, width: WIDTH, align: 'right', direction: 'rtl' });
    this.y += lead(style.title, 1.4);
    if (this.d.type === 'invoice' && this.d.form === 'simplified') {
      this.y += this.labelPair(both('simplifiedTaxInvoice'), style.subtitle, LEFT, this.y, WIDTH);
    }
    this.y += 4;
    this.rule(this.y, INK, 1.2);
    this.y += 12;
  }

  /** On every page after the first: the document's title and number, then "continued". */
  continuationHeader(): void {
    const title = this.titleOf();
    const s = style.labelBold;
    const baseline = this.y + s.size;
    this.text.line(`${title.en} ${this.d.number} (${en.continued})`, s, {
      x: LEFT,
      y: baseline,
      width: WIDTH,
      align: 'left',
      direction: 'ltr',
    });
    this.text.line(`${title.ar} ${this.d.number} (${ar.continued})`, s, {
      x: LEFT,
      y: baseline,
      width: WIDTH,
      align: 'right',
      direction: 'rtl',
    });
    this.y += lead(s) + 3;
    this.rule(this.y, INK, 0.8);
    this.y += 10;
  }

  partyHeight(party: TaxParty, label: { en: string; ar: string }, w: number): number {
    let h = this.labelPairHeight(label, style.labelBold, w) + 2;
    h += this.paragraphHeightAndDraw(party.name, style.name, 0, 0, w, 'auto', undefined, false);
    for (const line of party.address) h += this.paragraphHeightAndDraw(line, style.body, 0, 0, w, 'auto', undefined, false);
    if (party.trn) h += 4 + this.labelPairHeight(both('trn'), style.label, w) + lead(style.value);
    return h;
  }

  party(party: TaxParty, label: { en: string; ar: string }, x: number, top: number, w: number): void {
    let y = top;
    y += this.labelPair(label, style.labelBold, x, y, w) + 2;
    y += this.paragraphHeightAndDraw(party.name, style.name, x, y, w);
    for (const line of party.address) y += this.paragraphHeightAndDraw(line, style.body, x, y, w);
    if (party.trn) {
      y += 4;
      y += this.labelPair(both('trn'), style.label, x, y, w);
      this.text.line(party.trn, style.value, { x, y: y + style.value.size, width: w, align: 'left', direction: 'ltr' });
    }
  }

  parties(): void {
    const { supplier, buyer } = this.d;
    const w = (WIDTH - GAP) / 2;
    const height = Math.max(this.partyHeight(supplier, both('supplier'), w), buyer ? this.partyHeight(buyer, both('recipient'), w) : 0);
    this.party(supplier, both('supplier'), LEFT, this.y, w);
    if (buyer) this.party(buyer, both('recipient'), LEFT + w + GAP, this.y, w);
    this.y += height + 14;
  }

  /** The document's facts in a grey band, four to a row: number, dates, order, corrected invoice. */
  facts(): void {
    const d = this.d;
    const facts: Array<{ label: { en: string; ar: string }; value: string }> = [
      { label: d.type === 'credit_note' ? both('creditNoteNumber') : both('invoiceNumber'), value: d.number },
      { label: both('dateOfIssue'), value: orderDate(d.issuedAt) },
    ];
    if (d.supplyDate) facts.push({ label: both('dateOfSupply'), value: calendarDate(d.supplyDate) });
    if (d.corrects) {
      facts.push({ label: both('correctsInvoice'), value: d.corrects.number });
      facts.push({ label: both('invoiceDate'), value: orderDate(d.corrects.issuedAt) });
    }
    facts.push({ label: both('order'), value: en.orderNumber(d.orderId) });
    const perRow = 4;
    const pad = 8;
    const w = (WIDTH - pad * 2 - GAP * (perRow - 1)) / perRow;
    for (let i = 0; i < facts.length; i += perRow) {
      const row = facts.slice(i, i + perRow);
      const labelHeight = Math.max(...row.map((f) => this.labelPairHeight(f.label, style.label, w)));
      const height = pad + labelHeight + lead(style.value) + pad - 4;
      this.band(LEFT, this.y, WIDTH, height);
      row.forEach((f, j) => {
        const x = LEFT + pad + j * (w + GAP);
        this.labelPair(f.label, style.label, x, this.y + pad, w);
        this.text.line(f.value, style.value, {
          x,
          y: this.y + pad + labelHeight + style.value.size,
          width: w,
          align: 'left',
          direction: 'ltr',
        });
      });
      this.y += height + 2;
    }
    this.y += 10;
  }

  reason(): void {
    if (!this.d.reason) return;
    const labelHeight = this.labelPairHeight(both('reason'), style.labelBold, WIDTH);
    const textHeight = this.paragraphHeightAndDraw(this.d.reason, style.body, LEFT, 0, WIDTH, 'auto', undefined, false);
    this.ensureRoom(labelHeight + textHeight, () => {});
    this.y += this.labelPair(both('reason'), style.labelBold, LEFT, this.y, WIDTH);
    this.y += this.paragraphHeightAndDraw(this.d.reason, style.body, LEFT, this.y, WIDTH) + 12;
  }

  // ---- The lines --------------------------------------------------------------------------------

  columns(): Column[] {
    const money = (pick: (l: TaxDocumentLine) => Fils) => (l: TaxDocumentLine) => formatAmount(pick(l));
    if (this.d.form === 'simplified') {
      return [
        { label: both('description'), width: 0, align: 'left', value: () => '' },
        { label: both('quantity'), width: 50, align: 'right', value: (l) => String(l.quantity) },
        { label: both('amountWithVat'), width: 100, align: 'right', value: money((l) => l.grossAmount) },
      ];
    }
    return [
      { label: both('description'), width: 0, align: 'left', value: () => '' },
      { label: both('quantity'), width: 26, align: 'right', value: (l) => String(l.quantity) },
      { label: both('unitPrice'), width: 56, align: 'right', value: money((l) => l.unitPriceNet) },
      { label: both('discount'), width: 48, align: 'right', value: money((l) => l.couponShare) },
      { label: both('taxableAmount'), width: 72, align: 'right', value: money((l) => (l.netAmount - l.couponShare) as Fils) },
      { label: both('vatRate'), width: 45, align: 'right', value: (l) => en.percent(l.vatRatePercent) },
      { label: both('vat'), width: 50, align: 'right', value: money((l) => l.vatAmount) },
      { label: both('amountWithVat'), width: 70, align: 'right', value: money((l) => l.grossAmount) },
    ];
  }

  /** Column x positions and widths: the description takes what the others leave. */
  placed(columns: Column[]): Array<Column & { x: number; w: number }> {
    const fixed = columns.reduce((sum, c) => sum + c.width, 0);
    let x = LEFT;
    return columns.map((c) => {
      const w = c.width || WIDTH - fixed;
      const placed = { ...c, x, w };
      x += w;
      return placed;
    });
  }

  tableHeader(columns: Array<Column & { x: number; w: number }>): void {
    const pad = 4;
    const cellHeights = columns.map((c, i) => {
      const inner = c.w - pad * 2;
      if (i === 0) return this.labelPairHeight(c.label, style.head, inner);
      return (
        this.text.wrap(c.label.en, style.head, inner, 'ltr').length * lead(style.head) +
        this.text.wrap(c.label.ar, style.headAr, inner, 'rtl').length * lead(style.headAr)
      );
    });
    const height = Math.max(...cellHeights) + pad * 2;
    this.band(LEFT, this.y, WIDTH, height, '#e5e7eb');
    columns.forEach((c, i) => {
      const x = c.x + pad;
      const inner = c.w - pad * 2;
      let y = this.y + pad;
      if (i === 0) {
        this.labelPair(c.label, style.head, x, y, inner);
        return;
      }
      for (const line of this.text.wrap(c.label.en, style.head, inner, 'ltr')) {
        this.text.line(line, style.head, { x, y: y + style.head.size, width: inner, align: c.align, direction: 'ltr' });
        y += lead(style.head);
      }
      for (const line of this.text.wrap(c.label.ar, style.headAr, inner, 'rtl')) {
        this.text.line(line, style.headAr, { x, y: y + style.headAr.size, width: inner, align: c.align, direction: 'rtl' });
        y += lead(style.headAr);
      }
    });
    this.y += height;
  }

  /** What the description cell holds: the name, the SKU, and the product's own discount if any. */
  descriptionLines(line: TaxDocumentLine, w: number): Array<{ text: string; s: TextStyle; dir: 'ltr' | 'rtl' }> {
    const dir = resolvedDirection(line.description, 'auto');
    const out = this.text
      .wrap(line.description, style.cell, w, dir, MAX_DESCRIPTION_LINES)
      .map((text) => ({ text, s: style.cell as TextStyle, dir }));
    if (line.sku) out.push({ text: line.sku, s: style.note, dir: 'ltr' });
    if (this.d.form === 'full' && line.discountPercent > 0) {
      out.push({ text: en.productDiscount(line.discountPercent), s: style.note, dir: 'ltr' });
      out.push({ text: ar.productDiscount(line.discountPercent), s: style.note, dir: 'rtl' });
    }
    return out;
  }

  lines(): void {
    const columns = this.placed(this.columns());
    const pad = 4;
    this.labelPair(this.d.form === 'simplified' ? both('amountsInAedSimplified') : both('amountsInAed'), style.note, LEFT, this.y, WIDTH);
    this.y +=
      this.labelPairHeight(this.d.form === 'simplified' ? both('amountsInAedSimplified') : both('amountsInAed'), style.note, WIDTH) + 3;
    this.ensureRoom(80, () => {});
    this.tableHeader(columns);
    const description = columns[0]!;
    for (const line of this.d.lines) {
      const inner = description.w - pad * 2;
      const texts = this.descriptionLines(line, inner);
      const height = texts.reduce((sum, t) => sum + lead(t.s), 0) + pad * 2;
      this.ensureRoom(height, () => this.tableHeader(columns));
      let y = this.y + pad;
      for (const t of texts) {
        this.text.line(t.text, t.s, { x: description.x + pad, y: y + t.s.size, width: inner, direction: t.dir });
        y += lead(t.s);
      }
      for (const c of columns.slice(1)) {
        this.text.line(c.value(line), style.cell, {
          x: c.x + pad,
          y: this.y + pad + style.cell.size,
          width: c.w - pad * 2,
          align: c.align,
          direction: 'ltr',
        });
      }
      this.y += height;
      this.rule(this.y, RULE, 0.5);
    }
    this.y += 12;
  }

  // ---- The totals -------------------------------------------------------------------------------

  totals(): void {
    const d = this.d;
    const credit = d.type === 'credit_note';
    type Row = { label: { en: string; ar: string }; value: Fils; grand?: boolean; minus?: boolean };
    const rows: Row[] =
      d.form === 'simplified'
        ? [
            { label: credit ? both('totalCredited') : both('totalPayable'), value: d.grandTotal, grand: true },
            { label: credit ? both('vatAdjustedAed') : both('vatIncludedAed'), value: d.vatTotal },
          ]
        : [
            { label: both('subtotal'), value: d.subtotal },
            ...(d.discount > 0 ? [{ label: both('orderDiscount'), value: d.discount, minus: true }] : []),
            { label: both('totalExcludingVat'), value: d.netTotal },
            { label: credit ? both('vatAdjustedAed') : both('vatAed'), value: d.vatTotal },
            { label: credit ? both('totalCredited') : both('totalPayable'), value: d.grandTotal, grand: true },
          ];
    const x0 = LEFT + WIDTH * 0.2;
    const w = RIGHT - x0;
    const enW = w * 0.36;
    const valueW = 100;
    const arX = x0 + enW;
    const arW = w - enW - valueW - 8;
    const pad = 5;
    const measured = rows.map((row) => {
      const s = row.grand ? style.grandTotal : style.total;
      const enLines = this.text.wrap(row.label.en, s, enW - 6, 'ltr');
      const arLines = this.text.wrap(row.label.ar, s, arW, 'rtl');
      return { row, s, enLines, arLines, height: Math.max(enLines.length, arLines.length) * lead(s) + pad * 2 };
    });
    this.ensureRoom(
      measured.reduce((sum, m) => sum + m.height, 0),
      () => {},
    );
    for (const { row, s, enLines, arLines, height } of measured) {
      if (row.grand) {
        this.band(x0, this.y, w, height);
        this.rule(this.y, INK, 1, x0, RIGHT);
      }
      const top = this.y + pad + s.size;
      enLines.forEach((l, i) => this.text.line(l, s, { x: x0 + 4, y: top + i * lead(s), width: enW, align: 'left', direction: 'ltr' }));
      arLines.forEach((l, i) => this.text.line(l, s, { x: arX, y: top + i * lead(s), width: arW, align: 'right', direction: 'rtl' }));
      const value = row.grand ? formatPrice(row.value) : `${row.minus ? MINUS : ''}${formatAmount(row.value)}`;
      this.text.line(value, s, { x: RIGHT - valueW - 4, y: top, width: valueW, align: 'right', direction: 'ltr' });
      this.y += height;
      if (!row.grand) this.rule(this.y, RULE, 0.5, x0, RIGHT);
    }
    this.rule(this.y, INK, 1, x0, RIGHT);
  }

  /** Every page: the supplier and TRN, the document number, "page n of m" in both languages. */
  footers(): void {
    const range = this.doc.bufferedPageRange();
    const pages = range.count;
    const s = style.footer;
    for (let i = 0; i < pages; i++) {
      this.doc.switchToPage(range.start + i);
      const top = A4.height - 52;
      this.rule(top, RULE, 0.5);
      const y1 = top + 12;
      const supplier = `${this.d.supplier.name}${this.d.supplier.trn ? ` · ${en.trn} ${this.d.supplier.trn}` : ''}`;
      this.text.line(supplier, s, { x: LEFT, y: y1, width: WIDTH * 0.6, align: 'left', direction: 'auto' });
      this.text.line(`${this.d.number} · ${en.page(i + 1, pages)}`, s, { x: LEFT, y: y1, width: WIDTH, align: 'right', direction: 'ltr' });
      this.text.line(ar.page(i + 1, pages), s, { x: LEFT, y: y1 + lead(s), width: WIDTH, align: 'right', direction: 'rtl' });
    }
  }
}

interface Column {
  label: { en: string; ar: string };
  /** 0: takes the rest of the width. */
  width: number;
  align: Align;
  value: (line: TaxDocumentLine) => string;
}

/** The tax invoice or tax credit note as a PDF (A4, English and Arabic, the font embedded). */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const title = doc.type === 'credit_note' ? en.taxCreditNote : en.taxInvoice;
  const canvas = createPdf({
    title: `${title} ${doc.number}`,
    author: doc.supplier.name,
    createdAt: new Date(doc.issuedAt),
  });
  const layout = new Layout(canvas, doc);
  layout.header();
  layout.parties();
  layout.facts();
  layout.reason();
  layout.lines();
  layout.totals();
  layout.footers();
  return canvas.finish();
}
