/**
 * Safe Buddy illustration generator.
 *
 * Every picture on the site is drawn here as hand-written SVG (no photos, no
 * raster embeds, no extra dependencies). Run with:
 *
 *   npx tsx scripts/draw-illustrations.ts            # all SVGs + showroom video
 *   npx tsx scripts/draw-illustrations.ts --no-video # SVGs only
 *
 * The video step needs `rsvg-convert` (Debian: librsvg2-bin) and `ffmpeg`;
 * when they are missing it is skipped with a warning and the committed files stay.
 *
 * Drawing model: a light oblique ("cabinet") projection. X goes right, Y goes
 * down, Z goes into the picture and is drawn up and to the right (KX, KY per unit),
 * so boxes show their front, right side and top. Every product drawer works in
 * its own coordinates and returns its bounds; `fit` scales it into a slot.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUB = join(ROOT, 'public');

type P = [number, number];
type V3 = [number, number, number];
type Box4 = [number, number, number, number];

const KX = 0.55;
const KY = -0.38;
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const MONO = "'DejaVu Sans Mono',Menlo,Consolas,monospace";
const BRAND = '#f97316';
const INK = '#15181d';

// ---------------------------------------------------------------- numbers, colours

const f = (n: number): string => String(Math.round(n * 10) / 10);
const n4 = (n: number): string => String(Math.round(n * 10000) / 10000);
const pick = <T>(a: readonly T[], i: number): T => a[((i % a.length) + a.length) % a.length] as T;
const rad = (deg: number): number => (deg * Math.PI) / 180;

function rgb(h: string): [number, number, number] {
  const n = parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex(r: number, g: number, b: number): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
const lt = (c: string, t: number): string => mix(c, '#ffffff', t);
const dk = (c: string, t: number): string => mix(c, '#000000', t);
function lum(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ---------------------------------------------------------------- document context (defs)

type Stop = [number, string, number?];
const stopsXml = (s: Stop[]): string =>
  s.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined && op !== 1 ? ` stop-opacity="${op}"` : ''}/>`).join('');

/** Collects gradients, clips and reusable groups of one SVG document; identical ones are shared. */
class Ctx {
  private keys = new Map<string, string>();
  private list: string[] = [];
  private n = 0;
  def(key: string, make: (id: string) => string): string {
    let id = this.keys.get(key);
    if (!id) {
      id = 'g' + (this.n++).toString(36);
      this.keys.set(key, id);
      this.list.push(make(id));
    }
    return id;
  }
  lin(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.def(
      'l' + JSON.stringify([stops, x1, y1, x2, y2]),
      (i) => `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  rad(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.def(
      'r' + JSON.stringify([stops, cx, cy, r]),
      (i) => `<radialGradient id="${i}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  clip(shape: string): string {
    return `url(#${this.def('c' + shape, (i) => `<clipPath id="${i}">${shape}</clipPath>`)})`;
  }
  out(): string {
    return this.list.length ? `<defs>${this.list.join('')}</defs>` : '';
  }
}

// ---------------------------------------------------------------- primitives

const at = (ex?: string): string => (ex ? ' ' + ex : '');
const rect = (x: number, y: number, w: number, h: number, fill: string, ex?: string): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${at(ex)}/>`;
const rr = (x: number, y: number, w: number, h: number, r: number, fill: string, ex?: string): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="${fill}"${at(ex)}/>`;
const circ = (cx: number, cy: number, r: number, fill: string, ex?: string): string =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${at(ex)}/>`;
const ell = (cx: number, cy: number, rx: number, ry: number, fill: string, ex?: string): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${at(ex)}/>`;
const pts = (p: P[]): string => 'M' + p.map(([x, y]) => f(x) + ' ' + f(y)).join('L');
const poly = (p: P[], fill: string, ex?: string): string => `<path d="${pts(p)}Z" fill="${fill}"${at(ex)}/>`;
const path = (d: string, fill: string, ex?: string): string => `<path d="${d}" fill="${fill}"${at(ex)}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, c: string, w: number, ex?: string): string =>
  `<path d="M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}" stroke="${c}" stroke-width="${f(w)}" stroke-linecap="round" fill="none"${at(ex)}/>`;
const pline = (p: P[], c: string, w: number, ex?: string): string =>
  `<path d="${pts(p)}" stroke="${c}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round" fill="none"${at(ex)}/>`;
const sk = (c: string, w = 2): string => `stroke="${c}" stroke-width="${f(w)}" stroke-linejoin="round"`;
const g = (s: string, tr?: string, ex?: string): string => `<g${tr ? ` transform="${tr}"` : ''}${at(ex)}>${s}</g>`;
const op = (o: number): string => `opacity="${o}"`;
const sp = ([x, y, z]: V3): P => [x + z * KX, y + z * KY];
/** Affine transform that maps local (u, v) onto the 3-D plane o + u·a + v·b. */
function plane(o: V3, a: V3, b: V3): string {
  const [ox, oy] = sp(o);
  const [ax, ay] = sp(a);
  const [bx, by] = sp(b);
  return `matrix(${n4(ax)} ${n4(ay)} ${n4(bx)} ${n4(by)} ${f(ox)} ${f(oy)})`;
}
function bounds(p: P[]): Box4 {
  const xs = p.map((q) => q[0]);
  const ys = p.map((q) => q[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
const union = (a: Box4, b: Box4): Box4 => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

const metal = (ctx: Ctx): string =>
  ctx.lin(
    [
      [0, '#f8f9fb'],
      [0.55, '#cfd4da'],
      [1, '#98a0aa'],
    ],
    0,
    0,
    1,
    1,
  );
const gold = (ctx: Ctx): string =>
  ctx.lin(
    [
      [0, '#fbe7a1'],
      [0.5, '#dcb45a'],
      [1, '#a87a22'],
    ],
    0,
    0,
    1,
    1,
  );
const shade = (ctx: Ctx, o = 0.3): string =>
  ctx.rad([
    [0, '#0d1526', o],
    [0.55, '#0d1526', o * 0.4],
    [1, '#0d1526', 0],
  ]);

/** A box in oblique projection: front face at (x, y, w, h) on plane z, depth d. `flat` skips gradients (small items). */
function box(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  d: number,
  c: string,
  o: { z?: number; front?: string; r?: number; edge?: string; flat?: boolean } = {},
): string {
  const z = o.z ?? 0;
  x += z * KX;
  y += z * KY;
  const dx = d * KX;
  const dy = d * KY;
  const topT = lum(c) < 0.25 ? 0.2 : 0.34;
  let s = '';
  if (d > 0) {
    s += poly(
      [
        [x + w, y],
        [x + w + dx, y + dy],
        [x + w + dx, y + h + dy],
        [x + w, y + h],
      ],
      o.flat
        ? dk(c, 0.24)
        : ctx.lin(
            [
              [0, dk(c, 0.18)],
              [1, dk(c, 0.32)],
            ],
            0,
            0,
            1,
            0,
          ),
    );
    s += poly(
      [
        [x, y],
        [x + dx, y + dy],
        [x + w + dx, y + dy],
        [x + w, y],
      ],
      o.flat
        ? lt(c, topT * 0.7)
        : ctx.lin(
            [
              [0, lt(c, topT)],
              [1, lt(c, topT * 0.45)],
            ],
            0,
            1,
            1,
            0,
          ),
    );
  }
  const fr =
    o.front ??
    (o.flat
      ? c
      : ctx.lin(
          [
            [0, lt(c, 0.1)],
            [1, dk(c, 0.07)],
          ],
          0,
          0,
          0.3,
          1,
        ));
  s += o.r ? rr(x, y, w, h, o.r, fr) : rect(x, y, w, h, fr);
  return g(s, undefined, sk(o.edge ?? dk(c, 0.38), o.flat ? 1.2 : 2));
}

// ---------------------------------------------------------------- drawings and fitting

interface Dim {
  x: number;
  y: number;
  w: number;
  h: number;
  d: number;
}
/** A drawing: markup, bounds, floor line, shadow span, focus for the detail view, main dimensions. */
interface D {
  s: string;
  b: Box4;
  fl?: number;
  sh?: [number, number];
  fo?: [number, number, number];
  dm?: Dim;
  noShadow?: boolean;
}

function fitT(d: D, [X, Y, W, H]: Box4, align: 'bottom' | 'center' = 'bottom', max = 99): { tx: number; ty: number; k: number } {
  const [x0, y0, x1, y1] = d.b;
  const k = Math.min(W / (x1 - x0), H / (y1 - y0), max);
  const tx = X + (W - (x1 - x0) * k) / 2 - x0 * k;
  const ty = (align === 'center' ? Y + (H - (y1 - y0) * k) / 2 : Y + H - (y1 - y0) * k) - y0 * k;
  return { tx, ty, k };
}
function shadowOf(ctx: Ctx, d: D, o = 0.3): string {
  if (d.noShadow) return '';
  const [a, b] = d.sh ?? [d.b[0], d.b[2]];
  const rx = (b - a) * 0.58;
  return ell((a + b) / 2, d.fl ?? d.b[3], rx, Math.max(10, rx * 0.12), shade(ctx, o));
}
function fit(ctx: Ctx, d: D, slot: Box4, o: { align?: 'bottom' | 'center'; max?: number; shadow?: number } = {}): string {
  const { tx, ty, k } = fitT(d, slot, o.align, o.max);
  return g((o.shadow === 0 ? '' : shadowOf(ctx, d, o.shadow ?? 0.3)) + d.s, `translate(${f(tx)} ${f(ty)}) scale(${n4(k)})`);
}
/** Lays drawings out left to right on one floor line inside a slot; rel = relative heights. */
function row(ctx: Ctx, ds: D[], [X, Y, W, H]: Box4, rel: number[] = [], gap = 24, shadow = 0.3): string {
  const ws = ds.map((d, i) => ((d.b[2] - d.b[0]) / (d.b[3] - d.b[1])) * H * (rel[i] ?? 1));
  const total = ws.reduce((a, b) => a + b, 0) + gap * (ds.length - 1);
  const k = Math.min(1, W / total);
  let x = X + (W - total * k) / 2;
  let s = '';
  ds.forEach((d, i) => {
    const w = pick(ws, i) * k;
    const h = H * (rel[i] ?? 1) * k;
    s += fit(ctx, d, [x, Y + H - h, w, h], { shadow });
    x += w + gap * k;
  });
  return s;
}
const moved = (d: D, dx: number, dy: number, k = 1): D => ({
  ...d,
  s: g(d.s, `translate(${f(dx)} ${f(dy)}) scale(${k})`),
  b: [d.b[0] * k + dx, d.b[1] * k + dy, d.b[2] * k + dx, d.b[3] * k + dy],
  fl: (d.fl ?? d.b[3]) * k + dy,
  sh: d.sh ? [d.sh[0] * k + dx, d.sh[1] * k + dx] : [d.b[0] * k + dx, d.b[2] * k + dx],
});
// ---------------------------------------------------------------- hardware details

function dial(ctx: Ctx, cx: number, cy: number, r: number): string {
  let t = '';
  for (let i = 0; i < 30; i++) {
    const a = (i / 30) * Math.PI * 2;
    const r2 = r * (i % 5 === 0 ? 0.64 : 0.72);
    t += `M${f(cx + Math.sin(a) * r * 0.82)} ${f(cy - Math.cos(a) * r * 0.82)}L${f(cx + Math.sin(a) * r2)} ${f(cy - Math.cos(a) * r2)}`;
  }
  return (
    circ(cx, cy + r * 0.09, r * 1.03, '#000', op(0.25)) +
    circ(cx, cy, r, metal(ctx), sk('#7d858f', Math.max(1, r * 0.04))) +
    circ(cx, cy, r * 0.88, '#262a31') +
    path(t, 'none', sk('#e7eaee', Math.max(0.8, r * 0.035))) +
    circ(cx, cy, r * 0.5, metal(ctx), `stroke="#8a929c" stroke-width="${f(r * 0.09)}" stroke-dasharray="${f(r * 0.06)} ${f(r * 0.07)}"`) +
    circ(
      cx,
      cy,
      r * 0.18,
      ctx.lin([
        [0, '#7d858f'],
        [1, '#4b525b'],
      ]),
    ) +
    poly(
      [
        [cx, cy - r * 0.86],
        [cx - r * 0.1, cy - r * 1.04],
        [cx + r * 0.1, cy - r * 1.04],
      ],
      '#e23d3d',
    )
  );
}

function keypad(ctx: Ctx, cx: number, cy: number, w: number, lcd = '#5eead4'): string {
  const h = w * 1.32;
  const x = cx - w / 2;
  const y = cy - h / 2;
  let s =
    rr(x, y + w * 0.05, w, h, w * 0.09, '#000', op(0.22)) +
    rr(
      x,
      y,
      w,
      h,
      w * 0.09,
      ctx.lin([
        [0, '#3a4049'],
        [1, '#1b1f25'],
      ]),
      sk('#0f1114', 2),
    );
  s += rr(x + w * 0.1, y + w * 0.1, w * 0.8, w * 0.26, w * 0.04, '#0b1f26');
  for (let i = 0; i < 4; i++) s += circ(x + w * (0.3 + i * 0.135), y + w * 0.23, w * 0.035, lcd);
  const bw = w * 0.2;
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 3; c++) {
      const fill = r === 3 && c === 0 ? '#e0524d' : r === 3 && c === 2 ? '#34c27a' : '#d9dde2';
      s += rr(x + w * (0.2 + c * 0.3) - bw / 2, y + w * (0.48 + r * 0.2), bw, bw * 0.72, bw * 0.2, fill);
    }
  return s + circ(x + w * 0.86, y + w * 0.05 + h * 0.0, w * 0.03, '#34c27a');
}

function spokeHandle(ctx: Ctx, cx: number, cy: number, R: number, isGold = false, n = 3, a0 = -90): string {
  const col = isGold ? '#e2bd5e' : '#d3d8de';
  const edge = isGold ? '#9a7424' : '#7f8791';
  const ball = isGold ? gold(ctx) : metal(ctx);
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = rad(a0 + (i * 360) / n);
    const ex = cx + Math.cos(a) * R;
    const ey = cy + Math.sin(a) * R;
    s +=
      line(cx, cy + R * 0.07, ex, ey + R * 0.07, '#000', R * 0.2, op(0.2)) +
      line(cx, cy, ex, ey, edge, R * 0.19) +
      line(cx, cy, ex, ey, col, R * 0.11);
    s += circ(ex, ey, R * 0.19, ball, sk(edge, Math.max(1, R * 0.02)));
  }
  return s + circ(cx, cy, R * 0.34, ball, sk(edge, Math.max(1, R * 0.03))) + circ(cx, cy, R * 0.13, edge);
}

function leverHandle(ctx: Ctx, cx: number, cy: number, L: number): string {
  return (
    rr(cx - 8, cy - 4, L, 18, 9, '#000', op(0.22)) +
    rr(
      cx - 8,
      cy - 10,
      L,
      20,
      10,
      ctx.lin([
        [0, '#f4f6f8'],
        [1, '#a3abb4'],
      ]),
      sk('#7d858f', 1.5),
    ) +
    circ(cx, cy, 22, metal(ctx), sk('#7d858f', 2)) +
    circ(cx, cy, 8, '#7d858f')
  );
}

function knob(ctx: Ctx, cx: number, cy: number, r: number): string {
  return (
    circ(cx, cy + r * 0.1, r, '#000', op(0.22)) +
    circ(cx, cy, r, metal(ctx), `stroke="#8a929c" stroke-width="${f(r * 0.1)}" stroke-dasharray="${f(r * 0.08)} ${f(r * 0.08)}"`) +
    circ(cx, cy, r * 0.62, metal(ctx), sk('#8a929c', 1.5)) +
    rr(cx - r * 0.12, cy - r * 0.55, r * 0.24, r * 1.1, r * 0.1, '#8a929c')
  );
}

function keyhole(ctx: Ctx, cx: number, cy: number, s: number): string {
  return (
    rr(cx - s * 0.45, cy - s * 0.7, s * 0.9, s * 1.4, s * 0.2, metal(ctx), sk('#7d858f', 1.5)) +
    circ(cx, cy - s * 0.15, s * 0.15, '#1d2026') +
    rect(cx - s * 0.06, cy - s * 0.1, s * 0.12, s * 0.4, '#1d2026')
  );
}

const FLAME = 'M0-22C9-12 15-4 14 6C13 16 6 22 0 22C-6 22-14 17-14 7C-14-1-9-5-5-13C-4-6-1-4 2-3C3-10 2-16 0-22Z';
const SHIELD = 'M0-21L16-14V0C16 10 9 17 0 21C-9 17-16 10-16 0V-14Z';
const GEM = 'M-15-5L-8-14H8L15-5L0 16Z';
function emblem(ctx: Ctx, kind: 'flame' | 'shield' | 'gem', cx: number, cy: number, s: number): string {
  const fill =
    kind === 'flame'
      ? ctx.lin([
          [0, '#ffd166'],
          [0.55, '#f97316'],
          [1, '#c2281e'],
        ])
      : kind === 'gem'
        ? gold(ctx)
        : metal(ctx);
  const d = kind === 'flame' ? FLAME : kind === 'gem' ? GEM : SHIELD;
  return (
    rr(cx - s * 1.5, cy - s * 1.2, s * 3, s * 2.4, s * 0.35, '#000', op(0.18)) +
    g(path(d, fill), `translate(${f(cx)} ${f(cy)}) scale(${n4(s / 24)})`)
  );
}

// ---------------------------------------------------------------- openings, doors, interiors

/** A recess seen through a front opening (x, y, w, h): back wall, left wall, floor and shelves. */
function cavity(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  di: number,
  lining: string,
  shelves: number[],
  fill: (level: number, yb: number) => string,
  clipShape?: string,
  back?: string,
): string {
  const dx = di * KX;
  const dy = di * KY;
  let s = rect(x - 2, y - 2, w + 4, h + 4, dk(lining, 0.35));
  s += rect(
    x + dx,
    y + dy,
    w,
    h,
    back ??
      ctx.lin([
        [0, lt(lining, 0.08)],
        [1, dk(lining, 0.1)],
      ]),
  );
  s += poly(
    [
      [x, y],
      [x + dx, y + dy],
      [x + dx, y + h + dy],
      [x, y + h],
    ],
    dk(lining, 0.3),
  );
  s += poly(
    [
      [x, y + h],
      [x + dx, y + h + dy],
      [x + w + dx, y + h + dy],
      [x + w, y + h],
    ],
    lt(lining, 0.1),
  );
  s += fill(0, y + h);
  [...shelves]
    .sort((a, b) => b - a)
    .forEach((fr, i) => {
      const ys = y + h * fr;
      s +=
        poly(
          [
            [x, ys],
            [x + dx, ys + dy],
            [x + w + dx, ys + dy],
            [x + w, ys],
          ],
          lt(lining, 0.16),
        ) + rect(x, ys, w, 7, lt(lining, 0.3));
      s += fill(i + 1, ys);
    });
  s += poly(
    [
      [x, y],
      [x + w, y],
      [x + w, y + 14],
      [x + 14, y + 14],
      [x + 14, y + h],
      [x, y + h],
    ],
    '#000',
    op(0.18),
  );
  return g(s, undefined, `clip-path="${ctx.clip(clipShape ?? rect(x, y, w, h, '#fff'))}"`);
}

/**
 * A door panel (W x H, thickness t) hinged at (hx, hy), swung open by th degrees
 * towards the viewer. side 1 = hinge on the left, -1 = hinge on the right.
 * `outer`/`inner` are drawn in local coordinates (u from the hinge, v down).
 */
function swing(
  hx: number,
  hy: number,
  W: number,
  H: number,
  t: number,
  th: number,
  side: 1 | -1,
  outer: string,
  inner: string,
  edge: string,
  round = false,
): { s: string; b: Box4 } {
  const a = rad(th);
  const u: V3 = [side * Math.cos(a), 0, -Math.sin(a)];
  const nv: V3 = [side * Math.sin(a), 0, Math.cos(a)];
  const us = sp(u);
  const ns = sp(nv);
  const dot = (v: V3): number => v[0] * KX + v[1] * KY - v[2];
  const outerVis = dot(nv) < 0;
  const Pt = (uu: number, vv: number, o: number): P => [hx + uu * us[0] + o * ns[0], hy + uu * us[1] + vv + o * ns[1]];
  const M = (o: number): string => `matrix(${n4(us[0])} ${n4(us[1])} 0 1 ${f(hx + o * ns[0])} ${f(hy + o * ns[1])})`;
  const far = outerVis ? t : 0;
  const near = outerVis ? 0 : t;
  let s = '';
  if (round) {
    for (let i = 0; i <= 8; i++) s += g(ell(W / 2, H / 2, W / 2, H / 2, i === 0 ? dk(edge, 0.25) : edge), M(far + ((near - far) * i) / 8));
  } else {
    s += g(rr(0, 0, W, H, 6, dk(edge, 0.25)), M(far));
    s += poly([Pt(0, 0, 0), Pt(W, 0, 0), Pt(W, 0, t), Pt(0, 0, t)], lt(edge, 0.18));
    if (dot(u) > 0) s += poly([Pt(W, 0, 0), Pt(W, H, 0), Pt(W, H, t), Pt(W, 0, t)], edge);
  }
  s += g(outerVis ? outer : inner, M(near));
  const b = bounds([
    Pt(0, 0, 0),
    Pt(W + 30, 0, 0),
    Pt(0, H, 0),
    Pt(W + 30, H, 0),
    Pt(0, 0, t),
    Pt(W + 30, 0, t),
    Pt(0, H, t),
    Pt(W + 30, H, t),
  ]);
  return { s, b };
}

// items that live inside safes and cabinets (x, floor y, depth z)
const cash = (ctx: Ctx, x: number, yb: number, z: number, n = 2): string =>
  box(ctx, x, yb - 9 * n, 66, 9 * n, 34, '#6fae7c', { z, flat: true }) + rect(x + z * KX + 27, yb - 9 * n + z * KY, 12, 9 * n, '#f1ead6');
const docs = (ctx: Ctx, x: number, yb: number, z: number, c = '#f1ede2'): string =>
  box(ctx, x, yb - 10, 96, 10, 62, c, { z, flat: true }) +
  box(ctx, x + 4, yb - 20, 92, 10, 58, '#e6c98e', { z, flat: true }) +
  box(ctx, x + 2, yb - 30, 94, 10, 60, '#f6f4ee', { z, flat: true });
const jewel = (ctx: Ctx, x: number, yb: number, z: number): string =>
  box(ctx, x, yb - 32, 58, 32, 40, '#7a2636', { z, flat: true }) + rr(x + z * KX + 23, yb - 24 + z * KY, 12, 9, 2, gold(ctx));
const goldbars = (ctx: Ctx, x: number, yb: number, z: number): string =>
  box(ctx, x, yb - 14, 44, 14, 24, '#d8ae48', { z, flat: true }) +
  box(ctx, x + 46, yb - 14, 44, 14, 24, '#d8ae48', { z, flat: true }) +
  box(ctx, x + 23, yb - 28, 44, 14, 24, '#e2bb55', { z, flat: true });
function binders(
  ctx: Ctx,
  x: number,
  yb: number,
  z: number,
  n: number,
  h = 88,
  cols = ['#2563eb', '#f97316', '#10b981', '#64748b', '#e11d48'],
): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const hh = h - (i % 3) * 6;
    s +=
      box(ctx, x + i * 24, yb - hh, 22, hh, 64, pick(cols, i), { z, flat: true }) +
      rect(x + i * 24 + z * KX + 5, yb - hh * 0.7 + z * KY, 12, hh * 0.3, '#ffffff', op(0.85));
  }
  return s;
}
const archive = (ctx: Ctx, x: number, yb: number, z: number, w = 84, h = 56): string =>
  box(ctx, x, yb - h, w, h, 70, '#d9b47a', { z, flat: true }) +
  rr(x + z * KX + w / 2 - 14, yb - h * 0.72 + z * KY, 28, 9, 4.5, '#6b5130') +
  rect(x + z * KX + 10, yb - h + z * KY + 10, 26, 14, '#fffaf0');

// ================================================================ products

type Mode = 'hero' | 'front' | 'use' | 'side';
type SafeKind = 'fire-safe' | 'burglary-safe' | 'premium-safe' | 'home-safe';
interface SafeSpec {
  w: number;
  h: number;
  d: number;
  lining: string;
  door: (ctx: Ctx, W: number, H: number) => string;
  items: (ctx: Ctx, x: number, lvl: number, yb: number) => string;
  shelves: number[];
  trim?: string;
  focus: number;
}

const SAFES: Record<SafeKind, SafeSpec> = {
  'fire-safe': {
    w: 300,
    h: 400,
    d: 230,
    lining: '#4a4f57',
    shelves: [0.48],
    focus: 0.4,
    door: (ctx, W, H) =>
      keypad(ctx, W * 0.5, H * 0.26, W * 0.34) +
      leverHandle(ctx, W * 0.42, H * 0.6, W * 0.36) +
      emblem(ctx, 'flame', W * 0.5, H * 0.85, 15),
    items: (ctx, x, lvl, yb) => (lvl === 0 ? docs(ctx, x + 14, yb, 40) + cash(ctx, x + 140, yb, 30) : binders(ctx, x + 14, yb, 36, 5, 74)),
  },
  'burglary-safe': {
    w: 330,
    h: 440,
    d: 250,
    lining: '#3a3f47',
    shelves: [0.5],
    focus: 0.42,
    door: (ctx, W, H) =>
      dial(ctx, W * 0.5, H * 0.27, W * 0.16) +
      keyhole(ctx, W * 0.5, H * 0.45, 26) +
      spokeHandle(ctx, W * 0.5, H * 0.66, W * 0.19) +
      emblem(ctx, 'shield', W * 0.5, H * 0.9, 12),
    items: (ctx, x, lvl, yb) =>
      lvl === 0
        ? cash(ctx, x + 14, yb, 50, 3) + cash(ctx, x + 88, yb, 50, 2) + jewel(ctx, x + 180, yb, 30)
        : docs(ctx, x + 20, yb, 40) + cash(ctx, x + 150, yb, 40, 1),
  },
  'premium-safe': {
    w: 310,
    h: 510,
    d: 250,
    lining: '#5b1f2c',
    shelves: [0.36, 0.66],
    focus: 0.36,
    trim: '#d2a94a',
    door: (ctx, W, H) =>
      keypad(ctx, W * 0.5, H * 0.22, W * 0.3, '#fcd34d') +
      spokeHandle(ctx, W * 0.5, H * 0.52, W * 0.2, true) +
      emblem(ctx, 'gem', W * 0.5, H * 0.86, 13),
    items: (ctx, x, lvl, yb) =>
      lvl === 0
        ? goldbars(ctx, x + 20, yb, 40) + jewel(ctx, x + 150, yb, 30)
        : lvl === 1
          ? cash(ctx, x + 20, yb, 40, 3) + cash(ctx, x + 100, yb, 50, 2)
          : docs(ctx, x + 40, yb, 40),
  },
  'home-safe': {
    w: 340,
    h: 270,
    d: 260,
    lining: '#474d56',
    shelves: [0.5],
    focus: 0.5,
    door: (ctx, W, H) => keypad(ctx, W * 0.34, H * 0.5, W * 0.3) + knob(ctx, W * 0.74, H * 0.5, W * 0.1),
    items: (ctx, x, lvl, yb) => (lvl === 0 ? cash(ctx, x + 20, yb, 40, 2) + jewel(ctx, x + 110, yb, 20) : docs(ctx, x + 30, yb, 30)),
  },
};

function safeInner(ctx: Ctx, c: string, W: number, H: number): string {
  let s = rr(
    0,
    0,
    W,
    H,
    8,
    ctx.lin(
      [
        [0, dk(c, 0.05)],
        [1, dk(c, 0.3)],
      ],
      0,
      0,
      1,
      1,
    ),
    sk(dk(c, 0.5), 2),
  );
  s += rr(
    W * 0.14,
    H * 0.1,
    W * 0.72,
    H * 0.8,
    6,
    ctx.lin(
      [
        [0, '#cfd4da'],
        [1, '#8f97a1'],
      ],
      0,
      0,
      1,
      1,
    ),
    sk('#6b7380', 2),
  );
  for (const [px, py] of [
    [0.2, 0.14],
    [0.8, 0.14],
    [0.2, 0.86],
    [0.8, 0.86],
  ] as P[])
    s += circ(W * px, H * py, 5, '#6b7380');
  const nb = H > 300 ? 4 : 3;
  for (let i = 0; i < nb; i++) s += rr(W - 14, H * ((i + 0.7) / (nb + 0.4)) - 11, 40, 22, 11, metal(ctx), sk('#7d858f', 1.5));
  return s;
}

function safe(ctx: Ctx, kind: SafeKind, c: string, mode: Mode, th = 0): D {
  const k = SAFES[kind];
  const { w, h } = k;
  const d = mode === 'front' ? 0 : mode === 'side' ? k.d * 1.7 : k.d;
  if (mode === 'use' && th === 0) th = 128;
  const m = Math.round(w * 0.08);
  const W = w - 2 * m;
  const H = h - 2 * m;
  const feet = 14;
  let s = '';
  if (d > 0) s += rr(w - 62 + d * KX * 0.8, h - 10 + d * KY * 0.8, 44, feet + 10, 4, '#111317');
  s += rr(16, h - 10, 46, feet + 10, 4, '#15171b') + rr(w - 62, h - 10, 46, feet + 10, 4, '#15171b');
  s += box(ctx, 0, 0, w, h, d, c);
  s += rr(m - 4, m - 4, W + 8, H + 8, 10, dk(c, 0.55));
  let b: Box4 = [0, d * KY, w + d * KX, h + feet];
  const front =
    rr(
      0,
      0,
      W,
      H,
      8,
      ctx.lin(
        [
          [0, lt(c, 0.16)],
          [1, dk(c, 0.05)],
        ],
        0,
        0,
        0.5,
        1,
      ),
      sk(dk(c, 0.45), 2.5),
    ) +
    rr(14, 14, W - 28, H - 28, 6, 'none', `${sk(lt(c, 0.25), 2)} opacity=".55"`) +
    (k.trim ? rr(24, 24, W - 48, H - 48, 5, 'none', sk(k.trim, 3)) : '') +
    k.door(ctx, W, H);
  if (th > 0) {
    s += cavity(ctx, m, m, W, H, d * 0.8 || k.d * 0.8, k.lining, k.shelves, (lvl, yb) => k.items(ctx, m, lvl, yb));
    const sw = swing(m, m, W, H, Math.max(30, w * 0.13), th, 1, front, safeInner(ctx, c, W, H), dk(c, 0.2));
    s += sw.s;
    b = union(b, sw.b);
  } else {
    s += g(front, `translate(${m} ${m})`);
  }
  s +=
    rr(m - 10, m + H * 0.12, 14, H * 0.16, 6, metal(ctx), sk('#7d858f', 1.5)) +
    rr(m - 10, m + H * 0.72, 14, H * 0.16, 6, metal(ctx), sk('#7d858f', 1.5));
  return {
    s,
    b,
    fl: h + feet,
    sh: [Math.max(b[0], -40), w + d * KX],
    fo: [m + W / 2, m + H * k.focus, 2.3],
    dm: { x: 0, y: 0, w, h: h + feet, d },
  };
}

// ---------------------------------------------------------------- vault door

function vaultFace(ctx: Ctx, c: string, R: number): string {
  let s = circ(
    0,
    0,
    R,
    ctx.rad(
      [
        [0, lt(c, 0.25)],
        [1, dk(c, 0.12)],
      ],
      0.38,
      0.32,
      0.75,
    ),
    sk(dk(c, 0.45), 3),
  );
  s += circ(0, 0, R * 0.84, 'none', sk(dk(c, 0.3), 3)) + circ(0, 0, R * 0.815, 'none', sk(lt(c, 0.35), 2));
  for (let i = 0; i < 20; i++) {
    const a = (i / 20) * Math.PI * 2;
    s += circ(Math.cos(a) * R * 0.92, Math.sin(a) * R * 0.92, R * 0.03, '#dfe3e8', sk(dk(c, 0.4), 1.2));
  }
  s += circ(0, 0, R * 0.52, 'none', sk(dk(c, 0.25), 2.5));
  s += dial(ctx, 0, -R * 0.67, R * 0.13) + rr(-R * 0.18, R * 0.62, R * 0.36, R * 0.1, 4, gold(ctx));
  return s + spokeHandle(ctx, 0, 0, R * 0.42, false, 6, 0);
}
function vaultInner(ctx: Ctx, c: string, R: number): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += g(rr(R - 26, -10, 56, 20, 10, metal(ctx), sk('#7d858f', 1.5)), `rotate(${i * 30})`);
  s += circ(
    0,
    0,
    R,
    ctx.rad([
      [0, dk(c, 0.02)],
      [1, dk(c, 0.3)],
    ]),
    sk(dk(c, 0.5), 3),
  );
  s += circ(0, 0, R * 0.7, '#cfe4ee', `${op(0.55)} ${sk('#9fb3bf', 3)}`);
  s += circ(
    -R * 0.2,
    -R * 0.1,
    R * 0.26,
    'none',
    `stroke="#8f97a1" stroke-width="${f(R * 0.07)}" stroke-dasharray="${f(R * 0.04)} ${f(R * 0.04)}"`,
  );
  s += circ(
    R * 0.22,
    R * 0.18,
    R * 0.18,
    'none',
    `stroke="#a3abb4" stroke-width="${f(R * 0.06)}" stroke-dasharray="${f(R * 0.035)} ${f(R * 0.035)}"`,
  );
  s += circ(-R * 0.2, -R * 0.1, R * 0.07, '#6b7380') + circ(R * 0.22, R * 0.18, R * 0.05, '#6b7380');
  for (const a of [0, 90, 180, 270]) s += g(rr(R * 0.3, -5, R * 0.52, 10, 5, '#9aa2ac'), `rotate(${a + 45})`);
  return s;
}
function vault(ctx: Ctx, c: string, mode: Mode, th = 0): D {
  const W = 580;
  const H = 620;
  const d = mode === 'front' ? 0 : mode === 'side' ? 200 : 90;
  if (mode === 'use' && th === 0) th = 158;
  const R = 226;
  const cx = W / 2 - 10;
  const cy = H / 2 - 4;
  const fc = dk(c, 0.12);
  let s = box(ctx, 0, 0, W, H, d, fc);
  s += rr(18, 18, W - 36, H - 36, 8, 'none', `${sk(lt(fc, 0.3), 2)} ${op(0.6)}`);
  for (const [x, y] of [
    [34, 34],
    [W - 34, 34],
    [34, H - 34],
    [W - 34, H - 34],
  ] as P[])
    s += circ(x, y, 7, '#dfe3e8', sk(dk(fc, 0.4), 1.5));
  s += circ(
    cx,
    cy,
    R + 26,
    ctx.lin(
      [
        [0, lt(fc, 0.3)],
        [1, dk(fc, 0.3)],
      ],
      0,
      0,
      1,
      1,
    ),
    sk(dk(fc, 0.45), 2),
  );
  s += circ(cx, cy, R + 8, dk(fc, 0.6));
  let b: Box4 = [0, d * KY, W + d * KX, H];
  const hx = cx + R + 4;
  const hinges = [cy - R * 0.62, cy + R * 0.3]
    .map((y) => rr(hx - 14, y, 64, R * 0.32, 18, metal(ctx), sk('#6f7781', 2)) + rect(hx + 6, y - 8, 24, R * 0.32 + 16, '#8b939d', op(0.7)))
    .join('');
  if (th > 0) {
    s += hinges;
    const pat = ctx.def(
      'vaultboxes',
      (id) =>
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="58" height="40"><rect width="58" height="40" fill="#6b737d"/><rect x="3" y="3" width="52" height="34" rx="3" fill="#c4cad1"/><circle cx="29" cy="20" r="3.5" fill="#3b4048"/><rect x="20" y="6" width="18" height="5" rx="1" fill="#eef1f4"/></pattern>`,
    );
    s += cavity(ctx, cx - R, cy - R, 2 * R, 2 * R, 320, '#7b838d', [], () => '', circ(cx, cy, R + 2, '#fff'), `url(#${pat})`);
    s += ell(cx, cy + R * 0.78, R * 0.7, R * 0.14, '#000', op(0.18));
    const sw = swing(
      hx,
      cy - R,
      2 * R,
      2 * R,
      80,
      th,
      -1,
      g(vaultFace(ctx, c, R), `translate(${R} ${R})`),
      g(vaultInner(ctx, c, R), `translate(${R} ${R})`),
      dk(c, 0.18),
      true,
    );
    s += sw.s;
    b = union(b, sw.b);
  } else {
    s += circ(cx + 10 * KX, cy + 10 * KY, R, dk(c, 0.3)) + g(vaultFace(ctx, c, R), `translate(${f(cx)} ${f(cy)})`) + hinges;
  }
  s += rect(0, H - 24, W, 24, dk(fc, 0.3));
  return { s, b, fl: H, sh: [b[0], W + d * KX], fo: [cx, cy - R * 0.2, 1.9], dm: { x: 0, y: 0, w: W, h: H, d } };
}

