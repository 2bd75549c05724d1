import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { NotFoundPage } from '@/app/NotFoundPage';
import { RouteError } from '@/app/RouteError';

/*
 * Pages load on demand so the first screen ships only the shell and the page it shows. React.lazy
 * (rather than the router's `lazy`) lets the shell paint at once while the page's chunk arrives;
 * the Suspense boundary sits in Layout.
 */
const CatalogPage = lazy(async () => ({
  default: (await import('@/features/catalog/CatalogPage')).CatalogPage,
}));
const DatasetPage = lazy(async () => ({
  default: (await import('@/features/dataset/DatasetPage')).DatasetPage,
}));
const QueryPage = lazy(async () => ({ default: (await import('@/features/query/QueryPage')).QueryPage }));
const DailyPeakPage = lazy(async () => ({
  default: (await import('@/features/reports/DailyPeakPage')).DailyPeakPage,
}));
const LocationsPage = lazy(async () => ({
  default: (await import('@/features/locations/LocationsPage')).LocationsPage,
}));
const LocationPage = lazy(async () => ({
  default: (await import('@/features/locations/LocationPage')).LocationPage,
}));
const UsagePage = lazy(async () => ({ default: (await import('@/features/usage/UsagePage')).UsagePage }));
const SettingsPage = lazy(async () => ({
  default: (await import('@/features/settings/SettingsPage')).SettingsPage,
}));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <CatalogPage />, errorElement: <RouteError /> },
      { path: 'datasets/:id', element: <DatasetPage />, errorElement: <RouteError /> },
      { path: 'datasets/:id/query', element: <QueryPage />, errorElement: <RouteError /> },
      { path: 'locations', element: <LocationsPage />, errorElement: <RouteError /> },
      { path: 'locations/:gsEntityId', element: <LocationPage />, errorElement: <RouteError /> },
      { path: 'reports/daily-peak', element: <DailyPeakPage />, errorElement: <RouteError /> },
      { path: 'usage', element: <UsagePage />, errorElement: <RouteError /> },
      { path: 'settings', element: <SettingsPage />, errorElement: <RouteError /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' });
}
