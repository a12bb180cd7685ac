import { z } from 'zod';

/** Every error reply of the API (DESIGN §5). */
export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
