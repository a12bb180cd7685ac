import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router';
import { InPageLink } from './in-page-link';

describe('InPageLink', () => {
  it('is a real fragment link that navigates through the router', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<InPageLink to="parts">Parts</InPageLink>, { path: '/?page=2' });
    const link = screen.getByRole('link', { name: 'Parts' });
    expect(link).toHaveAttribute('href', '#parts');

    await user.click(link);
    expect(router.state.location).toMatchObject({ pathname: '/', search: '?page=2', hash: '#parts' });
  });

  it('gives its target the focus, so that the next Tab goes on from there and not from the link', async () => {
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <InPageLink to="answer">The answer</InPageLink>
        <a href="/elsewhere">Another question</a>
        <article id="answer" tabIndex={-1} aria-label="Answer">
          <a href="/more">Read more</a>
        </article>
      </>,
    );
    screen.getByRole('link', { name: 'The answer' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('article', { name: 'Answer' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveFocus();
  });

  it('leaves modified clicks to the browser', () => {
    renderWithRouter(<InPageLink to="parts">Parts</InPageLink>);
    const link = screen.getByRole('link', { name: 'Parts' });
    // fireEvent returns false when a handler called preventDefault.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    expect(fireEvent.click(link, { shiftKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
  });
});
