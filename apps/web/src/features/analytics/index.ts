export { analyticsKeys } from './api/analytics-api';
