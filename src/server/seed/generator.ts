// Generates extra products beyond the hand-written catalog, for load tests and demos with a
// large catalog. Deterministic: the same count gives the same products.
import { BRAND_BY_SLUG, COLOURS, type BrandSlug, type ColourKey, type Kind, type ProductSeed, type ProductType } from './catalog-data';
import type { Rng } from './random';
import { aed, aedToFils } from '../../domain/money';

interface Built {
  /** Size figure used in the name and model, e.g. 85 for an 85-litre safe. */
  capNum: number;
  /** Shown in the name, e.g. "85 L". */
  capLabel: string;
  summary: string;
  features: string[];
  specs: Array<[string, string]>;
  warranty: string;
  keywords: string[];
  type?: ProductType;
}

interface Template {
  kind: Kind;
  share: number;
  categories: number[];
  type: ProductType;
  brands: BrandSlug[];
  series: Array<[name: string, code: string]>;
  noun: string;
  /** AED, VAT included. */
  price: [number, number];
  kg: [number, number];
  /** H, W, D in mm at the smallest and largest size. */
  dims: [[number, number, number], [number, number, number]];
  colours?: ColourKey[];
  build(rng: Rng, t: number): Built;
}

const SAFE_KW = ['safe', 'safe UAE', 'safe Dubai'];
const LOCKS = [
  'Electronic keypad + emergency key',
  'Biometric + keypad',
  'Double-bit key lock',
  'Electronic lock (EN 1300 Class B)',
  'Mechanical combination lock',
];
const GRADES = ['0', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const pickN = (rng: Rng, items: string[], n: number): string[] => rng.shuffle(items).slice(0, n);

const TEMPLATES: Template[] = [
  {
    kind: 'fire-safe',
    share: 14,
    categories: [12, 3],
    type: 'office',
    brands: ['ironclad', 'guardian-forge', 'steelnest'],
    series: [
      ['FireGuard', 'FG'],
      ['Inferno', 'IN'],
      ['Blaze Shield', 'BS'],
      ['Phoenix', 'PX'],
    ],
    noun: 'Fire Safe',
    price: [1500, 25000],
    kg: [40, 850],
    dims: [
      [420, 360, 380],
      [1800, 900, 650],
    ],
    colours: ['ivory', 'grey', 'black'],
    build(rng, t) {
      const cap = Math.round(lerp(20, 400, t) / 5) * 5;
      const minutes = t < 0.25 ? rng.pick([30, 60]) : rng.pick([60, 90, 120]);
      const lock = rng.pick(LOCKS);
      return {
        capNum: cap,
        capLabel: `${cap} L`,
        type: cap < 40 ? 'home' : 'office',
        summary: `protects up to ${cap} litres of documents, passports and cash for ${minutes} minutes in a fire, behind a ${lock.toLowerCase()}.`,
        features: pickN(
          rng,
          [
            `${minutes}-minute fire protection for paper`,
            'Intumescent seal expands in heat to keep out smoke',
            'Adjustable shelf and door pocket',
            'Pre-drilled anchor holes, bolts included',
            'Concealed hinges and solid locking bolts',
            'Powder-coated steel body',
          ],
          4,
        ),
        specs: [
          ['Capacity', `${cap} litres`],
          ['Fire rating', `${minutes} minutes, paper`],
          ['Lock type', lock],
          ['Shelves', `${1 + Math.floor(t * 4)} adjustable`],
        ],
        warranty: rng.pick(['2 years parts and labour', '3 years parts and labour', '5 years on the body']),
        keywords: ['fire safe', 'fireproof safe', 'fire resistant safe', ...SAFE_KW],
      };
    },
  },
  {
    kind: 'burglary-safe',
    share: 12,
    categories: [13, 3],
    type: 'office',
    brands: ['ironclad', 'guardian-forge', 'falconlock'],
    series: [
      ['Sentinel', 'SG'],
      ['Citadel', 'CT'],
      ['Bulwark', 'BW'],
      ['Rampart', 'RP'],
    ],
    noun: 'Burglary Safe',
    price: [2500, 30000],
    kg: [60, 900],
    dims: [
      [400, 420, 400],
      [1400, 780, 720],
    ],
    colours: ['grey', 'black'],
    build(rng, t) {
      const cap = Math.round(lerp(20, 300, t) / 5) * 5;
      const grade = GRADES[Math.min(5, Math.floor(t * 6))] as string;
      return {
        capNum: cap,
        capLabel: `${cap} L`,
        summary: `is certified to EN 1143-1 Grade ${grade} for cash, gold and stock, with ${cap} litres inside and a hard plate protecting the lock.`,
        features: pickN(
          rng,
          [
            `EN 1143-1 Grade ${grade} certified`,
            'Relocker triggers if the lock is attacked',
            'Anchoring to a concrete floor with the supplied bolt',
            'Electronic lock with optional time delay',
            'Internal shelf and lockable compartment',
            'Delivered and installed by our team',
          ],
          4,
        ),
        specs: [
          ['Capacity', `${cap} litres`],
          ['Security grade', `EN 1143-1 Grade ${grade}`],
          ['Lock type', rng.pick(LOCKS)],
          ['Fire rating', rng.chance(0.5) ? 'Not fire rated' : '30 minutes, paper'],
        ],
        warranty: rng.pick(['3 years parts and labour', '5 years on the body, 2 years on the lock']),
        keywords: ['burglary safe', 'security safe', 'cash safe', ...SAFE_KW],
      };
    },
  },
  {
    kind: 'premium-safe',
    share: 5,
    categories: [14, 3],
    type: 'office',
    brands: ['vaultline', 'guardian-forge'],
    series: [
      ['Sovereign', 'SV'],
      ['Monarch', 'MN'],
      ['Heritage', 'HR'],
      ['Regalia', 'RG'],
    ],
    noun: 'Luxury Safe',
    price: [15000, 90000],
    kg: [240, 900],
    dims: [
      [800, 600, 560],
      [1600, 900, 820],
    ],
    build(rng, t) {
      const cap = Math.round(lerp(80, 400, t) / 10) * 10;
      const grade = GRADES[3 + Math.min(4, Math.floor(t * 5))] as string;
      const home = rng.chance(0.4);
      return {
        capNum: cap,
        capLabel: `${cap} L`,
        type: home ? 'home' : 'office',
        summary: `combines an EN 1143-1 Grade ${grade} body with a hand-finished interior for watches, jewellery and documents, ${home ? 'made for villas and apartments' : 'made for boardrooms and private banks'}.`,
        features: pickN(
          rng,
          [
            `EN 1143-1 Grade ${grade} certified`,
            '60-minute fire protection for paper',
            'Suede or leather-lined drawers',
            'Biometric lock with backup code',
            'LED interior lighting',
            'White-glove delivery and installation',
          ],
          4,
        ),
        specs: [
          ['Capacity', `${cap} litres`],
          ['Security grade', `EN 1143-1 Grade ${grade}`],
          ['Fire rating', '60 minutes, paper'],
          ['Lock type', 'Biometric + electronic code'],
          ['Interior', `${2 + Math.floor(t * 6)} drawers, LED lighting`],
        ],
        warranty: '10 years on the body, 2 years on electronics',
        keywords: ['luxury safe', 'premium safe', 'jewellery safe', ...SAFE_KW],
      };
    },
  },
  {
    kind: 'home-safe',
    share: 14,
    categories: [3],
    type: 'home',
    brands: ['steelnest', 'falconlock', 'ironclad'],
    series: [
      ['Compact', 'CH'],
      ['HomeGuard', 'HG'],
      ['Nest', 'NS'],
      ['Keeper', 'KP'],
    ],
    noun: 'Home Safe',
    price: [400, 3000],
    kg: [8, 60],
    dims: [
      [250, 350, 250],
      [650, 450, 450],
    ],
    colours: ['black', 'grey', 'ivory', 'red', 'blue'],
    build(rng, t) {
      const cap = Math.round(lerp(10, 70, t));
      const lock = rng.pick(['Digital keypad + emergency key', 'Biometric + keypad', 'Electronic keypad + master code']);
      return {
        capNum: cap,
        capLabel: `${cap} L`,
        summary: `keeps passports, jewellery and cash out of sight at home: ${cap} litres, a ${lock.toLowerCase()} and fixing holes for floor or wall.`,
        features: pickN(
          rng,
          [
            'Solid steel door with two live bolts',
            'Pre-drilled for floor and wall fixing',
            'Carpeted floor protects watches and jewellery',
            'Low-battery warning',
            'Removable shelf',
            'Anti-tamper lockout after wrong codes',
          ],
          3,
        ),
        specs: [
          ['Capacity', `${cap} litres`],
          ['Lock type', lock],
          ['Security', rng.pick(['Not certified, for home use', 'EN 14450 S1', 'EN 14450 S2'])],
          ['Fire rating', 'Not fire rated'],
        ],
        warranty: rng.pick(['1 year', '2 years']),
        keywords: ['home safe', 'digital safe', 'small safe', ...SAFE_KW],
      };
    },
  },
  {
    kind: 'vault-door',
    share: 3,
    categories: [15],
    type: 'office',
    brands: ['vaultline', 'guardian-forge'],
    series: [
      ['Fortis', 'VD'],
      ['Regent', 'RV'],
      ['Bastion', 'BV'],
    ],
    noun: 'Vault Door',
    price: [35000, 120000],
    kg: [400, 1500],
    dims: [
      [2150, 1050, 250],
      [2450, 1450, 480],
    ],
    build(rng, t) {
      const grade = GRADES[4 + Math.min(8, Math.floor(t * 9))] as string;
      const leaf = Math.round(lerp(120, 380, t) / 10) * 10;
      return {
        capNum: leaf,
        capLabel: `Grade ${grade}`,
        summary: `is certified to EN 1143-1 Grade ${grade} with a ${leaf} mm door leaf, supplied with frame and installed by our engineers after a site survey.`,
        features: pickN(
          rng,
          [
            `EN 1143-1 Grade ${grade} certified door and frame`,
            'Dual control electronic locks with time lock',
            'Steel day gate available',
            'Emergency ventilation port',
            'Counterbalanced hinge for easy opening',
          ],
          4,
        ),
        specs: [
          ['Security grade', `EN 1143-1 Grade ${grade}`],
          ['Door leaf thickness', `${leaf} mm`],
          ['Clear opening', 'H 2000 x W 900 mm'],
          ['Lock type', '2 x electronic locks + time lock'],
          ['Fire rating', rng.pick(['60 minutes', '120 minutes'])],
        ],
        warranty: '10 years on the door, 2 years on the locks',
        keywords: ['vault door', 'strongroom door', 'bank vault door'],
      };
    },
  },
  {
    kind: 'filing-cabinet',
    share: 10,
    categories: [11],
    type: 'office',
    brands: ['archiva', 'steelnest'],
    series: [
      ['Vertical', 'VF'],
      ['Lateral', 'LF'],
      ['OfficeLine', 'OL'],
    ],
    noun: 'Filing Cabinet',
    price: [700, 4500],
    kg: [25, 100],
    dims: [
      [710, 465, 620],
      [1620, 900, 620],
    ],
    colours: ['grey', 'black', 'ivory', 'blue'],
    build(rng, t) {
      const drawers = 2 + Math.min(3, Math.floor(t * 4));
      return {
        capNum: drawers,
        capLabel: `${drawers}-Drawer`,
        summary: `has ${drawers} full-extension drawers for A4 and foolscap suspension files, an anti-tilt interlock and one lock for all drawers.`,
        features: pickN(
          rng,
          [
            'Full-extension drawers on ball-bearing runners',
            'Anti-tilt interlock',
            'Central lock with two keys',
            'Label holders on every drawer',
            'Recessed handles',
          ],
          3,
        ),
        specs: [
          ['Drawers', `${drawers}, full extension`],
          ['Capacity', `About ${drawers * 60} suspension files`],
          ['Drawer load', `${rng.pick([35, 40, 45])} kg per drawer`],
          ['Lock type', 'Central key lock, 2 keys'],
        ],
        warranty: '5 years',
        keywords: ['filing cabinet', 'steel filing cabinet', 'file cabinet'],
      };
    },
  },
  {
    kind: 'mobile-shelving',
    share: 4,
    categories: [16],
    type: 'office',
    brands: ['shelfwise'],
    series: [
      ['Compact', 'MC'],
      ['Mechanical Assist', 'MA'],
      ['Electric', 'EL'],
    ],
    noun: 'Mobile Shelving System',
    price: [8000, 60000],
    kg: [300, 2300],
    dims: [
      [2100, 2000, 2400],
      [2600, 6000, 8400],
    ],
    build(rng, t) {
      const carriages = 3 + Math.floor(t * 11);
      const bays = 2 + Math.floor(t * 4);
      return {
        capNum: carriages,
        capLabel: `${carriages}-Carriage`,
        summary: `stores ${carriages * bays * 6} linear metres of files on ${carriages} carriages that roll on floor rails, made to measure for your room.`,
        features: pickN(
          rng,
          [
            `${carriages} carriages with ${bays} bays each`,
            'Anti-tilt system and lockable carriages',
            'Free site survey and layout drawing',
            'Adjustable shelves at 25 mm pitch',
          ],
          3,
        ),
        specs: [
          ['Configuration', `${carriages} mobile carriages x ${bays} bays`],
          ['Capacity', `${carriages * bays * 6} linear metres of filing`],
          ['Shelf load', '80 kg per shelf'],
          ['Operation', t > 0.6 ? 'Electric, push-button' : 'Mechanical assist handwheel'],
        ],
        warranty: '10 years on structure',
        keywords: ['mobile shelving', 'compactor storage', 'rolling shelves'],
      };
    },
  },
  {
    kind: 'shredder',
    share: 10,
    categories: [17],
    type: 'office',
    brands: ['papertrail'],
    series: [
      ['ShredMate', 'SM'],
      ['CrossCut', 'CX'],
      ['MicroGuard', 'MG'],
    ],
    noun: 'Paper Shredder',
    price: [250, 9000],
    kg: [5, 60],
    dims: [
      [380, 330, 200],
      [1050, 650, 560],
    ],
    colours: ['black', 'grey'],
    build(rng, t) {
      const sheets = Math.round(lerp(6, 40, t));
      const level = rng.pick(['P-3', 'P-4', 'P-5']);
      const bin = Math.round(lerp(14, 200, t));
      return {
        capNum: sheets,
        capLabel: `${sheets}-Sheet`,
        type: t < 0.12 ? 'home' : 'office',
        summary: `shreds ${sheets} sheets per pass to ${level} security into a ${bin}-litre bin, with auto start and jam protection.`,
        features: pickN(
          rng,
          [
            `${level} security (DIN 66399)`,
            'Auto start/stop and overheat protection',
            'Shreds staples, paper clips and cards',
            'Automatic reverse on jam',
            'Quiet operation',
          ],
          3,
        ),
        specs: [
          ['Sheet capacity', `${sheets} sheets (A4, 70 gsm)`],
          ['Cut type', level],
          ['Bin capacity', `${bin} litres`],
          ['Duty cycle', t > 0.6 ? 'Continuous' : `${Math.round(lerp(3, 40, t))} minutes on`],
        ],
        warranty: '2 years',
        keywords: ['shredder', 'paper shredder', 'shredding machine'],
      };
    },
  },
  {
    kind: 'laminator',
    share: 5,
    categories: [17],
    type: 'office',
    brands: ['papertrail'],
    series: [
      ['LamiPro', 'LP'],
      ['GlossLine', 'GL'],
    ],
    noun: 'Laminator',
    price: [150, 2500],
    kg: [2, 12],
    dims: [
      [90, 340, 140],
      [160, 640, 270],
    ],
    build(rng, t) {
      const a3 = t > 0.35;
      const rollers = t > 0.7 ? 6 : t > 0.35 ? 4 : 2;
      return {
        capNum: rollers,
        capLabel: a3 ? 'A3' : 'A4',
        type: t < 0.3 ? 'home' : 'office',
        summary: `laminates documents up to ${a3 ? 'A3' : 'A4'} with ${rollers} rollers for a clear, bubble-free finish.`,
        features: pickN(
          rng,
          ['Pouches 75-125 micron', 'Fast warm-up', 'Release lever for misfeeds', 'Cold laminating setting', 'Auto shut-off'],
          3,
        ),
        specs: [
          ['Max format', a3 ? 'A3' : 'A4'],
          ['Pouch thickness', t > 0.7 ? '75-250 micron' : '75-125 micron'],
          ['Rollers', `${rollers}`],
          ['Warm-up time', `${Math.round(lerp(5, 1, t))} minutes`],
        ],
        warranty: '1 year',
        keywords: ['laminator', 'laminating machine'],
      };
    },
  },
  {
    kind: 'binding-machine',
    share: 4,
    categories: [17],
    type: 'office',
    brands: ['papertrail'],
    series: [
      ['BindPro', 'BP'],
      ['CombMaster', 'CM'],
      ['WireLine', 'WL'],
    ],
    noun: 'Binding Machine',
    price: [350, 4500],
    kg: [4, 28],
    dims: [
      [110, 400, 220],
      [300, 520, 480],
    ],
    build(rng, t) {
      const punch = Math.round(lerp(10, 30, t));
      const type = rng.pick(['Plastic comb', 'Double-loop wire', 'Coil']);
      return {
        capNum: punch,
        capLabel: `${punch}-Sheet`,
        summary: `punches ${punch} sheets at a time and binds reports with ${type.toLowerCase()} bindings.`,
        features: pickN(rng, [`Punches ${punch} sheets per pass`, 'Adjustable margin depth', 'Waste drawer', 'Disengageable pins'], 3),
        specs: [
          ['Binding type', type],
          ['Punch capacity', `${punch} sheets`],
          ['Binding capacity', `${punch * 20} sheets`],
          ['Max format', 'A4'],
        ],
        warranty: '2 years',
        keywords: ['binding machine', 'book binding machine'],
      };
    },
  },
  {
    kind: 'currency-counter',
    share: 7,
    categories: [10],
    type: 'office',
    brands: ['counton'],
    series: [
      ['CashPro', 'CP'],
      ['ValueCount', 'VC'],
      ['NoteCheck', 'NC'],
    ],
    noun: 'Currency Counter',
    price: [600, 6000],
    kg: [2.8, 14],
    dims: [
      [130, 240, 200],
      [330, 360, 400],
    ],
    colours: ['grey', 'black'],
    build(rng, t) {
      const speed = Math.round(lerp(800, 1500, rng.next()) / 100) * 100;
      const detect = t > 0.5 ? 'UV, MG, IR, CIS image' : t > 0.2 ? 'UV, MG, IR' : 'UV';
      return {
        capNum: speed / 100,
        capLabel: t > 0.5 ? 'Value' : 'Note',
        summary: `counts ${speed.toLocaleString('en-US')} notes per minute and checks each one with ${detect} detection.`,
        features: pickN(
          rng,
          ['Batch and add functions', 'External display', 'Alarm on suspect note', 'Software updates by USB', 'Front loading hopper'],
          3,
        ),
        specs: [
          ['Counting speed', `${speed.toLocaleString('en-US')} notes/min`],
          ['Counterfeit detection', detect],
          ['Hopper capacity', `${t > 0.5 ? 500 : 300} notes`],
          ['Currencies', t > 0.5 ? 'AED, USD, EUR, GBP, SAR' : 'AED, USD, EUR'],
        ],
        warranty: '2 years',
        keywords: ['currency counter', 'money counting machine', 'note counter'],
      };
    },
  },
  {
    kind: 'whiteboard',
    share: 6,
    categories: [1],
    type: 'office',
    brands: ['brightboard'],
    series: [
      ['ClearWrite', 'CW'],
      ['Magnetic', 'WB'],
      ['Glass', 'GB'],
    ],
    noun: 'Whiteboard',
    price: [49, 1500],
    kg: [3, 25],
    dims: [
      [450, 600, 15],
      [1200, 2400, 30],
    ],
    build(rng, t) {
      const w = Math.round(lerp(60, 240, t) / 30) * 30;
      const h = Math.round(lerp(45, 120, t) / 15) * 15;
      return {
        capNum: w,
        capLabel: `${w} x ${h} cm`,
        type: t < 0.15 ? 'home' : 'office',
        summary: `gives you a ${w} x ${h} cm magnetic writing surface that wipes clean without ghosting.`,
        features: pickN(rng, ['Magnetic dry-wipe surface', 'Aluminium frame', 'Full-length pen tray', 'Wall fixing kit included'], 3),
        specs: [
          ['Size', `${w} x ${h} cm`],
          ['Surface', rng.pick(['Lacquered steel, magnetic', 'Enamel steel, magnetic', 'Tempered glass, magnetic'])],
          ['Mounting', 'Wall'],
        ],
        warranty: '5 years',
        keywords: ['whiteboard', 'white board', 'magnetic board'],
      };
    },
  },
  {
    kind: 'flip-chart',
    share: 3,
    categories: [1],
    type: 'office',
    brands: ['brightboard'],
    series: [
      ['Presenter', 'PR'],
      ['Easel', 'FE'],
    ],
    noun: 'Flip Chart',
    price: [250, 1200],
    kg: [6, 14],
    dims: [
      [1800, 700, 600],
      [2000, 720, 700],
    ],
    build(rng, t) {
      const mobile = t > 0.5;
      return {
        capNum: mobile ? 5 : 3,
        capLabel: mobile ? 'Mobile' : 'Tripod',
        summary: `is a ${mobile ? 'mobile' : 'tripod'} flip chart with a magnetic board and a universal pad clamp.`,
        features: pickN(rng, ['Magnetic dry-wipe board', 'Height adjustable', 'Universal pad clamp', 'Side arms for finished sheets'], 3),
        specs: [
          ['Board size', '100 x 70 cm'],
          ['Legs / mobility', mobile ? 'Five-star mobile base' : 'Tripod'],
        ],
        warranty: '3 years',
        keywords: ['flip chart', 'flipchart', 'easel'],
      };
    },
  },
  {
    kind: 'storage-cabinet',
    share: 8,
    categories: [19],
    type: 'office',
    brands: ['steelnest', 'shelfwise', 'falconlock'],
    series: [
      ['Steel Cupboard', 'SC'],
      ['Locker', 'LK'],
      ['Utility', 'UT'],
    ],
    noun: 'Storage Cabinet',
    price: [300, 4000],
    kg: [6, 90],
    dims: [
      [400, 300, 80],
      [1850, 1200, 450],
    ],
    colours: ['grey', 'blue', 'ivory'],
    build(rng, t) {
      const shelves = 1 + Math.floor(t * 5);
      return {
        capNum: shelves,
        capLabel: `${shelves}-Shelf`,
        type: rng.chance(0.2) ? 'home' : 'office',
        summary: `is a lockable steel cabinet with ${shelves} adjustable shelves for stationery, tools or personal belongings.`,
        features: pickN(
          rng,
          ['Adjustable shelves', 'Lockable doors', 'Powder-coated steel', 'Levelling feet', 'Wall anchor against tipping'],
          3,
        ),
        specs: [
          ['Shelves', `${shelves} adjustable`],
          ['Shelf load', `${rng.pick([50, 60, 70])} kg per shelf`],
          ['Lock type', rng.pick(['Cam lock, 2 keys', '3-point locking handle', 'Combination lock'])],
        ],
        warranty: '5 years',
        keywords: ['storage cabinet', 'steel cupboard', 'metal cabinet'],
      };
    },
  },
];

const WEIGHTED = TEMPLATES.map((t) => [t, t.share] as const);

function nicePrice(aed: number): number {
  if (aed < 100) return Math.max(49, Math.round(aed));
  if (aed < 1000) return Math.round(aed / 10) * 10 - 1;
  if (aed < 10000) return Math.round(aed / 50) * 50;
  return Math.round(aed / 500) * 500;
}

function roundKg(kg: number): number {
  return kg < 20 ? Math.round(kg * 10) / 10 : Math.round(kg);
}

/**
 * Appends generated products to `out` until it holds `target` products. `taken` holds the SKUs
 * already used and is updated. Colour siblings are generated together (2-3 colours of one model).
 */
export function generateProducts(rng: Rng, out: ProductSeed[], target: number, taken: Set<string>): void {
  for (const p of productStream(rng, target - out.length, taken)) out.push(p);
}

/**
 * The same products one at a time, `count` of them: a million-product seed streams them to the
 * database instead of holding them all in memory.
 */
export function* productStream(rng: Rng, count: number, taken: Set<string>): Generator<ProductSeed> {
  let serial = 0;
  let made = 0;
  while (made < count) {
    serial++;
    const tpl = rng.weighted(WEIGHTED);
    const brandSlug = rng.pick(tpl.brands);
    const brand = BRAND_BY_SLUG[brandSlug];
    const [seriesName, seriesCode] = rng.pick(tpl.series);
    // Smaller models sell in greater numbers: skew sizes towards the small end.
    const t = Math.pow(rng.next(), 1.4);
    const built = tpl.build(rng, t);
    const price = nicePrice(tpl.price[0] * Math.pow(tpl.price[1] / tpl.price[0], t) * lerp(0.92, 1.08, rng.next()));
    const kg = roundKg(Math.min(tpl.kg[1], lerp(tpl.kg[0], tpl.kg[1], t) * lerp(0.9, 1.1, rng.next())));
    const [small, large] = tpl.dims;
    const dims = `H ${Math.round(lerp(small[0], large[0], t) / 10) * 10} x W ${Math.round(lerp(small[1], large[1], t) / 10) * 10} x D ${Math.round(lerp(small[2], large[2], t) / 10) * 10} mm`;
    const model = `${seriesCode}${built.capNum}-${serial.toString(36).toUpperCase().padStart(3, '0')}`;
    let sku = `${brand.code}-${model}`;
    while (taken.has(sku)) sku += 'G';
    const name = `${brand.name} ${seriesName} ${built.capLabel} ${tpl.noun} ${model}`;
    const ageDays = rng.next() * 120;
    const base: ProductSeed = {
      sku,
      name,
      brand: brandSlug,
      kind: tpl.kind,
      categories: tpl.categories,
      productType: built.type ?? tpl.type,
      priceFils: aedToFils(aed(price)),
      discount: rng.chance(0.33) ? rng.pick([5, 5, 8, 10, 10, 12, 15, 15, 20, 25]) : 0,
      stock: rng.chance(0.06) ? 0 : Math.max(1, Math.round(lerp(60, 1, t) * rng.next())),
      weightKg: kg,
      dimensions: dims,
      summary: built.summary,
      features: built.features,
      specs: built.specs,
      warranty: built.warranty,
      keywords: [...built.keywords, brand.name, model],
      pdf: rng.chance(0.25),
      video: rng.chance(1 / 6),
      images: 2,
      isNew: ageDays < 14,
      ageDays,
    };
    const colourCount = tpl.colours && rng.chance(0.12) ? Math.min(rng.int(2, 3), count - made) : 0;
    if (colourCount >= 2 && tpl.colours) {
      const group = sku.toLowerCase();
      for (const key of rng.shuffle(tpl.colours).slice(0, colourCount)) {
        let colourSku = `${sku}-${COLOURS[key].code}`;
        while (taken.has(colourSku)) colourSku += 'G';
        taken.add(colourSku);
        made++;
        yield { ...base, sku: colourSku, name: `${name} (${COLOURS[key].name})`, colour: { group, key } };
      }
    } else {
      taken.add(sku);
      made++;
      yield base;
    }
  }
}
