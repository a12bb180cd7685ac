import { describe, expect, it } from 'vitest';
import { pageDataJson } from './page-data-block';

describe('pageDataJson', () => {
  it('cannot be closed or broken out of by the text it carries, and reads back the same', () => {
    const hostile = 'Brake pads </script><script>alert(1)</script> <!-- \u2028\u2029 $$ $&';
    const data = { queries: { mutations: [], queries: [{ queryKey: ['parts'], queryHash: '["parts"]', state: { data: [{ name: hostile }] } }] } };

    const json = pageDataJson(data as never);

    expect(json).not.toMatch(/<\/?script|<!--/i);
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
