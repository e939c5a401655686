// The hand-written catalog of the seed: categories, brands, products, lists, coupons, SEO rows
// and the raw material of reviews. Prices are given here in AED (VAT included) and turned into
// integer fils (docs/decisions/0002-money-in-fils-api-in-aed.md) when the rows are built. Brands are invented.
import { aed, aedToFils, fils, type Fils } from '../../domain/money';

export type Kind =
  | 'fire-safe'
  | 'burglary-safe'
  | 'premium-safe'
  | 'home-safe'
  | 'vault-door'
  | 'filing-cabinet'
  | 'mobile-shelving'
  | 'shredder'
  | 'laminator'
  | 'binding-machine'
  | 'currency-counter'
  | 'whiteboard'
  | 'flip-chart'
  | 'storage-cabinet';

export type ProductType = 'office' | 'home';
export type ColourKey = 'black' | 'grey' | 'ivory' | 'red' | 'blue';

export const COLOURS: Record<ColourKey, { name: string; hex: string; code: string }> = {
  black: { name: 'Black', hex: '#23262b', code: 'BLK' },
  grey: { name: 'Grey', hex: '#8a9099', code: 'GRY' },
  ivory: { name: 'Ivory', hex: '#efe9dc', code: 'IVR' },
  red: { name: 'Red', hex: '#b3282d', code: 'RED' },
  blue: { name: 'Blue', hex: '#1f4e8c', code: 'BLU' },
};

// ---------------------------------------------------------------------------------------------
// Categories

export interface CategorySeed {
  id: number;
  name: string;
  icon: string;
  comingSoon: boolean;
  sortOrder: number;
  /** The banner on the category's store page (null: the store's own hero). */
  image: string | null;
}

const SOLD_CATEGORIES: Array<[number, string]> = [
  // Home page order first (docs/product.md#home-page), then the two reached through offer tiles.
  [12, 'Fire Safes'],
  [11, 'Filing Cabinets'],
  [13, 'Burglary Safes'],
  [14, 'Premium Safes'],
  [15, 'Vault Doors'],
  [16, 'Mobile Shelving System'],
  [17, 'Paper Shredders / Laminating / Binding machines'],
  [10, 'Currency Counting Machines'],
  [1, 'Flip charts and White Boards'],
  [3, 'Safes'],
  [19, 'Storage'],
];

export const CATEGORIES: CategorySeed[] = [
  ...SOLD_CATEGORIES.map(([id, name], i) => ({
    id,
    name,
    icon: `/images/categories/${id}.svg`,
    comingSoon: false,
    sortOrder: i + 1,
    image: `/images/categories/banner-${id}.svg`,
  })),
  {
    id: 20,
    name: 'Interactive Displays',
    icon: '/images/categories/coming-interactive-displays.svg',
    comingSoon: true,
    sortOrder: 20,
    image: null,
  },
  { id: 21, name: 'Furniture', icon: '/images/categories/coming-furniture.svg', comingSoon: true, sortOrder: 21, image: null },
  { id: 22, name: 'Other Security Products', icon: '/images/categories/coming-security.svg', comingSoon: true, sortOrder: 22, image: null },
];

/** Ids of the categories that hold products (the spec's ids). */
export const SOLD_CATEGORY_IDS: number[] = SOLD_CATEGORIES.map(([id]) => id);

// ---------------------------------------------------------------------------------------------
// Brands

export type BrandSlug =
  | 'ironclad'
  | 'vaultline'
  | 'guardian-forge'
  | 'steelnest'
  | 'papertrail'
  | 'counton'
  | 'archiva'
  | 'shelfwise'
  | 'brightboard'
  | 'falconlock';

export interface BrandSeed {
  slug: BrandSlug;
  name: string;
  /** SKU prefix. */
  code: string;
  logo: string;
}

const brand = (slug: BrandSlug, name: string, code: string): BrandSeed => ({ slug, name, code, logo: `/images/brands/${slug}.svg` });

export const BRANDS: BrandSeed[] = [
  brand('ironclad', 'Ironclad', 'IC'),
  brand('vaultline', 'Vaultline', 'VL'),
  brand('guardian-forge', 'Guardian Forge', 'GF'),
  brand('steelnest', 'SteelNest', 'SN'),
  brand('papertrail', 'PaperTrail', 'PT'),
  brand('counton', 'CountOn', 'CO'),
  brand('archiva', 'Archiva', 'AR'),
  brand('shelfwise', 'ShelfWise', 'SW'),
  brand('brightboard', 'BrightBoard', 'BB'),
  brand('falconlock', 'FalconLock', 'FL'),
];

export const BRAND_BY_SLUG = Object.fromEntries(BRANDS.map((b) => [b.slug, b])) as Record<BrandSlug, BrandSeed>;

/** The home page strip, in order. */
export const TOP_BRANDS: BrandSlug[] = [
  'ironclad',
  'vaultline',
  'guardian-forge',
  'papertrail',
  'counton',
  'archiva',
  'steelnest',
  'falconlock',
];

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductSeed {
  sku: string;
  name: string;
  brand: BrandSlug;
  kind: Kind;
  categories: number[];
  productType: ProductType;
  /** VAT-inclusive list price in fils. */
  priceFils: Fils;
  discount: number;
  stock: number;
  weightKg: number;
  /** External dimensions, as printed in the specifications. */
  dimensions: string;
  /** Follows the bold product name in the first paragraph of the description. */
  summary: string;
  features: string[];
  /** Kind-specific specification rows (Dimensions, Weight, Colour and Warranty are added around them). */
  specs: Array<[string, string]>;
  warranty: string;
  keywords: string[];
  colour?: { group: string; key: ColourKey };
  pdf: boolean;
  video: boolean;
  /** Gallery size, 2 to 5. */
  images: number;
  /** Created in the last 14 days: one of the new arrivals. */
  isNew: boolean;
  /** Exact age in days when known (generated products); otherwise derived from isNew. */
  ageDays?: number;
}

interface BaseVariant {
  model: string;
  /** AED, VAT included. */
  price: number;
  kg: number;
  dims: string;
  stock: number;
  /** Discount percent. */
  d?: number;
  /** The same model in several colours: one product per colour, sharing a colour group. */
  colours?: ColourKey[];
  isNew?: boolean;
}

interface FamilyDef<V extends BaseVariant> {
  brand: BrandSlug;
  kind: Kind;
  categories: number[];
  type: ProductType;
  name: (v: V) => string;
  summary: (v: V) => string;
  features: string[] | ((v: V) => string[]);
  specs: (v: V) => Array<[string, string]>;
  warranty: string;
  keywords: string[];
}

type Draft = Omit<ProductSeed, 'pdf' | 'video' | 'images'>;

function family<V extends BaseVariant>(def: FamilyDef<V>, variants: V[]): Draft[] {
  const code = BRAND_BY_SLUG[def.brand].code;
  const out: Draft[] = [];
  for (const v of variants) {
    const base: Draft = {
      sku: `${code}-${v.model}`,
      name: def.name(v),
      brand: def.brand,
      kind: def.kind,
      categories: def.categories,
      productType: def.type,
      priceFils: aedToFils(aed(v.price)),
      discount: v.d ?? 0,
      stock: v.stock,
      weightKg: v.kg,
      dimensions: v.dims,
      summary: def.summary(v),
      features: typeof def.features === 'function' ? def.features(v) : def.features,
      specs: def.specs(v),
      warranty: def.warranty,
      keywords: [...def.keywords, BRAND_BY_SLUG[def.brand].name, v.model],
      isNew: v.isNew ?? false,
    };
    if (!v.colours) {
      out.push(base);
      continue;
    }
    const group = `${code}-${v.model}`.toLowerCase();
    for (const key of v.colours) {
      out.push({
        ...base,
        sku: `${base.sku}-${COLOURS[key].code}`,
        name: `${base.name} (${COLOURS[key].name})`,
        colour: { group, key },
      });
    }
  }
  return out;
}

const SAFE_KEYWORDS = ['safe', 'safe UAE', 'safe Dubai', 'safes Abu Dhabi'];

