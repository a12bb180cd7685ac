import { describe, expect, it } from 'vitest';
import { parsePhotoUrl, photoUrl, photoWidths } from './photos';

describe('photo URLs', () => {
  const id = '0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d';

  it('round-trips an uploaded photo’s largest WebP', () => {
    expect(parsePhotoUrl(photoUrl(id, 960))).toEqual({ id, largest: 960 });
  });

  it.each(['/images/parts/brake-pads.svg', 'https://cdn.example.com/a.webp', `/api/images/${id}/960.avif`, '/api/images/x/960.webp'])(
    'leaves %s as a plain URL',
    (img) => {
      expect(parsePhotoUrl(img)).toBeUndefined();
    },
  );

  it('keeps every width below the largest, and the largest', () => {
    expect(photoWidths(960)).toEqual([240, 480, 960]);
    expect(photoWidths(600)).toEqual([240, 480, 600]);
    expect(photoWidths(200)).toEqual([200]);
  });
});
