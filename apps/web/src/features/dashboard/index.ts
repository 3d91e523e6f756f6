export { dashboardKeys, dashboardQueries } from './api/dashboard-api';
