import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusinessSummary } from './business-summary';

describe('BusinessSummary', () => {
  it('shows the three fixed figures with their labels', () => {
    render(<BusinessSummary />);
    const section = screen.getByRole('region', { name: 'Business Summary' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '3000+Satisfied Customers',
      '44000+Reviews',
      '100+Best Quality Parts',
    ]);
  });
});
