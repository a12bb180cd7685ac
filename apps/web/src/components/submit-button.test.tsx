import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button';

function Form({ pending, disabled, onSubmit }: { pending: boolean; disabled?: boolean; onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Name" />
      <SubmitButton pending={pending} disabled={disabled}>
        Save
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton', () => {
  // Chromium drops the focus of a focused button that becomes disabled (jsdom does not; the
  // journey keyboard-and-layout.spec.ts checks it there): pending is aria-disabled instead.
  it('while pending keeps its focus, is aria-disabled and busy, and submits nothing, Enter included', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Form pending={false} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<Form pending onSubmit={onSubmit} />);
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is disabled for its other reasons (a form not yet valid)', () => {
    render(<Form pending={false} disabled onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
