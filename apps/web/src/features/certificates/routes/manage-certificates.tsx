import {
  CERTIFICATES_PAGE_SIZE,
  CERTIFICATE_REASON_MAX,
  CERTIFICATE_STATUSES,
  certificateMessages,
  certificateRejectionSchema,
  certificateStatusLabels,
  formatDay,
  type AdminCertificate,
  type CertificateStatus,
} from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Pager, pagedListFocusClass } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { LoadingBlock } from '../../../components/spinner';
import { TextareaField } from '../../../components/textarea-field';
import { ActionButton } from '../../admin/components/action-button';
import { AdminPage } from '../../admin/components/admin-page';
import { LoadError } from '../../admin/components/load-error';
import { isApiError } from '../../../lib/api-client';
import { useHasNextPage } from '../../../lib/next-page';
import { adminCertificatesQuery, certificateDocumentUrl, useRejectCertificate, useVerifyCertificate } from '../api/certificates';

/**
 * /dashboard/certificates (admins): companies' resale certificates, to read and verify, reject or
 * revoke (decisions 082, 105). Each decision names the upload shown; when the company has uploaded
 * another since, the server refuses it (409), the list is fetched again and the card says so.
 */
export function Component() {
  const [status, setStatus] = useState<CertificateStatus | ''>('unverified');
  const [page, setPage] = useState(1);
  // The list: a new page takes the keyboard there (Pager).
  const list = useRef<HTMLUListElement>(null);
  const certificates = useQuery({ ...adminCertificatesQuery(status, page), placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(adminCertificatesQuery(status, page + 1), certificates.data?.length === CERTIFICATES_PAGE_SIZE);
  const verify = useVerifyCertificate();
  const reject = useRejectCertificate();
  // The card whose decision came too late: the certificate was uploaded again meanwhile.
  const [replaced, setReplaced] = useState<string | undefined>();
  const onError = (certificate: AdminCertificate) => (error: Error) => setReplaced(isApiError(error, 409) && error.message === certificateMessages.changed ? certificate.id : undefined);
  const busy = verify.isPending || reject.isPending;

  return (
    <AdminPage title="Certificates" intro="Resale certificates of companies' locations. A verified certificate makes orders shipped to that location in its state tax-free until it expires.">
      <div className="grid gap-6">
        <SelectField
          label="Show"
          className="max-w-xs"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as CertificateStatus | '');
            setPage(1);
          }}
          options={[...CERTIFICATE_STATUSES.map((value) => ({ value, label: certificateStatusLabels[value] })), { value: '', label: 'All' }]}
        />
        {certificates.isError ? (
          <LoadError what="the certificates" error={certificates.error} onRetry={() => void certificates.refetch()} />
        ) : certificates.isPending ? (
          <LoadingBlock label="Loading the certificates" />
        ) : certificates.data.length === 0 ? (
          <EmptyState message={status === 'unverified' ? 'No certificate awaits verification.' : 'No certificates here.'} onFirstPage={page > 1 ? () => setPage(1) : undefined} />
        ) : (
          <div className="grid gap-4">
            <ul ref={list} tabIndex={-1} aria-label="Certificates" className={`grid gap-3 lg:grid-cols-2 ${pagedListFocusClass}`}>
              {certificates.data.map((certificate) => (
                <li key={certificate.id}>
                  <CertificateCard
                    certificate={certificate}
                    replaced={replaced === certificate.id}
                    busy={busy}
                    verifying={verify.isPending && verify.variables.id === certificate.id}
                    deciding={reject.isPending && reject.variables.certificate.id === certificate.id}
                    onVerify={() => {
                      setReplaced(undefined);
                      verify.mutate(certificate, { onError: onError(certificate) });
                    }}
                    onReject={(action, reason, done) => {
                      setReplaced(undefined);
                      reject.mutate({ certificate, action, reason }, { onError: onError(certificate), onSuccess: done });
                    }}
                  />
                </li>
              ))}
            </ul>
            <Pager list={list} page={page} onPage={setPage} hasNext={hasNext} loading={certificates.isPlaceholderData} label="Certificates pages" />
          </div>
        )}
      </div>
    </AdminPage>
  );
}

