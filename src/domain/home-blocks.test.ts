// Links of the home page's slides stay inside the shop (docs/decisions/0050-home-blocks.md), and
// each block's own rules.
import { describe, expect, it } from 'vitest';
import { HOME_SLIDES_MAX, homeOfferFields, homeSlideFields, isShopPath, slideProblems, type HomeSlideFields } from './home-blocks';
import { adminHomeMessages as t } from './messages/admin-home';

describe('isShopPath', () => {
  it('takes paths from the shop’s root, with a query or a fragment', () => {
    for (const link of ['/', '/store', '/store?category=3', '/store?product-type=office&page=2', '/product/12#reviews', '/top-sellings'])
      expect(isShopPath(link), link).toBe(true);
  });

  it('refuses other sites, schemes, relative paths and tricks browsers read as another host', () => {
    for (const link of [
      'https://evil.example/',
      'http:/evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'store',
      '../store',
      '/store path',
      '/store\ttab',
      `/${'a'.repeat(400)}`,
      '',
    ])
      expect(isShopPath(link), link).toBe(false);
  });
});

const slide = (overrides: Partial<HomeSlideFields> = {}): HomeSlideFields => ({
  title: 'Fire safes',
  text: 'Tested for 120 minutes',
  href: '/store',
  image: '/images/home/hero-fire-safes.svg',
  hidden: false,
  ...overrides,
});

describe('the slides’ schema and rules', () => {
  it('names each bad field by its path', () => {
    const parsed = homeSlideFields.safeParse({ ...slide(), title: '', href: 'https://evil.example', image: '../../etc/passwd' });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'href', 'image']));
    expect(homeSlideFields.safeParse(slide({ image: 'g'.repeat(32) })).success).toBe(false);
    expect(homeSlideFields.safeParse(slide({ image: '0123456789abcdef0123456789abcdef' })).success).toBe(true);
  });

  it('a banner or hero slide needs a link, a tile does not; a block keeps one shown; the limits', () => {
    expect(slideProblems('hero', [slide({ href: '' })])).toEqual({ 'items.0.href': t.linkRequired });
    expect(slideProblems('tiles', [slide({ href: '' })])).toEqual({});
    expect(slideProblems('banner', [slide({ hidden: true })])).toEqual({ items: t.oneShown });
    expect(
      slideProblems(
        'banner',
        Array.from({ length: HOME_SLIDES_MAX.banner + 1 }, () => slide()),
      ),
    ).toEqual({
      items: t.tooMany(HOME_SLIDES_MAX.banner),
    });
    expect(slideProblems('hero', [slide({ id: 4 }), slide({ id: 4 })])).toEqual({ items: t.twice });
  });

  it('the offer’s code is written in capitals', () => {
    const parsed = homeOfferFields.parse({ title: 'Limited Time Offer', sub_title: 'Save 10%', code: ' fire10 ', active: true });
    expect(parsed.code).toBe('FIRE10');
  });
});
