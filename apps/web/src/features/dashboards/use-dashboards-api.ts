import { useMemo } from 'react';
import { createRouteCalls } from '../../api/call-route.ts';
import { createDashboardsApi, type DashboardsApi } from '../../api/dashboards-api.ts';
import { useServices } from '../../app/services-context.tsx';

/** The dashboards' REST calls over the app's HTTP client (401 re-auth and all). */
export function useDashboardsApi(): DashboardsApi {
  const { http } = useServices();
  return useMemo(() => createDashboardsApi(createRouteCalls(http)), [http]);
}
