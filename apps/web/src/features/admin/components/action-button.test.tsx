import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton } from './action-button';

describe('ActionButton', () => {
  it('while pending keeps its focus, is aria-disabled, and ignores presses', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<ActionButton onClick={onClick}>Remove</ActionButton>);
    const button = screen.getByRole('button', { name: 'Remove' });
    await user.click(button);
    rerender(
      <ActionButton onClick={onClick} pending disabled>
        Remove
      </ActionButton>,
    );
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <ActionButton onClick={onClick} disabled>
        Remove
      </ActionButton>,
    );
    expect(button).toBeDisabled();
  });
});
