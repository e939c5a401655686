// The home page's blocks for staff, model -> wire (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { adminHomeWire, homeImageWire } from '@/domain/api/admin-home';
import { PHOTO_CARD_WIDTH, photoJpeg, type StoredPhoto } from '@/domain/product-photos';
import type { StaffHome, StaffSlide } from './home-admin.service';

const slideJson = (s: StaffSlide) => ({
  id: s.id,
  title: s.title,
  text: s.text,
  href: s.href,
  image: s.photo ? s.photo.key : s.imageLink,
  preview: s.photo ? photoJpeg(s.photo, PHOTO_CARD_WIDTH) : s.imageLink,
  hidden: s.hidden,
});

export function adminHomeJson(home: StaffHome): z.input<typeof adminHomeWire> {
  return {
    versions: home.versions,
    banner: home.slides.banner.map(slideJson),
    hero: home.slides.hero.map(slideJson),
    tiles: home.slides.tiles.map(slideJson),
    featured: home.featured,
    brands: home.brands,
    top_brand_ids: home.topBrandIds,
    offer: home.offer
      ? { title: home.offer.title, sub_title: home.offer.subTitle, code: home.offer.code, active: home.offer.active }
      : null,
  };
}

export function homeImageJson(photo: StoredPhoto): z.input<typeof homeImageWire> {
  return { key: photo.key, width: photo.width, height: photo.height, widths: photo.widths, preview: photoJpeg(photo, PHOTO_CARD_WIDTH) };
}
