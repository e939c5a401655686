// The home page editor's data (docs/decisions/0050-home-blocks.md): the admin API's answer mapped
// once, here, to the island's camelCase model.
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';

export type AdminHomeWire = AnswerOf<Contract['adminHome']['home']>;
type SlideWire = AdminHomeWire['banner'][number];

export interface HomeSlideModel {
  id: number | null;
  title: string;
  text: string;
  /** Empty: no link (an offer tile marked Coming Soon). */
  href: string;
  /** A drawn picture's path or an uploaded picture's key: what a save sends. */
  image: string;
  /** What the editor shows. */
  preview: string;
  hidden: boolean;
}

export interface HomeModel {
  versions: AdminHomeWire['versions'];
  slides: { banner: HomeSlideModel[]; hero: HomeSlideModel[]; tiles: HomeSlideModel[] };
  featured: { id: number; name: string; sku: string; thumbnail: string; archived: boolean }[];
  brands: { id: number; name: string; logo: string }[];
  topBrandIds: number[];
  offer: { title: string; subTitle: string; code: string; active: boolean } | null;
}

const toSlide = (s: SlideWire): HomeSlideModel => ({
  id: s.id,
  title: s.title,
  text: s.text,
  href: s.href ?? '',
  image: s.image,
  preview: s.preview,
  hidden: s.hidden,
});

export function toHomeModel(wire: AdminHomeWire): HomeModel {
  return {
    versions: wire.versions,
    slides: { banner: wire.banner.map(toSlide), hero: wire.hero.map(toSlide), tiles: wire.tiles.map(toSlide) },
    featured: wire.featured,
    brands: wire.brands,
    topBrandIds: wire.top_brand_ids,
    offer: wire.offer
      ? { title: wire.offer.title, subTitle: wire.offer.sub_title, code: wire.offer.code, active: wire.offer.active }
      : null,
  };
}