interface CertificateCardProps {
  certificate: AdminCertificate;
  /** The last decision on it was refused: it was uploaded again since (what shows now is the new upload). */
  replaced: boolean;
  /** Another decision is under way. */
  busy: boolean;
  verifying: boolean;
  deciding: boolean;
  onVerify: () => void;
  onReject: (action: 'reject' | 'revoke', reason: string, done: () => void) => void;
}

function CertificateCard({ certificate, replaced, busy, verifying, deciding, onVerify, onReject }: CertificateCardProps) {
  const nameId = useId();
  // Reject (not verified yet) or Revoke (verified): a reason, which the company's owners read.
  const action = certificate.status === 'unverified' ? 'reject' : certificate.status === 'verified' ? 'revoke' : undefined;
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState('');
  const [whyError, setWhyError] = useState<string | undefined>();
  const opener = useRef<HTMLButtonElement>(null);
  const whyField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) whyField.current?.focus();
  }, [open]);
  function close() {
    setOpen(false);
    setWhy('');
    setWhyError(undefined);
    opener.current?.focus();
  }
  const label = action === 'revoke' ? 'Revoke' : 'Reject';
  const name = `${certificate.companyName} — ${certificate.locationName}, ${certificate.state}`;
  // The card's link and buttons are named after it ("Verify Fleetco — North depot, IL"): a list of the page's buttons is not six "Verify".
  return (
    <article aria-labelledby={nameId} className="h-full rounded-xl border border-slate-200 p-4 text-sm">
      {/* The list stands right under the page's H1. */}
      <h2 id={nameId} className="text-base font-bold break-words text-ink">
        {name}
      </h2>
      {replaced && (
        <p role="alert" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {certificateMessages.changed}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium text-slate-500">Number</dt>
        <dd className="break-all">{certificate.number}</dd>
        <dt className="font-medium text-slate-500">Expires</dt>
        <dd>{formatDay(certificate.expiresOn)}</dd>
        <dt className="font-medium text-slate-500">Status</dt>
        <dd>{certificateStatusLabels[certificate.status]}</dd>
        {certificate.rejectionReason && (
          <>
            <dt className="font-medium text-slate-500">Why</dt>
            <dd className="break-words">{certificate.rejectionReason}</dd>
          </>
        )}
        <dt className="font-medium text-slate-500">Uploaded</dt>
        <dd>{`${formatDay(certificate.uploadedAt)} (upload ${certificate.version})`}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a className="font-semibold text-brand-700 underline" href={certificateDocumentUrl(certificate.id, 'admin')} download aria-label={`Document of ${name}`}>
          Document
        </a>
        {certificate.status === 'unverified' && (
          <ActionButton onClick={onVerify} pending={verifying} disabled={busy} aria-label={`Verify ${name}`}>
            {verifying ? 'Verifying…' : 'Verify'}
          </ActionButton>
        )}
        {action && (
          <ActionButton
            ref={opener}
            tone="danger"
            aria-expanded={open}
            aria-label={`${label}… ${name}`}
            onClick={() => {
              if (open) close();
              else setOpen(true);
            }}
          >
            {`${label}…`}
          </ActionButton>
        )}
      </div>
      {action && open && (
        <form
          noValidate
          className="mt-3 grid gap-2"
          aria-label={`${label} the certificate`}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close();
          }}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (deciding) return;
            const parsed = certificateRejectionSchema.safeParse({ version: certificate.version, reason: why });
            if (!parsed.success) {
              setWhyError(parsed.error.issues[0]?.message ?? certificateMessages.reasonRequired);
              whyField.current?.focus();
              return;
            }
            onReject(action, parsed.data.reason, close);
          }}
        >
          <TextareaField
            ref={whyField}
            label="Why (e-mailed to the company’s owners)"
            rows={3}
            maxLength={CERTIFICATE_REASON_MAX}
            value={why}
            error={whyError}
            onChange={(event) => {
              setWhy(event.target.value);
              setWhyError(undefined);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <ActionButton type="submit" tone="danger" pending={deciding} disabled={busy} aria-describedby={nameId}>
              {deciding ? `${label === 'Revoke' ? 'Revoking' : 'Rejecting'}…` : `${label} with this reason`}
            </ActionButton>
            <ActionButton onClick={close}>Cancel</ActionButton>
          </div>
        </form>
      )}
    </article>
  );
}
