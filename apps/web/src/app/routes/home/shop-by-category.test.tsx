import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render-with-router';
import { ShopByCategory } from './shop-by-category';

describe('ShopByCategory', () => {
  it('opens /shop filtered by each system’s category', () => {
    renderWithRouter(<ShopByCategory />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Brakes',
      'Engine',
      'Electrical',
      'Suspension',
      'Cooling',
      'Filters',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['brakes', 'engine', 'electrical', 'suspension', 'cooling', 'filters'].map((slug) => `/shop?category=${slug}`),
    );
  });
});
