import { describe, expect, it } from 'vitest';
import { openGraphImage, shopHead } from './page-heads';
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
