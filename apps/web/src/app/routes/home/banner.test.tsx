import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render-with-router';
import { Banner } from './banner';

describe('Banner', () => {
  it('has the SPEC heading and the hero art', () => {
    const { container } = renderWithRouter(<Banner />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /^Get The Best Auto Parts For Hundreds Of Vehicles$/,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/hero.svg');
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it("'Explore Shop' leads to /shop", async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<Banner />);
    const explore = screen.getByRole('link', { name: 'Explore Shop' });
    expect(explore).toHaveAttribute('href', '/shop');

    await user.click(explore);
    expect(router.state.location.pathname).toBe('/shop');
  });
});
