import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router';
import { Component as NotFoundPage } from './not-found';

describe('Not-found page', () => {
  it('shows the image, the heading and a way home', () => {
    renderWithRouter(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByRole('img', { name: /page not found/i })).toHaveAttribute('src', '/images/not-found.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
