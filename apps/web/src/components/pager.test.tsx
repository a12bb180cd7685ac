import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

function Paged({ totalPages, from = totalPages - 1, loading }: { totalPages: number; from?: number; loading?: boolean }) {
  const [page, setPage] = useState(from);
  const list = useRef<HTMLUListElement>(null);
  return (
    <>
      <ul ref={list} tabIndex={-1} aria-label="Orders">
        <li>{`Order on page ${page}`}</li>
      </ul>
      <Pager page={page} totalPages={totalPages} onPage={setPage} label="Orders pages" list={list} loading={loading} />
    </>
  );
}

describe('Pager', () => {
  it('with a total, says where the reader is, even on the only page, with both steps disabled', () => {
    render(<Pager page={1} totalPages={1} onPage={() => {}} label="Orders pages" list={{ current: null }} />);
    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toHaveTextContent('Page 1 of 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('takes the keyboard to the top of the list after Next and after Previous, the new page said', async () => {
    const user = userEvent.setup();
    render(<Paged totalPages={5} from={2} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 5')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('list', { name: 'Orders' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Order on page 2')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Orders' })).toHaveFocus();
  });

  it('at the last page, the keyboard is on the list, not on the step just disabled', async () => {
    const user = userEvent.setup();
    render(<Paged totalPages={3} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Orders' })).toHaveFocus();
  });

  it('without a total, shows nothing when one page holds the list, and steps on while pages come full', () => {
    const { rerender } = render(<Pager page={1} hasNext={false} onPage={() => {}} label="Users pages" list={{ current: null }} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Pager page={2} hasNext={false} onPage={() => {}} label="Users pages" list={{ current: null }} previousText="Newer" nextText="Older" />);
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toHaveTextContent('Page 2');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('says a page asked for is loading while the one before is still shown (decision 200)', () => {
    render(<Paged totalPages={5} from={3} loading />);
    expect(screen.getByText('Loading page 3 of 5…')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('turns one page on a double click, its second click cancelled wherever it lands (decision 200)', async () => {
    const user = userEvent.setup();
    let opened = 0;
    render(
      <>
        <Paged totalPages={5} from={1} />
        <button type="button" onClick={() => (opened += 1)}>
          Open the first row
        </button>
      </>,
    );
    await user.dblClick(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    // The move put a row's button under the pointer: the double click's second click is not its.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open the first row' }), { detail: 2 });
    expect(opened).toBe(0);
    // A click of its own is.
    await user.click(screen.getByRole('button', { name: 'Open the first row' }));
    expect(opened).toBe(1);
    // A key press arms nothing: each turns a page (the list takes the keyboard after each).
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Page 4 of 5')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Page 5 of 5')).toBeInTheDocument();
  });
});
