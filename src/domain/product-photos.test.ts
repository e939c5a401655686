import { describe, expect, it } from 'vitest';
import { cardJpegSrcset, cardPhotoOf, photoJpeg, photoWidthsFor, shareImageOf, PHOTO_CARD_WIDTH } from './product-photos';

const key = 'a'.repeat(32);

describe('a card picture read back from its address', () => {
  it('gives every width written up to the card JPEG the address names, as the upload wrote them', () => {
    for (const uploadWidth of [250, 320, 500, 640, 900, 1600, 4032]) {
      const photo = { key, widths: photoWidthsFor(uploadWidth) };
      const thumbnail = photoJpeg(photo, PHOTO_CARD_WIDTH);
      expect(cardPhotoOf(thumbnail)).toEqual({ key, widths: photo.widths.filter((w) => w <= PHOTO_CARD_WIDTH) });
    }
  });

  it('lists the JPEG widths as a srcset', () => {
    expect(cardJpegSrcset(`/uploads/products/${key}-640.jpg`)).toBe(
      `/uploads/products/${key}-320.jpg 320w, /uploads/products/${key}-640.jpg 640w`,
    );
    expect(cardJpegSrcset(`/uploads/products/${key}-500.jpg`)).toBe(
      `/uploads/products/${key}-320.jpg 320w, /uploads/products/${key}-500.jpg 500w`,
    );
  });

  it('is null for the drawn pictures, the placeholder and anything that is not a card JPEG', () => {
    for (const url of [
      '/images/products/currency-counter-color-blue.svg',
      '/images/products/photo-coming-soon.svg',
      `/uploads/products/${key}-1024.jpg`,
      `/uploads/products/${key}-640.avif`,
      `/uploads/products/${key}-640.jpg?x=1`,
      `https://evil.example/uploads/products/${key}-640.jpg`,
      '',
    ]) {
      expect(cardPhotoOf(url)).toBeNull();
      expect(cardJpegSrcset(url)).toBeNull();
    }
  });
});

describe('the picture a link preview shows', () => {
  it('is the JPEG twin the build draws for a drawn illustration of the products and the home page', () => {
    expect(shareImageOf('/images/products/currency-counter-color-blue.svg')).toBe('/images/products/currency-counter-color-blue.jpg');
    expect(shareImageOf('/images/home/banner-office.svg')).toBe('/images/home/banner-office.jpg');
  });

  it('is the address itself for an uploaded photo and for folders the build does not draw', () => {
    const photo = `/uploads/products/${key}-1024.jpg`;
    expect(shareImageOf(photo)).toBe(photo);
    expect(shareImageOf('/images/brands/guardian.svg')).toBe('/images/brands/guardian.svg');
    expect(shareImageOf('/images/products/../secret.svg')).toBe('/images/products/../secret.svg');
  });
});
