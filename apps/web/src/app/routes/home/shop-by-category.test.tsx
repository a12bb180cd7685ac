import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render-with-router';
import { ShopByCategory } from './shop-by-category';

describe('ShopByCategory', () => {
  it('links every system to the parts list', () => {
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
    for (const link of links) expect(link).toHaveAttribute('href', '#parts');
  });
});
