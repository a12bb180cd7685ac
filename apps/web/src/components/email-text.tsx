import { BreakableText } from './breakable-text';

/**
 * An e-mail address that a narrow column may wrap: at its "@" and dots only (a `<wbr>` before
 * each), never in the middle of a name, which `break-all` did.
 */
export function EmailText({ email, className = '', title }: { email: string; className?: string; title?: string }) {
  return <BreakableText parts={email.split(/(?=[@.])/)} className={`break-words ${className}`} title={title} />;
}
