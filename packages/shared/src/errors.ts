import { z } from 'zod';

/** Every error reply of the API (DESIGN §5). */
export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
/**
 * The 400 of a route that names the query parameter or field its schema refused (`field`: `ids`),
 * beside the words (decision 183); the error handler adds it for a route whose 400 is this schema.
 */
export const fieldErrorSchema = errorSchema.extend({ field: z.string().optional() });
