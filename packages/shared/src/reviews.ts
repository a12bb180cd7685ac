import { z } from 'zod';

/** A review as the API sends it (SPEC §3, §7): name, description and the rating as text. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  ratings: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);