// ---------------------------------------------------------------- filing cabinet

function filing(ctx: Ctx, c: string, mode: Mode): D {
  const w = 270;
  const h = 530;
  const d = mode === 'front' ? 0 : mode === 'side' ? 420 : 260;
  const n = 4;
  const top = 28;
  const bot = 20;
  const gap = 10;
  const dh = (h - top - bot - gap * (n - 1)) / n;
  let s = box(ctx, 0, 0, w, h, d, c) + rect(10, h - bot + 5, w - 20, bot - 9, dk(c, 0.4));
  s += circ(w - 26, 14, 8, metal(ctx), sk('#7d858f', 1.5)) + rect(w - 27, 9, 2.5, 10, '#3b4048');
  const drawer = (y: number): string =>
    rr(
      8,
      y,
      w - 16,
      dh,
      5,
      ctx.lin([
        [0, lt(c, 0.16)],
        [1, dk(c, 0.05)],
      ]),
      sk(dk(c, 0.4), 2),
    ) +
    rr(w / 2 - 38, y + dh * 0.18, 76, 26, 3, metal(ctx), sk('#7d858f', 1.5)) +
    rect(w / 2 - 31, y + dh * 0.18 + 5, 62, 16, '#fbfaf6') +
    line(w / 2 - 24, y + dh * 0.18 + 13, w / 2 + 12, y + dh * 0.18 + 13, '#b8c0ca', 2) +
    rr(w / 2 - 58, y + dh * 0.18 + 40, 116, 28, 13, dk(c, 0.5)) +
    rr(w / 2 - 52, y + dh * 0.18 + 44, 104, 14, 7, metal(ctx));
  const pull = mode === 'use' ? 210 : 0;
  for (let i = 0; i < n; i++) if (!(i === 0 && pull)) s += drawer(top + i * (dh + gap));
  let b: Box4 = [0, d * KY, w + d * KX, h];
  if (pull) {
    const ox = -pull * KX;
    const oy = -pull * KY;
    const y0 = top;
    s += rect(8, y0, w - 16, dh, '#17191d');
    s += poly(
      [
        [8 + ox, y0 + oy],
        [w - 8 + ox, y0 + oy],
        [w - 8, y0],
        [8, y0],
      ],
      dk(c, 0.5),
    );
    const cols = ['#e6c98e', '#9cc3e6', '#a8d5a2', '#f4b6a6'];
    for (let j = 0; j < 7; j++) {
      const [fx, fy] = sp([22, y0 - 14, -pull * (0.06 + j * 0.13)]);
      s +=
        rect(fx, fy, w - 44, 30, pick(cols, j), sk(dk(pick(cols, j), 0.2), 1)) +
        rect(fx + 16 + ((j * 53) % 150), fy - 12, 46, 14, pick(cols, j), sk(dk(pick(cols, j), 0.2), 1));
    }
    s += poly(
      [
        [w - 8 + ox, y0 + oy],
        [w - 8, y0],
        [w - 8, y0 + dh],
        [w - 8 + ox, y0 + dh + oy],
      ],
      dk(c, 0.22),
      sk(dk(c, 0.4), 1.5),
    );
    s += g(drawer(y0), `translate(${f(ox)} ${f(oy)})`);
    b = union(b, [ox, y0, w, h]);
  }
  return { s, b, fl: h, sh: [b[0], w + d * KX], fo: [w / 2, top + dh * 0.4, 2.6], dm: { x: 0, y: 0, w, h, d } };
}

