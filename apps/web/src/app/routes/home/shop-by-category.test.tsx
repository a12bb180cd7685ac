import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  // Regression (decision 210): /shop drawn under the pointer took the double click's second click.
  it('opens one system on a double click: its second click is not what is then under the pointer', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<ShopByCategory />);
    await user.click(screen.getByRole('link', { name: 'Brakes' }));
    expect(router.state.location.search).toBe('?category=brakes');
    fireEvent.click(screen.getByRole('link', { name: 'Engine' }), { detail: 2 });
    expect(router.state.location.search).toBe('?category=brakes');
    // A click of its own is.
    await user.click(screen.getByRole('link', { name: 'Engine' }));
    expect(router.state.location.search).toBe('?category=engine');
  });
});
