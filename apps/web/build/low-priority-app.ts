import type { Plugin } from 'vite';

/**
 * The app's entry script asks for low fetch priority (decision 037, Measurements). The page
 * arrives drawn by the server; at the browser's default (high) priority for a module script, the
 * app's 132 KB compete with the document and its images before the first paint, and Lighthouse's
 * simulation counts them in front of it (first paint 1.9–2.1 s on `/` instead of 0.9 s). Vite
 * writes the entry's tag itself and keeps no attribute of ours on it: this adds the one.
 */
export function lowPriorityApp(): Plugin {
  return {
    name: 'autoparts:low-priority-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" crossorigin src=/, '<script type="module" crossorigin fetchpriority="low" src='),
    },
  };
}
