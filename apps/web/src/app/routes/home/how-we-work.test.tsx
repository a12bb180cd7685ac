import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HowWeWork } from './how-we-work';

describe('HowWeWork', () => {
  it('shows the three steps in order', () => {
    render(<HowWeWork />);
    expect(screen.getByRole('heading', { level: 2, name: 'How we works' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Receive Order',
      'Manufacture Parts',
      'Ship Parts',
    ]);
  });

  it('highlights Receive Order and Manufacture Parts, not Ship Parts', () => {
    render(<HowWeWork />);
    const step = (name: string) => screen.getByRole('heading', { name }).closest('li');
    expect(step('Receive Order')).toHaveAttribute('data-highlighted', 'true');
    expect(step('Manufacture Parts')).toHaveAttribute('data-highlighted', 'true');
    expect(step('Ship Parts')).toHaveAttribute('data-highlighted', 'false');
  });

  it('tells users what to do and what the manufacturer handles', () => {
    const { container } = render(<HowWeWork />);
    const text = container.textContent;
    expect(text).toMatch(/sign up, choose a product and finish the payment process/i);
    expect(text).toMatch(/quality-verified/);
    expect(text).toMatch(/handles all logistics and communication/);
  });
});
