import { describe, expect, it } from 'vitest';
import type { SearchItem } from '@autoparts/shared';
import { openGraphImage, partHead, shopHead } from './page-heads';
import { setSiteBase } from './site-url';

setSiteBase(() => 'https://shop.example');

describe('openGraphImage', () => {
  it('names a raster image, absolute: an uploaded photo (its largest WebP), a PNG or a JPEG by URL', () => {
    expect(openGraphImage('/api/images/6f1c2d3e-aaaa-4bbb-8ccc-123456789abc/960.webp')).toBe('https://shop.example/api/images/6f1c2d3e-aaaa-4bbb-8ccc-123456789abc/960.webp');
    expect(openGraphImage('https://cdn.example/pads.JPG?v=2')).toBe('https://cdn.example/pads.JPG?v=2');
    expect(openGraphImage('/images/pads.png')).toBe('https://shop.example/images/pads.png');
  });

  it('names none for an SVG (the demo parts’ drawings), an unknown kind or no image', () => {
    expect(openGraphImage('/images/parts/brake-pads.svg')).toBeUndefined();
    expect(openGraphImage('https://cdn.example/pads')).toBeUndefined();
    expect(openGraphImage('')).toBeUndefined();
  });
});

describe('shopHead', () => {
  const result = { items: [], total: 0, page: 1, pageSize: 24, facets: { categories: [{ slug: 'brakes', name: 'Brakes', count: 3 }] } };

  it('gives a category and a later page their own canonical and title', () => {
    expect(shopHead({ category: 'brakes', page: '3' }, result)).toMatchObject({
      title: 'Brakes — Shop, page 3 — Autoparts Manufacturer',
      canonicalPath: '/shop?category=brakes&page=3',
      noindex: false,
    });
  });

  it('keeps a search by words, price, stock or vehicle out of the index, canonical to the shop', () => {
    const searches: Array<Record<string, string>> = [{ q: 'pads' }, { minPrice: '10' }, { maxPrice: '90' }, { inStock: 'true' }, { vehicle: '6f1c2d3e-aaaa-4bbb-8ccc-123456789abc' }];
    for (const params of searches) {
      expect(shopHead(params, result), JSON.stringify(params)).toMatchObject({ canonicalPath: '/shop', noindex: true });
    }
  });
});

describe('the offers of the schema.org data say what the page says of stock (decision 149)', () => {
  const part = { _id: 'p1', name: 'Ceramic Brake Pads', description: 'Pads', img: '/images/pads.png', price: 49.99, partNumber: 'BRK-1001' };
  const offer = (data: unknown) => (data as { offers: { availability: string } }).offers.availability;

  it('offers a part with less stock than its minimum order as out of stock, as its page says', () => {
    expect(offer(partHead({ ...part, availableQuantity: 5, minOrderQuantity: 20 }).structuredData)).toBe('https://schema.org/OutOfStock');
    expect(offer(partHead({ ...part, availableQuantity: 20, minOrderQuantity: 20 }).structuredData)).toBe('https://schema.org/InStock');
    expect(offer(partHead({ ...part, availableQuantity: 0, minOrderQuantity: 1 }).structuredData)).toBe('https://schema.org/OutOfStock');
  });

  it('offers a part no longer made that /shop still finds as discontinued, as its card says', () => {
    const item = (partNumber: string, noLongerMade: boolean): SearchItem => ({ ...part, partNumber, availableQuantity: 50, minOrderQuantity: 1, category: null, replaces: [], noLongerMade });
    const result = { items: [item('FLT-1001', true), item('FLT-2001', false)], total: 2, page: 1, pageSize: 24, facets: { categories: [] } };
    const list = shopHead({ q: 'filter' }, result).structuredData as { itemListElement: Array<{ item: unknown }> };
    expect(list.itemListElement.map((entry) => offer(entry.item))).toEqual(['https://schema.org/Discontinued', 'https://schema.org/InStock']);
  });
});
