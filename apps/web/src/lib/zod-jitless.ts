import type { $ZodConfig } from 'zod/v4/core';

// The CSP forbids eval. Left to itself zod probes `new Function` when its first object schema is
// built, to decide whether to compile parsers, and Chromium reports that probe as a CSP
// violation. This runs first (main.tsx), before any chunk builds a schema.
// zod keeps its configuration on `globalThis.__zod_globalConfig`, the one object every copy of zod
// loaded shares (zod 4.4, colinhacks/zod#5889): `jitless` is set there rather than through
// `config()`, whose import brought zod's core (18 KB) into the entry of every page (decision 209).
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: Partial<$ZodConfig> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
