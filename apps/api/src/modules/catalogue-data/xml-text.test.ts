import { describe, expect, it } from 'vitest';
import { xmlText } from './xml-text';

describe('xmlText', () => {
  it('escapes what XML gives a meaning and keeps every other letter', () => {
    expect(xmlText('Pads & clips <front> "set" – Bremsbeläge 日本')).toBe('Pads &amp; clips &lt;front&gt; &quot;set&quot; – Bremsbeläge 日本');
    expect(xmlText('line one\nline two\ttab\r')).toBe('line one\nline two\ttab\r');
  });

  it('writes a character XML 1.0 does not allow as a space, so the file stays readable', () => {
    expect(xmlText('Pads\u000Bv2\u0001x\u001F\uFFFEy\uFFFF')).toBe('Pads v2 x  y ');
  });
});