// ---------------------------------------------------------------- storage cabinet

function storage(ctx: Ctx, c: string, mode: Mode): D {
  const w = 370;
  const h = 540;
  const d = mode === 'front' ? 0 : mode === 'side' ? 340 : 210;
  const H = h - 44;
  const Wd = (w - 24) / 2;
  let s = box(ctx, 0, 0, w, h, d, c) + rect(12, h - 22, w - 24, 14, dk(c, 0.4));
  const door = (lock: boolean): string => {
    let t = rr(
      0,
      0,
      Wd,
      H,
      5,
      ctx.lin([
        [0, lt(c, 0.16)],
        [1, dk(c, 0.05)],
      ]),
      sk(dk(c, 0.4), 2),
    );
    for (let i = 0; i < 5; i++)
      t += rr(Wd * 0.22, 26 + i * 13, Wd * 0.56, 6, 3, dk(c, 0.38)) + rr(Wd * 0.22, 30 + i * 13, Wd * 0.56, 2, 1, lt(c, 0.3));
    t += rr(Wd - 28, H * 0.42, 12, 92, 6, metal(ctx), sk('#7d858f', 1.5));
    if (lock) t += circ(Wd - 22, H * 0.42 - 28, 9, metal(ctx), sk('#7d858f', 1.5)) + rect(Wd - 23.2, H * 0.42 - 34, 2.5, 12, '#3b4048');
    return t;
  };
  const inner =
    rr(0, 0, Wd, H, 5, dk(c, 0.12), sk(dk(c, 0.4), 2)) +
    rr(16, 16, Wd - 32, H - 32, 4, 'none', sk(dk(c, 0.22), 2)) +
    rr(26, H * 0.6, Wd - 52, 10, 3, dk(c, 0.3));
  let b: Box4 = [0, d * KY, w + d * KX, h];
  if (mode === 'use') {
    const fill = (lvl: number, yb: number): string =>
      lvl === 0
        ? archive(ctx, 24, yb, 40) + archive(ctx, 120, yb, 40) + archive(ctx, 216, yb, 40, 84, 50)
        : lvl === 1
          ? binders(ctx, 24, yb, 40, 7, 92) + docs(ctx, 200, yb, 40)
          : lvl === 2
            ? binders(ctx, 30, yb, 40, 4, 92, ['#64748b', '#94a3b8']) +
              archive(ctx, 140, yb, 40, 80, 60) +
              box(ctx, 240, yb - 40, 60, 40, 60, '#ffffff', { z: 40, flat: true })
            : docs(ctx, 30, yb, 40) + binders(ctx, 150, yb, 40, 5, 84, ['#f97316', '#fb923c', '#fdba74']);
    s += cavity(ctx, 12, 12, w - 24, H, (d || 210) * 0.85, '#c9ced5', [0.26, 0.5, 0.75], fill);
    const L = swing(12, 12, Wd, H, 16, 138, 1, door(false), inner, dk(c, 0.2));
    const Rt = swing(w - 12, 12, Wd, H, 16, 138, -1, door(true), inner, dk(c, 0.2));
    s += L.s + Rt.s;
    b = union(union(b, L.b), Rt.b);
  } else {
    s += g(door(false), 'translate(12 12)') + g(door(true), `translate(${w - 12} 12) scale(-1 1)`);
  }
  return { s, b, fl: h, sh: [b[0], b[2]], fo: [w / 2, H * 0.45, 2.4], dm: { x: 0, y: 0, w, h, d } };
}

// ---------------------------------------------------------------- mobile shelving

function shelving(ctx: Ctx, c: string, mode: Mode): D {
  const n = 5;
  const uw = 94;
  const h = 440;
  const d = mode === 'front' ? 0 : mode === 'side' ? 480 : 320;
  const aisle = mode === 'use' ? 230 : 120;
  const carcass = '#c9ced5';
  const xs = Array.from({ length: n }, (_, i) => i * (uw + 4) + (i >= 2 ? aisle : 0));
  const tot = (n - 1) * (uw + 4) + aisle + uw;
  let s = '';
  for (const z of [0.08, 0.5, 0.92])
    s +=
      poly(
        [sp([-40, h + 2, d * z - 5]), sp([tot + 40, h + 2, d * z - 5]), sp([tot + 40, h + 2, d * z + 5]), sp([-40, h + 2, d * z + 5])],
        '#8d959f',
      ) + pline([sp([-40, h + 1, d * z - 4]), sp([tot + 40, h + 1, d * z - 4])], '#e5e8ec', 1.5);
  const R = 30;
  const cy = h * 0.48;
  const ux = uw / 2;
  let unit = box(ctx, 0, 0, uw, h, d, carcass);
  unit += rr(
    3,
    3,
    uw - 6,
    h - 6,
    4,
    ctx.lin([
      [0, lt(c, 0.14)],
      [1, dk(c, 0.08)],
    ]),
    sk(dk(c, 0.4), 2),
  );
  unit += rr(ux - 28, 34, 56, 30, 3, metal(ctx), sk('#7d858f', 1.2)) + rect(ux - 22, 40, 44, 18, '#fbfaf6');
  unit += circ(ux, cy + 3, R, '#000', op(0.2)) + circ(ux, cy, R, 'none', sk('#d7dce2', 7)) + circ(ux, cy, R, 'none', sk('#7d858f', 1));
  for (const a of [-90, 30, 150]) unit += line(ux, cy, ux + Math.cos(rad(a)) * R, cy + Math.sin(rad(a)) * R, '#c3c9d1', 6);
  unit +=
    circ(ux, cy, 10, metal(ctx), sk('#7d858f', 1.5)) +
    circ(ux, cy + 62, 7, metal(ctx), sk('#7d858f', 1.2)) +
    rect(3, h - 20, uw - 6, 14, dk(c, 0.35));
  const uid = ctx.def(`unit${c}${d}`, (id) => `<g id="${id}">${unit}</g>`);
  xs.forEach((x, i) => {
    s += `<use href="#${uid}" x="${f(x)}"/>`;
    if (i === 1 && d > 0) {
      const X = x + uw;
      s += poly([sp([X, 4, 4]), sp([X, 4, d - 4]), sp([X, h - 4, d - 4]), sp([X, h - 4, 4])], '#4a525c');
      for (let lv = 0; lv < 4; lv++) {
        const Y = 100 + lv * 104;
        for (let j = 0; j < 8; j++) {
          const z0 = 14 + j * ((d - 28) / 8);
          const z1 = z0 + (d - 28) / 8 - 5;
          const bh = 74 - (j % 3) * 8;
          s += poly(
            [sp([X, Y - bh, z0]), sp([X, Y - bh, z1]), sp([X, Y, z1]), sp([X, Y, z0])],
            pick(['#2563eb', '#f97316', '#e7c18b', '#10b981', '#94a3b8', '#e11d48'], j + lv * 2),
          );
        }
        s += poly([sp([X, Y, 0]), sp([X, Y, d]), sp([X, Y + 7, d]), sp([X, Y + 7, 0])], '#dfe3e8');
      }
    }
  });
  if (mode === 'use') {
    const y = h + 40;
    const x0 = xs[1] ?? 0;
    s +=
      pline(
        [
          [x0 + uw + 40, y],
          [x0 + uw + aisle - 30, y],
        ],
        BRAND,
        5,
      ) +
      poly(
        [
          [x0 + uw + aisle - 14, y],
          [x0 + uw + aisle - 34, y - 11],
          [x0 + uw + aisle - 34, y + 11],
        ],
        BRAND,
      ) +
      poly(
        [
          [x0 + uw + 24, y],
          [x0 + uw + 44, y - 11],
          [x0 + uw + 44, y + 11],
        ],
        BRAND,
      );
    for (let i = 0; i < 3; i++) s += line((xs[2] ?? 0) - 46, 140 + i * 40, (xs[2] ?? 0) - 16 - i * 6, 140 + i * 40, '#94a3b8', 4);
  }
  return {
    s,
    b: [-40, d * KY, tot + 40 + d * KX, h + (mode === 'use' ? 56 : 12)],
    fl: h + 2,
    sh: [-20, tot + d * KX],
    fo: [uw / 2, h * 0.5, 2.8],
    dm: { x: 0, y: 0, w: tot, h, d },
  };
}

// ---------------------------------------------------------------- shredder

function shredder(ctx: Ctx, c: string, mode: Mode, feed = -1): D {
  const w = 300;
  const hh = 100;
  const hb = 370;
  const d = mode === 'front' ? 0 : mode === 'side' ? 380 : 230;
  const hc = lum(c) > 0.3 ? dk(c, 0.55) : dk(c, 0.35);
  if (mode === 'use' && feed < 0) feed = 0.4;
  let s = '';
  for (const x of [34, w - 34]) s += circ(x, hh + hb + 12, 13, '#1b1d21');
  if (d > 0) s += circ(...sp([w - 40, hh + hb + 10, d - 30]), 12, '#111317');
  s += box(ctx, 8, hh, w - 16, hb, Math.max(0, d - 12), c, { z: 0 });
  const wx = w * 0.22;
  const wy = hh + 74;
  const ww = w * 0.56;
  const wh = hb * 0.52;
  let strips = '';
  const level = feed >= 0 ? 0.72 : 0.5;
  for (let i = 0; i < 16; i++) {
    const x = wx + 8 + i * ((ww - 16) / 15);
    const top = wy + wh * (1 - level) + ((i * 37) % 23);
    strips += `M${f(x)} ${f(wy + wh)}Q${f(x + (i % 2 ? 6 : -6))} ${f((top + wy + wh) / 2)} ${f(x + (i % 3) - 1)} ${f(top)}`;
  }
  s +=
    rr(wx, wy, ww, wh, 12, '#20262d') +
    g(path(strips, 'none', sk('#eef1f5', 4.5)), undefined, `clip-path="${ctx.clip(rr(wx, wy, ww, wh, 12, '#fff'))}"`);
  s +=
    poly(
      [
        [wx + ww * 0.55, wy],
        [wx + ww * 0.8, wy],
        [wx + ww * 0.35, wy + wh],
        [wx + ww * 0.1, wy + wh],
      ],
      '#fff',
      op(0.08),
    ) + rr(wx, wy, ww, wh, 12, 'none', sk(dk(c, 0.45), 3));
  s += rr(w * 0.33, hh + 30, w * 0.34, 16, 8, dk(c, 0.45));
  s += box(ctx, 0, 0, w, hh, d, hc, { r: 0 });
  if (d > 0) s += poly([sp([30, 0, d * 0.44]), sp([w - 30, 0, d * 0.44]), sp([w - 30, 0, d * 0.56]), sp([30, 0, d * 0.56])], '#0b0d10');
  for (let i = 0; i < 6; i++) s += line(22 + i * 14, hh - 22, 32 + i * 14, 22, lt(hc, 0.12), 4);
  const cy = hh / 2;
  s +=
    rr(w - 190, cy - 16, 44, 32, 8, lt(hc, 0.14)) +
    pline(
      [
        [w - 178, cy + 2],
        [w - 168, cy - 6],
        [w - 158, cy + 2],
      ],
      '#e5e7eb',
      3,
    );
  s +=
    rr(w - 138, cy - 16, 44, 32, 8, lt(hc, 0.14)) +
    pline(
      [
        [w - 126, cy - 2],
        [w - 116, cy + 6],
        [w - 106, cy - 2],
      ],
      '#e5e7eb',
      3,
    );
  s +=
    circ(w - 48, cy, 20, lt(hc, 0.14), sk('#34c27a', 3)) +
    path(`M${w - 55} ${cy - 7}A9 9 0 1 0 ${w - 41} ${cy - 7}`, 'none', sk('#e5e7eb', 2.5)) +
    line(w - 48, cy - 13, w - 48, cy - 2, '#e5e7eb', 2.5);
  for (let i = 0; i < 3; i++) s += circ(w - 172 + i * 26, 14, 4, i === 0 ? '#34c27a' : '#4b5563');
  let b: Box4 = [-4, d * KY, w + d * KX, hh + hb + 25];
  if (feed >= 0 && d > 0) {
    const z = d * 0.5;
    const top = -230 + 230 * feed;
    const tilt = 30;
    const q = (x: number, y: number): P => sp([x, y, z + (tilt * -y) / 230]);
    let paper = poly([q(60, top), q(w - 60, top), q(w - 60, 0), q(60, 0)], '#ffffff', sk('#cfd5dc', 1.5));
    for (let j = 0; j < 8; j++) {
      const y = top + 24 + j * 22;
      if (y < -6) paper += pline([q(80, y), q(w - 80 - (j % 3) * 30, y)], j === 0 ? '#94a3b8' : '#d5dae1', j === 0 ? 5 : 3);
    }
    s += g(paper, undefined, op(Math.min(1, feed / 0.12)));
    b = union(b, bounds([q(60, -230), q(w - 60, -230)]));
  }
  return { s, b, fl: hh + hb + 20, sh: [0, w + d * KX], fo: [w - 120, hh / 2, 2.6], dm: { x: 0, y: 0, w, h: hh + hb + 25, d } };
}

