import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListPrice } from './list-price';

describe('ListPrice', () => {
  it('strikes the list price through and names it for a screen reader', () => {
    const { container } = render(<ListPrice listPrice={1234.5} />);
    expect(container.querySelector('s')).toHaveTextContent('$1,234.50');
    expect(screen.getByText('List price $1,234.50')).toHaveClass('sr-only');
  });

  it('shows nothing when the price is the list price', () => {
    const { container } = render(<ListPrice listPrice={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
