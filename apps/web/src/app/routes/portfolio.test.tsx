import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { portfolio } from '../../content/portfolio';
import { renderWithRouter } from '../../test/render-with-router';
import { Component as PortfolioPage } from './portfolio';

describe('Portfolio page', () => {
  it('shows the developer from the data file', () => {
    renderWithRouter(<PortfolioPage />, { path: '/portfolio' });
    expect(screen.getByRole('heading', { level: 1, name: portfolio.name })).toBeInTheDocument();
    expect(screen.getByText(portfolio.role)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: portfolio.email })).toHaveAttribute('href', `mailto:${portfolio.email}`);
    for (const entry of portfolio.education) expect(screen.getByText(entry.degree)).toBeInTheDocument();
    expect(document.title).toBe('My Portfolio — Autoparts Manufacturer');
  });

  it('lists every skill', () => {
    renderWithRouter(<PortfolioPage />, { path: '/portfolio' });
    const skills = within(screen.getByRole('region', { name: 'Skills' })).getAllByRole('listitem');
    expect(skills.map((skill) => skill.textContent)).toEqual(portfolio.skills);
  });

  it('shows each project with its description and links', () => {
    renderWithRouter(<PortfolioPage />, { path: '/portfolio' });
    for (const project of portfolio.projects) {
      const card = screen.getByRole('heading', { level: 3, name: project.name }).closest('article');
      if (!card) throw new Error(`no card for ${project.name}`);
      expect(card).toHaveTextContent(project.description);
      for (const link of project.links) {
        expect(within(card).getByRole('link', { name: `${link.label}: ${project.name}` })).toHaveAttribute(
          'href',
          link.href,
        );
      }
    }
  });

  it('links only to addresses that answer: this shop, or a host outside the reserved example domains', () => {
    renderWithRouter(<PortfolioPage />, { path: '/portfolio' });
    const reserved = /(^|\.)(example\.(com|net|org)|example|invalid|test|localhost)$/;
    const dead = screen
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => /^https?:/.test(href) && reserved.test(new URL(href).hostname));
    expect(dead).toEqual([]);
  });
});
