import { InPageLink } from '../../components/in-page-link';
import { BLOGS_INTRO, blogPosts } from '../../content/blogs';
import { PageMeta } from '../../components/page-meta';
import { blogsHead } from '../../lib/page-heads';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta {...blogsHead} />
      <h1 className="text-4xl font-extrabold tracking-tight text-ink">Blogs</h1>
      <p className="mt-4 text-lg text-slate-600">{BLOGS_INTRO}</p>

      <nav aria-labelledby="blogs-contents" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="blogs-contents" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
          Questions
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {blogPosts.map((post) => (
            <li key={post.id}>
              <InPageLink to={post.id} className="rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
                {post.question}
              </InPageLink>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-12">
        {blogPosts.map((post) => (
          <article key={post.id} id={post.id} aria-labelledby={`${post.id}-heading`} tabIndex={-1} className="outline-none">
            <h2 id={`${post.id}-heading`} className="text-2xl font-bold text-ink">
              {post.question}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
              {post.paragraphs.map((paragraph) => (
                <p key={paragraph}>
                  <WithInlineCode text={paragraph} />
                </p>
              ))}
            </div>
            {post.example !== undefined && (
              // A scrollable code block must be reachable by keyboard to be scrolled.
              <pre
                tabIndex={0}
                aria-label={`Code example: ${post.question}`}
                className="mt-5 overflow-x-auto rounded-lg bg-ink p-4 text-sm leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <code>{post.example}</code>
              </pre>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}

/**
 * Shows the parts of `text` between backticks as code. An empty piece (text that starts or ends
 * with code) is left out: the server's HTML has no text node for it to hydrate.
 */
function WithInlineCode({ text }: { text: string }) {
  return text.split('`').map((piece, index) =>
    piece === '' ? null : index % 2 === 1 ? (
      <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-ink">
        {piece}
      </code>
    ) : (
      piece
    ),
  );
}
