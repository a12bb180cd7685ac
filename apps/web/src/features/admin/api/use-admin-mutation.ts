import { notices } from '@autoparts/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { customerMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface AdminMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** A key, for a screen to read the last outcome with `useMutationState` (after a remount too). */
  mutationKey?: QueryKey;
  /** What the success toast says. */
  success: (data: TData, variables: TVariables) => string;
  /** A line under the success toast, if any. */
  detail?: (data: TData) => string | undefined;
  /** What the failure toast says above the server's reason; 'action failed' (SPEC §8) unless told. */
  failure?: string;
  /**
   * A failure the screen says itself, in an alert that takes the focus: no toast then, so that the
   * message is said once and nothing covers it (on a phone the toast lay over the alert).
   */
  saidInPlace?: (error: unknown) => boolean;
  /** The lists the change makes out of date. The activity list always is. */
  invalidates: QueryKey[];
}

/**
 * An admin action: says how it went in a toast (the server's reason under a failure, e.g. "The
 * last admin cannot be removed.", unless the screen says it in place) and, either way, fetches the lists it touched again, since a
 * failure may mean someone else changed them first. It stays pending until they have arrived.
 */
export function useAdminMutation<TVariables, TData>({
  mutationFn,
  mutationKey,
  success,
  detail,
  failure = notices.actionFailed,
  saidInPlace,
  invalidates,
}: AdminMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    mutationKey,
    onSuccess: (data, variables) => {
      toast.success(success(data, variables), { description: detail?.(data) });
    },
    onError: (error) => {
      if (saidInPlace?.(error)) return;
      toast.error(failure, { description: customerMessage(error) });
    },
    onSettled: () =>
      Promise.all([...invalidates, queryKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