// ---------------------------------------------------------------- laminator

function sheetArt(w: number, h: number, pouch: boolean): string {
  let s = '';
  if (pouch) s += rr(-8, -8, w + 16, h + 16, 6, '#e8f1fb', `${op(0.9)} ${sk('#b9cde3', 1.5)}`);
  s += rect(0, 0, w, h, '#ffffff', sk('#d5dae1', 1));
  s += rect(w * 0.1, h * 0.08, w * 0.8, h * 0.12, BRAND) + rect(w * 0.1, h * 0.26, w * 0.8, h * 0.36, '#bfe0f5');
  s +=
    poly(
      [
        [w * 0.1, h * 0.62],
        [w * 0.35, h * 0.36],
        [w * 0.55, h * 0.55],
        [w * 0.68, h * 0.44],
        [w * 0.9, h * 0.62],
      ],
      '#5fa36a',
    ) + circ(w * 0.75, h * 0.34, h * 0.05, '#fcd34d');
  for (let i = 0; i < 3; i++) s += rect(w * 0.1, h * (0.7 + i * 0.08), w * (0.8 - i * 0.15), h * 0.03, '#cbd2da');
  return s;
}
function laminator(ctx: Ctx, c: string, mode: Mode): D {
  const w = 470;
  const h = 96;
  const d = mode === 'front' ? 0 : mode === 'side' ? 330 : 200;
  const trim = lum(c) > 0.5 ? '#2b3038' : lt(c, 0.25);
  let s = rr(20, h - 6, 40, 14, 4, '#1b1d21') + rr(w - 60, h - 6, 40, 14, 4, '#1b1d21');
  s += box(ctx, 0, 0, w, h, d, c);
  s += rr(36, 30, w - 170, 14, 7, '#14171b') + rect(36, 38, w - 170, 3, '#3b4048') + rect(0, h - 16, w, 6, BRAND, op(0.9));
  s +=
    rr(w - 116, 18, 92, 54, 10, trim) +
    circ(w - 50, 45, 13, '#2f343b', sk('#34c27a', 2.5)) +
    circ(w - 94, 34, 5, '#ef4444') +
    circ(w - 94, 56, 5, '#34c27a') +
    rr(w - 82, 30, 10, 8, 2, '#e5e7eb', op(0.7)) +
    rr(w - 82, 52, 10, 8, 2, '#e5e7eb', op(0.7));
  let b: Box4 = [0, d * KY, w + d * KX, h + 8];
  if (d > 0) {
    const zs = d * 0.6;
    s += poly([sp([40, 0, zs - 7]), sp([w - 150, 0, zs - 7]), sp([w - 150, 0, zs + 7]), sp([40, 0, zs + 7])], '#14171b');
    const sw = 200;
    const shh = 170;
    s += g(sheetArt(sw, shh, true), plane([90, -shh, zs + 50], [1, 0, 0], [0, 1, -50 / shh]));
    b = union(b, bounds([sp([82, -shh - 8, zs + 58]), sp([90 + sw + 8, -shh - 8, zs + 58])]));
  }
  if (mode === 'use') {
    const out = plane([70, 40, -4], [1, 0, 0], [0, 0.29, -0.96]);
    s +=
      g(sheetArt(200, 170, true), out) +
      g(
        poly(
          [
            [10, 170],
            [60, 0],
            [110, 0],
            [60, 170],
          ],
          '#fff',
          op(0.45),
        ),
        out,
      );
    for (let i = 0; i < 3; i++)
      s += path(`M${w - 210 + i * 40} -40q-10-15 0-30t0-30`, 'none', `${sk('#fb923c', 4)} stroke-linecap="round" ${op(0.7)}`);
    b = union(b, bounds([sp([40, 100, -170]), sp([w, -130, 0])]));
  }
  return { s, b, fl: h + 8, sh: [0, w + d * KX], fo: [w - 90, 45, 2.8], dm: { x: 0, y: 0, w, h: h + 8, d } };
}

// ---------------------------------------------------------------- binding machine

function comb(x: number, y: number, n: number, col = '#2563eb', s = 12): string {
  let t = rr(x, y, n * s + 4, 7, 3.5, col);
  for (let i = 0; i < n; i++) t += rr(x + 2 + i * s, y - s * 2.1, s * 0.72, s * 2.3, s * 0.36, 'none', sk(col, s * 0.28));
  return t;
}
function binding(ctx: Ctx, c: string, mode: Mode): D {
  const w = 400;
  const h = 120;
  const d = mode === 'front' ? 0 : mode === 'side' ? 380 : 240;
  let s = rr(16, h - 6, 40, 14, 4, '#14161a') + rr(w - 56, h - 6, 40, 14, 4, '#14161a');
  s += box(ctx, 0, 0, w, h, d, c);
  s +=
    rect(0, 16, w, 4, lt(c, 0.2)) +
    rr(w * 0.22, h * 0.5, w * 0.56, h * 0.34, 8, dk(c, 0.3), sk(dk(c, 0.5), 1.5)) +
    rr(w * 0.42, h * 0.58, w * 0.16, 8, 4, lt(c, 0.3));
  s += circ(w - 46, h * 0.52, 18, metal(ctx), sk('#6f7781', 1.5)) + line(w - 46, h * 0.52, w - 46, h * 0.52 - 13, '#e23d3d', 3);
  for (let i = 0; i < 6; i++) s += line(46 + i * 10, h * 0.36, 46 + i * 10, h * 0.75, '#9aa2ac', 2.5);
  let b: Box4 = [0, d * KY, w + d * KX, h + 8];
  const lever = mode === 'use';
  if (d > 0) {
    let top = '';
    for (let i = 0; i < 20; i++) top += rr(36 + i * 14.5, d * 0.2, 6, 22, 2, metal(ctx));
    top += rr(30, d * 0.2 + 26, 300, 8, 3, '#8d959f');
    top += rr(26, d - 70, w - 130, 12, 4, '#101215') + rr(20, d - 96, 6, 40, 2, '#d1d5db');
    top += circ(w - 62, d - 64, 22, metal(ctx), sk('#6f7781', 1.5)) + line(w - 62, d - 64, w - 62, d - 82, '#e23d3d', 3);
    s += g(top, plane([0, 0, d], [1, 0, 0], [0, 0, -1]));
    if (lever) {
      const z = d - 64;
      const q = (x: number, y: number): P => sp([30 + x, y, z + 4]);
      let sheets = '';
      for (let i = 0; i < 4; i++)
        sheets += poly(
          [q(i * 3, -150 + i * 4), q(250 + i * 3, -150 + i * 4), q(250 + i * 3, 0), q(i * 3, 0)],
          '#ffffff',
          sk('#cfd5dc', 1.2),
        );
      s += sheets + pline([q(20, -120), q(200, -120)], '#cbd2da', 3) + pline([q(20, -100), q(160, -100)], '#cbd2da', 3);
      b = union(b, bounds([q(0, -160)]));
    }
  }
  const pz = d > 0 ? d * 0.62 : 0;
  const pv = sp([w, h * 0.38, pz]);
  const tipV: V3 = lever ? [w + 16, h * 0.38 + 20, pz - 230] : [w + 16, h * 0.38 - 210, d > 0 ? pz + 50 : 0];
  const tip = sp(tipV);
  s += line(pv[0] + 8, pv[1], tip[0] + 8, tip[1], '#1f2329', 20) + line(pv[0] + 8, pv[1], tip[0] + 8, tip[1], '#c3c9d1', 8);
  s +=
    circ(
      tip[0] + 8,
      tip[1],
      22,
      ctx.rad(
        [
          [0, '#4b5563'],
          [1, '#111317'],
        ],
        0.35,
        0.35,
        0.7,
      ),
    ) + circ(pv[0] + 6, pv[1], 18, metal(ctx), sk('#6f7781', 2));
  b = union(b, [tip[0] - 18, tip[1] - 26, tip[0] + 34, tip[1] + 26]);
  if (mode === 'hero' || mode === 'side') {
    s += g(comb(0, 0, 14, '#2563eb'), `translate(${f(-70)} ${f(h + 58)})`);
    b = union(b, [-70, h + 20, 110, h + 66]);
  }
  if (mode === 'use') {
    const bz = -210;
    s += box(ctx, -40, h - 18, 210, 18, 150, '#f6f7f9', { z: bz }) + box(ctx, -40, h - 22, 210, 4, 150, '#2563eb', { z: bz });
    for (let j = 0; j < 9; j++) {
      const [x, y] = sp([-32, h - 22, bz + 10 + j * 15]);
      s += ell(x, y - 2, 6, 9, 'none', sk('#1d4ed8', 3.5));
    }
    b = union(b, bounds([sp([-40, h, bz]), sp([-40, h + 4, bz])]));
  }
  return {
    s,
    b,
    fl: h + 8,
    sh: [Math.min(0, b[0]), w + (d || 0) * KX],
    fo: [...sp([w * 0.62, 0, (d || 240) * 0.55]), 2.1] as [number, number, number],
    dm: { x: 0, y: 0, w, h: h + 8, d },
  };
}

// ---------------------------------------------------------------- currency counter

const NOTE_COLS = ['#7fb58f', '#c8a36a', '#8d86c4', '#6aa5d8', '#d98b7a'];
function noteArt(w: number, h: number, col: string): string {
  return (
    rr(0, 0, w, h, 4, col, sk(dk(col, 0.25), 1)) +
    rr(5, 5, w - 10, h - 10, 3, 'none', sk(lt(col, 0.45), 1.5)) +
    circ(w * 0.72, h / 2, h * 0.22, lt(col, 0.35)) +
    rect(w * 0.12, h * 0.3, w * 0.3, h * 0.08, dk(col, 0.2)) +
    rect(w * 0.12, h * 0.55, w * 0.2, h * 0.08, dk(col, 0.2))
  );
}
function counter(ctx: Ctx, c: string, mode: Mode): D {
  const w = 330;
  const h = 150;
  const d = mode === 'front' ? 0 : mode === 'side' ? 380 : 250;
  const dd = d || 250;
  const dark = '#2b3038';
  let s = rr(20, h - 6, 40, 14, 4, '#1b1d21') + rr(w - 60, h - 6, 40, 14, 4, '#1b1d21');
  if (d > 0) {
    s += box(ctx, 0, 0, w, h, d, c);
    s += box(ctx, 24, -118, w - 48, 118, d * 0.3, lt(c, 0.02), { z: d * 0.66 });
    const z0 = d * 0.28;
    const z1 = d * 0.66;
    s += poly(
      [sp([64, 0, z0]), sp([w - 64, 0, z0]), sp([w - 64, -100, z1]), sp([64, -100, z1])],
      ctx.lin([
        [0, '#aeb5be'],
        [1, '#d8dce1'],
      ]),
    );
    const L = Math.hypot(100, z1 - z0);
    const bv: V3 = [0, -100 / L, (z1 - z0) / L];
    const nn = mode === 'use' ? 5 : 9;
    const nid = ctx.def(`note${L}`, (id) => `<g id="${id}">${noteArt(w - 150, L - 26, pick(NOTE_COLS, 0))}</g>`);
    for (let i = 0; i < nn; i++) s += g(`<use href="#${nid}"/>`, plane([75 + (i % 2) * 2, -3 - i * 2.6, z0 + 10], [1, 0, 0], bv));
    for (const X of [64, w - 64])
      s += poly([sp([X, 0, z0]), sp([X, -100, z1]), sp([X, -116, z1]), sp([X, -16, z0])], dk(c, 0.18), sk(dk(c, 0.35), 1.5));
  } else {
    s += box(ctx, 24, -118, w - 48, 118, 0, lt(c, 0.02)) + box(ctx, 0, 0, w, h, 0, c);
    s += rect(64, -30, w - 128, 26, '#d8dce1') + rect(72, -30, w - 144, 10, pick(NOTE_COLS, 0));
  }
  s += rr(20, 14, 176, 52, 9, dark) + rr(28, 21, 160, 38, 5, '#0f1f17');
  s += `<text x="180" y="52" font-size="30" font-weight="700" text-anchor="end" fill="#86efac" font-family="${MONO}">${mode === 'use' ? '875' : '1000'}</text>`;
  const bc = ['#d9dde2', '#d9dde2', '#f97316', '#d9dde2', '#d9dde2', '#34c27a'];
  for (let i = 0; i < 6; i++)
    s += rr(212 + (i % 3) * 34, 16 + Math.floor(i / 3) * 26, 28, 20, 5, pick(bc, i), sk(dk(pick(bc, i), 0.25), 1));
  s += rr(62, 80, w - 124, 62, 12, '#1a1d21');
  const stack = mode === 'use' ? 7 : 4;
  for (let i = 0; i < stack; i++) s += rr(76, 132 - i * 5, w - 152, 6, 2, pick(NOTE_COLS, 0), sk(dk(pick(NOTE_COLS, 0), 0.3), 0.8));
  let b: Box4 = [0, d > 0 ? -118 + d * 0.96 * KY : -118, w + d * KX, h + 8];
  if (mode === 'use') {
    for (let i = 0; i < 3; i++)
      s += g(noteArt(96, 42, pick(NOTE_COLS, 0)), `translate(${f(112 + i * 26)} ${f(104 - i * 4)}) rotate(${-6 - i * 7})`);
    for (let i = 0; i < 3; i++)
      s += path(
        `M${f(w + 16 + i * 4)} ${f(30 + i * 26)}q22 18 0 36`,
        'none',
        `${sk(BRAND, 4)} stroke-linecap="round" ${op(0.8 - i * 0.2)}`,
      );
    b = union(b, [0, -120, w + 50, h]);
  }
  return { s, b, fl: h + 8, sh: [0, w + d * KX], fo: [150, 44, 2.2], dm: { x: 0, y: -118, w, h: h + 126, d: dd } };
}

// ---------------------------------------------------------------- whiteboard

