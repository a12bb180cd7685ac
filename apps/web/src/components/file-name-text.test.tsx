import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileNameText } from './file-name-text';

describe('FileNameText', () => {
  it('may wrap only after a _, - or space and before a dot, never inside a word, and keeps the whole name', () => {
    const { container } = render(<FileNameText name="VCdb_FullDB-2026 01.tar.gz" />);
    const span = container.firstElementChild!;
    expect(span).toHaveTextContent('VCdb_FullDB-2026 01.tar.gz');
    expect(span.innerHTML).toBe('VCdb_<wbr>FullDB-<wbr>2026 <wbr>01<wbr>.tar<wbr>.gz');
    expect(span).toHaveClass('[overflow-wrap:anywhere]');
    expect(span).not.toHaveClass('break-all');
  });
});
