import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * A form checked when sent, then on each change (decision 085, amended; `lib/form-checking.ts`):
 * `value` typed into `field` (nothing: the field only entered) and the field left draws no error,
 * which would have moved `submit` between the press and the release; the first click on `submit`
 * then says `message` at the field and takes the keyboard there.
 */
export async function expectCheckedWhenSent(user: UserEvent, field: HTMLElement, value: string, submit: HTMLElement, message: string) {
  await user.click(field);
  if (value) await user.type(field, value);
  await user.tab();
  expect(screen.queryByText(message)).not.toBeInTheDocument();
  await user.click(submit);
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(field).toHaveFocus();
}

/**
 * `button` pressed and at work: busy and `aria-disabled`, never `disabled` (Chromium drops a
 * disabled button's focus to the page's body), and still focused (decision 132).
 */
export async function expectBusyKeepingFocus(button: HTMLElement) {
  await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
  expect(button).toBeEnabled();
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).toHaveFocus();
}
