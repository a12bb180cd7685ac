import { catalogueMessages, hasVisibleText, lastSearchPage, partChangeMessages, paths, readQueryWholeNumber, SEARCH_QUERY_MAX, searchMessages, searchSorts, vehicleLabel, type SearchResult, type SearchSort, type Vehicle } from '@autoparts/shared';
import { memo, Suspense, useId, useLayoutEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { PageMeta } from '../../../components/page-meta';
import { shopHead } from '../../../lib/page-heads';
import { customerMessage, isApiError } from '../../../lib/api-client';
import { useChoiceBeforeHydration } from '../../../lib/choice-before-hydration';
import { useGarage } from '../../../lib/garage';
import { useSearchChanges } from '../../../lib/search-changes';
import { oneClickOfADouble } from '../../../lib/double-click';
import { isMissingSearchPage, shopSearchParams, useSearch, type SearchKey } from '../api/search';
import { usePartApplications } from '../api/vehicles';
import { PartCard, PartCardSkeleton } from '../components/part-card';
import { VehicleSelector } from '../components/vehicle-selector';


const sortLabels: Record<SearchSort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

/**
 * /shop: search, facets and filters over the whole catalogue, a page of 24 at a time. A change of
 * the search scrolls the page to its top (the router's ScrollRestoration), so the second click of a
 * double click on a filter lands on whatever is then under the pointer (another category, a box to
 * tick, the search field): every control that changes the search takes a double click as one press
 * (`oneClickOfADouble`, decision 210), as the pages' steps do (decision 200).
 */
export function Component() {
  // Each change builds on the search last asked for, not this render's (decision 092).
  const [searchParams, changeSearch] = useSearchChanges();
  const params = shopSearchParams(searchParams);
  // What the shared schema refuses in the URL is said in its words, and not asked for (nor quoted back).
  const { search, refusal } = useSearch(params);
  const { active, garage } = useGarage();
  const chosenVehicle = (id: string) => garage.vehicles.find((vehicle) => vehicle._id === id);
  // The vehicle the page speaks of (its box, its cards' fit): the one the list is narrowed to, which
  // after Back or from a shared link may not be the active one; none for one the garage cannot name.
  const shownFor = params.vehicle ? chosenVehicle(params.vehicle) : (active ?? undefined);

  /** The URL with these changes to `from` (this render's search unless said); any change but the page's goes back to page 1. */
  function withChanges(changes: Partial<Record<SearchKey, string | undefined>>, from: Partial<Record<SearchKey, string>> = params): URLSearchParams {
    const next = new URLSearchParams(from);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    return next;
  }
  const change = (changes: Partial<Record<SearchKey, string | undefined>>) => changeSearch((latest) => withChanges(changes, shopSearchParams(latest)));
  const fitsMine = (checked: boolean) => change({ vehicle: checked ? active?._id : undefined });
  const inStockOnly = (checked: boolean) => change({ inStock: checked ? 'true' : undefined });
  const sortBy = (sort: string) => change({ sort: sort === 'relevance' ? undefined : sort });
  // Ticked or chosen before the app hydrated the page: acted on as when ticked after (decision 076).
  const fitsMineEarly = useChoiceBeforeHydration<HTMLInputElement>((box) => fitsMine(box.checked));
  const inStockEarly = useChoiceBeforeHydration<HTMLInputElement>((box) => inStockOnly(box.checked));
  const sortEarly = useChoiceBeforeHydration<HTMLSelectElement>((select) => sortBy(select.value));
  // No connection to the shop is said at the first failure, while the retries go on: the old
  // list under its old count would read as the answer to the new search.
  const unreachable = isApiError(search.error ?? search.failureReason, 0);
  // The answer to this search, if there is one: not the previous search's, kept while nothing is asked.
  const result = unreachable || refusal ? undefined : search.data;
  // The count is said only of this search's answer: while another search's list stays on screen
  // (dimmed, as the next loads) its total is not this search's, only when just the page changed.
  const answered = useAnsweredSearch(params, search.data !== undefined && !search.isPlaceholderData);
  const count = result && (!search.isPlaceholderData || answered) ? `${result.total} ${result.total === 1 ? 'part' : 'parts'}` : 'Parts';
  // One string, one text node: the server's HTML has one, and hydrating two would split it (a layout).
  // A text with nothing to see is no search (the schema's rule): nothing to quote back.
  const heading = params.q && hasVisibleText(params.q) && !refusal ? `${count} for “${params.q}”` : count;
  // A page the search does not have (`?page=999`, or past its last): said, with a way back (decision 103).
  const missingPage = isMissingSearchPage(params, result);
  const link = (page: number) => withChanges({ page: page === 1 ? undefined : String(page) });
  // Next or Previous followed: the new page is scrolled to its top, so the focus goes to the results'
  // heading (the count) as it is drawn, not left on the link at the foot of the page, out of sight,
  // the next Tab going on to the footer. Any other change leaves the focus on the control used.
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const pageTurned = useRef(false);
  useLayoutEffect(() => {
    if (!pageTurned.current) return;
    pageTurned.current = false;
    resultsHeading.current?.focus({ preventScroll: true });
  }, [params.page]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageMeta {...shopHead(refusal ? withoutText(params) : params, result)} />
      <h1 className="text-3xl font-extrabold text-ink">Shop</h1>
      <SearchBox initial={params.q ?? ''} onSearch={(q) => change({ q })} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[20rem_1fr]">
          {/* The vehicle selector, the facets, the price filter, the results and the pages are each a
              <Suspense> boundary: React hydrates them apart, yielding between, first the one touched.
              The controls whose early choices this component reads (decision 076) stay in its own. */}
          <FilterPanel active={activeFilters(params)}>
            {/* Choosing a vehicle here is choosing what to shop for: the list narrows to it at once. */}
            <Suspense>
              <VehicleSelector onChoose={(vehicle) => change({ vehicle: vehicle?._id })} />
            </Suspense>
            <label className="flex items-center gap-2 font-medium text-slate-700">
              <input
                ref={fitsMineEarly}
                type="checkbox"
                className="size-5 accent-brand-700"
                disabled={!active && !params.vehicle}
                checked={Boolean(params.vehicle)}
                onClick={oneClickOfADouble}
                onChange={(event) => fitsMine(event.target.checked)}
              />
              {shownFor ? `Fits my ${vehicleLabel(shownFor)}` : 'Fits my vehicle'}
            </label>
            <Suspense>
              <CategoryFacets result={result} counted={answered} loading={!missingPage && !refusal} selected={params.category} link={(category) => withChanges({ category })} />
            </Suspense>
            <Suspense>
              <PriceFilter min={params.minPrice ?? ''} max={params.maxPrice ?? ''} onApply={(minPrice, maxPrice) => change({ minPrice, maxPrice })} />
            </Suspense>
            <label className="flex items-center gap-2 font-medium text-slate-700">
              <input
                ref={inStockEarly}
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={params.inStock === 'true'}
                onClick={oneClickOfADouble}
                onChange={(event) => inStockOnly(event.target.checked)}
              />
              In stock only
            </label>
          </FilterPanel>
        <section aria-labelledby="results-heading" className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="results-heading" ref={resultsHeading} tabIndex={-1} className="min-w-0 break-words text-lg font-semibold text-ink focus:outline-none" aria-live="polite">
              {heading}
            </h2>
            <SelectField
              label="Sort by"
              ref={sortEarly}
              value={params.sort ?? 'relevance'}
              onChange={(event) => sortBy(event.target.value)}
              options={searchSorts.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
            />
          </div>
          {params.vehicle && <VehicleFilterNotice vehicle={chosenVehicle(params.vehicle)} allParts={withChanges({ vehicle: undefined })} />}
          {missingPage ? (
            <Suspense>
              <NoSuchPage page={readQueryWholeNumber(params.page)} result={search.data} link={link} />
            </Suspense>
          ) : (
            <ResultsSection
              result={search.data}
              status={search.status}
              error={search.error}
              placeholder={search.isPlaceholderData}
              fetching={search.isFetching}
              refetch={search.refetch}
              unreachable={unreachable}
              refusal={refusal}
              vehicle={shownFor}
            />
          )}
          {result && !missingPage && answered && (
            <Suspense>
              <Pages
                result={result}
                page={readQueryWholeNumber(params.page ?? '1')}
                loading={search.isPlaceholderData}
                link={link}
                onTurn={(event) => {
                  oneClickOfADouble(event);
                  // Not a link opened in another tab or window: this page stays as it is.
                  pageTurned.current = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
                }}
              />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}

/** The search without its page: the pages of one search share its total and facets. */
const searchOf = ({ page: _page, ...rest }: Record<string, string>) => new URLSearchParams(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))).toString();

/**
 * Whether the list on screen answers this search, pages aside: the search last answered is
 * remembered (adjusted while rendering, as useTextFollowing) and compared with the one asked for.
 */
function useAnsweredSearch(params: Record<string, string>, settled: boolean): boolean {
  const asked = searchOf(params);
  const [last, setLast] = useState(asked);
  if (settled && last !== asked) setLast(asked);
  return last === asked;
}

/** The list is narrowed to a vehicle: which one, and the one link back to every part. */
function VehicleFilterNotice({ vehicle, allParts }: { vehicle: Vehicle | undefined; allParts: URLSearchParams }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-green-200 bg-green-50 px-4 py-2 text-green-900">
      <span>{vehicle ? `Showing parts that fit your ${vehicleLabel(vehicle)}` : 'Showing parts that fit your vehicle'}</span>
      <Link to={{ search: allParts.toString() }} onClick={oneClickOfADouble} className="font-semibold text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-700">
        Show all parts
      </Link>
    </p>
  );
}

/** How many filters narrow the search (the price range counts once): the phone's Filters button says so. */
function activeFilters(params: Partial<Record<SearchKey, string>>): number {
  return [params.category, params.vehicle, params.minPrice || params.maxPrice, params.inStock === 'true' ? 'yes' : undefined].filter(Boolean).length;
}

/**
 * The filters beside the results; below 640 px folded behind a "Filters" button that says how
 * many are active, opens and closes by keyboard, and tells screen readers whether it is open.
 */
function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={active > 0 ? `Filters, ${active} active` : 'Filters'}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:hidden"
      >
        <span className="flex items-center gap-2">
          Filters
          {active > 0 && <span className="rounded-full bg-brand-700 px-2 py-0.5 text-sm text-white">{active}</span>}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
          <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <aside id={panelId} aria-label="Filters" className={`flex-col gap-6 max-sm:mt-4 sm:flex ${open ? 'flex' : 'hidden'}`}>
        {children}
      </aside>
    </div>
  );
}

