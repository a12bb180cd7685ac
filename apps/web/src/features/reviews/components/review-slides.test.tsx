import type { Review } from '@autoparts/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewSlides } from './review-slides';

const reviews: Review[] = ['Ann', 'Bo', 'Cy', 'Di'].map((name, index) => ({
  _id: `r${index}`,
  name,
  email: `${name.toLowerCase()}@example.com`,
  description: `${name} says the parts fit.`,
  ratings: index === 1 ? null : '5',
})) as Review[];

describe('the reviews carousel', () => {
  it('is a labelled carousel of slides "k of n", each card with name, description and rating', () => {
    render(<ReviewSlides reviews={reviews} />);
    const carousel = screen.getByRole('group', { name: 'Customer reviews' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('listitem').filter((item) => item.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    expect(slides[0]).toHaveTextContent('Ann says the parts fit.');
    expect(slides[0]).toHaveTextContent('Ratings: 5');
    expect(slides[1]).not.toHaveTextContent('Ratings:');
  });

  it('starts at the first slide: Previous is off, the first dot is current, and each dot is a button that scrolls the row', async () => {
    const scrollTo = vi.fn();
    Element.prototype.scrollTo = scrollTo;
    render(<ReviewSlides reviews={reviews} />);
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
    const dots = screen.getAllByRole('button', { name: /^Go to slide/ });
    expect(dots).toHaveLength(4);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(dots[1]).not.toHaveAttribute('aria-current');
    await userEvent.click(dots[2]!);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
