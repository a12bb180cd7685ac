import type { SVGProps } from 'react';

/** Brand marks drawn simply, in the current text colour; the link around each one carries the name. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'viewBox'>;

function Icon(props: IconProps) {
  return <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-5" {...props} />;
}

export function FacebookIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.3c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.3H7.3V14h2.8v8z" />
    </Icon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M3.5 3.5h5.2l11.8 17h-5.2z" />
      <path d="M19.2 3.5h1.9l-7.1 8.1-1-1.4zM4.2 20.5h-1.9l7.5-8.6 1 1.4z" />
    </Icon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </Icon>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        d="M21.6 7.2c-.2-.9-.9-1.6-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4c-.9.2-1.6.9-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8c.2.9.9 1.6 1.8 1.8 1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4c.9-.2 1.6-.9 1.8-1.8.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15.2V8.8l5.2 3.2z"
      />
    </Icon>
  );
}

export function LinkedInIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M3.5 9h4v12h-4zM5.5 3a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zM10 9h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V21H10z" />
    </Icon>
  );
}