const DRAFTS: Draft[] = [
  // ---- Fire safes (12, also under Safes 3) -------------------------------------------------
  ...family(
    {
      brand: 'ironclad',
      kind: 'fire-safe',
      categories: [12, 3],
      type: 'office',
      name: (v) => `Ironclad FireGuard 60 Fire Safe ${v.model}`,
      summary: (v) =>
        `keeps ${v.cap} litres of contracts, passports and cheque books below 177 °C for a full hour in a fire. Its compact body fits under a reception counter or in a site office.`,
      features: [
        '60-minute fire protection for paper (EN 15659 LFS 60P)',
        'Electronic keypad with a 3-6 digit code and emergency override key',
        'Intumescent door seal that expands in heat to keep smoke out',
        'Two pre-drilled anchor holes, bolts included',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Fire rating', '60 minutes, paper (EN 15659 LFS 60P)'],
        ['Lock type', 'Electronic keypad + emergency key'],
        ['Shelves', '1 removable steel shelf'],
        ['Power', '4 x AA batteries (included)'],
      ],
      warranty: '2 years parts and labour',
      keywords: ['fire safe', 'fireproof safe', 'fire resistant safe', 'document safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'FG-30S', cap: 30, price: 1650, kg: 48, dims: 'H 450 x W 380 x D 400 mm', stock: 14, d: 10 },
      { model: 'FG-45S', cap: 45, price: 2190, kg: 66, dims: 'H 560 x W 420 x D 420 mm', stock: 9 },
    ],
  ),
  ...family(
    {
      brand: 'ironclad',
      kind: 'fire-safe',
      categories: [12, 3],
      type: 'office',
      name: (v) => `Ironclad FireGuard 120 Fire Safe ${v.model}`,
      summary: (v) =>
        `is a two-hour fire safe for offices that keep original documents on site. The ${v.cap}-litre body is tested to EN 1047-1 S 120P, so paper inside stays legible after two hours at over 1,000 °C.`,
      features: (v) => [
        '120-minute fire protection for paper (EN 1047-1 S 120P)',
        'Dual control: certified electronic lock plus VdS key lock',
        `${v.shelves} adjustable ${v.shelves === 1 ? 'shelf' : 'shelves'} and a lockable inner drawer`,
        'Floor anchoring kit included; installation available across the UAE',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Fire rating', '120 minutes, paper (EN 1047-1 S 120P)'],
        ['Lock type', 'Electronic lock (EN 1300 Class B) + double-bit key lock'],
        ['Shelves', `${v.shelves} adjustable, 1 lockable inner drawer`],
        ['Door', '90 mm composite door, 4 live bolts of 30 mm'],
      ],
      warranty: '5 years on the body, 2 years on the lock',
      keywords: ['fire safe', 'fireproof safe', '2 hour fire safe', 'fire resistant cabinet', ...SAFE_KEYWORDS],
    },
    [
      { model: 'FG-60E', cap: 60, shelves: 1, price: 4850, kg: 142, dims: 'H 640 x W 500 x D 520 mm', stock: 11, d: 10 },
      { model: 'FG-100E', cap: 100, shelves: 2, price: 6900, kg: 198, dims: 'H 800 x W 560 x D 560 mm', stock: 6 },
      { model: 'FG-150E', cap: 150, shelves: 2, price: 9450, kg: 265, dims: 'H 1000 x W 600 x D 580 mm', stock: 4, isNew: true },
      { model: 'FG-250E', cap: 250, shelves: 3, price: 14900, kg: 410, dims: 'H 1300 x W 700 x D 620 mm', stock: 0 },
    ],
  ),
  ...family(
    {
      brand: 'guardian-forge',
      kind: 'fire-safe',
      categories: [12, 3],
      type: 'office',
      name: (v) => `Guardian Forge Inferno Document Fire Safe ${v.model}`,
      summary: (v) =>
        `holds about ${v.files} lever-arch files behind a 60-minute fire-rated door. A quiet choice for HR, legal and accounts departments that must keep originals for years.`,
      features: [
        'Fire tested to EN 1047-1 S 60P with a 9 m drop test',
        'Internal width takes A4 lever-arch files upright',
        'Motorised bolt electronic lock with audit trail of the last 100 openings',
        'Textured light grey powder coat that suits any office',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres (about ${v.files} lever-arch files)`],
        ['Fire rating', '60 minutes, paper (EN 1047-1 S 60P)'],
        ['Lock type', 'Electronic lock with audit trail'],
        ['Shelves', `${v.shelves} adjustable shelves`],
      ],
      warranty: '3 years parts and labour',
      keywords: ['document fire safe', 'fire safe', 'fireproof cabinet', 'file safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'DF-40', cap: 40, files: 8, shelves: 1, price: 3250, kg: 88, dims: 'H 560 x W 470 x D 480 mm', stock: 8 },
      {
        model: 'DF-80',
        cap: 80,
        files: 16,
        shelves: 2,
        price: 5600,
        kg: 150,
        dims: 'H 760 x W 520 x D 520 mm',
        stock: 5,
        d: 5,
        isNew: true,
      },
      { model: 'DF-140', cap: 140, files: 28, shelves: 3, price: 8950, kg: 235, dims: 'H 1050 x W 560 x D 560 mm', stock: 3 },
    ],
  ),
  ...family(
    {
      brand: 'archiva',
      kind: 'filing-cabinet',
      categories: [12, 11],
      type: 'office',
      name: (v) => `Archiva FireFile ${v.drawers}-Drawer Fireproof Filing Cabinet ${v.model}`,
      summary: (v) =>
        `combines a suspension filing cabinet with a 60-minute fire rating. Each of its ${v.drawers} drawers takes foolscap hanging files and runs on full-extension telescopic slides.`,
      features: [
        'Fire rated 60 minutes for paper (UL 72 Class 350)',
        'Full-extension drawers for foolscap and A4 suspension files',
        'Central key lock secures all drawers at once',
        'Interlock prevents more than one drawer opening at a time',
      ],
      specs: (v) => [
        ['Drawers', `${v.drawers}, full extension, suspension rails`],
        ['Capacity', `About ${v.drawers * 80} hanging files`],
        ['Fire rating', '60 minutes, paper (UL 72 Class 350)'],
        ['Lock type', 'Central key lock, 2 keys'],
        ['Drawer load', '50 kg per drawer'],
      ],
      warranty: '5 years on the body',
      keywords: ['fireproof filing cabinet', 'fire resistant filing cabinet', 'filing cabinet', 'fire safe', 'office filing UAE'],
    },
    [
      { model: 'FF-2D', drawers: 2, price: 11500, kg: 215, dims: 'H 720 x W 530 x D 780 mm', stock: 3 },
      { model: 'FF-4D', drawers: 4, price: 16900, kg: 385, dims: 'H 1360 x W 530 x D 780 mm', stock: 2, d: 8 },
    ],
  ),
  ...family(
    {
      brand: 'ironclad',
      kind: 'fire-safe',
      categories: [12, 3],
      type: 'office',
      name: (v) => `Ironclad DataVault Media Fire Safe ${v.model}`,
      summary: () =>
        'protects hard drives, backup tapes, USB keys and photographs, which fail at far lower temperatures than paper. The inner chamber stays below 52 °C and 85% humidity for an hour.',
      features: [
        '60-minute data protection (EN 1047-1 S 60 DIS)',
        'Insulated inner chamber for media and drives',
        'Cable entry port for live backup drives',
        'Electronic lock with duress code',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres (inner chamber ${v.inner} litres)`],
        ['Fire rating', '60 minutes, data and media (EN 1047-1 S 60 DIS)'],
        ['Lock type', 'Electronic lock with duress code'],
        ['Cable port', '1 x 30 mm, fire sealed'],
      ],
      warranty: '3 years parts and labour',
      keywords: ['data safe', 'media fire safe', 'fireproof data safe', 'backup safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'DV-25', cap: 25, inner: 12, price: 7800, kg: 130, dims: 'H 610 x W 540 x D 560 mm', stock: 4 },
      { model: 'DV-60', cap: 60, inner: 30, price: 12600, kg: 240, dims: 'H 820 x W 620 x D 620 mm', stock: 2, d: 12 },
    ],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'fire-safe',
      categories: [12, 3],
      type: 'home',
      name: (v) => `SteelNest HomeShield Fire Safe ${v.model}`,
      summary: () =>
        'is a small fire safe for the home: title deeds, Emirates IDs, passports and some cash stay protected for 30 minutes, and the soft colours sit well in a bedroom wardrobe.',
      features: [
        '30-minute fire protection for paper (EN 15659 LFS 30P)',
        'Touch keypad with blue backlight and low-battery warning',
        'Carpeted floor and a key hook on the door',
        'Bolt-down kit for floor or wall',
      ],
      specs: () => [
        ['Capacity', '28 litres'],
        ['Fire rating', '30 minutes, paper (EN 15659 LFS 30P)'],
        ['Lock type', 'Electronic touch keypad + emergency key'],
        ['Shelves', '1 removable shelf'],
      ],
      warranty: '2 years',
      keywords: ['home fire safe', 'fireproof box', 'fire safe', 'home safe', 'passport safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'HS-28', price: 1590, kg: 42, dims: 'H 430 x W 350 x D 380 mm', stock: 16, d: 15, colours: ['ivory', 'grey', 'black'] }],
  ),
  ...family(
    {
      brand: 'guardian-forge',
      kind: 'fire-safe',
      categories: [12, 3],
      type: 'office',
      name: (v) => `Guardian Forge Inferno XL Fire Safe ${v.model}`,
      summary: () =>
        'is the largest fire safe in the Inferno range: a two-door cabinet for archives, server backups and bulky ledgers, rated for 120 minutes for paper.',
      features: [
        '120-minute fire protection for paper (EN 1047-1 S 120P)',
        'Twin doors with a central locking bar',
        'Five adjustable shelves, each loaded to 60 kg',
        'Delivered and positioned by our installation team',
      ],
      specs: () => [
        ['Capacity', '400 litres'],
        ['Fire rating', '120 minutes, paper (EN 1047-1 S 120P)'],
        ['Lock type', 'Electronic lock + key lock (dual control)'],
        ['Shelves', '5 adjustable'],
      ],
      warranty: '5 years on the body, 2 years on the lock',
      keywords: ['large fire safe', 'fire cabinet', 'fireproof cabinet', 'archive safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'IX-400', price: 24500, kg: 820, dims: 'H 1800 x W 900 x D 650 mm', stock: 1 }],
  ),

  // ---- Burglary safes (13, also under Safes 3) --------------------------------------------
  ...family(
    {
      brand: 'ironclad',
      kind: 'burglary-safe',
      categories: [13, 3],
      type: 'office',
      name: (v) => `Ironclad Sentinel Grade I Burglary Safe ${v.model}`,
      summary: (v) =>
        `is certified to EN 1143-1 Grade I, the usual starting point for shops, clinics and small offices in the UAE. The ${v.cap}-litre body has a drill-resistant hard plate behind the lock.`,
      features: [
        'EN 1143-1 Grade I certified burglary resistance',
        'Hardened plate and relocker protect the lock',
        'Electronic lock with time delay option',
        'Anchoring to concrete floor with the supplied bolt',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', 'EN 1143-1 Grade I'],
        ['Insurance guide', 'Cash up to AED 60,000'],
        ['Lock type', 'Electronic lock (EN 1300 Class B)'],
        ['Fire rating', 'Not fire rated'],
      ],
      warranty: '3 years parts and labour',
      keywords: ['burglary safe', 'grade 1 safe', 'cash safe', 'office safe', 'security safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'SG1-25', cap: 25, price: 2650, kg: 70, dims: 'H 400 x W 440 x D 400 mm', stock: 10 },
      { model: 'SG1-40', cap: 40, price: 3450, kg: 95, dims: 'H 500 x W 440 x D 450 mm', stock: 12 },
      { model: 'SG1-80', cap: 80, price: 4900, kg: 160, dims: 'H 700 x W 500 x D 500 mm', stock: 7 },
      { model: 'SG1-150', cap: 150, price: 6800, kg: 240, dims: 'H 1000 x W 600 x D 540 mm', stock: 5 },
    ],
  ),
  ...family(
    {
      brand: 'ironclad',
      kind: 'burglary-safe',
      categories: [13, 3],
      type: 'office',
      name: (v) => `Ironclad Sentinel Grade II Burglary Safe ${v.model}`,
      summary: () =>
        'steps up to EN 1143-1 Grade II for jewellers, exchange houses and pharmacies that keep higher cash or stock values overnight. Available in a dark graphite or a light grey finish.',
      features: [
        'EN 1143-1 Grade II certified, with 30 minutes fire protection',
        'Composite door filling against drills and cutting discs',
        'Two locks: electronic plus high-security key',
        'Internal shelf and lockable cash drawer',
      ],
      specs: () => [
        ['Capacity', '100 litres'],
        ['Security grade', 'EN 1143-1 Grade II'],
        ['Insurance guide', 'Cash up to AED 120,000'],
        ['Lock type', 'Electronic lock + high-security key lock'],
        ['Fire rating', '30 minutes, paper (EN 15659 LFS 30P)'],
      ],
      warranty: '5 years on the body, 2 years on the locks',
      keywords: ['grade 2 safe', 'burglary safe', 'jewellery shop safe', 'cash safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'SG2-100', price: 8900, kg: 290, dims: 'H 800 x W 560 x D 550 mm', stock: 4, d: 7, colours: ['grey', 'black'] }],
  ),
  ...family(
    {
      brand: 'guardian-forge',
      kind: 'burglary-safe',
      categories: [13, 3],
      type: 'office',
      name: (v) => `Guardian Forge Citadel Grade ${v.grade} Burglary Safe ${v.model}`,
      summary: (v) =>
        `is built for high-value cash and gold. Certified to EN 1143-1 Grade ${v.grade}, it resists attack with tools for far longer than lower grades, and it is heavy enough to be delivered by crane lorry when needed.`,
      features: (v) => [
        `EN 1143-1 Grade ${v.grade} certified by an accredited test house`,
        'Two certified high-security locks (dual control for cash rooms)',
        'Glass relocker and thermal relocker',
        'Site survey, delivery and installation by our own team',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', `EN 1143-1 Grade ${v.grade}`],
        ['Insurance guide', `Cash up to AED ${v.cash}`],
        ['Lock type', '2 x electronic locks (EN 1300 Class C)'],
        ['Fire rating', '60 minutes, paper'],
      ],
      warranty: '10 years on the body, 2 years on the locks',
      keywords: ['high security safe', 'bank safe', 'gold safe', 'burglary safe', ...SAFE_KEYWORDS],
    },
    [
      {
        model: 'CT3-70',
        grade: 'III',
        cap: 70,
        cash: '400,000',
        price: 12800,
        kg: 310,
        dims: 'H 750 x W 620 x D 600 mm',
        stock: 3,
        isNew: true,
      },
      {
        model: 'CT3-140',
        grade: 'III',
        cap: 140,
        cash: '400,000',
        price: 16500,
        kg: 450,
        dims: 'H 1050 x W 680 x D 640 mm',
        stock: 3,
        d: 10,
      },
      { model: 'CT3-260', grade: 'III', cap: 260, cash: '400,000', price: 22900, kg: 690, dims: 'H 1400 x W 760 x D 680 mm', stock: 0 },
      { model: 'CT5-180', grade: 'V', cap: 180, cash: '1,000,000', price: 29500, kg: 880, dims: 'H 1200 x W 760 x D 720 mm', stock: 1 },
    ],
  ),
  ...family(
    {
      brand: 'falconlock',
      kind: 'burglary-safe',
      categories: [13, 3],
      type: 'office',
      name: (v) => `FalconLock Deposit Safe with Drop Slot ${v.model}`,
      summary: () =>
        'lets cashiers drop takings through a rotary slot without opening the door, so only the manager ever holds the code. A favourite of restaurants, petrol stations and supermarkets.',
      features: [
        'Anti-fishing rotary deposit drum',
        'Manager-only electronic lock with time delay',
        'Takes envelopes and bundled notes',
        'Bolt-down to floor, bolts included',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', 'EN 1143-2 deposit safe, Grade 0'],
        ['Lock type', 'Electronic lock with 1-99 minute time delay'],
        ['Deposit slot', 'Rotary drum, 170 x 30 mm'],
        ['Fire rating', 'Not fire rated'],
      ],
      warranty: '2 years parts and labour',
      keywords: ['deposit safe', 'drop safe', 'cash drop safe', 'restaurant safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'DS-20', cap: 20, price: 2650, kg: 58, dims: 'H 500 x W 350 x D 350 mm', stock: 8 },
      { model: 'DS-45', cap: 45, price: 3900, kg: 96, dims: 'H 700 x W 420 x D 400 mm', stock: 6 },
    ],
  ),
  ...family(
    {
      brand: 'falconlock',
      kind: 'burglary-safe',
      categories: [13, 3],
      type: 'office',
      name: (v) => `FalconLock Grade 0 Office Safe ${v.model}`,
      summary: (v) =>
        `is an entry-level certified office safe (EN 1143-1 Grade 0) for petty cash, keys and company stamps. At ${v.kg} kg it goes up stairs with two people and bolts to the floor.`,
      features: ['EN 1143-1 Grade 0 certified', 'Electronic lock with two user codes', 'Carpeted shelf', 'Anchor bolt included'],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', 'EN 1143-1 Grade 0'],
        ['Insurance guide', 'Cash up to AED 25,000'],
        ['Lock type', 'Electronic lock, 2 user codes'],
        ['Fire rating', 'Not fire rated'],
      ],
      warranty: '2 years parts and labour',
      keywords: ['office safe', 'grade 0 safe', 'petty cash safe', 'burglary safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'G0-30', cap: 30, price: 2450, kg: 72, dims: 'H 450 x W 400 x D 400 mm', stock: 9 },
      { model: 'G0-60', cap: 60, price: 3150, kg: 105, dims: 'H 600 x W 450 x D 450 mm', stock: 7 },
    ],
  ),

  // ---- Premium safes (14, also under Safes 3) ---------------------------------------------
  ...family(
    {
      brand: 'vaultline',
      kind: 'premium-safe',
      categories: [14, 3],
      type: 'home',
      name: (v) => `Vaultline Heritage Watch Winder Safe ${v.model}`,
      summary: (v) =>
        `pairs a Grade IV burglary-rated body with ${v.winders} Swiss-made watch winders, a leather-lined jewellery drawer and soft LED lighting: a collector's safe for a villa dressing room.`,
      features: (v) => [
        `${v.winders} programmable watch winders with quiet motors`,
        'Macassar ebony veneer interior with leather-lined drawers',
        'Biometric lock with 20 fingerprints and backup code',
        'White-glove delivery and installation in the UAE',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', 'EN 1143-1 Grade IV'],
        ['Fire rating', '60 minutes, paper'],
        ['Lock type', 'Biometric + electronic code'],
        ['Interior', `${v.winders} watch winders, 3 jewellery drawers, LED lighting`],
        ['Finish', 'Piano black lacquer'],
      ],
      warranty: '10 years on the body, 3 years on winders and electronics',
      keywords: ['luxury safe', 'watch winder safe', 'jewellery safe', 'premium safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'HW-6', winders: 6, cap: 150, price: 38500, kg: 420, dims: 'H 1100 x W 700 x D 620 mm', stock: 2 },
      { model: 'HW-12', winders: 12, cap: 260, price: 54000, kg: 560, dims: 'H 1500 x W 800 x D 650 mm', stock: 1, d: 5 },
    ],
  ),
  ...family(
    {
      brand: 'vaultline',
      kind: 'premium-safe',
      categories: [14, 3],
      type: 'home',
      name: (v) => `Vaultline Monarch Luxury Safe ${v.model}`,
      summary: () =>
        'brings a Grade V certified body into a designer cabinet finished in hand-polished lacquer, with a suede interior that can be configured for watches, handbags or documents.',
      features: [
        'EN 1143-1 Grade V certified with 60-minute fire rating',
        'Configurable suede interior with 4 drawers',
        'Concealed hinges and motorised locking bolts',
        'Colour-matched to order; shown in two standard finishes',
      ],
      specs: () => [
        ['Capacity', '300 litres'],
        ['Security grade', 'EN 1143-1 Grade V'],
        ['Fire rating', '60 minutes, paper (EN 1047-1 S 60P)'],
        ['Lock type', 'Biometric + electronic code (EN 1300 Class C)'],
        ['Interior', '4 drawers, 2 shelves, LED lighting'],
      ],
      warranty: '10 years on the body, 3 years on electronics',
      keywords: ['luxury safe', 'designer safe', 'premium safe', 'villa safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'MN-900', price: 46500, kg: 610, dims: 'H 1600 x W 850 x D 700 mm', stock: 2, isNew: true, colours: ['black', 'blue'] }],
  ),
  ...family(
    {
      brand: 'guardian-forge',
      kind: 'premium-safe',
      categories: [14, 3],
      type: 'office',
      name: (v) => `Guardian Forge Sovereign Grade ${v.grade} Safe ${v.model}`,
      summary: (v) =>
        `is the safe banks, bullion dealers and embassies choose when the value inside is counted in millions. Certified to EN 1143-1 Grade ${v.grade}, with a 120-minute fire rating and dual-control locking.`,
      features: (v) => [
        `EN 1143-1 Grade ${v.grade} certified`,
        '120-minute fire protection for paper',
        'Dual control with two certified electronic locks and time lock',
        'Site survey, crane delivery and installation included in Dubai',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', `EN 1143-1 Grade ${v.grade}`],
        ['Fire rating', '120 minutes, paper'],
        ['Lock type', '2 x electronic locks (EN 1300 Class C) + time lock'],
        ['Insurance guide', `Cash up to AED ${v.cash}`],
      ],
      warranty: '10 years on the body, 2 years on the locks',
      keywords: ['high security safe', 'bank safe', 'bullion safe', 'grade 6 safe', 'premium safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'SV5-150', grade: 'V', cap: 150, cash: '1,000,000', price: 45000, kg: 690, dims: 'H 1100 x W 780 x D 760 mm', stock: 2 },
      {
        model: 'SV6-200',
        grade: 'VI',
        cap: 200,
        cash: '1,800,000',
        price: 62000,
        kg: 880,
        dims: 'H 1250 x W 820 x D 800 mm',
        stock: 1,
        d: 6,
      },
      { model: 'SV7-400', grade: 'VII', cap: 400, cash: '3,000,000', price: 89000, kg: 900, dims: 'H 1500 x W 900 x D 820 mm', stock: 0 },
    ],
  ),
  ...family(
    {
      brand: 'vaultline',
      kind: 'premium-safe',
      categories: [14, 3],
      type: 'office',
      name: (v) => `Vaultline Jewel Jewellery Safe ${v.model}`,
      summary: (v) =>
        `is made for jewellery showrooms in the gold souk: ${v.drawers} shallow velvet-lined drawers take trays overnight, and the Grade IV body satisfies most insurers for stock.`,
      features: (v) => [
        'EN 1143-1 Grade IV certified',
        `${v.drawers} velvet-lined tray drawers on ball-bearing slides`,
        'Dual control electronic locks with time delay',
        '60-minute fire rating for paper',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', 'EN 1143-1 Grade IV'],
        ['Fire rating', '60 minutes, paper'],
        ['Lock type', '2 x electronic locks with time delay'],
        ['Interior', `${v.drawers} tray drawers, 1 shelf`],
      ],
      warranty: '10 years on the body, 2 years on the locks',
      keywords: ['jewellery safe', 'jewelry safe', 'gold safe', 'showroom safe', 'premium safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'JW-150', drawers: 8, cap: 150, price: 24500, kg: 380, dims: 'H 1000 x W 700 x D 600 mm', stock: 3, d: 10 },
      { model: 'JW-250', drawers: 14, cap: 250, price: 32900, kg: 520, dims: 'H 1400 x W 760 x D 640 mm', stock: 2 },
    ],
  ),
  ...family(
    {
      brand: 'vaultline',
      kind: 'premium-safe',
      categories: [14, 3],
      type: 'home',
      name: (v) => `Vaultline Atelier Home Luxury Safe ${v.model}`,
      summary: () =>
        'is a furniture-grade safe for apartments and villas: a Grade III body hidden behind a walnut-veneer door that looks like a fine cabinet, with interior lighting and a humidity-controlled drawer.',
      features: [
        'EN 1143-1 Grade III certified',
        'Walnut veneer outer door, brushed brass handle',
        'Fingerprint lock with app-free setup',
        'Humidity-controlled drawer for pearls and documents',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Security grade', 'EN 1143-1 Grade III'],
        ['Fire rating', '30 minutes, paper'],
        ['Lock type', 'Biometric + electronic code'],
        ['Finish', 'Walnut veneer, brushed brass'],
      ],
      warranty: '10 years on the body, 2 years on electronics',
      keywords: ['home luxury safe', 'villa safe', 'designer safe', 'premium safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'AT-80', cap: 80, price: 18900, kg: 240, dims: 'H 800 x W 600 x D 560 mm', stock: 3 },
      { model: 'AT-120', cap: 120, price: 22500, kg: 310, dims: 'H 1000 x W 620 x D 580 mm', stock: 2, isNew: true },
    ],
  ),

  // ---- Home safes (Safes 3) ------------------------------------------------------------------
  ...family(
    {
      brand: 'steelnest',
      kind: 'home-safe',
      categories: [3],
      type: 'home',
      name: (v) => `SteelNest Compact Home Safe ${v.model}`,
      summary: (v) =>
        `keeps passports, jewellery and spare keys out of sight. At ${v.kg} kg it fits inside a wardrobe and bolts to the floor or the back wall in a few minutes.`,
      features: [
        'Digital keypad with master code and emergency key',
        '2 x 20 mm solid steel bolts',
        'Pre-drilled for floor and wall fixing',
        'Carpeted floor protects jewellery and watches',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Lock type', 'Digital keypad + emergency key'],
        ['Security', 'Not certified, for home use'],
        ['Fire rating', 'Not fire rated'],
        ['Power', '4 x AA batteries'],
      ],
      warranty: '1 year',
      keywords: ['home safe', 'small safe', 'digital safe', 'wardrobe safe', 'money safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'CH-16', cap: 16, price: 449, kg: 9, dims: 'H 250 x W 350 x D 250 mm', stock: 40, d: 10 },
      { model: 'CH-25', cap: 25, price: 599, kg: 14, dims: 'H 310 x W 400 x D 300 mm', stock: 32 },
      { model: 'CH-35', cap: 35, price: 749, kg: 19, dims: 'H 350 x W 430 x D 340 mm', stock: 24 },
    ],
  ),
  ...family(
    {
      brand: 'falconlock',
      kind: 'home-safe',
      categories: [3],
      type: 'home',
      name: (v) => `FalconLock Laptop Safe ${v.model}`,
      summary: () =>
        'takes a 17-inch laptop lying flat, with room for a tablet and passports on top. The motorised bolts and quiet keypad make it popular with hotel apartments and home offices.',
      features: [
        'Fits laptops up to 17 inches',
        'Motorised locking with quiet keypad',
        'Internal LED light',
        'Cable hole for charging inside the safe',
      ],
      specs: () => [
        ['Capacity', '22 litres'],
        ['Lock type', 'Electronic keypad + master code'],
        ['Security', 'EN 14450 S1'],
        ['Fire rating', 'Not fire rated'],
        ['Power', '4 x AA batteries or external battery pack'],
      ],
      warranty: '1 year',
      keywords: ['laptop safe', 'hotel safe', 'home safe', 'digital safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'LP-17', price: 689, kg: 16, dims: 'H 200 x W 450 x D 380 mm', stock: 25, d: 12, colours: ['black', 'grey', 'red'] }],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'home-safe',
      categories: [3],
      type: 'home',
      name: (v) => `SteelNest Digital Home Safe ${v.model}`,
      summary: () =>
        'is a stylish mid-size home safe in three colours: certified to EN 14450 S2, with a removable shelf and a door pocket for documents.',
      features: [
        'EN 14450 S2 certified security',
        'Illuminated keypad with anti-tamper lockout',
        'Removable shelf and door pocket',
        'Floor and wall fixing kit',
      ],
      specs: () => [
        ['Capacity', '30 litres'],
        ['Lock type', 'Electronic keypad + emergency key'],
        ['Security', 'EN 14450 S2'],
        ['Fire rating', 'Not fire rated'],
        ['Shelves', '1 removable'],
      ],
      warranty: '2 years',
      keywords: ['home safe', 'digital safe', 'coloured safe', 'bedroom safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'DH-30', price: 899, kg: 22, dims: 'H 400 x W 380 x D 350 mm', stock: 18, colours: ['ivory', 'blue', 'black'] }],
  ),
  ...family(
    {
      brand: 'falconlock',
      kind: 'home-safe',
      categories: [3],
      type: 'home',
      name: (v) => `FalconLock Biometric Home Safe ${v.model}`,
      summary: (v) =>
        `opens with a fingerprint in under a second, which matters when you need your passports at 4 a.m. before a flight. ${v.cap} litres with two shelves.`,
      features: [
        'Fingerprint reader stores up to 30 prints',
        'Backup keypad code and emergency key',
        'Solid 6 mm steel door',
        'Bolt-down holes in floor and back wall',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Lock type', 'Biometric + keypad + emergency key'],
        ['Security', 'EN 14450 S2'],
        ['Fire rating', 'Not fire rated'],
        ['Shelves', '2 (1 removable)'],
      ],
      warranty: '2 years',
      keywords: ['biometric safe', 'fingerprint safe', 'home safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'BH-40', cap: 40, price: 1450, kg: 28, dims: 'H 480 x W 380 x D 360 mm', stock: 15 },
      { model: 'BH-60', cap: 60, price: 1990, kg: 41, dims: 'H 600 x W 420 x D 400 mm', stock: 9, d: 10, isNew: true },
    ],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'home-safe',
      categories: [3],
      type: 'home',
      name: (v) => `SteelNest In-Wall Safe ${v.model}`,
      summary: () =>
        'is set into a block wall behind a mirror or painting, so it takes no floor space at all. The depth suits the 200 mm block walls common in UAE villas.',
      features: [
        'Designed for 200 mm block walls',
        'Digital keypad with emergency key',
        'Fixing lugs cast into the wall',
        'Recessed door sits flush with the plaster',
      ],
      specs: () => [
        ['Capacity', '12 litres'],
        ['Lock type', 'Digital keypad + emergency key'],
        ['Security', 'Not certified, for home use'],
        ['Fire rating', 'Not fire rated'],
        ['Installation', 'Built into a wall at least 200 mm deep'],
      ],
      warranty: '1 year',
      keywords: ['wall safe', 'hidden safe', 'in-wall safe', 'home safe', ...SAFE_KEYWORDS],
    },
    [{ model: 'WS-12', price: 520, kg: 8, dims: 'H 300 x W 400 x D 180 mm', stock: 20 }],
  ),
  ...family(
    {
      brand: 'ironclad',
      kind: 'home-safe',
      categories: [3],
      type: 'home',
      name: (v) => `Ironclad HomeFort Safe ${v.model}`,
      summary: (v) =>
        `is the heaviest home safe we sell at ${v.kg} kg: a certified EN 14450 S2 body with 30-minute fire protection, for families who keep gold and important papers at home.`,
      features: [
        'EN 14450 S2 certified with 30 minutes fire protection',
        'Electronic lock plus key (both needed, or either: your choice)',
        'Adjustable shelf and lockable inner compartment',
        'Delivered to your room by two of our team',
      ],
      specs: (v) => [
        ['Capacity', `${v.cap} litres`],
        ['Lock type', 'Electronic lock + key lock'],
        ['Security', 'EN 14450 S2'],
        ['Fire rating', '30 minutes, paper (EN 15659 LFS 30P)'],
        ['Shelves', '1 adjustable, 1 lockable compartment'],
      ],
      warranty: '3 years',
      keywords: ['home safe', 'fireproof home safe', 'gold safe', 'heavy home safe', ...SAFE_KEYWORDS],
    },
    [
      { model: 'HF-50', cap: 50, price: 2650, kg: 52, dims: 'H 550 x W 420 x D 420 mm', stock: 8 },
      { model: 'HF-70', cap: 70, price: 2990, kg: 60, dims: 'H 650 x W 450 x D 450 mm', stock: 6, d: 8 },
    ],
  ),

  // ---- Vault doors (15) ------------------------------------------------------------------------
  ...family(
    {
      brand: 'vaultline',
      kind: 'vault-door',
      categories: [15],
      type: 'office',
      name: (v) => `Vaultline Fortis Strongroom Door ${v.model}`,
      summary: (v) =>
        `turns a reinforced concrete room into a strongroom for archives, cash or weapons. Certified to EN 1143-1 Grade ${v.grade}, supplied with frame and installed by our engineers.`,
      features: (v) => [
        `EN 1143-1 Grade ${v.grade} certified door and frame`,
        'Dual control electronic locks with time delay',
        'Adjustable hinges, door swings 180 degrees',
        'Site survey, delivery, installation and commissioning included',
      ],
      specs: (v) => [
        ['Security grade', `EN 1143-1 Grade ${v.grade}`],
        ['Clear opening', v.opening],
        ['Door leaf thickness', v.leaf],
        ['Lock type', '2 x electronic locks (EN 1300 Class C)'],
        ['Fire rating', '60 minutes'],
        ['Day gate', 'Optional'],
      ],
      warranty: '10 years on the door, 2 years on the locks',
      keywords: ['vault door', 'strongroom door', 'strong room door', 'bank vault door', 'security door UAE'],
    },
    [
      {
        model: 'VD-F1',
        grade: 'IV',
        opening: 'H 1900 x W 800 mm',
        leaf: '120 mm',
        price: 35000,
        kg: 420,
        dims: 'H 2150 x W 1050 x D 250 mm',
        stock: 2,
      },
      {
        model: 'VD-F2',
        grade: 'V',
        opening: 'H 1900 x W 850 mm',
        leaf: '150 mm',
        price: 46500,
        kg: 560,
        dims: 'H 2200 x W 1100 x D 280 mm',
        stock: 2,
        isNew: true,
        d: 5,
      },
    ],
  ),
  ...family(
    {
      brand: 'vaultline',
      kind: 'vault-door',
      categories: [15],
      type: 'office',
      name: (v) => `Vaultline Regent Vault Door with Day Gate ${v.model}`,
      summary: (v) =>
        `is a complete vault entrance: a Grade ${v.grade} door, a steel day gate for working hours and a ventilation port, for banks, exchange houses and jewellery wholesalers.`,
      features: (v) => [
        `EN 1143-1 Grade ${v.grade} certified`,
        'Steel day gate with its own lock included',
        'Emergency ventilation port and inside release',
        'Time lock with weekly programme and holiday calendar',
      ],
      specs: (v) => [
        ['Security grade', `EN 1143-1 Grade ${v.grade}`],
        ['Clear opening', 'H 2000 x W 900 mm'],
        ['Door leaf thickness', v.leaf],
        ['Lock type', '2 x electronic locks + time lock'],
        ['Fire rating', '120 minutes'],
        ['Day gate', 'Included'],
      ],
      warranty: '10 years on the door, 2 years on the locks',
      keywords: ['vault door', 'bank vault door', 'vault day gate', 'strongroom door', 'security door UAE'],
    },
    [
      { model: 'VD-R2', grade: 'VI', leaf: '200 mm', price: 62000, kg: 780, dims: 'H 2300 x W 1200 x D 320 mm', stock: 1, d: 10 },
      { model: 'VD-R3', grade: 'VII', leaf: '230 mm', price: 74500, kg: 920, dims: 'H 2300 x W 1200 x D 350 mm', stock: 1 },
    ],
  ),
  ...family(
    {
      brand: 'guardian-forge',
      kind: 'vault-door',
      categories: [15],
      type: 'office',
      name: (v) => `Guardian Forge Bastion Bank Vault Door ${v.model}`,
      summary: (v) =>
        `is our highest-grade vault door, certified to EN 1143-1 Grade ${v.grade} for central cash centres and bullion vaults. Its round-profile leaf and counterbalanced hinge let one person swing over a tonne of steel.`,
      features: (v) => [
        `EN 1143-1 Grade ${v.grade} certified`,
        'Counterbalanced hinge, one-hand opening',
        'Triple control locking with time lock',
        'Engineering drawings, structural review and installation by our team',
      ],
      specs: (v) => [
        ['Security grade', `EN 1143-1 Grade ${v.grade}`],
        ['Clear opening', 'H 2000 x W 1000 mm'],
        ['Door leaf thickness', v.leaf],
        ['Lock type', '3 x electronic locks + dual time lock'],
        ['Fire rating', '120 minutes'],
        ['Day gate', 'Included'],
      ],
      warranty: '15 years on the door, 3 years on the locks',
      keywords: ['bank vault door', 'vault door', 'bullion vault', 'high security vault', 'security door UAE'],
    },
    [
      { model: 'BV-10', grade: 'X', leaf: '300 mm', price: 98000, kg: 1250, dims: 'H 2400 x W 1400 x D 420 mm', stock: 1 },
      { model: 'BV-12', grade: 'XII', leaf: '380 mm', price: 120000, kg: 1500, dims: 'H 2450 x W 1450 x D 480 mm', stock: 0 },
    ],
  ),
  ...family(
    {
      brand: 'vaultline',
      kind: 'vault-door',
      categories: [15],
      type: 'office',
      name: (v) => `Vaultline Archive Strongroom Door ${v.model}`,
      summary: () =>
        'is a fire-first strongroom door for record rooms and data archives: 120 minutes of fire resistance with Grade III burglary protection, at a price that suits government and corporate archives.',
      features: [
        '120-minute fire-rated door and frame',
        'EN 1143-1 Grade III burglary resistance',
        'Smoke seals and automatic door closer',
        'Installed in new or existing openings',
      ],
      specs: () => [
        ['Security grade', 'EN 1143-1 Grade III'],
        ['Clear opening', 'H 2000 x W 900 mm'],
        ['Door leaf thickness', '100 mm'],
        ['Lock type', 'Electronic lock + key lock'],
        ['Fire rating', '120 minutes'],
        ['Day gate', 'Not available'],
      ],
      warranty: '10 years on the door, 2 years on the locks',
      keywords: ['strongroom door', 'fire rated vault door', 'archive door', 'vault door', 'security door UAE'],
    },
    [{ model: 'SR-1', price: 39900, kg: 480, dims: 'H 2200 x W 1150 x D 220 mm', stock: 2 }],
  ),
  ...family(
    {
      brand: 'guardian-forge',
      kind: 'vault-door',
      categories: [15],
      type: 'office',
      name: (v) => `Guardian Forge Vault Emergency Escape Door ${v.model}`,
      summary: () =>
        'is a compact second door for existing vaults, letting staff leave from the inside if the main door is time-locked. It keeps the grade of the vault wall it is set in.',
      features: ['Opens only from inside the vault', 'EN 1143-1 Grade V', 'Alarm contact and sounder', 'Fits openings from 700 x 700 mm'],
      specs: () => [
        ['Security grade', 'EN 1143-1 Grade V'],
        ['Clear opening', 'H 700 x W 700 mm'],
        ['Door leaf thickness', '150 mm'],
        ['Lock type', 'Inside release handle, alarm contact'],
        ['Fire rating', '60 minutes'],
        ['Day gate', 'Not applicable'],
      ],
      warranty: '10 years',
      keywords: ['vault escape door', 'emergency vault door', 'vault door', 'security door UAE'],
    },
    [{ model: 'VE-1', price: 36500, kg: 410, dims: 'H 950 x W 950 x D 260 mm', stock: 2 }],
  ),

  // ---- Filing cabinets (11) --------------------------------------------------------------------
  ...family(
    {
      brand: 'archiva',
      kind: 'filing-cabinet',
      categories: [11],
      type: 'office',
      name: (v) => `Archiva Steel Vertical Filing Cabinet ${v.drawers}-Drawer ${v.model}`,
      summary: (v) =>
        `is the classic office filing cabinet: ${v.drawers} full-extension drawers for A4 and foolscap suspension files, anti-tilt interlock and a central lock, in powder-coated steel.`,
      features: [
        'Full-extension drawers on ball-bearing runners',
        'Anti-tilt interlock: one drawer opens at a time',
        'Central lock with two folding keys',
        'Label holders and recessed handles',
      ],
      specs: (v) => [
        ['Drawers', `${v.drawers}, full extension`],
        ['Capacity', `About ${v.drawers * 60} suspension files`],
        ['Drawer load', '40 kg per drawer'],
        ['Lock type', 'Central cam lock, 2 keys'],
        ['Fire rating', 'Not fire rated'],
        ['Material', '0.8 mm cold-rolled steel, powder coated'],
      ],
      warranty: '5 years',
      keywords: ['filing cabinet', 'steel filing cabinet', 'file cabinet', 'drawer cabinet', 'office furniture UAE'],
    },
    [
      { model: 'VF-2', drawers: 2, price: 790, kg: 28, dims: 'H 710 x W 465 x D 620 mm', stock: 22 },
      { model: 'VF-3', drawers: 3, price: 990, kg: 38, dims: 'H 1020 x W 465 x D 620 mm', stock: 18 },
      {
        model: 'VF-4',
        drawers: 4,
        price: 1290,
        kg: 48,
        dims: 'H 1320 x W 465 x D 620 mm',
        stock: 20,
        colours: ['grey', 'black', 'ivory', 'blue'],
      },
    ],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'filing-cabinet',
      categories: [11],
      type: 'office',
      name: (v) => `SteelNest Lateral Filing Cabinet ${v.drawers}-Drawer ${v.model}`,
      summary: (v) =>
        `files side to side, so it fits along a corridor or behind a desk where deep cabinets will not. ${v.drawers} drawers at 900 mm wide take two rows of A4 files each.`,
      features: [
        '900 mm wide drawers, front-to-back or side filing',
        'Counterweight and anti-tilt mechanism',
        'Central key lock',
        'Top can be used as a counter',
      ],
      specs: (v) => [
        ['Drawers', `${v.drawers}, full extension, 900 mm wide`],
        ['Capacity', `About ${v.drawers * 110} suspension files`],
        ['Drawer load', '45 kg per drawer'],
        ['Lock type', 'Central key lock, 2 keys'],
        ['Fire rating', 'Not fire rated'],
      ],
      warranty: '5 years',
      keywords: ['lateral filing cabinet', 'wide filing cabinet', 'filing cabinet', 'office storage'],
    },
    [
      { model: 'LF-3', drawers: 3, price: 1850, kg: 62, dims: 'H 1000 x W 900 x D 480 mm', stock: 10 },
      { model: 'LF-4', drawers: 4, price: 2350, kg: 78, dims: 'H 1320 x W 900 x D 480 mm', stock: 8, d: 12 },
      { model: 'LF-5', drawers: 5, price: 2890, kg: 96, dims: 'H 1620 x W 900 x D 480 mm', stock: 5, isNew: true },
    ],
  ),
  ...family(
    {
      brand: 'archiva',
      kind: 'filing-cabinet',
      categories: [11],
      type: 'office',
      name: (v) => `Archiva Mobile Pedestal 3-Drawer ${v.model}`,
      summary: () =>
        'slides under any desk on five castors: two stationery drawers and one filing drawer, with a pencil tray and one lock for all three.',
      features: ['2 box drawers + 1 filing drawer', 'Five castors, two lockable', 'Removable pencil tray', 'Central lock'],
      specs: () => [
        ['Drawers', '2 box drawers, 1 file drawer'],
        ['Capacity', 'About 35 suspension files'],
        ['Drawer load', '25 kg per drawer'],
        ['Lock type', 'Central cam lock, 2 keys'],
        ['Mobility', '5 castors, 2 with brakes'],
      ],
      warranty: '3 years',
      keywords: ['mobile pedestal', 'under desk drawer', 'pedestal cabinet', 'filing cabinet'],
    },
    [{ model: 'MP-3', price: 720, kg: 26, dims: 'H 600 x W 400 x D 500 mm', stock: 30, d: 15, colours: ['grey', 'black'] }],
  ),
  ...family(
    {
      brand: 'archiva',
      kind: 'filing-cabinet',
      categories: [11],
      type: 'office',
      name: (v) => `Archiva A0 Plan Chest 5-Drawer ${v.model}`,
      summary: () =>
        'stores A0 drawings, maps and artwork flat. Architects and engineering consultants use it to keep original drawings free of folds and curling.',
      features: [
        'Five shallow drawers for A0 sheets',
        'Dust flaps at the back of each drawer',
        'Stackable to 10 drawers',
        'Ball-bearing runners',
      ],
      specs: () => [
        ['Drawers', '5, each 55 mm high'],
        ['Capacity', 'About 100 sheets per drawer'],
        ['Drawer load', '30 kg per drawer'],
        ['Lock type', 'Central key lock'],
        ['Paper size', 'A0 (1189 x 841 mm)'],
      ],
      warranty: '5 years',
      keywords: ['plan chest', 'map cabinet', 'drawing cabinet', 'A0 cabinet', 'filing cabinet'],
    },
    [{ model: 'PC-A0', price: 4450, kg: 92, dims: 'H 420 x W 1340 x D 970 mm', stock: 3 }],
  ),

  // ---- Mobile shelving (16) ------------------------------------------------------------------
  ...family(
    {
      brand: 'shelfwise',
      kind: 'mobile-shelving',
      categories: [16],
      type: 'office',
      name: (v) => `ShelfWise ${v.op} Mobile Shelving System ${v.model}`,
      summary: (v) =>
        `doubles the storage of a file room by removing fixed aisles: ${v.carriages} mobile carriages on floor rails, ${v.op.toLowerCase()} operation. Designed, measured and installed by our team for your room.`,
      features: (v) => [
        `${v.carriages} carriages with ${v.bays} bays each`,
        v.op === 'Electric'
          ? 'Motorised carriages with safety sensors at every aisle'
          : 'Chain-and-sprocket drive: one hand moves a full carriage',
        'Anti-tilt system and lockable carriages',
        'Free site survey and layout drawing in the UAE',
      ],
      specs: (v) => [
        ['Configuration', `${v.carriages} mobile carriages x ${v.bays} bays`],
        ['Capacity', `${v.metres} linear metres of filing`],
        ['Shelf load', '80 kg per shelf'],
        [
          'Operation',
          v.op === 'Electric'
            ? 'Electric, push-button with safety sensors'
            : v.op === 'Manual'
              ? 'Manual hand push'
              : 'Mechanical assist handwheel',
        ],
        ['Lock type', 'Central key lock'],
        ['Finish', 'Powder-coated steel, end panels in laminate'],
      ],
      warranty: '10 years on structure, 2 years on drives',
      keywords: ['mobile shelving', 'compactor storage', 'rolling shelves', 'file compactor', 'archive shelving UAE'],
    },
    [
      {
        model: 'HP-3',
        op: 'Manual',
        carriages: 3,
        bays: 2,
        metres: 36,
        price: 8200,
        kg: 310,
        dims: 'H 2100 x W 2000 x D 2400 mm (installed)',
        stock: 3,
      },
      {
        model: 'MA-4',
        op: 'Mechanical Assist',
        carriages: 4,
        bays: 3,
        metres: 72,
        price: 8900,
        kg: 420,
        dims: 'H 2200 x W 3000 x D 2800 mm (installed)',
        stock: 3,
        d: 5,
      },
      {
        model: 'MA-6',
        op: 'Mechanical Assist',
        carriages: 6,
        bays: 3,
        metres: 108,
        price: 13500,
        kg: 640,
        dims: 'H 2200 x W 3000 x D 3900 mm (installed)',
        stock: 2,
      },
      {
        model: 'MA-10',
        op: 'Mechanical Assist',
        carriages: 10,
        bays: 4,
        metres: 240,
        price: 21800,
        kg: 1050,
        dims: 'H 2400 x W 4000 x D 6000 mm (installed)',
        stock: 2,
        isNew: true,
      },
      {
        model: 'EL-8',
        op: 'Electric',
        carriages: 8,
        bays: 5,
        metres: 240,
        price: 34000,
        kg: 1350,
        dims: 'H 2400 x W 5000 x D 5200 mm (installed)',
        stock: 1,
      },
      {
        model: 'EL-14',
        op: 'Electric',
        carriages: 14,
        bays: 6,
        metres: 504,
        price: 58500,
        kg: 2300,
        dims: 'H 2600 x W 6000 x D 8400 mm (installed)',
        stock: 0,
      },
    ],
  ),
  ...family(
    {
      brand: 'shelfwise',
      kind: 'mobile-shelving',
      categories: [16],
      type: 'office',
      name: (v) => `ShelfWise ${v.label} Mobile Shelving ${v.model}`,
      summary: (v) => `${v.text}`,
      features: (v) => v.feats,
      specs: (v) => [
        ['Configuration', v.config],
        ['Capacity', v.capacity],
        ['Shelf load', '100 kg per shelf'],
        ['Operation', 'Mechanical assist handwheel'],
        ['Lock type', v.lock],
      ],
      warranty: '10 years on structure',
      keywords: ['mobile shelving', 'compactor storage', 'rolling shelves', 'archive shelving UAE'],
    },
    [
      {
        model: 'ER-6',
        label: 'Evidence Room',
        text: 'keeps evidence and confidential records behind lockable mesh doors on every carriage, with a log-book holder at each end.',
        feats: [
          'Lockable mesh doors per carriage',
          'Tamper-evident key register',
          'Adjustable shelves at 25 mm pitch',
          'Installed and certified by our team',
        ],
        config: '6 mobile carriages x 3 bays, mesh doors',
        capacity: '90 linear metres',
        lock: 'Individual door locks + master key',
        price: 19400,
        kg: 820,
        dims: 'H 2200 x W 3000 x D 4200 mm (installed)',
        stock: 2,
      },
      {
        model: 'LB-8',
        label: 'Library and Museum',
        text: 'is a quiet, smooth-running system for libraries, museums and universities, with timber-effect end panels and adjustable shelves for books and boxes.',
        feats: [
          'Timber-effect end panels',
          'Book shelves and archive box shelves',
          'Anti-tilt and floor rail ramps',
          'Made to measure for your room',
        ],
        config: '8 mobile carriages x 4 bays',
        capacity: '190 linear metres',
        lock: 'Central key lock',
        price: 27900,
        kg: 980,
        dims: 'H 2300 x W 4000 x D 5400 mm (installed)',
        stock: 1,
        d: 8,
      },
    ],
  ),

  // ---- Paper shredders, laminating and binding (17) -----------------------------------------
  ...family(
    {
      brand: 'papertrail',
      kind: 'shredder',
      categories: [17],
      type: 'home',
      name: (v) => `PaperTrail Home Shredder ${v.sheets}-Sheet ${v.model}`,
      summary: (v) =>
        `turns bank statements, bills and old ID copies into ${v.cut} particles. Small enough to sit beside a desk at home, with a ${v.bin}-litre pull-out bin.`,
      features: (v) => [
        `Shreds ${v.sheets} sheets at a time, plus credit cards`,
        `${v.level} security (DIN 66399)`,
        'Auto start/stop and overheat protection',
        'Safety lock switch for homes with children',
      ],
      specs: (v) => [
        ['Sheet capacity', `${v.sheets} sheets (A4, 70 gsm)`],
        ['Cut type', `${v.cut}, ${v.level}`],
        ['Bin capacity', `${v.bin} litres`],
        ['Duty cycle', '3 minutes on, 30 minutes off'],
        ['Shreds', 'Paper, staples, credit cards'],
      ],
      warranty: '1 year, 3 years on cutters',
      keywords: ['shredder', 'paper shredder', 'home shredder', 'cross cut shredder', 'shredder machine UAE'],
    },
    [
      {
        model: 'H6',
        sheets: 6,
        cut: 'Cross cut 4 x 40 mm',
        level: 'P-4',
        bin: 14,
        price: 259,
        kg: 5.2,
        dims: 'H 380 x W 330 x D 200 mm',
        stock: 35,
        d: 10,
      },
      {
        model: 'H8M',
        sheets: 8,
        cut: 'Micro cut 2 x 12 mm',
        level: 'P-5',
        bin: 18,
        price: 349,
        kg: 6.8,
        dims: 'H 420 x W 350 x D 230 mm',
        stock: 28,
        isNew: true,
      },
      {
        model: 'H12',
        sheets: 12,
        cut: 'Cross cut 4 x 35 mm',
        level: 'P-4',
        bin: 21,
        price: 449,
        kg: 8.5,
        dims: 'H 470 x W 360 x D 260 mm',
        stock: 22,
        colours: ['black', 'grey'],
      },
    ],
  ),
  ...family(
    {
      brand: 'papertrail',
      kind: 'shredder',
      categories: [17],
      type: 'office',
      name: (v) => `PaperTrail Office Shredder ${v.sheets}-Sheet ${v.model}`,
      summary: (v) =>
        `is built for shared office use: ${v.sheets} sheets per pass, a ${v.bin}-litre bin and a ${v.duty} duty cycle, so a team can clear a day's confidential waste without waiting.`,
      features: (v) => [
        `${v.level} security: ${v.cut}`,
        `${v.duty} run time before cooling`,
        'Jam-proof system reverses automatically',
        'Shreds staples, paper clips, cards and CDs',
      ],
      specs: (v) => [
        ['Sheet capacity', `${v.sheets} sheets (A4, 70 gsm)`],
        ['Cut type', `${v.cut}, ${v.level}`],
        ['Bin capacity', `${v.bin} litres`],
        ['Duty cycle', v.duty],
        ['Noise level', `${v.noise} dB`],
      ],
      warranty: '2 years, lifetime on cutters',
      keywords: ['office shredder', 'paper shredder', 'shredding machine', 'shredder Dubai'],
    },
    [
      {
        model: 'O16',
        sheets: 16,
        cut: 'Cross cut 4 x 40 mm',
        level: 'P-4',
        bin: 30,
        duty: '20 minutes',
        noise: 58,
        price: 1150,
        kg: 15,
        dims: 'H 640 x W 390 x D 290 mm',
        stock: 14,
      },
      {
        model: 'O20',
        sheets: 20,
        cut: 'Cross cut 4 x 40 mm',
        level: 'P-4',
        bin: 40,
        duty: '30 minutes',
        noise: 57,
        price: 1690,
        kg: 22,
        dims: 'H 720 x W 420 x D 330 mm',
        stock: 12,
        d: 15,
      },
      {
        model: 'O14M',
        sheets: 14,
        cut: 'Micro cut 2 x 15 mm',
        level: 'P-5',
        bin: 40,
        duty: '40 minutes',
        noise: 55,
        price: 2650,
        kg: 28,
        dims: 'H 760 x W 450 x D 360 mm',
        stock: 8,
      },
      {
        model: 'O30A',
        sheets: 300,
        cut: 'Cross cut 4 x 40 mm (auto feed)',
        level: 'P-4',
        bin: 60,
        duty: 'Continuous',
        noise: 56,
        price: 3450,
        kg: 34,
        dims: 'H 850 x W 490 x D 420 mm',
        stock: 9,
        d: 10,
      },
      {
        model: 'O45',
        sheets: 26,
        cut: 'Cross cut 4 x 40 mm',
        level: 'P-4',
        bin: 100,
        duty: 'Continuous',
        noise: 60,
        price: 4890,
        kg: 48,
        dims: 'H 950 x W 560 x D 480 mm',
        stock: 5,
      },
      {
        model: 'X60',
        sheets: 40,
        cut: 'Cross cut 5 x 50 mm',
        level: 'P-3',
        bin: 200,
        duty: 'Continuous',
        noise: 62,
        price: 8900,
        kg: 60,
        dims: 'H 1050 x W 650 x D 560 mm',
        stock: 0,
      },
    ],
  ),
  ...family(
    {
      brand: 'papertrail',
      kind: 'laminator',
      categories: [17],
      type: 'home',
      name: (v) => `PaperTrail LamiPro ${v.size} Laminator ${v.model}`,
      summary: (v) =>
        `laminates school projects, menus and price cards up to ${v.size}. Ready in ${v.warm}, with two heated rollers for a clear, bubble-free finish.`,
      features: (v) => [
        `Takes pouches up to ${v.size}`,
        'Pouch thickness 75 to 125 micron',
        `Warm-up in ${v.warm}`,
        'Release lever clears misfed pouches',
      ],
      specs: (v) => [
        ['Max format', v.size],
        ['Pouch thickness', '75-125 micron'],
        ['Warm-up time', v.warm],
        ['Speed', '300 mm per minute'],
        ['Rollers', '2 heated'],
      ],
      warranty: '1 year',
      keywords: ['laminator', 'laminating machine', 'lamination machine', 'A4 laminator'],
    },
    [
      { model: 'LP-A4', size: 'A4', warm: '4 minutes', price: 189, kg: 2.1, dims: 'H 90 x W 340 x D 140 mm', stock: 40 },
      { model: 'LP-A3', size: 'A3', warm: '5 minutes', price: 349, kg: 3.6, dims: 'H 95 x W 470 x D 160 mm', stock: 25 },
    ],
  ),
  ...family(
    {
      brand: 'papertrail',
      kind: 'laminator',
      categories: [17],
      type: 'office',
      name: (v) => `PaperTrail LamiPro A3 Heavy Duty Laminator ${v.model}`,
      summary: () =>
        'is a six-roller office laminator that handles 250-micron pouches for ID cards and signs all day, with a digital temperature control and reverse function.',
      features: [
        '6 rollers (4 heated) for professional results',
        'Pouches from 75 to 250 micron',
        'Digital temperature and speed control',
        'Cold laminating for photos',
      ],
      specs: () => [
        ['Max format', 'A3'],
        ['Pouch thickness', '75-250 micron'],
        ['Warm-up time', '60 seconds'],
        ['Speed', '1,000 mm per minute'],
        ['Rollers', '6 (4 heated)'],
      ],
      warranty: '2 years',
      keywords: ['heavy duty laminator', 'A3 laminator', 'laminating machine', 'office laminator'],
    },
    [{ model: 'LM-A3X', price: 1250, kg: 8.5, dims: 'H 150 x W 620 x D 260 mm', stock: 10 }],
  ),
  ...family(
    {
      brand: 'papertrail',
      kind: 'laminator',
      categories: [17],
      type: 'office',
      name: (v) => `PaperTrail Laminating Pouches ${v.size} 125 Micron, Pack of ${v.qty} ${v.model}`,
      summary: (v) =>
        `are gloss laminating pouches in ${v.size} size, 2 x 125 micron, for menus, certificates and signs. Suitable for every PaperTrail laminator and most other brands.`,
      features: (v) => ['Gloss finish, crystal clear', '2 x 125 micron (250 micron total)', 'Rounded corners', `Box of ${v.qty}`],
      specs: (v) => [
        ['Size', v.size === 'A4' ? 'A4 (216 x 303 mm)' : 'A3 (303 x 426 mm)'],
        ['Thickness', '2 x 125 micron'],
        ['Quantity', `${v.qty} pouches`],
        ['Finish', 'Gloss'],
      ],
      warranty: 'Not applicable',
      keywords: ['laminating pouches', 'laminating sheets', 'lamination film', 'laminator pouches'],
    },
    [
      { model: 'PCH-A4', size: 'A4', qty: 100, price: 49, kg: 2.4, dims: 'H 30 x W 230 x D 320 mm (box)', stock: 150, d: 5 },
      { model: 'PCH-A3', size: 'A3', qty: 100, price: 79, kg: 4.1, dims: 'H 30 x W 320 x D 440 mm (box)', stock: 90 },
    ],
  ),
  ...family(
    {
      brand: 'papertrail',
      kind: 'binding-machine',
      categories: [17],
      type: 'office',
      name: (v) => `PaperTrail ${v.label} Binding Machine ${v.model}`,
      summary: (v) => `${v.text}`,
      features: (v) => v.feats,
      specs: (v) => [
        ['Binding type', v.type],
        ['Punch capacity', v.punch],
        ['Binding capacity', v.bind],
        ['Max format', 'A4'],
      ],
      warranty: '2 years',
      keywords: ['binding machine', 'comb binding', 'wire binding', 'book binding machine', 'binder machine UAE'],
    },
    [
      {
        model: 'CB-21',
        label: 'Comb',
        text: 'punches 12 sheets and binds reports of up to 450 sheets with plastic combs. The fold-up handle and tray make it easy to store.',
        feats: [
          'Punches 12 sheets (80 gsm) per pass',
          'Binds up to 450 sheets with 51 mm combs',
          '21 holes, A4 pitch',
          'Adjustable margin and paper guide',
        ],
        type: 'Plastic comb, 21 rings',
        punch: '12 sheets',
        bind: '450 sheets',
        price: 390,
        kg: 5.5,
        dims: 'H 120 x W 420 x D 320 mm',
        stock: 20,
      },
      {
        model: 'WB-34',
        label: 'Wire',
        text: 'gives reports and proposals a premium double-loop wire finish. It punches 20 sheets and closes wire up to 14 mm.',
        feats: [
          '3:1 pitch double-loop wire',
          'Punches 20 sheets per pass',
          'Disengageable pins for odd sizes',
          'Wire closer with size guide',
        ],
        type: 'Double-loop wire, 3:1 pitch',
        punch: '20 sheets',
        bind: '120 sheets',
        price: 1150,
        kg: 12,
        dims: 'H 180 x W 460 x D 390 mm',
        stock: 9,
      },
      {
        model: 'TB-1',
        label: 'Thermal',
        text: 'binds documents in about a minute with glued thermal covers, no punching. Ideal for reception desks and training rooms.',
        feats: ['No punching: glue spine covers', 'Binds up to 300 sheets', 'Ready in 3 minutes', 'Cooling rack for 6 documents'],
        type: 'Thermal glue covers',
        punch: 'No punching',
        bind: '300 sheets',
        price: 690,
        kg: 4.2,
        dims: 'H 110 x W 400 x D 220 mm',
        stock: 12,
        isNew: true,
      },
      {
        model: 'EC-500',
        label: 'Electric Comb',
        text: 'punches 25 sheets at the press of a pedal and opens combs electrically: print rooms and schools bind hundreds of booklets a day with it.',
        feats: [
          'Electric punch, 25 sheets per pass',
          'Foot pedal frees both hands',
          'Electric comb opener',
          'Waste drawer with full indicator',
        ],
        type: 'Plastic comb, electric',
        punch: '25 sheets',
        bind: '500 sheets',
        price: 2450,
        kg: 19,
        dims: 'H 260 x W 480 x D 420 mm',
        stock: 6,
        d: 10,
      },
      {
        model: 'PB-4500',
        label: 'Production',
        text: 'is a heavy production machine for copy centres, with interchangeable dies for comb, wire and coil binding.',
        feats: [
          'Interchangeable dies: comb, wire, coil',
          'Electric punch, 30 sheets per pass',
          'Heavy steel frame',
          'Dies change in seconds without tools',
        ],
        type: 'Comb, wire and coil (interchangeable dies)',
        punch: '30 sheets',
        bind: '500 sheets',
        price: 4450,
        kg: 28,
        dims: 'H 300 x W 520 x D 480 mm',
        stock: 3,
      },
    ],
  ),

  // ---- Currency counting machines (10) ---------------------------------------------------------
  ...family(
    {
      brand: 'counton',
      kind: 'currency-counter',
      categories: [10],
      type: 'office',
      name: (v) => `CountOn ${v.title} ${v.model}`,
      summary: (v) => `${v.text}`,
      features: (v) => v.feats,
      specs: (v) => [
        ['Counting speed', v.speed],
        ['Counterfeit detection', v.detect],
        ['Hopper capacity', v.hopper],
        ['Stacker capacity', v.stacker],
        ['Currencies', v.cur],
        ['Display', v.display],
      ],
      warranty: '2 years, on-site service in Dubai',
      keywords: ['currency counter', 'money counting machine', 'note counting machine', 'cash counter', 'AED counter'],
    },
    [
      {
        model: 'CC-100',
        title: 'Basic Currency Counter',
        text: 'counts notes at 1,000 per minute with UV detection of fake notes: the straightforward counter for shops and restaurants.',
        feats: ['Counts 1,000 notes per minute', 'UV counterfeit detection', 'Batch and add functions', 'Front loading, compact body'],
        speed: '1,000 notes/min',
        detect: 'UV',
        hopper: '300 notes',
        stacker: '200 notes',
        cur: 'All currencies (count only)',
        display: 'LED',
        price: 650,
        kg: 4.2,
        stock: 30,
        dims: 'H 170 x W 290 x D 250 mm',
        d: 10,
      },
      {
        model: 'CC-200',
        title: 'UV/MG Currency Counter',
        text: 'adds magnetic ink detection to UV, catching the better fakes of AED, USD and EUR notes, with a clear LCD and batch counting.',
        feats: ['UV + MG detection', 'Counts 1,200 notes per minute', 'Batch, add and self-test functions', 'External display included'],
        speed: '1,200 notes/min',
        detect: 'UV, MG',
        hopper: '300 notes',
        stacker: '200 notes',
        cur: 'AED, USD, EUR, SAR (count and detect)',
        display: 'LCD + external display',
        price: 890,
        kg: 4.8,
        stock: 24,
        dims: 'H 180 x W 300 x D 260 mm',
      },
      {
        model: 'CC-300',
        title: 'UV/MG/IR Currency Counter',
        text: 'checks every note with UV, MG and infrared, and catches double and chained notes. Sold in grey and black to match your counter.',
        feats: [
          'UV + MG + IR + double-note detection',
          'Counts 1,500 notes per minute',
          'Alarm and stop on suspect note',
          'Upgradable software by USB',
        ],
        speed: '1,500 notes/min',
        detect: 'UV, MG, IR, double note, chain note',
        hopper: '300 notes',
        stacker: '200 notes',
        cur: 'AED, USD, EUR, GBP, SAR, INR',
        display: 'LCD + external display',
        price: 1290,
        kg: 5.6,
        stock: 18,
        dims: 'H 190 x W 310 x D 270 mm',
        d: 8,
        colours: ['grey', 'black'] as ColourKey[],
      },
      {
        model: 'MV-1',
        title: 'Mixed Value Currency Counter',
        text: 'sorts out a mixed stack and tells you the total value, not only the number of notes. Exchange houses and supermarkets save hours at cash-up.',
        feats: ['Mixed-denomination value counting', 'CIS image sensor on one side', 'Report by denomination on screen', 'Printer port'],
        speed: '1,000 notes/min',
        detect: 'UV, MG, IR, CIS image (1 side)',
        hopper: '500 notes',
        stacker: '200 notes',
        cur: 'AED, USD, EUR, GBP, SAR',
        display: 'TFT colour screen',
        price: 2850,
        kg: 7.2,
        stock: 10,
        dims: 'H 250 x W 280 x D 300 mm',
      },
      {
        model: 'MV-2',
        title: 'Dual CIS Value Counter',
        text: 'reads both sides of every note with two CIS image sensors and records serial numbers, as banks and exchange houses require.',
        feats: [
          'Dual CIS: both sides of each note',
          'Serial number recording and export',
          'Fitness detection of worn notes',
          'USB and network report export',
        ],
        speed: '1,200 notes/min',
        detect: 'UV, MG, IR, dual CIS, size and thickness',
        hopper: '500 notes',
        stacker: '200 notes',
        cur: 'AED, USD, EUR, GBP, SAR, KWD, OMR, INR',
        display: '4.3-inch touch screen',
        price: 4450,
        kg: 8.4,
        stock: 7,
        dims: 'H 270 x W 290 x D 320 mm',
        d: 12,
        isNew: true,
      },
      {
        model: 'MV-3',
        title: 'Three-Currency Value Counter',
        text: 'counts the value of AED, USD and EUR mixed together and prints a slip, made for travel agents and money changers.',
        feats: [
          'AED, USD and EUR mixed in one batch',
          'Built-in thermal printer',
          'Add-mode for large totals',
          'Auto currency recognition',
        ],
        speed: '900 notes/min (value mode)',
        detect: 'UV, MG, IR, CIS image',
        hopper: '500 notes',
        stacker: '200 notes',
        cur: 'AED, USD, EUR (mixed)',
        display: 'TFT colour screen + printer',
        price: 3650,
        kg: 7.8,
        stock: 8,
        dims: 'H 260 x W 300 x D 320 mm',
      },
      {
        model: 'SR-2',
        title: 'Two-Pocket Banknote Sorter',
        text: 'sorts by denomination, face and orientation into two pockets, and sends suspect notes to the reject pocket without stopping.',
        feats: [
          'Two-pocket sorting plus reject',
          'Face and orientation sorting',
          'Fitness sorting for ATM-ready notes',
          'Network reporting',
        ],
        speed: '1,000 notes/min',
        detect: 'UV, MG, IR, dual CIS, thickness',
        hopper: '500 notes',
        stacker: '2 x 200 notes + 100 reject',
        cur: 'AED, USD, EUR, GBP, SAR, KWD, QAR, OMR',
        display: '7-inch touch screen',
        price: 5950,
        kg: 12,
        stock: 0,
        dims: 'H 320 x W 330 x D 380 mm',
      },
      {
        model: 'CN-1',
        title: 'Coin Counter and Sorter',
        text: 'counts and sorts dirham and fils coins into bags or tubes, freeing up cashiers at the end of each shift.',
        feats: ['Counts up to 600 coins per minute', 'Sorts AED coins by value', 'Bag and tube outputs', 'Quiet operation'],
        speed: '600 coins/min',
        detect: 'Size and thickness',
        hopper: '1,500 coins',
        stacker: '6 sorted outputs',
        cur: 'AED coins (1 dirham, 50 fils, 25 fils)',
        display: 'LCD',
        price: 1650,
        kg: 9,
        stock: 6,
        dims: 'H 290 x W 390 x D 280 mm',
      },
      {
        model: 'CP-1',
        title: 'Portable Currency Counter',
        text: 'is a light, battery-powered counter for events, collection teams and pop-up stores, with UV detection.',
        feats: ['Rechargeable battery, about 3,000 notes per charge', 'UV detection', 'Carry handle', 'Counts 800 notes per minute'],
        speed: '800 notes/min',
        detect: 'UV',
        hopper: '150 notes',
        stacker: '100 notes',
        cur: 'All currencies (count only)',
        display: 'LED',
        price: 620,
        kg: 2.8,
        stock: 15,
        dims: 'H 130 x W 240 x D 200 mm',
      },
      {
        model: 'BS-30',
        title: 'Banknote Strapping Machine',
        text: 'straps stacks of 100 notes with paper or film bands in two seconds, matching the bundles banks expect.',
        feats: ['Straps a bundle in 2 seconds', 'Paper or film bands', 'Adjustable band tension', 'Works with every CountOn counter'],
        speed: '30 bundles/min',
        detect: 'Not applicable',
        hopper: 'Bundles up to 100 notes',
        stacker: 'Not applicable',
        cur: 'All notes up to 180 mm',
        display: 'LED',
        price: 2250,
        kg: 11,
        stock: 5,
        dims: 'H 300 x W 320 x D 380 mm',
      },
      {
        model: 'FS-3',
        title: 'Banknote Fitness Sorter',
        text: 'separates worn, torn and taped notes from fit ones, so cash going into ATMs and back to customers is always clean.',
        feats: ['Fitness detection: tears, tape, soil, holes', 'Three pockets', 'Serial number capture', 'Reports by USB'],
        speed: '1,000 notes/min',
        detect: 'UV, MG, IR, dual CIS, tape sensor',
        hopper: '500 notes',
        stacker: '3 x 200 notes',
        cur: 'AED, USD, EUR, SAR',
        display: '7-inch touch screen',
        price: 5450,
        kg: 14,
        stock: 2,
        dims: 'H 330 x W 360 x D 400 mm',
        d: 5,
      },
    ],
  ),

  // ---- Flip charts and whiteboards (1) -------------------------------------------------------
  ...family(
    {
      brand: 'brightboard',
      kind: 'whiteboard',
      categories: [1],
      type: 'office',
      name: (v) => `BrightBoard Magnetic Whiteboard ${v.size} cm ${v.model}`,
      summary: (v) =>
        `has a lacquered steel surface that wipes clean without ghosting and holds magnets. ${v.size} cm in a slim aluminium frame, with a full-length pen tray.`,
      features: [
        'Magnetic lacquered steel surface',
        'Anodised aluminium frame with rounded corners',
        'Full-length pen tray',
        'Wall fixing kit for landscape or portrait',
      ],
      specs: (v) => [
        ['Size', `${v.size} cm`],
        ['Surface', 'Lacquered steel, magnetic, dry-wipe'],
        ['Frame', 'Aluminium, 18 mm'],
        ['Mounting', 'Wall, concealed fixings'],
        ['Accessories', '1 marker, 4 magnets, pen tray'],
      ],
      warranty: '10 years on the surface',
      keywords: ['whiteboard', 'white board', 'magnetic board', 'dry erase board', 'marker board'],
    },
    [
      { model: 'WB-90', size: '90 x 60', price: 189, kg: 6, dims: 'H 600 x W 900 x D 25 mm', stock: 40 },
      { model: 'WB-120', size: '120 x 90', price: 329, kg: 9.5, dims: 'H 900 x W 1200 x D 25 mm', stock: 32 },
      { model: 'WB-180', size: '180 x 120', price: 549, kg: 16, dims: 'H 1200 x W 1800 x D 25 mm', stock: 18, d: 10 },
      { model: 'WB-240', size: '240 x 120', price: 849, kg: 23, dims: 'H 1200 x W 2400 x D 25 mm', stock: 10 },
    ],
  ),
  ...family(
    {
      brand: 'brightboard',
      kind: 'whiteboard',
      categories: [1],
      type: 'home',
      name: (v) => `BrightBoard Mini Dry-Wipe Board 45 x 60 cm ${v.model}`,
      summary: () =>
        "is a light memo board for the kitchen, a kid's room or a home office: shopping lists, homework plans and reminders, with a marker and magnets in the box.",
      features: [
        'Magnetic dry-wipe surface',
        'Light aluminium frame',
        'Hangs on one nail or two adhesive hooks',
        'Marker and 2 magnets included',
      ],
      specs: () => [
        ['Size', '45 x 60 cm'],
        ['Surface', 'Painted steel, magnetic, dry-wipe'],
        ['Frame', 'Aluminium, 12 mm'],
        ['Mounting', 'Wall'],
        ['Accessories', '1 marker, 2 magnets'],
      ],
      warranty: '2 years',
      keywords: ['small whiteboard', 'mini whiteboard', 'memo board', 'home whiteboard'],
    },
    [{ model: 'MB-4560', price: 49, kg: 3, dims: 'H 450 x W 600 x D 15 mm', stock: 60 }],
  ),
  ...family(
    {
      brand: 'brightboard',
      kind: 'whiteboard',
      categories: [1],
      type: 'home',
      name: (v) => `BrightBoard Kids Magnetic Board ${v.model}`,
      summary: () =>
        'is a cheerful magnetic drawing board for children, with a chalk side and a dry-wipe side, and rounded corners that are kind to small hands.',
      features: [
        'Two sides: dry-wipe and chalk',
        'Rounded, child-safe corners',
        'Alphabet magnets included',
        'Wall or table-top with folding stand',
      ],
      specs: () => [
        ['Size', '60 x 45 cm'],
        ['Surface', 'Dry-wipe + chalk, magnetic'],
        ['Frame', 'Painted steel, rounded corners'],
        ['Mounting', 'Wall or folding stand'],
        ['Accessories', '26 letter magnets, 2 markers, chalk'],
      ],
      warranty: '1 year',
      keywords: ['kids whiteboard', 'children drawing board', 'magnetic board for kids', 'chalk board'],
    },
    [{ model: 'KB-60', price: 129, kg: 4, dims: 'H 450 x W 600 x D 20 mm', stock: 35, d: 20, colours: ['red', 'blue'] }],
  ),
  ...family(
    {
      brand: 'brightboard',
      kind: 'whiteboard',
      categories: [1],
      type: 'office',
      name: (v) => `BrightBoard ${v.label} ${v.model}`,
      summary: (v) => `${v.text}`,
      features: (v) => v.feats,
      specs: (v) => [
        ['Size', v.size],
        ['Surface', v.surface],
        ['Frame', v.frame],
        ['Mounting', v.mount],
      ],
      warranty: '5 years',
      keywords: ['glass whiteboard', 'mobile whiteboard', 'whiteboard', 'meeting room board'],
    },
    [
      {
        model: 'GB-120',
        label: 'Glass Magnetic Board 120 x 90 cm',
        text: 'is a frameless tempered glass board for meeting rooms: it never stains or ghosts and looks as good as the day it was fitted.',
        feats: [
          '4 mm tempered safety glass',
          'Magnetic with strong neodymium magnets',
          'Ghost-free writing surface',
          'Stand-off fixings in brushed steel',
        ],
        size: '120 x 90 cm',
        surface: 'Tempered glass, magnetic',
        frame: 'Frameless',
        mount: 'Wall, stand-off fixings',
        price: 1190,
        kg: 18,
        dims: 'H 900 x W 1200 x D 30 mm',
        stock: 8,
        isNew: true,
      },
      {
        model: 'MW-180',
        label: 'Mobile Double-Sided Whiteboard 180 x 90 cm',
        text: 'rolls between classrooms and meeting rooms on lockable castors, and the board flips over to give two writing surfaces.',
        feats: ['Double-sided magnetic surfaces', 'Flips 360 degrees and locks', 'Four lockable castors', 'Pen tray on both sides'],
        size: '180 x 90 cm',
        surface: 'Lacquered steel, magnetic, both sides',
        frame: 'Aluminium, on steel stand',
        mount: 'Mobile stand with lockable castors',
        price: 1490,
        kg: 25,
        dims: 'H 1900 x W 1900 x D 600 mm',
        stock: 6,
        d: 10,
      },
    ],
  ),
  ...family(
    {
      brand: 'brightboard',
      kind: 'flip-chart',
      categories: [1],
      type: 'office',
      name: (v) => `BrightBoard ${v.label} ${v.model}`,
      summary: (v) => `${v.text}`,
      features: (v) => v.feats,
      specs: (v) => [
        ['Board size', '100 x 70 cm'],
        ['Height', v.height],
        ['Pad compatibility', 'Standard flip chart pads, 58-65 cm hole spacing'],
        ['Legs / mobility', v.legs],
        ['Surface', 'Magnetic dry-wipe'],
      ],
      warranty: '3 years',
      keywords: ['flip chart', 'flipchart stand', 'easel', 'presentation board', 'flip chart UAE'],
    },
    [
      {
        model: 'FC-T',
        label: 'Tripod Flip Chart Easel',
        text: 'folds flat for training rooms and client presentations, and sets up in seconds with height-adjustable legs.',
        feats: ['Telescopic legs, height 115-190 cm', 'Magnetic dry-wipe board', 'Universal pad clamp', 'Folds to 8 cm'],
        height: '115-190 cm, telescopic',
        legs: 'Tripod, folding',
        price: 269,
        kg: 7.5,
        dims: 'H 1900 x W 700 x D 650 mm (open)',
        stock: 26,
      },
      {
        model: 'FC-M',
        label: 'Mobile Flip Chart with Arms',
        text: 'has five-star castors and two swing-out arms to hang finished pages beside the current one, so workshops keep every idea in sight.',
        feats: [
          'Five-star base with lockable castors',
          'Two side arms for finished sheets',
          'Height adjustable',
          'Magnetic dry-wipe board',
        ],
        height: '170-200 cm',
        legs: 'Five-star mobile base',
        price: 549,
        kg: 12,
        dims: 'H 2000 x W 700 x D 700 mm',
        stock: 12,
      },
      {
        model: 'FC-PAD5',
        label: 'Flip Chart Pads, Plain, 5-Pack',
        text: 'are 40-sheet plain flip chart pads in 70 gsm paper that markers do not bleed through. Five pads in a box.',
        feats: ['5 pads of 40 sheets', '70 gsm, bleed-resistant', 'Perforated for clean tearing', 'Fits every BrightBoard flip chart'],
        height: 'Not applicable',
        legs: 'Not applicable',
        price: 89,
        kg: 6,
        dims: 'H 100 x W 650 x D 980 mm (box)',
        stock: 45,
      },
    ],
  ),
  ...family(
    {
      brand: 'brightboard',
      kind: 'flip-chart',
      categories: [1],
      type: 'office',
      name: (v) => `BrightBoard Magnetic Flip Chart Pro ${v.model}`,
      summary: () =>
        'is a sturdy flip chart with a magnetic board, a long pen tray and a quick-release pad clamp, in a black or grey frame to match the room.',
      features: ['Magnetic dry-wipe board', 'Quick-release pad clamp', 'Height-adjustable tripod legs', 'Extendable side arm'],
      specs: () => [
        ['Board size', '100 x 70 cm'],
        ['Height', '120-195 cm'],
        ['Pad compatibility', 'Standard flip chart pads'],
        ['Legs / mobility', 'Tripod'],
        ['Surface', 'Magnetic dry-wipe'],
      ],
      warranty: '3 years',
      keywords: ['flip chart', 'magnetic flip chart', 'flipchart', 'presentation board'],
    },
    [{ model: 'FC-PRO', price: 449, kg: 9, dims: 'H 1950 x W 700 x D 650 mm (open)', stock: 14, d: 10, colours: ['black', 'grey'] }],
  ),

  // ---- Storage (19) ---------------------------------------------------------------------------
  ...family(
    {
      brand: 'steelnest',
      kind: 'storage-cabinet',
      categories: [19],
      type: 'office',
      name: (v) => `SteelNest Steel Cupboard 2-Door ${v.model}`,
      summary: () =>
        'is a full-height stationery cupboard with four adjustable shelves and a three-point locking handle, in three colours for colour-coding departments.',
      features: [
        'Four adjustable shelves, 70 kg each',
        'Three-point locking with swing handle',
        'Reinforced doors',
        'Ships flat-packed or assembled',
      ],
      specs: () => [
        ['Doors', '2 swing doors'],
        ['Shelves', '4 adjustable'],
        ['Shelf load', '70 kg per shelf'],
        ['Lock type', '3-point locking swing handle'],
        ['Material', '0.8 mm steel, powder coated'],
      ],
      warranty: '5 years',
      keywords: ['steel cupboard', 'steel cabinet', 'storage cabinet', 'stationery cupboard', 'metal cabinet UAE'],
    },
    [{ model: 'SC-185', price: 1150, kg: 52, dims: 'H 1850 x W 900 x D 450 mm', stock: 16, d: 10, colours: ['grey', 'blue', 'ivory'] }],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'storage-cabinet',
      categories: [19],
      type: 'office',
      name: (v) => `SteelNest Low Stationery Cupboard ${v.model}`,
      summary: () => 'is a desk-height steel cupboard that doubles as a printer stand, with one adjustable shelf and a lockable door.',
      features: ['Desk-height top for printers', 'One adjustable shelf', 'Cam lock', 'Levelling feet'],
      specs: () => [
        ['Doors', '2 swing doors'],
        ['Shelves', '1 adjustable'],
        ['Shelf load', '60 kg per shelf'],
        ['Lock type', 'Cam lock, 2 keys'],
        ['Material', '0.8 mm steel, powder coated'],
      ],
      warranty: '5 years',
      keywords: ['low cupboard', 'steel cupboard', 'storage cabinet', 'printer cabinet'],
    },
    [{ model: 'SC-100', price: 850, kg: 34, dims: 'H 1000 x W 900 x D 450 mm', stock: 12 }],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'storage-cabinet',
      categories: [19],
      type: 'office',
      name: (v) => `SteelNest Staff Locker ${v.doors}-Door ${v.model}`,
      summary: (v) =>
        `gives ${v.doors} staff their own lockable compartment, with a coat hook and vents. Used in gyms, schools, clinics and labour accommodation across the UAE.`,
      features: (v) => [
        `${v.doors} individually lockable doors`,
        'Ventilation louvres on every door',
        'Coat hook and name card holder',
        'Can be bolted to wall or floor',
      ],
      specs: (v) => [
        ['Doors', `${v.doors} lockable doors`],
        ['Shelves', `${v.doors} compartments`],
        ['Shelf load', '30 kg per compartment'],
        ['Lock type', 'Cam lock per door, 2 keys each (padlock hasp option)'],
        ['Material', '0.7 mm steel, powder coated'],
      ],
      warranty: '5 years',
      keywords: ['locker', 'staff locker', 'steel locker', 'gym locker', 'school locker'],
    },
    [
      { model: 'LK-4', doors: 4, price: 1390, kg: 48, dims: 'H 1850 x W 380 x D 450 mm', stock: 14 },
      { model: 'LK-6', doors: 6, price: 1690, kg: 58, dims: 'H 1850 x W 900 x D 450 mm', stock: 10, d: 10, isNew: true },
      { model: 'LK-12', doors: 12, price: 2650, kg: 84, dims: 'H 1850 x W 1200 x D 450 mm', stock: 0 },
    ],
  ),
  ...family(
    {
      brand: 'falconlock',
      kind: 'storage-cabinet',
      categories: [19],
      type: 'office',
      name: (v) => `FalconLock Key Cabinet ${v.keys} Keys ${v.model}`,
      summary: (v) =>
        `organises ${v.keys} keys on numbered hooks with a key register, for property managers, car rental offices and facility teams.`,
      features: (v) => [`${v.keys} numbered hooks with tags`, v.lock, 'Key register and index card', 'Wall mounted'],
      specs: (v) => [
        ['Doors', '1'],
        ['Capacity', `${v.keys} keys`],
        ['Lock type', v.lock],
        ['Material', '1.0 mm steel, powder coated'],
      ],
      warranty: '2 years',
      keywords: ['key cabinet', 'key box', 'key safe', 'key storage'],
    },
    [
      { model: 'KC-50', keys: 50, lock: 'Key lock', price: 320, kg: 6, dims: 'H 400 x W 300 x D 80 mm', stock: 30 },
      { model: 'KC-100', keys: 100, lock: 'Combination lock', price: 490, kg: 9, dims: 'H 550 x W 380 x D 80 mm', stock: 22 },
      {
        model: 'KE-150',
        keys: 150,
        lock: 'Electronic lock with user codes and audit log',
        price: 1950,
        kg: 19,
        dims: 'H 700 x W 500 x D 120 mm',
        stock: 5,
        isNew: true,
      },
    ],
  ),
  ...family(
    {
      brand: 'shelfwise',
      kind: 'storage-cabinet',
      categories: [19],
      type: 'office',
      name: (v) => `ShelfWise ${v.label} ${v.model}`,
      summary: (v) => `${v.text}`,
      features: (v) => v.feats,
      specs: (v) => [
        ['Shelves', v.shelves],
        ['Shelf load', v.load],
        ['Assembly', 'Boltless, rivet-lock'],
        ['Material', 'Galvanised / powder-coated steel'],
      ],
      warranty: '5 years',
      keywords: ['steel shelving', 'storage rack', 'boltless shelving', 'archive shelving', 'storage'],
    },
    [
      {
        model: 'BR-5',
        label: 'Boltless Storage Rack 5-Shelf',
        text: 'assembles with a rubber mallet in ten minutes and carries up to 250 kg per shelf: the workhorse for stores, garages and archives.',
        feats: ['5 shelves, 250 kg each', 'Assembles without bolts', 'Adjustable every 25 mm', 'Can be used as a workbench'],
        shelves: '5 adjustable, MDF decks',
        load: '250 kg per shelf',
        price: 620,
        kg: 36,
        dims: 'H 1800 x W 900 x D 450 mm',
        stock: 25,
      },
      {
        model: 'SA-6',
        label: 'Static Archive Shelving Bay 6-Shelf',
        text: 'is a starter bay for archive rooms that can later be converted onto ShelfWise mobile carriages.',
        feats: [
          '6 steel shelves for archive boxes',
          'Add-on bays share uprights',
          'Convertible to mobile shelving',
          'Label holders on every shelf',
        ],
        shelves: '6 adjustable, steel',
        load: '100 kg per shelf',
        price: 1450,
        kg: 62,
        dims: 'H 2200 x W 1000 x D 400 mm',
        stock: 8,
        d: 5,
      },
    ],
  ),
  ...family(
    {
      brand: 'steelnest',
      kind: 'storage-cabinet',
      categories: [19],
      type: 'home',
      name: (v) => `SteelNest Home Utility Cabinet ${v.model}`,
      summary: () => 'keeps cleaning products, tools and pool chemicals locked away from children in the villa store room or garage.',
      features: ['Lockable doors', 'Three adjustable shelves', 'Rust-proof coating for humid garages', 'Wall anchor against tipping'],
      specs: () => [
        ['Doors', '2 swing doors'],
        ['Shelves', '3 adjustable'],
        ['Shelf load', '50 kg per shelf'],
        ['Lock type', 'Key lock'],
        ['Material', 'Galvanised steel, powder coated'],
      ],
      warranty: '3 years',
      keywords: ['utility cabinet', 'garage cabinet', 'storage cabinet', 'home storage'],
    },
    [{ model: 'HU-90', price: 760, kg: 30, dims: 'H 1500 x W 800 x D 400 mm', stock: 18 }],
  ),
];

/** The hand-written products, with pdf, video and gallery sizes spread evenly. */
export const PRODUCTS: ProductSeed[] = DRAFTS.map((d, i) => ({
  ...d,
  // About one in four has a printable catalogue, one in six a video, galleries of 2-5 views.
  pdf: i % 4 === 0,
  video: i % 6 === 3,
  images: 2 + (i % 4),
}));

/** Home page "Featured Products", in order. */
export const FEATURED_SKUS: string[] = [
  'IC-FG-60E',
  'GF-CT3-140',
  'VL-HW-12',
  'VL-VD-R2',
  'AR-VF-4-GRY',
  'SW-MA-6',
  'PT-O30A',
  'CO-MV-2',
  'BB-WB-180',
  'SN-LK-6',
];

/** Home page "Latest products", in order. */
export const LATEST_SKUS: string[] = ['IC-FG-150E', 'VL-MN-900-BLK', 'GF-DF-80', 'CO-MV-2', 'FL-BH-60', 'PT-H8M', 'BB-GB-120', 'SW-MA-10'];

// ---------------------------------------------------------------------------------------------
// Offers, coupons, SEO

export const TOP_OFFER = { title: 'Limited Time Offer', subTitle: 'Save 10% on fire safes this week', code: 'FIRE10' };

export interface CouponSeed {
  code: string;
  discountType: 'percent' | 'amount';
  /** Percent for percent coupons, fils for amount coupons. */
  discount: number;
  maxDiscount: Fils | null;
  minAmount: Fils;
  /** Days from now; negative is in the past. */
  startInDays: number | null;
  endInDays: number;
}

/** A coupon figure given in AED, in fils. */
const inAed = (amount: number): Fils => aedToFils(aed(amount));

export const COUPONS: CouponSeed[] = [
  {
    code: 'FIRE10',
    discountType: 'percent',
    discount: 10,
    maxDiscount: inAed(500),
    minAmount: inAed(1_000),
    startInDays: -7,
    endInDays: 90,
  },
  { code: 'WELCOME5', discountType: 'percent', discount: 5, maxDiscount: null, minAmount: fils(0), startInDays: null, endInDays: 365 },
  {
    code: 'SAVE100',
    discountType: 'amount',
    discount: inAed(100),
    maxDiscount: null,
    minAmount: inAed(1_000),
    startInDays: null,
    endInDays: 120,
  },
  {
    code: 'HOME50',
    discountType: 'amount',
    discount: inAed(50),
    maxDiscount: null,
    minAmount: inAed(500),
    startInDays: null,
    endInDays: 60,
  },
  {
    code: 'BIG2000',
    discountType: 'amount',
    discount: inAed(2_000),
    maxDiscount: null,
    minAmount: inAed(40_000),
    startInDays: null,
    endInDays: 180,
  },
  {
    code: 'VAULT15',
    discountType: 'percent',
    discount: 15,
    maxDiscount: inAed(10_000),
    minAmount: inAed(30_000),
    startInDays: null,
    endInDays: 90,
  },
  // Expired: shows how an out-of-date code is refused.
  {
    code: 'SUMMER20',
    discountType: 'percent',
    discount: 20,
    maxDiscount: inAed(1_000),
    minAmount: inAed(500),
    startInDays: -120,
    endInDays: -30,
  },
  // Valid for years: a standing trade discount.
  {
    code: 'OFFICE7',
    discountType: 'percent',
    discount: 7,
    maxDiscount: inAed(1_500),
    minAmount: inAed(2_000),
    startInDays: null,
    endInDays: 5 * 365,
  },
];

export const SEO_ROWS = [
  {
    pageKey: 'home',
    title: 'Safe Buddy | Safes, Fire Safes, Vault Doors and Office Equipment in the UAE',
    description:
      'Buy fire safes, burglary safes, vault doors, filing cabinets, shredders, currency counters and whiteboards online in the UAE. Prices include VAT. Free delivery in Dubai over AED 300.',
    keywords:
      'safe UAE, fire safe Dubai, burglary safe, vault door, filing cabinet, paper shredder, currency counting machine, whiteboard, office equipment UAE, home safe',
  },
  {
    pageKey: 'office_buddy',
    title: 'Office Range | Safes, Filing, Shredders and Currency Counters | Safe Buddy',
    description:
      'Everything an office in the UAE needs to keep cash and documents safe: certified safes, fireproof filing, mobile shelving, shredders, currency counters and meeting room boards.',
    keywords:
      'office safe, fireproof filing cabinet, mobile shelving, office shredder, money counting machine, flip chart, whiteboard Dubai, office storage UAE',
  },
  {
    pageKey: 'home_buddy',
    title: 'Home Range | Home Safes, Small Shredders and Storage | Safe Buddy',
    description:
      'Home safes for passports, gold and documents, compact shredders, laminators and home storage, delivered across the UAE. Prices include VAT.',
    keywords: 'home safe, digital safe, biometric safe, wall safe, home shredder, laminator, kids whiteboard, home storage UAE',
  },
];

// ---------------------------------------------------------------------------------------------
// Reviews

export const REVIEWER_NAMES: string[] = [
  'Ahmed Al Mansoori',
  'Fatima Al Hashimi',
  'Mohammed Al Nuaimi',
  'Khalid Al Suwaidi',
  'Mariam Al Ketbi',
  'Hamdan Al Falasi',
  'Noura Al Shamsi',
  'Saeed Al Ameri',
  'Rashid Al Mazrouei',
  'Omar Haddad',
  'Layla Nasser',
  'Youssef El Amrani',
  'Rania Khoury',
  'Nadia Farouk',
  'Samir Aziz',
  'Tariq Mahmood',
  'Aisha Rahman',
  'Rajesh Nair',
  'Priya Menon',
  'Arjun Pillai',
  'Sunil Kumar',
  'Deepa Iyer',
  'Vikram Shetty',
  'Anil Thomas',
  'Kavya Reddy',
  'Mohammed Irfan',
  'Fahad Qureshi',
  'Ayesha Siddiqui',
  'Bilal Ahmed',
  'Imran Sheikh',
  'Maria Santos',
  'Jose Reyes',
  'Grace Villanueva',
  'Mark Dela Cruz',
  'John Mitchell',
  'Sarah Collins',
  "James O'Connor",
  'Emma Walker',
  'Daniel Fischer',
  'Olga Petrova',
  'Chen Wei',
  'Kofi Mensah',
];

export type ReviewGroup = 'safe' | 'vault' | 'storage' | 'paper' | 'counter' | 'board';

export const REVIEW_GROUP: Record<Kind, ReviewGroup> = {
  'fire-safe': 'safe',
  'burglary-safe': 'safe',
  'premium-safe': 'safe',
  'home-safe': 'safe',
  'vault-door': 'vault',
  'filing-cabinet': 'storage',
  'mobile-shelving': 'storage',
  'storage-cabinet': 'storage',
  shredder: 'paper',
  laminator: 'paper',
  'binding-machine': 'paper',
  'currency-counter': 'counter',
  whiteboard: 'board',
  'flip-chart': 'board',
};

/** Comments by group and rating (5, 4, 3, 2). */
export const REVIEW_COMMENTS: Record<ReviewGroup, Record<5 | 4 | 3 | 2, string[]>> = {
  safe: {
    5: [
      'Solid build and the keypad is easy to set. Delivery team carried it up and fixed it to the floor the same day.',
      'Exactly as described. Heavy, well finished and the door closes with a very reassuring sound.',
      'Bought for our office in Business Bay. Installation was quick and the team explained the code change clearly.',
      'Excellent quality for the price. Our insurer accepted the certificate without questions.',
      'Very happy. Fits our passports, gold and documents with room to spare.',
      'Professional service from order to installation. Highly recommended.',
    ],
    4: [
      'Good safe, sturdy and secure. Delivery took one day longer than expected but they kept me informed.',
      'Works well. The instruction booklet could be clearer about changing the master code.',
      'Nice finish and strong door. A bit smaller inside than I imagined, check the internal size.',
      'Good value. The batteries included were weak, replaced them after a month.',
      'Happy with it overall. Would like one more shelf inside.',
    ],
    3: [
      'Does the job, but the keypad beeps loudly and there is no way to mute it.',
      'Safe is fine, but we had to call twice to fix the installation date.',
      'Average. Good body but the interior carpet came loose after a few weeks.',
    ],
    2: ['The lock needed a service visit in the first week. Fixed under warranty, but it was annoying.'],
  },
  vault: {
    5: [
      'The survey team measured everything properly and installation was done over one weekend without disturbing the branch.',
      'Top quality door, very smooth to operate for its weight. Time lock programming was done by their engineer.',
      'Our strongroom passed the insurer inspection first time. Very professional team.',
    ],
    4: [
      'Excellent door. Lead time was six weeks, which we were told upfront.',
      'Good product and good installers. Documentation could be more detailed.',
    ],
    3: ['Door is good but coordination with our contractor took longer than planned.'],
    2: ['Installation was delayed twice. Door itself is fine.'],
  },
  storage: {
    5: [
      'Strong and well made, drawers slide smoothly even when full.',
      'Arrived assembled and wrapped well. Colour matches our office perfectly.',
      'Great storage, the team installed it in our archive room in a day.',
      'Very sturdy, much better than the cabinets we had before.',
    ],
    4: [
      'Good quality. One drawer needed a small adjustment after delivery.',
      'Nice cabinet, keys are a bit small and easy to lose.',
      'Sturdy and practical. Delivery to the 12th floor was handled well.',
    ],
    3: ['Okay for the price. Paint had a small scratch, they offered a touch-up pen.', 'Works fine but the lock is a little stiff.'],
    2: ['One shelf was bent on arrival. Replacement came after a week.'],
  },
  paper: {
    5: [
      'Shreds quickly and quietly. The bin is easy to empty.',
      'Excellent machine, handles staples without any jam so far.',
      'Perfect for our office, we use it every day with no problems.',
      'Good results, very easy to use. Fast delivery to Sharjah.',
    ],
    4: [
      'Works well, a little noisy but acceptable.',
      'Good machine. Needs to cool down after long use, as the manual says.',
      'Good value. Would have liked a longer power cable.',
    ],
    3: ['Does the job, but the bin fills faster than expected.', 'Fine for light use. Jammed once with thick card.'],
    2: ['Motor overheats too quickly for our office volume. Should have bought the bigger model.'],
  },
  counter: {
    5: [
      'Counts fast and caught two fake notes in the first week. Very useful for our shop.',
      'Accurate and reliable. The value counting saves us a lot of time at closing.',
      'Great machine for our exchange house. The technician visited to set it up.',
      'Easy to use, staff learned it in five minutes.',
    ],
    4: [
      'Accurate counting. The display could be brighter.',
      'Good machine, a bit noisy at full speed.',
      'Works well with AED and USD. Software update was done by their team.',
    ],
    3: ['Counts well but sometimes rejects old worn notes.', 'Good counter but the hopper is small for our volume.'],
    2: ['Had to return the first unit, the replacement works fine.'],
  },
  board: {
    5: [
      'Writes and wipes perfectly, no ghosting at all.',
      'Great quality board, magnets hold strongly. Installation was simple.',
      'Our meeting room looks much better now. Very happy.',
      'Good size and very sturdy. Kids love it.',
    ],
    4: [
      'Good board, the pen tray is a bit shallow.',
      'Nice quality. Wall fixings are fine for block walls, bring your own for gypsum.',
      'Good value for money.',
    ],
    3: ['Surface is fine but the frame corners are sharp.', 'Okay product, delivery box was damaged but the board was fine.'],
    2: ['Markers leave marks after a few days if not wiped quickly.'],
  },
};