/**
 * What a field shows of a value in the URL: typed freely, and put back to the URL's value when that
 * changes (a search sent, Back, a link), adjusted while rendering (React's pattern for state that
 * follows a prop). Not a `key` on the form: a form mounted again loses the focus of the field or
 * button the buyer just used, and the next Tab starts from the top of the page.
 */
function useTextFollowing(value: string) {
  const [text, setText] = useState(value);
  const [following, setFollowing] = useState(value);
  if (following !== value) {
    setFollowing(value);
    setText(value);
  }
  return [text, setText] as const;
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useTextFollowing(initial);
  // Typed before the app hydrated the page and not yet sent: kept in the box.
  const typedEarly = useChoiceBeforeHydration<HTMLInputElement>((input) => setQ(input.value));
  return (
    // Sent before the app has hydrated, the form is a plain GET of /shop with its query, as it is without JavaScript.
    <form
      role="search"
      action={paths.shop}
      className="mt-4 flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(q.trim());
      }}
    >
      <TextField
        label="Search the catalogue"
        name="q"
        type="search"
        className="flex-1"
        ref={typedEarly}
        value={q}
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Name, part number or OEM number"
        onChange={(event) => setQ(event.target.value)}
      />
      <button type="submit" onClick={oneClickOfADouble} className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        Search
      </button>
    </form>
  );
}

