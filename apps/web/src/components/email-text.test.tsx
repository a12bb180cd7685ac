import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('may wrap only before the @ and the dots, never inside a word', () => {
    const { container } = render(<EmailText email="jane.doe-smith@mail.example.com" />);
    const span = container.firstElementChild!;
    expect(span).toHaveTextContent('jane.doe-smith@mail.example.com');
    expect(span.innerHTML).toBe('jane<wbr>.doe-smith<wbr>@mail<wbr>.example<wbr>.com');
    expect(span).toHaveClass('break-words');
    expect(span).not.toHaveClass('break-all');
  });
});
