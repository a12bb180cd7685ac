import { z } from 'zod';

/** How many unsent messages the operator's page lists, oldest first. */
export const OPERATIONS_MAIL_LIMIT = 50;

/**
 * A message of the mail outbox not yet handed to the SMTP server. `failed`: at least one attempt
 * failed (`lastError` says why); it may be resent once (`resentAt` is then set).
 */
export const outboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failed: z.boolean(),
  createdAt: z.string(),
  resentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** One queue of the job queue (pg-boss) and its jobs by state. */
export const queueCountsSchema = z.object({
  queue: z.string(),
  /** Created or waiting for a retry. */
  waiting: z.number().int(),
  active: z.number().int(),
  /** Out of retries (pg-boss keeps them for a week). */
  failed: z.number().int(),
  completed: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** `GET /api/admin/operations`: what the operator's page shows. */
export const operationsSchema = z.object({
  mail: z.object({
    unsent: z.number().int(),
    failed: z.number().int(),
    /** The OPERATIONS_MAIL_LIMIT oldest unsent messages. */
    messages: z.array(outboxMessageSchema),
  }),
  queues: z.array(queueCountsSchema),
});
export type Operations = z.infer<typeof operationsSchema>;

export const mailIdParamsSchema = z.object({ id: z.uuid() });

export const operationsMessages = {
  mailNotFound: 'No unsent message with this id.',
  notFailed: 'This message has not failed: it is still on its way.',
  alreadyResent: 'This message was resent once already.',
  resent: 'The message is on its way again.',
} as const;
