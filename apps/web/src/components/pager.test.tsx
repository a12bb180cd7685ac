import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

function Paged({ totalPages }: { totalPages: number }) {
  const [page, setPage] = useState(totalPages - 1);
  return <Pager page={page} totalPages={totalPages} onPage={setPage} label="Orders pages" />;
}

describe('Pager', () => {
  it('with a total, says where the reader is, even on the only page, with both steps disabled', () => {
    render(<Pager page={1} totalPages={1} onPage={() => {}} label="Orders pages" />);
    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toHaveTextContent('Page 1 of 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('keeps the keyboard on the other step when the pressed one is disabled at the end', async () => {
    const user = userEvent.setup();
    render(<Paged totalPages={3} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
  });

  it('without a total, shows nothing when one page holds the list, and steps on while pages come full', async () => {
    const { rerender } = render(<Pager page={1} hasNext={false} onPage={() => {}} label="Users pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Pager page={2} hasNext={false} onPage={() => {}} label="Users pages" previousText="Newer" nextText="Older" />);
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toHaveTextContent('Page 2');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });
});
