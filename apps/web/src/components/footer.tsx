import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { COPYRIGHT_YEAR, paths } from '@autoparts/shared';
import { CLIENTS, CONTACT, SHOP_DESCRIPTION, SHOP_NAME, SOCIAL_LINKS } from '../content/site';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from './social-icons';

const socials: { label: string; href: string; Icon: ComponentType }[] = [
  { label: 'Facebook', href: SOCIAL_LINKS.facebook, Icon: FacebookIcon },
  { label: 'X (Twitter)', href: SOCIAL_LINKS.x, Icon: XIcon },
  { label: 'Instagram', href: SOCIAL_LINKS.instagram, Icon: InstagramIcon },
  { label: 'YouTube', href: SOCIAL_LINKS.youtube, Icon: YouTubeIcon },
  { label: 'LinkedIn', href: SOCIAL_LINKS.linkedin, Icon: LinkedInIcon },
];

const headingClass = 'mb-4 text-sm font-semibold uppercase tracking-wider text-white';
const linkClass =
  'rounded hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export function Footer() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={headingClass}>
            {SHOP_NAME}
          </h2>
          <p className="text-sm leading-relaxed">{SHOP_DESCRIPTION}</p>
          <ul aria-label="Follow us" className="mt-5 flex flex-wrap gap-2">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-clients">
          <h2 id="footer-clients" className={headingClass}>
            Our clients
          </h2>
          <ul className="space-y-2 text-sm">
            {CLIENTS.map((client) => (
              <li key={client}>{client}</li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages" className={headingClass}>
            Pages
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to={paths.home} className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to={paths.portfolio} className={linkClass}>
                My Portfolio
              </Link>
            </li>
            <li>
              <Link to={paths.blogs} className={linkClass}>
                Blogs
              </Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            Contact
          </h2>
          <address className="space-y-3 text-sm not-italic">
            <p>
              {CONTACT.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
            <p>
              <a href={CONTACT.phone.href} className={linkClass}>
                {CONTACT.phone.display}
              </a>
            </p>
            <p>
              <a href={`mailto:${CONTACT.email}`} className={`${linkClass} break-all`}>
                {CONTACT.email}
              </a>
            </p>
          </address>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-slate-400">
          {`© ${COPYRIGHT_YEAR} ${SHOP_NAME}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
