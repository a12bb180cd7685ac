import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blogPosts } from '../../content/blogs';
import { blogsHead } from '../../lib/page-heads';
import { renderWithRouter } from '../../test/render-with-router';
import { Component as BlogsPage } from './blogs';

describe('Blogs page', () => {
  it('answers at least five questions, one article each', () => {
    renderWithRouter(<BlogsPage />, { path: '/blogs' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.length).toBeGreaterThanOrEqual(5);
    expect(articles).toHaveLength(blogPosts.length);
    articles.forEach((article, index) => {
      const post = blogPosts[index];
      expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(post?.question ?? '');
      expect(within(article).getAllByRole('paragraph').length).toBeGreaterThan(0);
    });
  });

  it('lists the questions as links to their answers', () => {
    renderWithRouter(<BlogsPage />, { path: '/blogs' });
    const contents = screen.getByRole('navigation', { name: 'Questions' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(blogPosts.map((post) => `#${post.id}`));
  });

  it('sets the document title', () => {
    renderWithRouter(<BlogsPage />, { path: '/blogs' });
    expect(document.title).toBe('Blogs — Autoparts Manufacturer');
  });

  it('describes itself to search engines as it does to its reader: answers to interview questions', () => {
    renderWithRouter(<BlogsPage />, { path: '/blogs' });
    const intro = screen.getByRole('heading', { level: 1, name: 'Blogs' }).nextElementSibling;
    expect(intro).toHaveTextContent(/interview/);
    // The old description promised "our engineers" on "building web shops … performance".
    expect(blogsHead.description).toBe(intro?.textContent);
  });
});
