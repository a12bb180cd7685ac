import { createBrowserRouter } from 'react-router';
import { paths } from '@autoparts/shared';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';

/**
 * Every route of the web app, in one place (SPEC §2). The path table it follows is shared with
 * the server, which answers 404 for anything else. Pages other than home load on demand.
 */
export const router = createBrowserRouter([
  {
    path: paths.home,
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.blogs, lazy: () => import('./routes/blogs') },
      { path: paths.portfolio, lazy: () => import('./routes/portfolio') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
