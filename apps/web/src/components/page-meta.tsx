import { absoluteUrl } from '../lib/site-url';

export interface PageMetaProps {
  /** The whole `<title>` (with the shop's name: `pageTitle`). */
  title: string;
  description: string;
  /** The page's one address (path and query), named as canonical and as `og:url`. */
  canonicalPath?: string;
  /** Kept out of search engines: a part no longer made, a search, a signed-in or private page. */
  noindex?: boolean;
  /** `og:type`: `product` on a part's page. */
  type?: 'website' | 'product';
  /** The page's image for link previews (`og:image`), absolute: a raster image only (`openGraphImage`). */
  image?: string;
  /** schema.org data (JSON-LD) of what the page shows: one block each. */
  structuredData?: object | object[];
}

/** JSON for inside a `<script>`: no `<` that could end it early. */
const scriptJson = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * A page's head, rendered by the page itself (decision 102): React puts the title, the metas and
 * the canonical link in `<head>` and takes them away when the page goes, so a page moved to
 * within the app names itself, not the page first loaded. The server moves the same elements
 * from its render into the page's `<head>` (web-app.ts). The JSON-LD stays where it is rendered,
 * in the page's body: a data block, not a script the browser runs (the CSP allows no inline script).
 */
export function PageMeta({ title, description, canonicalPath, noindex = false, type = 'website', image: ogImage, structuredData }: PageMetaProps) {
  const url = canonicalPath === undefined ? undefined : absoluteUrl(canonicalPath);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url && <link rel="canonical" href={url} />}
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      {url && <meta property="og:url" content={url} />}
      {ogImage && <meta property="og:image" content={ogImage} />}
      <meta name="twitter:card" content={ogImage ? 'summary_large_image' : 'summary'} />
      {[structuredData ?? []].flat().map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      ))}
    </>
  );
}
