import { screen } from '@testing-library/react';
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
