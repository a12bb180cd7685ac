import { Fragment } from 'react';

/**
 * Text drawn from its `parts` with a `<wbr>` between each, the only places a narrow column may
 * wrap it besides what the class allows; the whole text stays one text, for a screen reader too.
 * `EmailText` and `FileNameText` choose the parts.
 */
export function BreakableText({ parts, className, title }: { parts: readonly string[]; className: string; title?: string }) {
  return (
    <span className={className} title={title}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