const FACET_PLACEHOLDERS = 10;

function CategoryFacets({
  result,
  counted,
  loading,
  selected,
  link,
}: {
  result: SearchResult | undefined;
  /** `result` answers this search (pages aside): its counts are this search's, else not said while the answer loads. */
  counted: boolean;
  /** A result is coming (not for a page the search does not have, which is not asked for). */
  loading: boolean;
  selected: string | undefined;
  link: (category: string | undefined) => URLSearchParams;
}) {
  const headingId = useId();
  const linkClass = (current: boolean) =>
    `flex justify-between rounded-lg px-3 py-1.5 focus-visible:outline-2 focus-visible:outline-brand-700 ${current ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-ink">
        Category
      </h2>
      <ul className="mt-2 flex flex-col gap-0.5">
        <li>
          <Link to={{ search: link(undefined).toString() }} onClick={oneClickOfADouble} aria-current={selected ? undefined : 'page'} className={linkClass(!selected)}>
            All categories
          </Link>
        </li>
        {/* While the first result loads, rows of a link's height stand in for the demo catalogue's ten categories. */}
        {!result &&
          loading &&
          Array.from({ length: FACET_PLACEHOLDERS }, (_, index) => (
            <li key={index} aria-hidden="true" className="h-9 animate-pulse rounded-lg bg-slate-100" data-testid="facet-skeleton" />
          ))}
        {result?.facets.categories.map((facet) => (
          <li key={facet.slug}>
            <Link to={{ search: link(facet.slug).toString() }} onClick={oneClickOfADouble} aria-current={selected === facet.slug ? 'page' : undefined} className={linkClass(selected === facet.slug)}>
              <span>{facet.name}</span>
              {counted && (
                <span className="text-slate-500">
                  {facet.count}
                  <span className="sr-only">{facet.count === 1 ? ' part' : ' parts'}</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PriceFilter({ min, max, onApply }: { min: string; max: string; onApply: (min: string | undefined, max: string | undefined) => void }) {
  const [low, setLow] = useTextFollowing(min);
  const [high, setHigh] = useTextFollowing(max);
  // What the shared schema refused of the prices as typed: said while they are still so typed.
  const [refused, setRefused] = useState<{ low: string; high: string; field: 'minPrice' | 'maxPrice'; message: string }>();
  const refusal = refused && refused.low === low && refused.high === high ? refused : undefined;
  const messageId = useId();
  // Typed before the app hydrated the page and not yet applied: kept in the boxes.
  const lowEarly = useChoiceBeforeHydration<HTMLInputElement>((input) => setLow(input.value));
  const highEarly = useChoiceBeforeHydration<HTMLInputElement>((input) => setHigh(input.value));
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const minPrice = low.trim() || undefined;
    const maxPrice = high.trim() || undefined;
    // Checked as the server checks it (the shared schema, whose code comes with the first check), and
    // said on the field at fault, which takes the focus. Should its code not load, the server checks.
    const issue = await import('../api/search-refusal').then(({ searchIssue }) => searchIssue({ minPrice, maxPrice }), () => undefined);
    if (issue) {
      const field = issue.field === 'maxPrice' ? 'maxPrice' : 'minPrice';
      setRefused({ low, high, field, message: issue.message });
      const control = form.elements.namedItem(field);
      if (control instanceof HTMLInputElement) control.focus();
      return;
    }
    onApply(minPrice, maxPrice);
  }
  const invalid = (field: 'minPrice' | 'maxPrice') => (refusal?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': messageId } : {});
  return (
    <form action={paths.shop} onSubmit={(event) => void submit(event)} aria-label="Price">
      <fieldset>
        <legend className="font-semibold text-ink">Price ($)</legend>
        <div className="mt-1 flex items-end gap-2">
          <TextField label="From" name="minPrice" type="number" min={0} step="0.01" inputMode="decimal" className="w-24" ref={lowEarly} value={low} onChange={(event) => setLow(event.target.value)} {...invalid('minPrice')} />
          <TextField label="To" name="maxPrice" type="number" min={0} step="0.01" inputMode="decimal" className="w-24" ref={highEarly} value={high} onChange={(event) => setHigh(event.target.value)} {...invalid('maxPrice')} />
          <button type="submit" onClick={oneClickOfADouble} className="rounded-lg border border-slate-300 px-3 py-2 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700">
            Apply
          </button>
        </div>
        {refusal && (
          <p id={messageId} className="mt-1 text-sm text-red-700">
            {refusal.message}
          </p>
        )}
      </fieldset>
    </form>
  );
}

interface ResultsProps {
  /** The search's answer on screen: the last one, while the next loads (`placeholder`). */
  result: SearchResult | undefined;
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  placeholder: boolean;
  fetching: boolean;
  refetch: () => Promise<unknown>;
  unreachable: boolean;
  /** What the shared schema refuses in the URL (nothing is asked then). */
  refusal: string | undefined;
  vehicle: Vehicle | undefined;
}

/**
 * The results, a <Suspense> boundary that React hydrates apart (decision 076), drawn again only when
 * what they show changes: the page drawn again for anything else (the session's answer, the
 * garage's) leaves them as they are. Else React would first hydrate them, 24 cards, at once and in
 * one task, whatever it was hydrating in slices (decision 209).
 */
const ResultsSection = memo(function ResultsSection(props: ResultsProps) {
  return (
    <Suspense>
      <Results {...props} />
    </Suspense>
  );
});

function Results({ result, status, error, placeholder, fetching, refetch, unreachable, refusal, vehicle }: ResultsProps) {
  const applications = usePartApplications(vehicle?._id, refusal ? [] : (result?.items.map((item) => item._id) ?? []));
  if (refusal) return <Refused message={refusal} />;
  if (unreachable) {
    return <LoadFailed message={searchMessages.shopUnreachable} onRetry={() => void refetch()} />;
  }
  if (status === 'pending') {
    return (
      <div role="status" aria-label="Loading parts" className={gridClass}>
        {Array.from({ length: 6 }, (_, index) => (
          <PartCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (status === 'error' || !result) {
    // A 400 is a filter in the URL the server refuses: say which, and offer a fresh start.
    if (isApiError(error, 400)) return <Refused message={customerMessage(error)} />;
    return <LoadFailed message={catalogueMessages.partsLoadFailed} onRetry={() => void refetch()} />;
  }
  if (result.items.length === 0) {
    return (
      <div className="mt-6 rounded-lg border border-slate-200 p-6 text-slate-700">
        <p>{searchMessages.noPartsMatch}</p>
        <Link to={{ search: '' }} onClick={oneClickOfADouble} className="mt-2 inline-block font-semibold text-brand-700 underline">
          Show all parts
        </Link>
      </div>
    );
  }
  return (
    <ul className={`${gridClass} ${placeholder ? 'opacity-60' : ''}`} aria-label="Search results" aria-busy={fetching}>
      {result.items.map((part) => (
        <li key={part._id} className="flex">
          <PartCard
            part={part}
            vehicle={vehicle}
            applications={applications && (applications.get(part._id) ?? [])}
            unavailable={part.noLongerMade ? partChangeMessages.noLongerMadeShort : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/** A search the shop refuses (a filter in the URL): which, and a fresh start. */
function Refused({ message }: { message: string | undefined }) {
  return (
    <div role="alert" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-900">
      <p className="break-words">{message}</p>
      <Link to={{ search: '' }} onClick={oneClickOfADouble} className="mt-2 inline-block font-semibold underline">
        Clear all filters
      </Link>
    </div>
  );
}

/** /shop's parameters without the text: a text the schema refuses is not put in the page's title. */
function withoutText({ q: _q, ...params }: Record<string, string>): Record<string, string> {
  return params;
}

/**
 * /shop at a page its search does not have (answered 404 by the server): which, and links to the
 * first page and, past the end, to the last one. Never the API's refusal of the parameter.
 */
function NoSuchPage({ page, result, link }: { page: number; result: SearchResult | undefined; link: (page: number) => URLSearchParams }) {
  // `?page=999` is not asked for at all; past the end, the search's first page told how many there are.
  const last = result && result.page === page ? lastSearchPage(result.total, result.pageSize) : undefined;
  const linkClass = 'font-semibold text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <div className="mt-6 rounded-lg border border-slate-200 p-6 text-slate-700">
      <p>{last === undefined ? catalogueMessages.noSuchPage : catalogueMessages.pastLastPage(page, last)}</p>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={{ search: link(1).toString() }} onClick={oneClickOfADouble} className={linkClass}>
          Go to page 1
        </Link>
        {last !== undefined && last > 1 && (
          <Link to={{ search: link(last).toString() }} onClick={oneClickOfADouble} className={linkClass}>
            {`Go to the last page (${last})`}
          </Link>
        )}
      </p>
    </div>
  );
}

/**
 * Previous and Next under the results, and where the reader is. They count from the page asked for
 * (`page`, the address's), not from the result still shown while it loads (`loading`, said), so
 * Previous after Next goes back to the page left; a double click turns one page (decision 200).
 */
function Pages({ result, page, loading, link, onTurn }: { result: SearchResult; page: number; loading: boolean; link: (page: number) => URLSearchParams; onTurn: (event: MouseEvent) => void }) {
  // The server answers at most SEARCH_MAX_PAGE pages; a search matching more says so on the last.
  const last = lastSearchPage(result.total, result.pageSize);
  if (last === 1) return null;
  const cut = result.total > last * result.pageSize;
  const pageClass = 'rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <nav aria-label="Result pages" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={{ search: link(page - 1).toString() }} onClick={onTurn} className={pageClass}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p aria-live="polite" className="text-center text-sm text-slate-600">
        {loading ? `Loading page ${page} of ${last}…` : `Page ${page} of ${last}`}
        {cut && page === last && !loading && <span className="block">{catalogueMessages.morePages(last * result.pageSize)}</span>}
      </p>
      {page < last ? (
        <Link to={{ search: link(page + 1).toString() }} onClick={onTurn} className={pageClass}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const gridClass = 'mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3 [&>li>article]:w-full';
