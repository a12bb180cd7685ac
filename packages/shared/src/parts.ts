import { z } from 'zod';

/** A part as the API sends it (SPEC §3): money in dollars, the id as an opaque string. */
export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  price: z.number(),
  availableQuantity: z.number().int(),
  minOrderQuantity: z.number().int(),
});
export type Part = z.infer<typeof partSchema>;

export const partListSchema = z.array(partSchema);

export const partParamsSchema = z.object({ id: z.string() });
