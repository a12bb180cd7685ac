import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartImage, partImagePreload } from './part-image';

const id = '0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d';

describe('PartImage', () => {
  it('serves an uploaded photo as AVIF and WebP in every stored width', () => {
    const { container } = render(
      <PartImage src={`/api/images/${id}/960.webp`} alt="Brake pads" width={400} height={300} sizes="400px" />,
    );
    const avif = container.querySelector('picture source[type="image/avif"]');
    expect(avif).toHaveAttribute(
      'srcset',
      `/api/images/${id}/240.avif 240w, /api/images/${id}/480.avif 480w, /api/images/${id}/960.avif 960w`,
    );
    const img = screen.getByRole('img', { name: 'Brake pads' });
    expect(img).toHaveAttribute('src', `/api/images/${id}/960.webp`);
    expect(img.getAttribute('srcset')).toContain(`/api/images/${id}/480.webp 480w`);
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
  });

  it('shows a plain URL as it is', () => {
    const { container } = render(<PartImage src="/images/parts/pads.svg" alt="Pads" width={400} height={300} sizes="400px" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Pads' })).toHaveAttribute('src', '/images/parts/pads.svg');
  });

  it('paints a page’s main image with the page, and loads and decodes the others when the browser gets to them', () => {
    render(<PartImage src="/images/parts/pads.svg" alt="Main" width={400} height={300} sizes="400px" loading="eager" />);
    render(<PartImage src="/images/parts/belt.svg" alt="Other" width={400} height={300} sizes="400px" />);
    expect(screen.getByRole('img', { name: 'Main' })).toHaveAttribute('decoding', 'sync');
    expect(screen.getByRole('img', { name: 'Other' })).toHaveAttribute('decoding', 'async');
    expect(screen.getByRole('img', { name: 'Other' })).toHaveAttribute('loading', 'lazy');
  });

  it('shows a placeholder, not a broken image, when the image fails or is missing', () => {
    const { rerender } = render(<PartImage src="https://gone.example.com/x.png" alt="Pads" width={400} height={300} sizes="400px" />);
    fireEvent.error(screen.getByRole('img', { name: 'Pads' }));
    expect(screen.getByRole('img', { name: 'Pads (no photo)' }).tagName).toBe('DIV');
    rerender(<PartImage src="" alt="Belt" width={400} height={300} sizes="400px" />);
    expect(screen.getByRole('img', { name: 'Belt (no photo)' })).toBeInTheDocument();
  });
});

describe('partImagePreload', () => {
  it('asks for what the browser picks from the picture: a photo’s AVIF widths, another image’s URL, nothing for none', () => {
    expect(partImagePreload(`/api/images/${id}/960.webp`, '100vw')).toEqual({
      href: `/api/images/${id}/960.avif`,
      srcSet: `/api/images/${id}/240.avif 240w, /api/images/${id}/480.avif 480w, /api/images/${id}/960.avif 960w`,
      sizes: '100vw',
      type: 'image/avif',
    });
    expect(partImagePreload('/images/parts/brake-pads.svg', '100vw')).toEqual({ href: '/images/parts/brake-pads.svg' });
    expect(partImagePreload('  ', '100vw')).toBeUndefined();
  });
});
