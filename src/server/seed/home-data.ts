// The home page's slides as the shop opened with them (docs/decisions/0050-home-blocks.md): the
// migration 0019_home_blocks inserts the same rows into an existing database, and the seed puts
// them back after a reseed; src/server/admin-home/home-admin.service.test.ts proves both agree.
import type { HomeSlideBlock } from '@/domain/home-blocks';

export interface HomeSlideSeed {
  title: string;
  text: string;
  /** Null: an offer tile marked Coming Soon. */
  href: string | null;
  image: string;
}

export const HOME_SLIDES: Record<HomeSlideBlock, HomeSlideSeed[]> = {
  banner: [
    {
      title: 'Office Buddy',
      text: 'Safes, filing, shredders and counting machines for the workplace',
      href: '/store?product-type=office',
      image: '/images/home/banner-office.svg',
    },
    {
      title: 'Home Buddy',
      text: 'Fire-resistant and burglary safes to keep what matters at home',
      href: '/store?product-type=home',
      image: '/images/home/banner-home.svg',
    },
  ],
  hero: [
    {
      title: 'Burglary safes',
      text: 'Certified protection for cash and valuables',
      href: '/store',
      image: '/images/home/hero-burglary-safes.svg',
    },
    {
      title: 'Paper shredders',
      text: 'Cross-cut and micro-cut security for every office',
      href: '/store',
      image: '/images/home/hero-shredders.svg',
    },
    { title: 'Fire safes', text: 'Up to 120 minutes of tested fire protection', href: '/store', image: '/images/home/hero-fire-safes.svg' },
    {
      title: 'Currency counters',
      text: 'Fast, accurate counting with counterfeit detection',
      href: '/store',
      image: '/images/home/hero-currency-counters.svg',
    },
  ],
  tiles: [
    { title: 'Printers', text: '', href: null, image: '/images/home/offer-printers.svg' },
    { title: 'Chairs', text: '', href: null, image: '/images/home/offer-chairs.svg' },
    { title: 'Decor', text: '', href: null, image: '/images/home/offer-decor.svg' },
    { title: 'Storage', text: '', href: '/store?category=19', image: '/images/home/offer-storage.svg' },
    { title: 'Safes', text: '', href: '/store?category=3', image: '/images/home/offer-safes.svg' },
  ],
};

/** The rows of home_slides, in the blocks' order. */
export function homeSlideRows() {
  return (Object.entries(HOME_SLIDES) as [HomeSlideBlock, HomeSlideSeed[]][]).flatMap(([block, slides]) =>
    slides.map((s, position) => ({ block, position, title: s.title, text: s.text, href: s.href, imageLink: s.image })),
  );
}
