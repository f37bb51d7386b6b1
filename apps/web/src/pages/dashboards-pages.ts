// The dashboards' two pages, as one lazily loaded chunk (route-table.tsx).
export { DashboardPage } from './dashboard-page.tsx';
export { DashboardsPage } from './dashboards-page.tsx';
export { PublicDashboardPage } from './public-dashboard-page.tsx';
