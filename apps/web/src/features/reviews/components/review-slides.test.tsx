import type { Review } from '@autoparts/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
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
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveAttribute('aria-disabled', 'true');
    const dots = screen.getAllByRole('button', { name: /^Go to slide/ });
    expect(dots).toHaveLength(4);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(dots[1]).not.toHaveAttribute('aria-current');
    await userEvent.click(dots[2]!);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus on Next at the last stop: the button says it is off (aria-disabled) and does nothing', async () => {
    const scrollTo = vi.fn();
    Element.prototype.scrollTo = scrollTo;
    render(<ReviewSlides reviews={reviews} />);
    // jsdom lays nothing out: the row is at its start and its end at once.
    const next = screen.getByRole('button', { name: 'Next slide' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // A disabled button drops the focus to the page's body when it turns off under the keyboard.
    expect(next).not.toBeDisabled();
    next.focus();
    await userEvent.click(next);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(next).toHaveFocus();
  });

  it('says what a move brought into view, and nothing before the row moves', () => {
    render(<ReviewSlides reviews={reviews} />);
    const track = screen.getByRole('list', { name: 'Reviews, scroll sideways for more' });
    const live = screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite');
    expect(live).toHaveTextContent(/^$/);

    // Three 356 px slides a view, 50 px apart (1024 px and wider), moved on by one slide.
    [...track.children].forEach((slide, index) => {
      Object.defineProperty(slide, 'offsetLeft', { value: index * 406 });
      Object.defineProperty(slide, 'offsetWidth', { value: 356 });
    });
    Object.defineProperty(track, 'clientWidth', { value: 1168, configurable: true });
    Object.defineProperty(track, 'scrollWidth', { value: 4 * 406 - 50 });
    track.scrollLeft = 406;
    fireEvent.scroll(track);
    expect(live).toHaveTextContent('Reviews 2 to 4 of 4');

    // One a view (a phone).
    Object.defineProperty(track, 'clientWidth', { value: 356 });
    track.scrollLeft = 812;
    fireEvent.scroll(track);
    expect(live).toHaveTextContent('Review 3 of 4');
  });

  it('lets a review written right to left read from the right: its name and text take their direction from their words', () => {
    const arabic: Review = { _id: 'ar', name: 'سارة', description: 'القطع ممتازة!', ratings: '5' };
    render(<ReviewSlides reviews={[arabic, ...reviews]} />);
    expect(screen.getByText('سارة')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('القطع ممتازة!')).toHaveAttribute('dir', 'auto');
  });
});
