import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';
import { config } from 'zod/v4/core';

describe('zod-jitless', () => {
  it("turns zod's parser compiler off through the configuration every copy of zod shares", () => {
    expect(config().jitless).toBe(true);
    // A schema built and parsed after it still parses (interpreted, no `new Function`).
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
  });
});
