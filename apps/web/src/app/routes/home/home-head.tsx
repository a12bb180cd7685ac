import { useQuery } from '@tanstack/react-query';
import { PageMeta } from '../../../components/page-meta';
import { partsQuery } from '../../../features/catalog/api/get-parts';
import { homeHead } from '../../../lib/structured-data';

/** The home page's head and its parts' schema.org list (decision 102). */
export default function HomeHead() {
  const parts = useQuery(partsQuery);
  return <PageMeta {...homeHead(parts.data)} />;
}
