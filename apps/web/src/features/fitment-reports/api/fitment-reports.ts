import { partPromiseMessages, type acknowledgedSchema, type FitmentReport, type FitmentReportList } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';

/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
const fitmentReportsKey = ['admin', 'fitment-reports'] as const;

/** `GET /admin/fitment-reports`: open reports first, then the latest closed. */
export const fitmentReportsQuery = () =>
  queryOptions({
    queryKey: fitmentReportsKey,
    queryFn: ({ signal }) => api<FitmentReportList>('/admin/fitment-reports', { signal, auth: true }),
  });

/** "2016 Toyota Corolla 1.8L". */
export const vehicleName = (vehicle: FitmentReport['vehicle']) => [vehicle.year, vehicle.make, vehicle.model, vehicle.engine].filter(Boolean).join(' ');

const decide = (report: FitmentReport, what: 'dismiss' | 'remove-fitment') =>
  api<z.infer<typeof acknowledgedSchema>>(`/admin/fitment-reports/${encodeURIComponent(report.id)}/${what}`, { method: 'POST', auth: true });

export function useDismissReport() {
  return useAdminMutation({
    mutationFn: (report: FitmentReport) => decide(report, 'dismiss'),
    success: (_, report) => partPromiseMessages.reportDismissed(report.part.partNumber),
    invalidates: [fitmentReportsKey, queryKeys.parts],
  });
}

export function useRemoveFitment() {
  return useAdminMutation({
    mutationFn: (report: FitmentReport) => decide(report, 'remove-fitment'),
    success: (_, report) => partPromiseMessages.fitmentRemoved(report.part.partNumber, vehicleName(report.vehicle)),
    invalidates: [fitmentReportsKey, queryKeys.parts],
  });
}
