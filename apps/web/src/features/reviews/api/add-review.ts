import { notices, type acknowledgedSchema, type ReviewInput } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, customerMessage } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /reviews` (SPEC §7): the text and the rating; the server takes e-mail and name from the session. */
async function addReview(input: ReviewInput) {
  const reply = await api<z.infer<typeof acknowledgedSchema>>('/reviews', { method: 'POST', body: input });
  return confirmed(reply, reply.acknowledged, 'The review was not acknowledged');
}

/**
 * Posts a review and says how it went (SPEC §8): 'Thanks for your Review' or 'Something is
 * wrong, try again' with the server's reason when it gives one. The home page's carousel and the admins' list are fetched again.
 */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: async () => {
      toast.success(notices.reviewAdded);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminReviews }),
      ]);
    },
    onError: (error) => {
      toast.error(notices.somethingWrong, { description: customerMessage(error) });
    },
  });
}
