import { notices } from '@autoparts/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
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
 * An admin action (and a company member's change of their company, decision 202): says how it went in a toast (the server's reason under a failure, e.g. "The
 * last admin cannot be removed.", unless the screen says it in place) and, either way, fetches the lists it touched again, since a
 * failure may mean someone else changed them first. It stays pending until they have arrived.
 *
 * `mutate` sends the same action on the same thing once while it is under way: a second call
 * with equal variables is ignored (another review's Hide still goes). The buttons' own guard is
 * `isPending`, which React draws a task later, after a double click's second click (two parcels
 * were recorded for one Ship). `mutateAsync` is the caller's to guard.
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
  /** The variables (as JSON) of the calls under way. */
  const underWay = useRef(new Set<string>());
  const mutation = useMutation({
    mutationFn,
    mutationKey,
    onSuccess: (data, variables) => {
      toast.success(success(data, variables), { description: detail?.(data) });
    },
    onError: (error) => {
      if (saidInPlace?.(error)) return;
      const reason = customerMessage(error);
      // A reason that begins with the failure's words already (SPEC's 'Failed to Make an admin: …') is said once.
      if (reason?.startsWith(`${failure}:`)) toast.error(reason);
      else toast.error(failure, { description: reason });
    },
    onSettled: async (_data, _error, variables) => {
      try {
        await Promise.all([...invalidates, queryKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      } finally {
        underWay.current.delete(keyOf(variables));
      }
    },
  });
  const { mutate: start } = mutation;
  const mutate = useCallback(
    (...args: Parameters<typeof start>) => {
      const key = keyOf(args[0]);
      if (underWay.current.has(key)) return;
      underWay.current.add(key);
      start(...args);
    },
    [start],
  );
  return { ...mutation, mutate };
}

/** What makes two calls the same action on the same thing. */
const keyOf = (variables: unknown) => JSON.stringify(variables) ?? '';
