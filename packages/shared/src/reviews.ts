import { z } from 'zod';
import { RATING_CHOICES } from './constants';
import { withoutDirectionControls } from './form-fields';
import { validation } from './messages';
import { hasVisibleText } from './text';

/** A review as the API sends it (SPEC §3, §7): name, description and the rating as text. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  ratings: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

/** `GET /reviews` answers the carousel's newest visible reviews, never more. */
export const REVIEWS_SHOWN = 24;

export const REVIEW_MAX_LENGTH = 1000;

/** The review form and `POST /reviews` (SPEC §5, §9): e-mail and name come from the session. */
export const reviewInputSchema = z.object({
  description: withoutDirectionControls(
    z
      .string({ error: validation.descriptionRequired })
      .trim()
      .max(REVIEW_MAX_LENGTH, `Description must be at most ${REVIEW_MAX_LENGTH} characters`)
      // A review of zero-width spaces, which trim() keeps, would be an empty card on the home page.
      .refine(hasVisibleText, validation.descriptionRequired),
    'Description',
  ),
  // A rating is optional (SPEC §5); when given it is one of SPEC §9's choices.
  ratings: z.enum(RATING_CHOICES, { error: 'Choose a rating from the list' }).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const acknowledgedSchema = z.object({ acknowledged: z.boolean() });

/** A review as an admin sees it: who wrote it and whether it is hidden. */
export const adminReviewSchema = reviewSchema.extend({
  email: z.string(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
