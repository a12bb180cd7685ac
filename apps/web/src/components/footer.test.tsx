import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router';
import { Footer } from './footer';

describe('Footer', () => {
  it('shows the 2022 copyright line', () => {
    renderWithRouter(<Footer />);
    expect(screen.getByText('© 2022 Autoparts Manufacturer. All rights reserved.')).toBeInTheDocument();
  });

  it('has a named link for each social network', () => {
    renderWithRouter(<Footer />);
    for (const [name, href] of [
      ['Facebook', 'https://www.facebook.com/'],
      ['X (Twitter)', 'https://x.com/'],
      ['Instagram', 'https://www.instagram.com/'],
      ['YouTube', 'https://www.youtube.com/'],
      ['LinkedIn', 'https://www.linkedin.com/'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      // Links open in the same tab (SPEC §2).
      expect(link).not.toHaveAttribute('target');
      expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('shows clients and contact details', () => {
    renderWithRouter(<Footer />);
    expect(screen.getByRole('heading', { name: 'Our clients' })).toBeInTheDocument();
    expect(screen.getByText('Northline Fleet Services')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 (313) 555-0142' })).toHaveAttribute('href', 'tel:+13135550142');
    expect(screen.getByRole('link', { name: /^sales@/ }).getAttribute('href')).toMatch(/^mailto:sales@/);
  });
});
