import { config } from 'zod/v4/core';

// The CSP forbids eval. Left to itself zod probes `new Function` when its first object schema is
// built, to decide whether to compile parsers, and Chromium reports that probe as a CSP
// violation. This runs first (main.tsx), before any chunk builds a schema.
config({ jitless: true });
