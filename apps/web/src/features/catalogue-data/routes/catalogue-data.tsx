import { CATALOGUE_IMPORTS_PAGE } from '@autoparts/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadingBlock } from '../../../components/spinner';
import { useHasNextPage } from '../../../lib/next-page';
import { AdminPage } from '../../admin/components/admin-page';
import { LoadError } from '../../admin/components/load-error';
import { catalogueImportQuery, catalogueImportsQuery, importsBeforeQuery, olderImportsQuery, useUploadCatalogueFile } from '../api/catalogue-data';
import { CatalogueExports } from '../components/catalogue-exports';
import { ImportHistory } from '../components/import-history';
import { ImportReport } from '../components/import-report';
import { PartTypeCategories } from '../components/part-type-categories';
import { UploadForm } from '../components/upload-form';

/**
 * /dashboard/catalogue-data (admins): upload a VCdb, PCdb, ACES, PIES or parts CSV file for a dry
 * run or an import, follow its progress, read its report and problems, and see every import;
 * choose the category of each part type's new parts; download the catalogue as ACES, PIES or CSV.
 */
export function Component() {
  const imports = useQuery(catalogueImportsQuery());
  // Older imports than the first page's, a page at a time once asked for (decision 115).
  const [olderWanted, setOlderWanted] = useState(false);
  const firstPage = imports.data ?? [];
  const firstFull = firstPage.length === CATALOGUE_IMPORTS_PAGE;
  const queryClient = useQueryClient();
  const older = useInfiniteQuery({ ...olderImportsQuery(queryClient, firstPage.at(-1)?.id ?? ''), enabled: olderWanted && firstFull });
  const olderShown = olderWanted && firstFull;
  const olderRows = olderShown ? (older.data?.pages.flat() ?? []) : [];
  // Older imports are offered once the page after the last shown is known not to be empty (a full
  // page may be the last), as every list paged without a total (decision 145).
  const lastPage = olderShown ? older.data?.pages.at(-1) : firstPage;
  const hasOlder = useHasNextPage(importsBeforeQuery([...firstPage, ...olderRows].at(-1)?.id ?? ''), lastPage?.length === CATALOGUE_IMPORTS_PAGE);
  const upload = useUploadCatalogueFile();
  const [chosen, setChosen] = useState<string | undefined>();
  // The import shown: the one chosen in the history, else the newest.
  const shownId = chosen ?? imports.data?.[0]?.id;
  const shown = useQuery({ ...catalogueImportQuery(shownId ?? ''), enabled: shownId !== undefined });
  // "Show report" takes the focus to the report's heading once the report is there.
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const focusReport = useRef(false);
  useEffect(() => {
    if (!focusReport.current || shown.data?.id !== shownId || !reportHeading.current) return;
    focusReport.current = false;
    reportHeading.current.focus();
  }, [shown.data, shownId]);
  function showReport(id: string) {
    if (id === shownId) {
      reportHeading.current?.focus();
      return;
    }
    focusReport.current = true;
    setChosen(id);
  }

  return (
    <AdminPage
      title="Catalogue data"
      intro="Bring the catalogue in in the trade's formats: the VCdb and PCdb reference tables, ACES applications, PIES products or parts as CSV. Try a file with a dry run first: it reports what would change and every problem, and changes nothing."
    >
      <div className="grid gap-6">
      <UploadForm pending={upload.isPending} onUpload={(request) => upload.mutate(request, { onSuccess: ({ id }) => setChosen(id) })} />
      {shownId !== undefined &&
        (shown.isError ? (
          <LoadError what="the import's report" error={shown.error} onRetry={() => void shown.refetch()} />
        ) : shown.isPending ? (
          <LoadingBlock label="Loading the import's report" />
        ) : (
          <ImportReport item={shown.data} headingRef={reportHeading} />
        ))}
      <h2 className="text-xl font-bold text-ink">History</h2>
      {imports.isError ? (
        <LoadError what="the imports" error={imports.error} onRetry={() => void imports.refetch()} />
      ) : imports.isPending ? (
        <LoadingBlock label="Loading the imports" />
      ) : imports.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No imports yet: upload a file above.</p>
      ) : (
        <ImportHistory
          items={[...imports.data, ...olderRows]}
          shown={shownId}
          onShow={showReport}
          older={{
            more: (olderShown && older.isPending) || hasOlder,
            pending: olderShown && (older.isPending || older.isFetchingNextPage),
            onMore: () => (olderWanted ? void older.fetchNextPage() : setOlderWanted(true)),
            failure: olderWanted && older.isError && <LoadError what="the older imports" error={older.error} onRetry={() => void older.refetch()} />,
          }}
        />
      )}
      <PartTypeCategories />
      <CatalogueExports />
      </div>
    </AdminPage>
  );
}
