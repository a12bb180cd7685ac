import { OPERATIONS_MAIL_LIMIT } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadingBlock } from '../../../components/spinner';
import { operationsQuery } from '../api/get-operations';
import { useResendMail } from '../api/resend-mail';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { OutboxTable } from '../components/outbox-table';
import { QueueTable } from '../components/queue-table';
import { EmptyState } from '../../../components/empty-state';

/** /dashboard/operations (admins): mail that has not gone out, and the job queue. */
export function Component() {
  const operations = useQuery(operationsQuery());
  const resend = useResendMail();

  return (
    <AdminPage title="Operations" intro="Mail the shop has not sent yet, and the work waiting in its job queue.">
      {operations.isError ? (
        <LoadError what="the shop's state" error={operations.error} onRetry={() => void operations.refetch()} />
      ) : operations.isPending ? (
        <LoadingBlock label="Loading the shop's state" />
      ) : (
        <div className="grid gap-8">
          <section aria-labelledby="unsent-mail" className="grid gap-3">
            <h2 id="unsent-mail" className="text-xl font-bold text-ink">
              Unsent mail
            </h2>
            <p className="text-slate-700">
              {operations.data.mail.unsent} unsent, {operations.data.mail.failed} failed at least once.
              {operations.data.mail.unsent > OPERATIONS_MAIL_LIMIT && ` The oldest ${OPERATIONS_MAIL_LIMIT} are listed.`} A failed
              message is tried again by itself; Resend tries it at once, one time.
            </p>
            {operations.data.mail.messages.length === 0 ? (
              <EmptyState message="Every message has been sent." />
            ) : (
              <OutboxTable
                messages={operations.data.mail.messages}
                onResend={(message) => resend.mutate(message._id)}
                resending={resend.isPending ? resend.variables : undefined}
              />
            )}
          </section>
          <section aria-labelledby="job-queue" className="grid gap-3">
            <h2 id="job-queue" className="text-xl font-bold text-ink">
              Job queue
            </h2>
            <QueueTable queues={operations.data.queues} />
          </section>
        </div>
      )}
    </AdminPage>
  );
}