function whiteboard(ctx: Ctx, c: string, mode: Mode): D {
  const W = 600;
  const H = 380;
  const foot = 680;
  const fz = mode === 'side' ? 200 : 120;
  const d = mode === 'front' ? 0 : 16;
  let s = '';
  for (const X of [-22, W + 6]) {
    if (mode !== 'front') s += box(ctx, X - 2, foot - 14, 20, 14, fz * 2, c, { z: -fz });
    else s += rr(X - 60, foot - 14, 136, 14, 6, dk(c, 0.1));
    const wheels: V3[] =
      mode === 'front'
        ? [
            [X - 50, foot + 8, 0],
            [X + 66, foot + 8, 0],
          ]
        : [
            [X + 8, foot + 8, -fz + 10],
            [X + 8, foot + 8, fz - 10],
          ];
    for (const p of wheels) s += circ(...sp(p), 11, '#1b1d21');
  }
  s += box(ctx, -22, -40, 16, foot - 26, d, c);
  s += box(ctx, 0, 0, W, H, d, c);
  s +=
    rect(
      12,
      12,
      W - 24,
      H - 24,
      ctx.lin(
        [
          [0, '#ffffff'],
          [1, '#eef1f5'],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    poly(
      [
        [W * 0.55, 12],
        [W * 0.72, 12],
        [W * 0.5, H - 12],
        [W * 0.33, H - 12],
      ],
      '#ffffff',
      op(0.8),
    );
  s += box(ctx, 60, H - 2, W - 120, 12, mode === 'front' ? 0 : 34, c);
  if (mode !== 'front') {
    const mk = ['#1d4ed8', '#dc2626', '#111827'];
    for (let i = 0; i < 3; i++) {
      const [x, y] = sp([110 + i * 62, H - 8, 14]);
      s += rr(x, y, 52, 10, 5, pick(mk, i)) + rr(x + 34, y, 18, 10, 4, '#f8fafc', op(0.6));
    }
    const [ex, ey] = sp([330, H - 14, 14]);
    s += rr(ex, ey, 64, 16, 4, '#334155') + rr(ex, ey + 10, 64, 6, 2, '#e5e7eb');
  }
  s += box(ctx, W + 6, -40, 16, foot - 26, d, c);
  if (mode === 'use') {
    for (let i = 0; i < 4; i++)
      s += rect(70 + i * 46, 300 - [90, 140, 110, 190][i]!, 32, [90, 140, 110, 190][i]!, pick(['#93c5fd', '#60a5fa', '#3b82f6', BRAND], i));
    s +=
      pline(
        [
          [60, 300],
          [290, 300],
        ],
        '#334155',
        3,
      ) +
      pline(
        [
          [330, 250],
          [380, 200],
          [430, 225],
          [490, 140],
          [540, 160],
        ],
        '#dc2626',
        4,
      );
    for (const [x, y] of [
      [380, 200],
      [430, 225],
      [490, 140],
    ] as P[])
      s += circ(x, y, 6, '#dc2626');
    s += path('M70 60q20-14 40 0t40 0t40 0M70 90q30-12 60 0t50 0', 'none', sk('#1d4ed8', 4));
    s +=
      g(rect(0, 0, 70, 70, '#fde68a') + rect(0, 0, 70, 14, '#fcd34d'), 'translate(430 44) rotate(6)') +
      g(rect(0, 0, 60, 60, '#fbcfe8'), 'translate(350 60) rotate(-5)');
    s += circ(465, 50, 7, '#ef4444') + circ(380, 64, 7, '#2563eb');
  }
  return {
    s,
    b: [-24 - (mode === 'front' ? 60 : fz * KX), -40 + d * KY, W + 22 + (mode === 'front' ? 60 : fz * KX), foot + 20],
    fl: foot + 14,
    sh: [-30, W + 40],
    fo: [190, H - 6, 2.9],
    dm: { x: -22, y: -40, w: W + 44, h: foot + 20, d: fz * 2 },
  };
}

// ---------------------------------------------------------------- flip chart

function flipchart(ctx: Ctx, c: string, mode: Mode): D {
  const W = 380;
  const H = 500;
  const L = H + 290;
  const bz = mode === 'side' ? 320 : 230;
  let s = '';
  if (mode !== 'front') {
    const [bx, by] = sp([W / 2, L - 10, bz]);
    s += line(W / 2, H - 60, bx, by, dk(c, 0.25), 14) + rr(bx - 10, by - 4, 20, 12, 4, '#1b1d21');
  }
  s += line(40, H - 30, -36, L, dk(c, 0.1), 16) + line(W - 40, H - 30, W + 36, L, dk(c, 0.1), 16);
  s += line(40, H - 30, -36, L, lt(c, 0.25), 5) + line(W - 40, H - 30, W + 36, L, lt(c, 0.25), 5);
  s += rr(-48, L - 6, 26, 12, 5, '#1b1d21') + rr(W + 22, L - 6, 26, 12, 5, '#1b1d21');
  if (mode === 'use') s += path(`M16 44C10 -40 ${W - 10} -40 ${W - 16} 44Z`, '#f4f3ee', sk('#d6d3c8', 1.5));
  s += box(ctx, 0, 0, W, H, mode === 'front' ? 0 : 14, c);
  for (let i = 3; i > 0; i--) s += rect(14 + i, 48 + i * 3, W - 28, H - 66, '#f1f1ec', sk('#d9d9d2', 1));
  s +=
    rect(14, 48, W - 28, H - 66, '#ffffff', sk('#d9d9d2', 1)) +
    poly(
      [
        [W - 14, H - 48],
        [W - 14, H - 18],
        [W - 44, H - 18],
      ],
      '#e8e8e1',
    );
  if (mode === 'use') {
    s +=
      rr(48, 90, 200, 14, 7, '#1d4ed8') +
      circ(120, 230, 70, '#fcd34d') +
      path('M120 230V160A70 70 0 0 1 186 254Z', BRAND) +
      path('M120 230L186 254A70 70 0 0 1 90 293Z', '#60a5fa');
    for (let i = 0; i < 3; i++)
      s += circ(230, 190 + i * 40, 6, '#1d4ed8') + line(246, 190 + i * 40, 330 - i * 20, 190 + i * 40, '#334155', 5);
    s +=
      path('M60 380q60-40 120 0t120-10', 'none', sk('#dc2626', 5)) +
      poly(
        [
          [300, 370],
          [318, 372],
          [302, 388],
        ],
        '#dc2626',
      );
  } else {
    s += rr(48, 90, 140, 10, 5, '#e5e7eb');
  }
  s += box(ctx, -10, 22, W + 20, 32, mode === 'front' ? 0 : 18, dk(c, 0.3));
  s += circ(22, 38, 10, metal(ctx), sk('#6f7781', 1.5)) + circ(W - 22, 38, 10, metal(ctx), sk('#6f7781', 1.5));
  s += box(ctx, -8, H - 12, W + 16, 12, mode === 'front' ? 0 : 40, dk(c, 0.15));
  if (mode !== 'front') {
    const mk = ['#1d4ed8', '#dc2626', '#15803d'];
    for (let i = 0; i < 3; i++) {
      const [x, y] = sp([40 + i * 58, H - 20, 18]);
      s += rr(x, y, 48, 9, 4.5, pick(mk, i));
    }
  }
  return {
    s,
    b: [-52, mode === 'use' ? -20 : 14 * KY - 10, W + 52 + (mode === 'front' ? 0 : bz * KX), L + 8],
    fl: L + 2,
    sh: [-40, W + 40 + bz * KX * 0.5],
    fo: [70, 50, 2.6],
    dm: { x: -36, y: 0, w: W + 72, h: L, d: bz },
  };
}

// ---------------------------------------------------------------- registry

type Kind =
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
const PRODUCTS: Record<Kind, { c: string; title: string; draw: (ctx: Ctx, c: string, m: Mode) => D }> = {
  'fire-safe': { c: '#343941', title: 'Fire safe', draw: (ctx, c, m) => safe(ctx, 'fire-safe', c, m) },
  'burglary-safe': { c: '#2a2e35', title: 'Burglary safe', draw: (ctx, c, m) => safe(ctx, 'burglary-safe', c, m) },
  'premium-safe': { c: '#1f2328', title: 'Premium safe', draw: (ctx, c, m) => safe(ctx, 'premium-safe', c, m) },
  'home-safe': { c: '#4b5563', title: 'Home safe', draw: (ctx, c, m) => safe(ctx, 'home-safe', c, m) },
  'vault-door': { c: '#9aa3ad', title: 'Vault door', draw: vault },
  'filing-cabinet': { c: '#c8cdd3', title: 'Filing cabinet', draw: filing },
  'mobile-shelving': { c: '#5d7590', title: 'Mobile shelving', draw: shelving },
  shredder: { c: '#7b828c', title: 'Paper shredder', draw: (ctx, c, m) => shredder(ctx, c, m) },
  laminator: { c: '#e4e7eb', title: 'Laminator', draw: laminator },
  'binding-machine': { c: '#3d4450', title: 'Binding machine', draw: binding },
  'currency-counter': { c: '#e7e9ec', title: 'Currency counter', draw: counter },
  whiteboard: { c: '#b9bfc7', title: 'Mobile whiteboard', draw: whiteboard },
  'flip-chart': { c: '#9aa1aa', title: 'Flip chart', draw: flipchart },
  'storage-cabinet': { c: '#d3d7dc', title: 'Storage cabinet', draw: storage },
};
const KINDS = Object.keys(PRODUCTS) as Kind[];
const COLOURS: Record<string, string> = { black: '#23262b', grey: '#8a9099', ivory: '#efe9dc', red: '#b3282d', blue: '#1f4e8c' };
const prod = (ctx: Ctx, k: Kind, m: Mode = 'hero', c?: string): D => PRODUCTS[k].draw(ctx, c ?? PRODUCTS[k].c, m);

// ================================================================ product views

function svgDoc(w: number, h: number, ctx: Ctx, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${title}"><title>${title}</title>${ctx.out()}${body}</svg>\n`;
}
const productBg = (ctx: Ctx): string =>
  rect(0, 0, 800, 800, '#f5f6f8') +
  circ(
    400,
    390,
    330,
    ctx.rad([
      [0, '#ffffff'],
      [0.7, '#ffffff', 0.6],
      [1, '#ffffff', 0],
    ]),
  );

function withDims(d: D): D {
  const dm = d.dm;
  if (!dm) return d;
  const { x, y, w, h } = dm;
  const dd = dm.d;
  const col = '#2563eb';
  const label = (lx: number, ly: number, t: string): string =>
    rr(lx - 17, ly - 15, 34, 30, 15, '#ffffff', sk(col, 2.5)) +
    `<text x="${f(lx)}" y="${f(ly + 6)}" font-size="17" font-weight="700" text-anchor="middle" fill="${col}" font-family="${FONT}">${t}</text>`;
  const ext = `${sk(col, 1.5)} stroke-dasharray="5 5" ${op(0.6)}`;
  let s = d.s;
  const hx = x - 56;
  s += path(`M${f(x - 70)} ${f(y)}H${f(x - 6)}M${f(x - 70)} ${f(y + h)}H${f(x - 6)}`, 'none', ext);
  s += line(hx, y, hx, y + h, col, 3) + label(hx, y + h / 2, 'H');
  const wy = y + h + 52;
  s += path(`M${f(x)} ${f(y + h + 10)}V${f(wy + 12)}M${f(x + w)} ${f(y + h + 10)}V${f(wy + 12)}`, 'none', ext);
  s += line(x, wy, x + w, wy, col, 3) + label(x + w / 2, wy, 'W');
  const [d0x, d0y] = [x + w + 34, y + h + 10];
  const [d1x, d1y] = [d0x + dd * KX, d0y + dd * KY];
  s += line(d0x, d0y, d1x, d1y, col, 3) + label((d0x + d1x) / 2 + 20, (d0y + d1y) / 2 + 14, 'D');
  for (const [px, py, qx, qy] of [
    [hx - 10, y, hx + 10, y],
    [hx - 10, y + h, hx + 10, y + h],
    [x, wy - 10, x, wy + 10],
    [x + w, wy - 10, x + w, wy + 10],
    [d0x, d0y - 9, d0x, d0y + 9],
    [d1x, d1y - 9, d1x, d1y + 9],
  ] as Box4[])
    s += line(px, py, qx, qy, col, 3);
  return { ...d, s, b: union(d.b, [x - 86, y - 10, Math.max(d1x + 40, d.b[2]), wy + 22]) };
}

function detailView(ctx: Ctx, d: D): string {
  const [fx, fy, z] = d.fo ?? [(d.b[0] + d.b[2]) / 2, (d.b[1] + d.b[3]) / 2, 2];
  const id = ctx.def('obj', (i) => `<g id="${i}">${d.s}</g>`);
  const cx = 400;
  const cy = 380;
  const R = 290;
  let s = circ(cx, cy + 12, R + 4, '#0d1526', op(0.07)) + circ(cx, cy, R, '#ffffff');
  s += g(
    rect(0, 0, 800, 800, '#eef0f3') +
      circ(cx, cy, R * 0.8, '#ffffff', op(0.5)) +
      `<use href="#${id}" transform="translate(${cx} ${cy}) scale(${z}) translate(${f(-fx)} ${f(-fy)})"/>`,
    undefined,
    `clip-path="${ctx.clip(circ(cx, cy, R - 6, '#fff'))}"`,
  );
  s += circ(cx, cy, R - 6, 'none', sk('#ffffff', 12)) + circ(cx, cy, R + 1, 'none', sk('#d9dde3', 2));
  const slot: Box4 = [610, 598, 140, 140];
  const t = fitT(d, slot);
  s += rr(594, 582, 172, 172, 24, '#ffffff', `${sk('#e2e5ea', 2)}`);
  s += g(shadowOf(ctx, d, 0.2) + `<use href="#${id}"/>`, `translate(${f(t.tx)} ${f(t.ty)}) scale(${n4(t.k)})`);
  s += circ(t.tx + fx * t.k, t.ty + fy * t.k, ((R - 6) / z) * t.k, 'none', sk(BRAND, 2.5));
  return s;
}

function productSvg(kind: Kind, view: 1 | 2 | 3 | 4 | 5, c: string): string {
  const ctx = new Ctx();
  const P = PRODUCTS[kind];
  let body = productBg(ctx);
  const slot: Box4 = [95, 95, 610, 590];
  if (view === 4) body += detailView(ctx, P.draw(ctx, c, 'hero'));
  else if (view === 5) body += fit(ctx, withDims(P.draw(ctx, c, 'side')), slot);
  else body += fit(ctx, P.draw(ctx, c, view === 1 ? 'hero' : view === 2 ? 'front' : 'use'), slot);
  const vname = [
    'three-quarter view',
    'front view',
    view === 3 && kind.includes('safe') ? 'door open' : 'in use',
    'detail of the controls',
    'side view with dimensions',
  ][view - 1];
  return svgDoc(800, 800, ctx, body, `${P.title}, ${vname}`);
}

// ================================================================ scene objects

function plant(ctx: Ctx, k = 1, pot = '#e9e4da'): D {
  let s = '';
  const leaves: [number, number, string][] = [
    [-62, 1, '#3d8458'],
    [-35, 1.15, '#4f9d69'],
    [-12, 1.3, '#3d8458'],
    [10, 1.25, '#6bb584'],
    [34, 1.1, '#4f9d69'],
    [60, 0.95, '#3d8458'],
    [-80, 0.8, '#6bb584'],
    [82, 0.8, '#6bb584'],
  ];
  for (const [a, sc, col] of leaves)
    s += g(path('M0 0C22-22 22-64 0-96C-22-64-22-22 0 0Z', col) + line(0, 0, 0, -80, dk(col, 0.2), 2), `rotate(${a}) scale(${sc})`);
  s +=
    poly(
      [
        [-46, 0],
        [46, 0],
        [36, 96],
        [-36, 96],
      ],
      ctx.lin(
        [
          [0, lt(pot, 0.2)],
          [1, dk(pot, 0.1)],
        ],
        0,
        0,
        1,
        0,
      ),
    ) + rr(-50, -6, 100, 16, 4, dk(pot, 0.05));
  return { s: g(s, `scale(${k})`), b: [-110 * k, -140 * k, 110 * k, 96 * k], fl: 96 * k, sh: [-46 * k, 46 * k] };
}

function chair(ctx: Ctx, c = '#2b3038', accent = BRAND): D {
  let s = '';
  const legs: P[] = [
    [-128, 92],
    [128, 92],
    [-80, 122],
    [80, 122],
    [0, 78],
  ];
  for (const [x, y] of legs) s += line(0, 66, x, y, '#3b4048', 12) + circ(x, y + 12, 11, '#15171b');
  s += rr(-9, -20, 18, 90, 6, metal(ctx), sk('#6f7781', 1.5)) + ell(0, 66, 20, 8, '#3b4048');
  s += rr(-8, -170, 16, 120, 6, '#3b4048');
  s +=
    rr(
      -80,
      -330,
      160,
      190,
      46,
      ctx.lin([
        [0, lt(c, 0.2)],
        [1, dk(c, 0.1)],
      ]),
      sk(dk(c, 0.5), 2),
    ) +
    rr(-58, -300, 116, 120, 30, 'none', sk(lt(c, 0.18), 2)) +
    rr(-40, -190, 80, 10, 5, accent);
  for (const sgn of [-1, 1])
    s += pline(
      [
        [sgn * 104, -20],
        [sgn * 112, -90],
        [sgn * 70, -96],
      ],
      '#3b4048',
      12,
    );
  s +=
    ell(0, -44, 122, 30, lt(c, 0.15)) +
    rr(
      -122,
      -44,
      244,
      34,
      17,
      ctx.lin([
        [0, c],
        [1, dk(c, 0.3)],
      ]),
      sk(dk(c, 0.5), 2),
    );
  return { s, b: [-140, -335, 140, 134], fl: 130, sh: [-130, 130] };
}

function printer(ctx: Ctx): D {
  const c = '#e9ecef';
  let s = box(ctx, 0, 70, 330, 160, 230, c) + box(ctx, -6, 40, 342, 30, 236, '#d3d8de');
  s +=
    rr(30, 110, 170, 12, 6, '#1f2329') +
    g(
      poly(
        [
          [0, 0],
          [150, 0],
          [162, 60],
          [-12, 60],
        ],
        '#ffffff',
        sk('#d5dae1', 1.5),
      ) +
        rect(20, 14, 90, 6, '#cbd2da') +
        rect(20, 28, 110, 6, '#cbd2da') +
        rect(20, 42, 70, 6, BRAND),
      'translate(40 118)',
    );
  s += rr(220, 92, 92, 44, 6, '#2b3038') + rr(228, 99, 46, 30, 3, '#60a5fa') + circ(290, 106, 6, '#34c27a') + circ(290, 122, 6, '#d9dde2');
  s += rr(20, 190, 290, 30, 6, 'none', sk('#b6bdc6', 2)) + rr(140, 200, 50, 8, 4, '#b6bdc6');
  const top = poly([sp([40, 40, 200]), sp([150, 40, 200]), sp([150, -100, 230]), sp([40, -100, 230])], '#ffffff', sk('#d5dae1', 1.5));
  return { s: top + s, b: [-20, -100 + 230 * KY, 336 + 236 * KX, 232], fl: 230, sh: [-10, 330 + 230 * KX] };
}

function lamp(ctx: Ctx, c = '#2b3038'): D {
  let s =
    ell(0, 0, 60, 14, dk(c, 0.2)) +
    pline(
      [
        [0, -6],
        [30, -170],
        [-70, -260],
      ],
      c,
      10,
    ) +
    circ(30, -170, 9, BRAND);
  s += g(
    path(
      'M-40 0L40 0L26-50L-26-50Z',
      ctx.lin([
        [0, lt(c, 0.2)],
        [1, c],
      ]),
    ) + ell(0, 0, 40, 10, '#fde68a'),
    'translate(-70 -250) rotate(28)',
  );
  s += path('M-106-216L-150-60L-10-60Z', '#fde68a', op(0.25));
  return { s, b: [-160, -300, 70, 14], fl: 4, sh: [-60, 60] };
}

function frame(ctx: Ctx, w = 200, h = 150, tint = '#bfe0f5'): D {
  let s =
    rect(0, 0, w, h, '#3b3f46') +
    rect(
      12,
      12,
      w - 24,
      h - 24,
      ctx.lin([
        [0, tint],
        [1, lt(tint, 0.6)],
      ]),
    );
  s +=
    poly(
      [
        [12, h - 12],
        [w * 0.4, h * 0.4],
        [w * 0.6, h * 0.65],
        [w * 0.72, h * 0.5],
        [w - 12, h - 12],
      ],
      '#5fa36a',
    ) + circ(w * 0.72, h * 0.3, h * 0.08, '#fcd34d');
  return { s, b: [0, 0, w, h], noShadow: true };
}

function sideboard(ctx: Ctx, w = 460, h = 200, c = '#e7dccb'): D {
  let s = box(ctx, 0, 0, w, h, 170, c);
  for (let i = 0; i < 3; i++)
    s +=
      rr(12 + i * ((w - 24) / 3) + 4, 12, (w - 24) / 3 - 8, h - 40, 4, lt(c, 0.1), sk(dk(c, 0.2), 1.5)) +
      rr(12 + (i + 0.5) * ((w - 24) / 3) - 20, 30, 40, 6, 3, '#a58a62');
  s += rect(20, h, 12, 18, '#6b5130') + rect(w - 32, h, 12, 18, '#6b5130');
  return { s, b: [0, 170 * KY, w + 170 * KX, h + 18], fl: h + 18, sh: [0, w + 170 * KX] };
}

function archiveStack(ctx: Ctx): D {
  const s = archive(ctx, 0, 140, 0, 130, 70) + archive(ctx, 140, 140, 0, 130, 70) + archive(ctx, 66, 70, 0, 130, 70);
  return { s, b: [0, -30, 270 + 70 * KX, 140], fl: 140, sh: [0, 270 + 70 * KX] };
}

function display(ctx: Ctx): D {
  let s = box(ctx, -20, 600, 240, 20, 160, '#3b4048', { z: -80 }) + rect(88, 300, 24, 300, '#4b5563');
  s +=
    box(ctx, -200, 0, 600, 360, 22, '#1f2329') +
    rr(
      -186,
      14,
      572,
      332,
      6,
      ctx.lin(
        [
          [0, '#1e3a8a'],
          [1, '#0ea5e9'],
        ],
        0,
        0,
        1,
        1,
      ),
    );
  for (let i = 0; i < 4; i++)
    s += rect(-140 + i * 70, 280 - [80, 130, 100, 170][i]!, 46, [80, 130, 100, 170][i]!, '#ffffff', op(0.35 + i * 0.12));
  s += pline(
    [
      [120, 240],
      [190, 180],
      [250, 210],
      [330, 110],
    ],
    '#fcd34d',
    6,
  );
  s +=
    circ(250, 210, 26, '#ffffff', op(0.35)) + circ(250, 210, 46, 'none', `${sk('#ffffff', 3)} ${op(0.4)}`) + circ(250, 210, 9, '#ffffff');
  return { s, b: [-200 - 40, -8 - 30, 400 + 22 * KX + 10, 620], fl: 620, sh: [-100, 320] };
}

function camera(ctx: Ctx): D {
  let s = path(
    'M-40 120C-40 60 0 30 0 30C0 30 40 60 40 120C40 170 0 200 0 200C0 200-40 170-40 120Z',
    ctx.lin([
      [0, '#34d399'],
      [1, '#059669'],
    ]),
    sk('#047857', 2),
  );
  s += path('M-16 118l12 14 24-28', 'none', `${sk('#ffffff', 7)} stroke-linecap="round"`);
  s = g(s, 'translate(110 -20)');
  s += rect(-150, -130, 20, 120, '#d1d5db') + rr(-160, -140, 40, 30, 6, '#9ca3af') + line(-140, -70, -70, -70, '#9ca3af', 12);
  s += g(
    rr(
      -100,
      -40,
      210,
      84,
      26,
      ctx.lin([
        [0, '#ffffff'],
        [1, '#cbd2da'],
      ]),
      sk('#94a3b8', 2),
    ) +
      rr(90, -46, 40, 96, 12, '#2b3038') +
      circ(110, 2, 22, '#0f172a') +
      circ(110, 2, 12, '#3b82f6') +
      circ(104, -4, 4, '#ffffff'),
    'rotate(14)',
  );
  return { s, b: [-165, -145, 155, 185], noShadow: true };
}

function envelope(w = 180, h = 120, col = '#ffffff'): string {
  return (
    rr(0, 0, w, h, 8, col, sk('#d5dae1', 2)) +
    path(`M4 6L${w / 2} ${h * 0.58}L${w - 4} 6`, 'none', sk('#cbd2da', 3)) +
    path(`M0 ${h}L${w * 0.4} ${h * 0.5}M${w} ${h}L${w * 0.6} ${h * 0.5}`, 'none', sk('#e2e6eb', 2)) +
    circ(w / 2, h * 0.58, 10, BRAND)
  );
}
function plane2(scale: number, col = '#ffffff'): string {
  return g(
    path('M0 0L120 40L0 80L22 40Z', col, sk('#cbd2da', 2)) + path('M22 40L120 40L36 66Z', dk(col, 0.08), sk('#cbd2da', 1.5)),
    `scale(${scale})`,
  );
}
function coins(ctx: Ctx, x: number, y: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++)
    s +=
      ell(x, y - i * 9, 34, 11, '#b88a2a') +
      rect(
        x - 34,
        y - i * 9 - 9,
        68,
        9,
        ctx.lin(
          [
            [0, '#e9c262'],
            [1, '#b88a2a'],
          ],
          0,
          0,
          1,
          0,
        ),
      ) +
      ell(x, y - i * 9 - 9, 34, 11, '#f2d27a', sk('#c79a34', 1));
  return s;
}
function noteStack(x: number, y: number, n: number, col: string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += g(noteArt(150, 68, col), `translate(${x + (i % 2) * 3} ${y - i * 5})`);
  return s + rect(x + 62, y - (n - 1) * 5, 22, 68, '#f1ead6', op(0.95));
}

// ================================================================ backgrounds

function wideBg(ctx: Ctx, w: number, h: number, tint: string, accent: string, calm: number): string {
  let s = rect(
    0,
    0,
    w,
    h,
    ctx.lin(
      [
        [0, '#f8f9fb'],
        [0.45, lt(tint, 0.3)],
        [1, tint],
      ],
      0,
      0,
      1,
      0.3,
    ),
  );
  const cx = calm + (w - calm) * 0.5;
  s += circ(
    cx,
    h * 0.52,
    Math.min(h * 0.62, (w - calm) * 0.45),
    ctx.rad([
      [0, '#ffffff', 0.95],
      [0.7, '#ffffff', 0.5],
      [1, '#ffffff', 0],
    ]),
  );
  s += circ(w - h * 0.08, h * 0.12, h * 0.22, accent, op(0.12)) + circ(calm + (w - calm) * 0.08, h * 0.86, h * 0.1, accent, op(0.1));
  s += circ(w - h * 0.3, h * 0.9, h * 0.05, 'none', `${sk(accent, 3)} ${op(0.35)}`) + circ(calm + 20, h * 0.2, h * 0.035, accent, op(0.25));
  const dots = ctx.def(
    'dots' + accent,
    (id) =>
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="22" height="22"><circle cx="3" cy="3" r="2" fill="${accent}" opacity=".22"/></pattern>`,
  );
  s += rect(w - h * 0.55, h * 0.06, h * 0.3, h * 0.2, `url(#${dots})`) + rect(calm - 40, h * 0.62, h * 0.26, h * 0.26, `url(#${dots})`);
  s += rect(
    calm * 0.8,
    h * 0.86,
    w - calm * 0.8,
    h * 0.14,
    ctx.lin(
      [
        [0, '#ffffff', 0],
        [0.25, dk(tint, 0.04), 0.6],
        [1, dk(tint, 0.06), 0.8],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  return s;
}
function tileBg(ctx: Ctx, size: number, tint: string, accent: string): string {
  return (
    rect(
      0,
      0,
      size,
      size,
      ctx.lin(
        [
          [0, lt(tint, 0.5)],
          [1, tint],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    circ(size * 0.62, size * 0.56, size * 0.36, '#ffffff', op(0.75)) +
    circ(size * 0.88, size * 0.14, size * 0.12, accent, op(0.16)) +
    circ(size * 0.12, size * 0.9, size * 0.07, accent, op(0.14)) +
    circ(size * 0.2, size * 0.18, size * 0.03, accent, op(0.3))
  );
}

// ================================================================ compositions

function moneyPile(ctx: Ctx): D {
  const s =
    noteStack(0, 120, 6, pick(NOTE_COLS, 1)) +
    noteStack(120, 140, 4, pick(NOTE_COLS, 3)) +
    coins(ctx, 300, 200, 5) +
    coins(ctx, 230, 214, 3) +
    g(noteArt(150, 68, pick(NOTE_COLS, 2)), 'translate(40 40) rotate(-12)');
  return { s, b: [0, 10, 340, 226], fl: 214, sh: [0, 330] };
}

function flames(ctx: Ctx, x: number, y: number, k: number): string {
  const fill = ctx.lin([
    [0, '#fdba74', 0.5],
    [1, '#f97316', 0.08],
  ]);
  let s = '';
  for (const [dx, sc, o] of [
    [0, 1, 0.5],
    [120, 0.7, 0.4],
    [-110, 0.6, 0.35],
    [220, 0.45, 0.3],
  ] as V3[])
    s += g(path(FLAME, fill), `translate(${f(x + dx * k)} ${f(y)}) scale(${n4(sc * k * 8)})`, op(o));
  return s;
}

/** A sideboard with a small safe standing on top, one drawing. */
function safeOnSideboard(ctx: Ctx): D {
  const sb = sideboard(ctx);
  const hs = prod(ctx, 'home-safe');
  const k = 0.55;
  const topY = 85 * KY;
  const mv = moved(hs, 120 + 85 * KX, topY - (hs.fl ?? hs.b[3]) * k, k);
  return { s: sb.s + shadowOf(ctx, mv, 0.25) + mv.s, b: union(sb.b, mv.b), fl: sb.fl ?? sb.b[3], sh: sb.sh ?? [sb.b[0], sb.b[2]] };
}

function homeBanners(): void {
  {
    const ctx = new Ctx();
    let s = wideBg(ctx, 1200, 500, '#e3ecf8', '#2563eb', 430);
    s += fit(ctx, frame(ctx, 170, 120, '#c7d2fe'), [480, 60, 130, 92], { shadow: 0 });
    s += fit(ctx, prod(ctx, 'whiteboard', 'use'), [760, 34, 400, 360], { shadow: 0.18 });
    s += row(ctx, [prod(ctx, 'filing-cabinet'), prod(ctx, 'shredder'), plant(ctx)], [440, 150, 640, 330], [1, 0.72, 0.46], 16);
    write('home/banner-office.svg', svgDoc(1200, 500, ctx, s, 'Office equipment: filing cabinet, shredder and whiteboard'));
  }
  {
    const ctx = new Ctx();
    let s = wideBg(ctx, 1200, 500, '#f7ebdc', '#ea580c', 430);
    s +=
      fit(ctx, frame(ctx, 200, 150, '#fed7aa'), [610, 50, 170, 128], { shadow: 0 }) +
      fit(ctx, frame(ctx, 120, 150, '#bae6fd'), [800, 62, 90, 112], { shadow: 0 });
    s += row(ctx, [prod(ctx, 'premium-safe'), safeOnSideboard(ctx), plant(ctx)], [470, 120, 700, 350], [1, 0.7, 0.46], 18);
    write('home/banner-home.svg', svgDoc(1200, 500, ctx, s, 'Home safes in a living room'));
  }
}

interface Hero {
  name: string;
  tint: string;
  accent: string;
  items: (ctx: Ctx) => D[];
  rel: number[];
  extra?: (ctx: Ctx) => string;
  title: string;
}
const HEROES: Hero[] = [
  {
    name: 'hero-burglary-safes',
    tint: '#e7ebf1',
    accent: '#334155',
    title: 'Burglary safes',
    items: (ctx) => [prod(ctx, 'burglary-safe', 'use'), prod(ctx, 'burglary-safe', 'hero', COLOURS.blue)],
    rel: [1, 0.78],
  },
  {
    name: 'hero-shredders',
    tint: '#ece9fa',
    accent: '#6d28d9',
    title: 'Paper shredders',
    items: (ctx) => [prod(ctx, 'shredder', 'use'), prod(ctx, 'laminator'), prod(ctx, 'shredder', 'hero', COLOURS.black)],
    rel: [1, 0.42, 0.74],
  },
  {
    name: 'hero-fire-safes',
    tint: '#fde8dc',
    accent: '#ea580c',
    title: 'Fire safes',
    items: (ctx) => [prod(ctx, 'fire-safe', 'use'), prod(ctx, 'fire-safe', 'hero', COLOURS.red)],
    rel: [1, 0.8],
    extra: (ctx) => flames(ctx, 1180, 300, 1.2),
  },
  {
    name: 'hero-currency-counters',
    tint: '#e3f4e9',
    accent: '#16a34a',
    title: 'Currency counting machines',
    items: (ctx) => [prod(ctx, 'currency-counter', 'use'), moneyPile(ctx)],
    rel: [1, 0.62],
  },
];

function homeHeroes(): void {
  for (const h of HEROES) {
    const ctx = new Ctx();
    let s = wideBg(ctx, 1600, 600, h.tint, h.accent, 800);
    if (h.extra) s += h.extra(ctx);
    s += row(ctx, h.items(ctx), [860, 80, 680, 450], h.rel, 30);
    write(`home/${h.name}.svg`, svgDoc(1600, 600, ctx, s, h.title));
  }
}

interface Offer {
  name: string;
  tint: string;
  accent: string;
  title: string;
  art: (ctx: Ctx) => string;
}
const OFFERS: Offer[] = [
  {
    name: 'offer-printers',
    tint: '#e0ecfb',
    accent: '#2563eb',
    title: 'Printers',
    art: (ctx) => fit(ctx, printer(ctx), [110, 170, 400, 330]),
  },
  {
    name: 'offer-chairs',
    tint: '#fde7d7',
    accent: '#ea580c',
    title: 'Office chairs',
    art: (ctx) => fit(ctx, chair(ctx), [170, 120, 290, 400]),
  },
  {
    name: 'offer-decor',
    tint: '#e2f2e7',
    accent: '#16a34a',
    title: 'Office decor',
    art: (ctx) =>
      fit(ctx, frame(ctx, 170, 130, '#fde68a'), [340, 90, 150, 114], { shadow: 0 }) +
      row(ctx, [lamp(ctx), plant(ctx, 1, '#f1ede4')], [130, 220, 380, 300], [1, 0.9], 20),
  },
  {
    name: 'offer-storage',
    tint: '#f3ece2',
    accent: '#a16207',
    title: 'Storage',
    art: (ctx) => row(ctx, [prod(ctx, 'storage-cabinet'), archiveStack(ctx)], [100, 110, 420, 400], [1, 0.34], 10),
  },
  {
    name: 'offer-safes',
    tint: '#e6e9ef',
    accent: '#334155',
    title: 'Safes',
    art: (ctx) => row(ctx, [prod(ctx, 'premium-safe'), prod(ctx, 'home-safe', 'hero', COLOURS.ivory)], [100, 110, 420, 400], [1, 0.52], 14),
  },
];

function offers(): void {
  for (const o of OFFERS) {
    const ctx = new Ctx();
    write(`home/${o.name}.svg`, svgDoc(600, 600, ctx, tileBg(ctx, 600, o.tint, o.accent) + o.art(ctx), o.title));
  }
  {
    const ctx = new Ctx();
    const W = 1600;
    const H = 400;
    let s = rect(
      0,
      0,
      W,
      H,
      ctx.lin(
        [
          [0, '#9a3412'],
          [0.5, '#ea580c'],
          [1, '#f59e0b'],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    s += circ(1380, 60, 260, '#ffffff', op(0.08)) + circ(180, 380, 200, '#ffffff', op(0.07)) + circ(1560, 360, 120, '#fde68a', op(0.15));
    s += path('M-20 330C200 260 360 400 560 330S900 280 1000 360', 'none', `${sk('#fde68a', 10)} ${op(0.35)} stroke-linecap="round"`);
    s += path('M1000 40C1160 120 1260 10 1420 80S1560 160 1640 110', 'none', `${sk('#ffffff', 8)} ${op(0.3)} stroke-linecap="round"`);
    const conf = ['#fde68a', '#ffffff', '#fecaca', '#bfdbfe', '#bbf7d0'];
    for (let i = 0; i < 46; i++) {
      const side = i % 2 === 0;
      const x = side ? 30 + ((i * 73) % 420) : 1100 + ((i * 97) % 480);
      const y = 20 + ((i * 131) % 360);
      s +=
        i % 3 === 0
          ? circ(x, y, 4 + (i % 4), pick(conf, i), op(0.8))
          : rr(x, y, 16, 7, 2, pick(conf, i), `${op(0.85)} transform="rotate(${(i * 47) % 180} ${x} ${y})"`);
    }
    const star = (x: number, y: number, r: number): string =>
      path(
        `M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z`,
        '#ffffff',
        op(0.9),
      );
    s += star(1240, 120, 22) + star(1320, 260, 14) + star(520, 70, 16) + star(90, 120, 18) + star(1500, 200, 10);
    write('home/limited-offer.svg', svgDoc(W, H, ctx, s, 'Festive offer background'));
  }
  {
    const ctx = new Ctx();
    let s = rect(
      0,
      0,
      1200,
      400,
      ctx.lin(
        [
          [0, '#f8fafc'],
          [0.5, '#eef4ff'],
          [1, '#fff1e6'],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    s += circ(960, 210, 200, '#ffffff', op(0.8)) + circ(1150, 40, 90, BRAND, op(0.1)) + circ(700, 360, 60, '#2563eb', op(0.08));
    s += path('M560 300C680 220 700 120 820 150S960 90 1030 60', 'none', `${sk('#94a3b8', 3)} stroke-dasharray="10 10"`);
    s += path('M620 80C720 60 760 130 860 110', 'none', `${sk('#94a3b8', 3)} stroke-dasharray="10 10"`);
    s +=
      g(envelope(220, 146), 'translate(850 170) rotate(-6)') +
      g(envelope(150, 100, '#fff7ed'), 'translate(760 260) rotate(8)') +
      g(envelope(120, 80, '#eff6ff'), 'translate(1060 290) rotate(-12)');
    s +=
      g(plane2(1.1), 'translate(1030 30) rotate(-18)') +
      g(plane2(0.7, '#ffedd5'), 'translate(860 90) rotate(-8)') +
      g(plane2(0.5, '#dbeafe'), 'translate(540 270) rotate(-30)');
    for (let i = 0; i < 8; i++) s += circ(620 + ((i * 89) % 560), 30 + ((i * 53) % 340), 4, i % 2 ? BRAND : '#2563eb', op(0.35));
    write('home/newsletter.svg', svgDoc(1200, 400, ctx, s, 'Envelopes and paper planes'));
  }
}

interface Cat {
  id: string;
  name: string;
  tint: string;
  accent: string;
  icon: (ctx: Ctx) => D[];
  iconRel?: number[];
  items: (ctx: Ctx) => D[];
  rel: number[];
}
const CATS: Cat[] = [
  {
    id: '1',
    name: 'Flip charts and whiteboards',
    tint: '#fcefd9',
    accent: '#d97706',
    icon: (ctx) => [prod(ctx, 'whiteboard', 'front'), prod(ctx, 'flip-chart', 'front')],
    iconRel: [0.8, 1],
    items: (ctx) => [prod(ctx, 'whiteboard', 'use'), prod(ctx, 'flip-chart', 'use')],
    rel: [0.92, 1],
  },
  {
    id: '3',
    name: 'Safes',
    tint: '#e6eaf0',
    accent: '#475569',
    icon: (ctx) => [prod(ctx, 'burglary-safe'), prod(ctx, 'home-safe')],
    iconRel: [1, 0.6],
    items: (ctx) => [prod(ctx, 'burglary-safe'), prod(ctx, 'premium-safe', 'use'), prod(ctx, 'home-safe', 'hero', COLOURS.ivory)],
    rel: [0.88, 1, 0.52],
  },
  {
    id: '10',
    name: 'Currency counting machines',
    tint: '#dff2e6',
    accent: '#16a34a',
    icon: (ctx) => [prod(ctx, 'currency-counter')],
    items: (ctx) => [prod(ctx, 'currency-counter', 'use'), moneyPile(ctx)],
    rel: [1, 0.6],
  },
  {
    id: '11',
    name: 'Filing cabinets',
    tint: '#e1ebf8',
    accent: '#2563eb',
    icon: (ctx) => [prod(ctx, 'filing-cabinet')],
    items: (ctx) => [
      prod(ctx, 'filing-cabinet', 'use'),
      prod(ctx, 'filing-cabinet', 'hero', COLOURS.blue),
      prod(ctx, 'filing-cabinet', 'hero', COLOURS.grey),
    ],
    rel: [1, 0.92, 0.92],
  },
  {
    id: '12',
    name: 'Fire safes',
    tint: '#fde4d6',
    accent: '#ea580c',
    icon: (ctx) => [prod(ctx, 'fire-safe')],
    items: (ctx) => [prod(ctx, 'fire-safe', 'use'), prod(ctx, 'fire-safe', 'hero', COLOURS.red)],
    rel: [1, 0.82],
  },
  {
    id: '13',
    name: 'Burglary safes',
    tint: '#e3e7ee',
    accent: '#334155',
    icon: (ctx) => [prod(ctx, 'burglary-safe')],
    items: (ctx) => [prod(ctx, 'burglary-safe', 'use'), prod(ctx, 'burglary-safe', 'hero', COLOURS.grey)],
    rel: [1, 0.82],
  },
  {
    id: '14',
    name: 'Premium safes',
    tint: '#f4ebd6',
    accent: '#b8862b',
    icon: (ctx) => [prod(ctx, 'premium-safe')],
    items: (ctx) => [prod(ctx, 'premium-safe', 'use'), prod(ctx, 'premium-safe', 'hero', COLOURS.ivory)],
    rel: [1, 0.9],
  },
  {
    id: '15',
    name: 'Vault doors',
    tint: '#e4e8ee',
    accent: '#64748b',
    icon: (ctx) => [prod(ctx, 'vault-door', 'front')],
    items: (ctx) => [prod(ctx, 'vault-door', 'use')],
    rel: [1],
  },
  {
    id: '16',
    name: 'Mobile shelving',
    tint: '#dff0ea',
    accent: '#0f766e',
    icon: (ctx) => [prod(ctx, 'mobile-shelving')],
    items: (ctx) => [prod(ctx, 'mobile-shelving', 'use')],
    rel: [1],
  },
  {
    id: '17',
    name: 'Shredders, laminating and binding',
    tint: '#e9e6fa',
    accent: '#6d28d9',
    icon: (ctx) => [prod(ctx, 'shredder')],
    items: (ctx) => [prod(ctx, 'shredder', 'use'), prod(ctx, 'laminator'), prod(ctx, 'binding-machine')],
    rel: [1, 0.4, 0.52],
  },
  {
    id: '19',
    name: 'Storage',
    tint: '#f1ebe1',
    accent: '#a16207',
    icon: (ctx) => [prod(ctx, 'storage-cabinet')],
    items: (ctx) => [prod(ctx, 'storage-cabinet', 'use'), archiveStack(ctx)],
    rel: [1, 0.34],
  },
];

function iconDoc(title: string, tint: string, accent: string, art: (ctx: Ctx) => string): string {
  const ctx = new Ctx();
  const s =
    circ(
      80,
      80,
      76,
      ctx.lin(
        [
          [0, lt(tint, 0.35)],
          [1, tint],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    circ(124, 34, 9, accent, op(0.22)) +
    circ(34, 126, 5, accent, op(0.28)) +
    art(ctx);
  return svgDoc(160, 160, ctx, s, title);
}

function categories(): void {
  for (const c of CATS) {
    write(
      `categories/${c.id}.svg`,
      iconDoc(c.name, c.tint, c.accent, (ctx) => row(ctx, c.icon(ctx), [32, 30, 96, 98], c.iconRel ?? [], 6, 0.25)),
    );
    const ctx = new Ctx();
    const s = wideBg(ctx, 1600, 400, c.tint, c.accent, 720) + row(ctx, c.items(ctx), [790, 36, 740, 330], c.rel, 36);
    write(`categories/banner-${c.id}.svg`, svgDoc(1600, 400, ctx, s, c.name));
  }
  write(
    'categories/coming-interactive-displays.svg',
    iconDoc('Interactive displays, coming soon', '#dbeafe', '#2563eb', (ctx) => fit(ctx, display(ctx), [26, 32, 108, 96])),
  );
  write(
    'categories/coming-furniture.svg',
    iconDoc('Office furniture, coming soon', '#fde7d7', '#ea580c', (ctx) => fit(ctx, chair(ctx), [40, 26, 80, 104])),
  );
  write(
    'categories/coming-security.svg',
    iconDoc('Security systems, coming soon', '#d9f3ea', '#059669', (ctx) => fit(ctx, camera(ctx), [34, 36, 92, 88], { align: 'center' })),
  );
  const stores: [string, string, string, string, (ctx: Ctx) => D[], number[]][] = [
    [
      'hero-office',
      'Office equipment',
      '#e1ebf8',
      '#2563eb',
      (ctx) => [prod(ctx, 'whiteboard', 'use'), prod(ctx, 'filing-cabinet'), prod(ctx, 'shredder'), prod(ctx, 'currency-counter')],
      [0.95, 1, 0.74, 0.3],
    ],
    [
      'hero-home',
      'Home safes and storage',
      '#f7ebdc',
      '#ea580c',
      (ctx) => [
        plant(ctx),
        prod(ctx, 'premium-safe', 'use'),
        prod(ctx, 'home-safe', 'hero', COLOURS.ivory),
        prod(ctx, 'fire-safe', 'hero', COLOURS.red),
      ],
      [0.45, 1, 0.5, 0.78],
    ],
    [
      'hero-all',
      'Safes and office equipment',
      '#e8eaf2',
      '#334155',
      (ctx) => [prod(ctx, 'burglary-safe', 'use'), prod(ctx, 'storage-cabinet'), prod(ctx, 'shredder'), prod(ctx, 'laminator')],
      [1, 1, 0.74, 0.3],
    ],
  ];
  for (const [name, title, tint, accent, items, rel] of stores) {
    const ctx = new Ctx();
    write(
      `store/${name}.svg`,
      svgDoc(1600, 400, ctx, wideBg(ctx, 1600, 400, tint, accent, 720) + row(ctx, items(ctx), [780, 36, 760, 330], rel, 30), title),
    );
  }
}

// ================================================================ logo, brands, payments, states

function symbol(): string {
  const ctx = new Ctx();
  let s = path(
    'M32 3L57 12V31C57 46 46 56.5 32 61C18 56.5 7 46 7 31V12Z',
    ctx.lin(
      [
        [0, '#fb923c'],
        [1, '#c2410c'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s += path('M32 7.5L53 15V31C53 43.5 44 52 32 56', 'none', `${sk('#ffffff', 1.5)} ${op(0.35)}`);
  s += circ(32, 32, 15.5, '#ffffff') + circ(32, 32, 11.5, INK);
  let t = '';
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    t += `M${f(32 + Math.sin(a) * 10)} ${f(32 - Math.cos(a) * 10)}L${f(32 + Math.sin(a) * (i % 3 ? 8.4 : 7.4))} ${f(32 - Math.cos(a) * (i % 3 ? 8.4 : 7.4))}`;
  }
  s +=
    path(t, 'none', sk('#ffffff', 1.2)) +
    circ(32, 32, 4.2, '#fb923c') +
    poly(
      [
        [32, 17.5],
        [29.6, 14.2],
        [34.4, 14.2],
      ],
      INK,
    );
  return ctx.out() + s;
}

function logos(): void {
  write(
    'logo.svg',
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Safe Buddy"><title>Safe Buddy</title>${symbol()}<text x="70" y="43" font-size="30" font-weight="800" letter-spacing="-0.5" font-family="${FONT}" textLength="164" lengthAdjust="spacingAndGlyphs" fill="${INK}">Safe <tspan fill="${BRAND}">Buddy</tspan></text></svg>\n`,
  );
  const fav = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><title>Safe Buddy</title>${symbol()}</svg>\n`;
  writeFileSync(join(PUB, 'favicon.svg'), fav);
  written.push('../favicon.svg');
}

interface Brand {
  slug: string;
  name: string;
  c: string;
  a: string;
  mark: (c: string, a: string) => string;
  word: (c: string) => string;
}
const wm = (t: string, c: string, size = 25, ex = '', weight = 800): string =>
  `<text x="78" y="58" font-size="${size}" font-weight="${weight}" font-family="${FONT}" fill="${c}" ${ex}>${t}</text>`;
const BRANDS: Brand[] = [
  {
    slug: 'ironclad',
    name: 'Ironclad',
    c: '#374151',
    a: '#9ca3af',
    mark: (c, a) => path('M24 2L43 13V35L24 46L5 35V13Z', c) + circ(24, 24, 9, a) + circ(24, 24, 4.5, c),
    word: (c) => wm('IRONCLAD', c, 23, 'letter-spacing="2" textLength="144"'),
  },
  {
    slug: 'vaultline',
    name: 'Vaultline',
    c: '#1e3a8a',
    a: '#60a5fa',
    mark: (c, a) =>
      circ(24, 24, 22, c) +
      circ(24, 24, 15, 'none', sk(a, 3)) +
      [0, 60, 120].map((r) => g(line(24, 11, 24, 37, '#ffffff', 3), `rotate(${r} 24 24)`)).join('') +
      circ(24, 24, 5, a),
    word: (c) => wm('Vaultline', c, 28, 'textLength="130"'),
  },
  {
    slug: 'guardian-forge',
    name: 'Guardian Forge',
    c: '#14532d',
    a: '#22c55e',
    mark: (c, a) =>
      path('M24 2L44 10V24C44 36 35 43 24 47C13 43 4 36 4 24V10Z', c) +
      path('M14 22L24 30L34 22', 'none', sk(a, 5)) +
      path('M14 14L24 22L34 14', 'none', `${sk('#ffffff', 3)} ${op(0.7)}`),
    word: (c) =>
      `<text x="78" y="46" font-size="22" font-weight="800" font-family="${FONT}" fill="${c}" textLength="112">Guardian</text><text x="79" y="66" font-size="13" font-weight="700" letter-spacing="5" font-family="${FONT}" fill="#16a34a">FORGE</text>`,
  },
  {
    slug: 'steelnest',
    name: 'SteelNest',
    c: '#0f766e',
    a: '#5eead4',
    mark: (c, a) =>
      path('M4 24L24 6L44 24V44H4Z', c) +
      path('M12 34C16 40 32 40 36 34', 'none', sk(a, 3)) +
      path('M14 28C18 33 30 33 34 28', 'none', sk(a, 3)) +
      rr(20, 14, 8, 8, 2, a),
    word: (c) =>
      `<text x="78" y="58" font-size="26" font-weight="800" font-family="${FONT}" fill="${c}" textLength="132">Steel<tspan fill="#14b8a6">Nest</tspan></text>`,
  },
  {
    slug: 'papertrail',
    name: 'Papertrail',
    c: '#6d28d9',
    a: '#c4b5fd',
    mark: (c, a) =>
      path('M2 40C10 34 14 36 20 30', 'none', `${sk(a, 3)} stroke-dasharray="4 4"`) +
      path('M16 24L46 6L36 42L28 32Z', c) +
      path('M28 32L46 6L22 28Z', a),
    word: (c) => wm('papertrail', c, 27, 'textLength="134"', 700),
  },
  {
    slug: 'counton',
    name: 'CountOn',
    c: '#b45309',
    a: '#fcd34d',
    mark: (c, a) =>
      [36, 26, 16].map((y) => ell(24, y + 4, 18, 6, c) + rect(6, y - 2, 36, 6, c) + ell(24, y - 2, 18, 6, a, sk(c, 1.5))).join(''),
    word: (c) =>
      `<text x="78" y="58" font-size="27" font-weight="800" font-family="${FONT}" fill="${c}" textLength="124">Count<tspan fill="#d97706">On</tspan></text>`,
  },
  {
    slug: 'archiva',
    name: 'Archiva',
    c: '#334155',
    a: '#f59e0b',
    mark: (c, a) => rr(4, 8, 40, 10, 2, c) + rr(7, 18, 34, 26, 2, c) + rr(16, 24, 16, 8, 2, a) + rr(19, 36, 10, 3, 1.5, '#ffffff'),
    word: (c) =>
      `<text x="78" y="58" font-size="26" font-weight="700" letter-spacing="3" font-family="Georgia,'Times New Roman',serif" fill="${c}" textLength="132">ARCHIVA</text>`,
  },
  {
    slug: 'shelfwise',
    name: 'Shelfwise',
    c: '#0369a1',
    a: '#7dd3fc',
    mark: (c, a) =>
      rect(4, 4, 5, 42, c) +
      rect(39, 4, 5, 42, c) +
      rect(4, 20, 40, 4, c) +
      rect(4, 40, 40, 4, c) +
      rect(12, 8, 6, 12, a) +
      rect(19, 10, 6, 10, '#38bdf8') +
      rect(26, 26, 10, 14, a) +
      rect(12, 28, 5, 12, '#38bdf8'),
    word: (c) => wm('shelfwise', c, 27, 'textLength="128"', 700),
  },
  {
    slug: 'brightboard',
    name: 'BrightBoard',
    c: '#be185d',
    a: '#f9a8d4',
    mark: (c, a) =>
      rr(3, 8, 42, 30, 4, c) +
      rr(7, 12, 34, 22, 2, '#ffffff') +
      path('M12 28L20 20L26 25L36 15', 'none', sk(a, 3)) +
      line(14, 38, 10, 47, c, 3) +
      line(34, 38, 38, 47, c, 3) +
      path('M40 1L42 6L47 8L42 10L40 15L38 10L33 8L38 6Z', '#f59e0b'),
    word: (c) =>
      `<text x="78" y="58" font-size="24" font-weight="800" font-family="${FONT}" fill="${c}" textLength="140">Bright<tspan fill="#db2777">Board</tspan></text>`,
  },
  {
    slug: 'falconlock',
    name: 'FalconLock',
    c: '#b91c1c',
    a: '#fca5a5',
    mark: (c, a) =>
      path('M14 22V14A10 10 0 0 1 34 14V22', 'none', sk(c, 5)) +
      rr(8, 20, 32, 26, 5, c) +
      path('M2 16C10 16 14 22 16 30C10 28 5 24 2 16Z', a) +
      circ(24, 31, 4, '#ffffff') +
      rect(22.5, 31, 3, 8, '#ffffff'),
    word: (c) =>
      `<text x="78" y="58" font-size="24" font-weight="800" font-style="italic" font-family="${FONT}" fill="${c}" textLength="140">FalconLock</text>`,
  },
];

function brands(): void {
  for (const b of BRANDS)
    write(
      `brands/${b.slug}.svg`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96" role="img" aria-label="${b.name}"><title>${b.name}</title>${g(b.mark(b.c, b.a), 'translate(16 24)')}${b.word(b.c)}</svg>\n`,
    );
}

function payments(): void {
  const card = (inner: string, name: string, bg = '#ffffff', ctx = new Ctx()): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40" viewBox="0 0 64 40" role="img" aria-label="${name}"><title>${name}</title>${ctx.out()}${rr(0.5, 0.5, 63, 39, 6, bg, sk(bg === '#ffffff' ? '#dfe3e8' : bg, 1))}${inner}</svg>\n`;
  const T = (x: number, y: number, t: string, size: number, fill: string, ex = '', weight = 800): string =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" font-family="${FONT}" fill="${fill}" ${ex}>${t}</text>`;
  write(
    'payments/visa.svg',
    card(
      T(32, 26, 'VISA', 17, '#1a1f71', 'font-style="italic" text-anchor="middle" textLength="42" letter-spacing="1"') +
        rect(11, 30, 42, 2.5, '#f7b600'),
      'Visa',
    ),
  );
  {
    const ctx = new Ctx();
    const cl = ctx.clip(circ(26, 20, 11, '#fff'));
    write(
      'payments/mastercard.svg',
      card(
        circ(26, 20, 11, '#eb001b') + circ(38, 20, 11, '#f79e1b') + g(circ(38, 20, 11, '#ff5f00'), undefined, `clip-path="${cl}"`),
        'Mastercard',
        '#ffffff',
        ctx,
      ),
    );
  }
  write(
    'payments/paypal.svg',
    card(
      T(32, 25, `Pay<tspan fill="#009cde">Pal</tspan>`, 14, '#003087', 'font-style="italic" text-anchor="middle" textLength="46"'),
      'PayPal',
    ),
  );
  write(
    'payments/apple-pay.svg',
    card(
      path(
        'M18.5 17.2c-2.2-1.7-8-1.2-8 5.6 0 5 3.2 9.4 5.3 9.4 1.3 0 1.7-.7 2.7-.7s1.4.7 2.7.7c2.1 0 5.3-4.4 5.3-9.4 0-6.8-5.8-7.3-8-5.6z',
        '#ffffff',
      ) +
        ell(20.8, 12.6, 2.2, 4.2, '#ffffff', 'transform="rotate(40 20.8 12.6)"') +
        T(44, 27, 'Pay', 15, '#ffffff', 'text-anchor="middle"', 600),
      'Apple Pay',
      '#000000',
    ),
  );
  {
    const G = ['#4285f4', '#34a853', '#fbbc05', '#ea4335'];
    let gm = '';
    const C = 2 * Math.PI * 8;
    G.forEach(
      (c, i) =>
        (gm += circ(
          18,
          20,
          8,
          'none',
          `stroke="${c}" stroke-width="4" stroke-dasharray="${f(C / 4)} ${f(C)}" stroke-dashoffset="${f(-i * (C / 4))}" transform="rotate(-20 18 20)"`,
        )),
    );
    gm += rect(18, 18, 9, 4, '#4285f4');
    write('payments/google-pay.svg', card(gm + T(43, 26, 'Pay', 15, '#5f6368', 'text-anchor="middle"', 600), 'Google Pay'));
  }
}

function states(): void {
  const base = (ctx: Ctx, tint: string): string =>
    rect(0, 0, 400, 300, '#ffffff', op(0)) +
    ell(
      200,
      160,
      150,
      120,
      ctx.lin(
        [
          [0, lt(tint, 0.4)],
          [1, tint],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    ell(200, 268, 120, 12, shade(ctx, 0.18)) +
    circ(330, 70, 10, tint) +
    circ(64, 210, 7, tint) +
    circ(80, 70, 4, BRAND, op(0.5)) +
    circ(340, 220, 5, '#2563eb', op(0.4));
  {
    const ctx = new Ctx();
    let s = base(ctx, '#ffe7d3');
    s += rr(96, 96, 90, 70, 10, '#ffffff', sk('#e2e6eb', 2)) + rr(106, 106, 70, 32, 6, '#eef1f5') + rr(106, 146, 46, 8, 4, '#dfe3e8');
    s += rr(220, 180, 90, 60, 10, '#ffffff', sk('#e2e6eb', 2)) + rr(230, 190, 70, 22, 6, '#eef1f5');
    s += line(248, 196, 300, 250, '#334155', 20) + line(248, 196, 300, 250, '#475569', 12);
    s += circ(200, 140, 62, '#ffffff', op(0.9)) + circ(200, 140, 62, 'none', sk('#334155', 13)) + circ(188, 124, 16, '#ffffff', op(0.9));
    s += `<text x="200" y="162" font-size="62" font-weight="800" text-anchor="middle" font-family="${FONT}" fill="${BRAND}">?</text>`;
    write('states/not-found.svg', svgDoc(400, 300, ctx, s, 'Nothing found'));
  }
  {
    const ctx = new Ctx();
    let s = base(ctx, '#dfeafb');
    s +=
      rr(150, 70, 54, 44, 6, 'none', `${sk('#94a3b8', 3)} stroke-dasharray="7 6"`) +
      rr(214, 58, 44, 56, 6, 'none', `${sk('#94a3b8', 3)} stroke-dasharray="7 6"`);
    s +=
      pline(
        [
          [92, 96],
          [128, 96],
          [156, 214],
          [288, 214],
        ],
        '#334155',
        10,
      ) + path('M134 120H306L290 188H150Z', '#ffffff', sk('#334155', 10));
    for (let i = 0; i < 3; i++) s += line(180 + i * 38, 138, 178 + i * 38, 172, '#cbd5e1', 6);
    s += circ(170, 244, 14, '#334155') + circ(274, 244, 14, '#334155') + circ(170, 244, 5, '#ffffff') + circ(274, 244, 5, '#ffffff');
    write('states/empty-cart.svg', svgDoc(400, 300, ctx, s, 'Empty cart'));
  }
  {
    const ctx = new Ctx();
    const heart = 'M0 30C-40 0-60-20-60-42C-60-62-44-74-28-74C-14-74-4-66 0-56C4-66 14-74 28-74C44-74 60-62 60-42C60-20 40 0 0 30Z';
    let s = base(ctx, '#fde2e4');
    s += g(path(heart, '#ffffff', `${sk('#e11d48', 8)} stroke-dasharray="18 12" stroke-linecap="round"`), 'translate(200 196) scale(1.25)');
    s += g(path(heart, '#fecdd3'), 'translate(304 100) scale(.28)') + g(path(heart, '#fda4af'), 'translate(104 120) scale(.2)');
    s += path('M320 170l4 10 10 4-10 4-4 10-4-10-10-4 10-4z', '#f59e0b') + path('M86 190l3 7 7 3-7 3-3 7-3-7-7-3 7-3z', '#f59e0b');
    write('states/empty-wishlist.svg', svgDoc(400, 300, ctx, s, 'Empty wishlist'));
  }
  {
    const ctx = new Ctx();
    let s = base(ctx, '#e5e9f0');
    const four = (x: number): string =>
      `<text x="${x}" y="200" font-size="128" font-weight="800" text-anchor="middle" font-family="${FONT}" fill="${INK}">4</text>`;
    s += four(100) + four(300) + dial(ctx, 200, 154, 58);
    s += g(
      circ(0, 0, 11, 'none', sk(BRAND, 6)) +
        line(10, 6, 48, 26, BRAND, 6) +
        line(36, 20, 32, 30, BRAND, 5) +
        line(44, 24, 40, 33, BRAND, 5),
      'translate(232 236) rotate(-8)',
    );
    write('states/page-not-found.svg', svgDoc(400, 300, ctx, s, 'Page not found'));
  }
  {
    // The error pages (500 and 503): the shop's safe, closed for a moment, with a spanner at work.
    const ctx = new Ctx();
    let s = base(ctx, '#fdecc8');
    s +=
      rr(124, 64, 152, 176, 16, '#ffffff', sk('#334155', 8)) +
      rr(140, 80, 120, 144, 10, '#f8fafc', sk('#e2e6eb', 2)) +
      dial(ctx, 200, 150, 46);
    s += rr(150, 240, 24, 14, 4, '#334155') + rr(226, 240, 24, 14, 4, '#334155');
    s += g(circ(0, 0, 14, 'none', sk(BRAND, 7)) + line(12, 8, 72, 42, BRAND, 10), 'translate(252 196) rotate(-18)');
    write('states/unavailable.svg', svgDoc(400, 300, ctx, s, 'Shop briefly unavailable'));
  }
}

// ================================================================ showroom video

let SAFE_B: Box4 | null = null;
let SHRED_B: Box4 | null = null;
function showroomFrame(t: number): string {
  const ctx = new Ctx();
  const W = 960;
  const H = 540;
  let s = rect(
    0,
    0,
    W,
    H,
    ctx.lin([
      [0, '#f4f6f9'],
      [1, '#e3e8ee'],
    ]),
  );
  for (let i = 0; i < 6; i++) s += rect(i * 190 - 30, 0, 3, 392, '#d8dee6');
  s +=
    rect(
      0,
      390,
      W,
      150,
      ctx.lin([
        [0, '#dde3ea'],
        [1, '#c7cfd9'],
      ]),
    ) + rect(0, 388, W, 4, '#cfd6de');
  for (const x of [330, 700])
    s += poly(
      [
        [x - 24, 0],
        [x + 24, 0],
        [x + 170, 400],
        [x - 170, 400],
      ],
      ctx.lin([
        [0, '#ffffff', 0.6],
        [1, '#ffffff', 0],
      ]),
    );
  s +=
    rr(70, 40, 120, 90, 6, '#3b3f46') +
    rect(80, 50, 100, 70, '#fed7aa') +
    poly(
      [
        [80, 120],
        [120, 80],
        [150, 105],
        [180, 120],
      ],
      '#5fa36a',
    );
  const th = 118 * (0.5 - 0.5 * Math.cos((2 * Math.PI * t) / 8));
  const sd = safe(ctx, 'burglary-safe', '#2a2e35', 'hero', th);
  if (!SAFE_B)
    SAFE_B = union(safe(new Ctx(), 'burglary-safe', '#2a2e35', 'hero', 0).b, safe(new Ctx(), 'burglary-safe', '#2a2e35', 'hero', 118).b);
  s += fit(ctx, { ...sd, b: SAFE_B }, [170, 96, 420, 330]);
  const p = (t % 4) / 4;
  const shd = shredder(ctx, '#7b828c', 'hero', p);
  if (!SHRED_B) SHRED_B = shredder(new Ctx(), '#7b828c', 'hero', 0).b;
  s += fit(ctx, { ...shd, b: SHRED_B }, [640, 130, 170, 300]);
  s += fit(ctx, plant(ctx), [40, 250, 120, 170]) + fit(ctx, prod(ctx, 'filing-cabinet', 'hero', COLOURS.blue), [830, 190, 110, 240]);
  const x = -400 + (W + 800) * (t / 8);
  s += g(
    rect(
      -110,
      -200,
      220,
      1000,
      ctx.lin(
        [
          [0, '#ffffff', 0],
          [0.5, '#ffffff', 0.32],
          [1, '#ffffff', 0],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
    `translate(${f(x)} 0) rotate(16)`,
  );
  return svgDoc(W, H, ctx, s, 'Safe Buddy showroom');
}

function has(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function video(): void {
  write('../media/showroom-poster.svg', showroomFrame(0));
  if (!has('ffmpeg') || !has('rsvg-convert')) {
    console.warn('ffmpeg or rsvg-convert missing: video not rendered (apt-get install -y ffmpeg librsvg2-bin)');
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'showroom-'));
  try {
    const fps = 25;
    const n = 8 * fps;
    for (let i = 0; i < n; i++) {
      const file = join(tmp, `f${String(i).padStart(4, '0')}`);
      writeFileSync(file + '.svg', showroomFrame(i / fps));
      execFileSync('rsvg-convert', ['-w', '960', '-h', '540', '-o', file + '.png', file + '.svg']);
    }
    const media = join(PUB, 'media');
    mkdirSync(media, { recursive: true });
    const input = ['-y', '-loglevel', 'error', '-framerate', String(fps), '-i', join(tmp, 'f%04d.png')];
    for (const crf of [26, 30, 34]) {
      execFileSync('ffmpeg', [
        ...input,
        '-c:v',
        'libx264',
        '-preset',
        'slow',
        '-crf',
        String(crf),
        '-pix_fmt',
        'yuv420p',
        '-profile:v',
        'high',
        '-movflags',
        '+faststart',
        '-an',
        join(media, 'showroom.mp4'),
      ]);
      if (statSync(join(media, 'showroom.mp4')).size < 560_000) break;
    }
    for (const crf of [38, 44, 50]) {
      execFileSync('ffmpeg', [
        ...input,
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        String(crf),
        '-row-mt',
        '1',
        '-deadline',
        'good',
        '-cpu-used',
        '2',
        '-pix_fmt',
        'yuv420p',
        '-an',
        join(media, 'showroom.webm'),
      ]);
      if (statSync(join(media, 'showroom.webm')).size < 560_000) break;
    }
    written.push('../media/showroom.mp4', '../media/showroom.webm');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ================================================================ main

const written: string[] = [];
function write(rel: string, content: string): void {
  const p = join(PUB, 'images', rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, content);
  written.push(rel);
}

function products(): void {
  for (const kind of KINDS) {
    for (const v of [1, 2, 3, 4, 5] as const) write(`products/${kind}-${v}.svg`, productSvg(kind, v, PRODUCTS[kind].c));
    for (const [name, c] of Object.entries(COLOURS)) write(`products/${kind}-color-${name}.svg`, productSvg(kind, 1, c));
  }
}

function main(): void {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const steps: [string, () => void][] = [
    ['products', products],
    [
      'home',
      () => {
        homeBanners();
        homeHeroes();
        offers();
      },
    ],
    ['categories', categories],
    [
      'logos',
      () => {
        logos();
        brands();
        payments();
      },
    ],
    ['states', states],
    ['video', video],
  ];
  for (const [name, run] of steps) {
    if (only && only !== name) continue;
    if (name === 'video' && process.argv.includes('--no-video')) continue;
    run();
  }
  let total = 0;
  let big = 0;
  for (const rel of written) {
    const size = statSync(join(PUB, 'images', rel)).size;
    total += size;
    if (rel.endsWith('.svg') && size > 8192) big++;
  }
  console.log(`${written.length} files, ${(total / 1024).toFixed(0)} KiB in total, ${big} SVGs over 8 KiB`);
}

main();
