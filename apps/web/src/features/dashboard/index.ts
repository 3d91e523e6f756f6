export { dashboardKeys } from './api/dashboard-api';
